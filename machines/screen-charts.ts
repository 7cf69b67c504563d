/**
 * Which chart a screen runs while it is open (DECISIONS 004): the app spawns it into the one actor
 * system when the session shows the screen's path, and stops it when the session shows another.
 * Pure, so the app chart, the views and the tests read the same table.
 */
import { ROUTES } from '../src/domain/routes';
import { pathOf } from '../src/domain/route-chain';

/** The screen charts, by the child id (and systemId prefix) they run under. */
export type ScreenChartId = 'quotationList' | 'quotationDetail' | 'orderTracking';

export interface ScreenChart {
  id: ScreenChartId;
  /** The systemId, unique per opened subject, so the inspector tells two quotations apart. */
  systemId: string;
  /** The quotation the query names (quotation_id), for the detail and tracking charts. */
  quotationId: string;
}

const CHART_BY_PATH: Readonly<Record<string, ScreenChartId>> = {
  [ROUTES.request]: 'quotationList',
  [ROUTES.quotationDetails]: 'quotationDetail',
  [ROUTES.orderStatus]: 'orderTracking',
};

/** The chart the shown location runs, or null for a screen that runs none of its own. */
export function screenChartFor(location: string | null): ScreenChart | null {
  if (location === null) return null;
  const id = CHART_BY_PATH[pathOf(location)];
  if (!id) return null;
  const query = location.includes('?') ? location.slice(location.indexOf('?') + 1) : '';
  const quotationId = new URLSearchParams(query).get('quotation_id') ?? '';
  return { id, systemId: id === 'quotationList' ? id : `${id}:${quotationId}`, quotationId };
}

// ── The admin screens' charts (issues 11, 12) ───────────────────────────────────────────────────────
// One chart per admin list screen, spawned by the app under its own id as systemId (one admin screen
// is open at a time) while the session shows the screen's path.

export type AdminChartId = 'adminUsers' | 'adminSkus' | 'adminQuotations' | 'adminOrders';

const ADMIN_CHART_BY_PATH: Readonly<Record<string, AdminChartId>> = {
  [ROUTES.adminUsers]: 'adminUsers',
  [ROUTES.adminSkus]: 'adminSkus',
  [ROUTES.adminQuotations]: 'adminQuotations',
  [ROUTES.adminOrders]: 'adminOrders',
};

/** The admin chart the shown location runs, or null. */
export function adminChartFor(location: string | null): AdminChartId | null {
  return location === null ? null : (ADMIN_CHART_BY_PATH[pathOf(location)] ?? null);
}
