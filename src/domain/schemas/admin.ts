/** The back office's own answers: the dashboard's figures and the outcome of a bulk change. */
import { Type, type Static } from 'typebox';
import { Nullable } from './common';
import { DECLINE_REASONS } from '../quotation-status';
import { ORDER_STATUSES } from '../types';

const Count = Type.Integer({ minimum: 0 });
const byAge = { total: Count, lt4h: Count, from4to24h: Count, gt24h: Count };

export const AdminSummary = Type.Object({
  /** When the figures were read (ISO 8601): a cached answer says how old it is. */
  at: Type.String(),
  pendingQuotations: Type.Object({ ...byAge, late: Count, replyHours: Count, oldestAt: Nullable(Type.String()) }),
  unverifiedUsers: Type.Object({ ...byAge, oldestAt: Nullable(Type.String()) }),
  awaitingFarmer: Type.Object({ total: Count, expiringWithinDay: Count }),
  orders: Type.Object({
    byStatus: Type.Object(Object.fromEntries(ORDER_STATUSES.map((s) => [s, Count])) as Record<(typeof ORDER_STATUSES)[number], typeof Count>),
    dueToday: Count,
    late: Count,
  }),
  conversion30d: Type.Object({
    priced: Count,
    ordered: Count,
    declined: Count,
    expired: Count,
    declineReasons: Type.Object(Object.fromEntries(DECLINE_REASONS.map((r) => [r, Count])) as Record<(typeof DECLINE_REASONS)[number], typeof Count>),
  }),
  /** The last 12 weeks in India (Monday to Sunday), oldest first; the last is the current week. */
  revenueByWeek: Type.Array(Type.Object({ weekStart: Type.String(), totalPaisa: Type.Integer({ minimum: 0 }) })),
});
export type AdminSummary = Static<typeof AdminSummary>;

/** One row's outcome in a bulk change: applied, or why not (`NOT_FOUND`, `CONFLICT`, …). */
export const BulkOutcome = Type.Object({ _id: Type.String(), ok: Type.Boolean(), code: Type.Optional(Type.String()) });
export type BulkOutcome = Static<typeof BulkOutcome>;
