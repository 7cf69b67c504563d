/**
 * What the dashboard shows of the figures, as pure functions of them: the list each figure opens (with
 * its filter set), the weekly revenue's bars, and this week beside the last.
 */
import type { AdminSummary } from '../src/domain/schemas/admin';
import { ROUTES } from '../src/domain/routes';
import type { OrderStatus } from '../src/domain/types';
import type { WaitingAge } from '../src/domain/waiting-age';

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

/** The lists the dashboard's figures open, each with the filter that shows exactly the rows counted. */
export const dashboardLinks = {
  pendingQuotations: withQuery(ROUTES.adminQuotations, { status: 'PENDING', sort: 'lateFirst' }),
  pendingByAge: (age: WaitingAge) => withQuery(ROUTES.adminQuotations, { status: 'PENDING', age }),
  lateQuotations: withQuery(ROUTES.adminQuotations, { status: 'PENDING', late: 'true' }),
  unverifiedUsers: withQuery(ROUTES.adminUsers, { status: 'UNVERIFIED' }),
  unverifiedByAge: (age: WaitingAge) => withQuery(ROUTES.adminUsers, { status: 'UNVERIFIED', age }),
  awaitingFarmer: withQuery(ROUTES.adminQuotations, { status: 'COMPLETED' }),
  expiringWithinDay: withQuery(ROUTES.adminQuotations, { status: 'COMPLETED', expiring: '1d' }),
  ordersByStatus: (status: OrderStatus) => withQuery(ROUTES.adminOrders, { status }),
  ordersDueToday: withQuery(ROUTES.adminOrders, { due: 'today' }),
  lateOrders: withQuery(ROUTES.adminOrders, { late: 'true' }),
  declined: withQuery(ROUTES.adminQuotations, { status: 'DECLINED' }),
  expired: withQuery(ROUTES.adminQuotations, { status: 'EXPIRED' }),
  ordered: withQuery(ROUTES.adminQuotations, { status: 'ORDERED' }),
} as const;

export interface RevenueBar {
  weekStart: string;
  totalPaisa: number;
  /** The bar's height as a share of the highest week (0 to 1; all 0 when no week sold anything). */
  share: number;
  /** The current week (the last): drawn apart. */
  current: boolean;
}

export function revenueBars(summary: AdminSummary): RevenueBar[] {
  const highest = Math.max(0, ...summary.revenueByWeek.map((w) => w.totalPaisa));
  const last = summary.revenueByWeek.length - 1;
  return summary.revenueByWeek.map((w, i) => ({ ...w, share: highest === 0 ? 0 : w.totalPaisa / highest, current: i === last }));
}

/** This week's ordered total beside last week's, and the change in per cent (null when last week sold nothing). */
export function weekOnWeek(summary: AdminSummary): { thisWeekPaisa: number; lastWeekPaisa: number; changePercent: number | null } {
  const weeks = summary.revenueByWeek;
  const thisWeekPaisa = weeks.at(-1)?.totalPaisa ?? 0;
  const lastWeekPaisa = weeks.at(-2)?.totalPaisa ?? 0;
  return { thisWeekPaisa, lastWeekPaisa, changePercent: lastWeekPaisa === 0 ? null : Math.round(((thisWeekPaisa - lastWeekPaisa) / lastWeekPaisa) * 100) };
}

/** The share of the priced quotations of the last 30 days that were ordered, in per cent (null when none was priced). */
export const conversionPercent = (summary: AdminSummary): number | null =>
  summary.conversion30d.priced === 0 ? null : Math.round((summary.conversion30d.ordered / summary.conversion30d.priced) * 100);
