/** A dashboard's figures with known values, for the dashboard chart's and screen's tests. */
import type { AdminSummary } from '../../../src/domain/schemas/admin';

export const SUMMARY: AdminSummary = {
  at: '2026-01-15T12:00:00.000Z',
  pendingQuotations: { total: 6, lt4h: 2, from4to24h: 2, gt24h: 2, late: 2, replyHours: 24, oldestAt: '2026-01-12T12:00:00.000Z' },
  unverifiedUsers: { total: 3, lt4h: 1, from4to24h: 1, gt24h: 1, oldestAt: '2026-01-14T06:00:00.000Z' },
  awaitingFarmer: { total: 4, expiringWithinDay: 2 },
  orders: { byStatus: { CONFIRMATION_PENDING: 1, ORDER_CONFIRMED: 1, MATERIAL_LOADED: 0, IN_TRANSIT: 1, DELIVERED: 3 }, dueToday: 1, late: 1 },
  conversion30d: { priced: 12, ordered: 3, declined: 2, expired: 1, declineReasons: { price_too_high: 1, not_needed: 0, bought_elsewhere: 0, other: 1 } },
  revenueByWeek: Array.from({ length: 12 }, (_, i) => ({ weekStart: `2025-${String(10 + Math.floor(i / 4)).padStart(2, '0')}-0${(i % 4) + 1}`, totalPaisa: i === 11 ? 40_000 : i === 10 ? 20_000 : 0 })),
};
