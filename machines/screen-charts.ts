/**
 * Which chart a screen runs while it is open (DECISIONS 004): the app spawns it into the one actor
 * system when the session shows the screen's path, and stops it when the session shows another.
 * Pure, so the app chart, the views and the tests read the same table.
 */
import { fromCallback, type AnyActorRef, type EventObject } from 'xstate';
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

/** One query parameter of a location ('' when absent). */
const queryParam = (location: string, name: string): string =>
  new URLSearchParams(location.includes('?') ? location.slice(location.indexOf('?') + 1) : '').get(name) ?? '';

/** The chart the shown location runs, or null for a screen that runs none of its own. */
export function screenChartFor(location: string | null): ScreenChart | null {
  if (location === null) return null;
  const id = CHART_BY_PATH[pathOf(location)];
  if (!id) return null;
  const quotationId = queryParam(location, 'quotation_id');
  return { id, systemId: id === 'quotationList' ? id : `${id}:${quotationId}`, quotationId };
}

/** What the app-level catalogue starts and stops for /home and /sku-details. */
export type CatalogueScreenEvent = { type: 'home.open' } | { type: 'home.close' } | { type: 'sku.open'; skuDisplayId: string };

/**
 * The catalogue's screen events when the session's location moves from `from` to `to`: Home's
 * refresh starts on arriving at /home and stops on leaving it; arriving at a product page opens the
 * product its sku_id names (a deep link fetches the list).
 */
export function catalogueEventsFor(from: string | null, to: string | null): CatalogueScreenEvent[] {
  const isHome = (location: string | null) => location !== null && pathOf(location) === ROUTES.home;
  const events: CatalogueScreenEvent[] = [];
  if (isHome(from) && !isHome(to)) events.push({ type: 'home.close' });
  if (!isHome(from) && isHome(to)) events.push({ type: 'home.open' });
  if (to !== null && to !== from && pathOf(to) === ROUTES.skuDetails) events.push({ type: 'sku.open', skuDisplayId: queryParam(to, 'sku_id') });
  return events;
}

/**
 * A callback actor that follows the session's location in the actor system, now and on every change,
 * and sends back the events `eventsFor(from, to)` makes of each move: how a chart starts and stops
 * what a screen needs without the screen sending its own lifecycle. Idle without a session.
 */
export function locationWatchOf<E extends EventObject>(eventsFor: (from: string | null, to: string | null) => E[]) {
  return fromCallback<E>(({ system, sendBack }) => {
    const session = system.get('session') as AnyActorRef | undefined;
    if (!session) return undefined;
    let shown: string | null = null;
    const follow = (snapshot: { context?: { location?: string | null } }) => {
      const location = snapshot.context?.location ?? null;
      for (const event of eventsFor(shown, location)) sendBack(event);
      shown = location;
    };
    follow(session.getSnapshot() as { context?: { location?: string | null } });
    const subscription = session.subscribe(follow);
    return () => subscription.unsubscribe();
  });
}

// ── The admin screens' charts ─────────────────────────────────────────────────────────────────────────
// One chart per admin list screen, spawned by the app under its own id as systemId (one admin screen
// is open at a time) while the session shows the screen's path.

export type AdminChartId = 'adminDashboard' | 'adminUsers' | 'adminSkus' | 'adminQuotations' | 'adminOrders';

const ADMIN_CHART_BY_PATH: Readonly<Record<string, AdminChartId>> = {
  [ROUTES.admin]: 'adminDashboard',
  [ROUTES.adminUsers]: 'adminUsers',
  [ROUTES.adminSkus]: 'adminSkus',
  [ROUTES.adminQuotations]: 'adminQuotations',
  [ROUTES.adminOrders]: 'adminOrders',
};

/** The admin chart the shown location runs, or null. */
export function adminChartFor(location: string | null): AdminChartId | null {
  return location === null ? null : (ADMIN_CHART_BY_PATH[pathOf(location)] ?? null);
}

// ── Charts whose code loads with their screen or sheet ─────────────────────────────────────────────
// The analyst's view runs while the session shows /analyst; a problem sheet's chart runs while its
// sheet is on screen (the farmer's report on a delivered order, the admin's closing of it and the
// photo the farmer sent with it), under `<chart>:<order>`. The app loads each one's code the first time it is wanted, never with the boot.

export type LazyChartId = 'analystView' | 'problemReport' | 'problemClose' | 'problemPhoto';

export interface LazyRun {
  chart: LazyChartId;
  systemId: string;
  input: Record<string, unknown>;
  /** Run for the location shown (not for a sheet): the next location decides whether it goes on. */
  screen?: true;
}

/** The lazily loaded chart the shown location runs, or null. */
export const lazyScreenChartFor = (location: string | null): LazyRun | null =>
  location !== null && pathOf(location) === ROUTES.analyst ? { chart: 'analystView', systemId: 'analystView', input: {}, screen: true } : null;

/** A sheet's chart, one per order it is about. */
export const partRun = (chart: LazyChartId, key: string, input: Record<string, unknown>): LazyRun => ({ chart, systemId: `${chart}:${key}`, input });
