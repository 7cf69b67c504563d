/**
 * The back office's figures (GET /api/admin/summary): each one an aggregate the database answers
 * over an index (migration 0017), never a list read into the server and counted. Days and weeks are
 * India's (UTC+5:30, no daylight saving), whatever zone the server runs in.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AdminSummary } from '../../domain/schemas/admin';
import { indiaToday } from '../../domain/india-date';
import { DECLINE_REASONS } from '../../domain/quotation-status';
import { ORDER_STATUSES } from '../../domain/types';
import { HOUR_MS, lateSince, waitingSince } from '../../domain/waiting-age';
import { quotationValidUntil } from '../../../machines/quotation-lifecycle.machine';
import type { Database } from '../db/schema';
import { iso } from './lines';
import { readCount } from './list-counts';

const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
const INDIA_OFFSET_MS = 5.5 * HOUR_MS;
/** 1970-01-01 was a Thursday: a week index counted from the Monday four days later starts each week on a Monday. */
const MONDAY_SHIFT_MS = 4 * DAY_MS;
export const REVENUE_WEEKS = 12;
const CONVERSION_DAYS = 30;
/** The statuses of an order still on its way: a late one is among them. */
const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter((s) => s !== 'DELIVERED');

export interface SummaryRules {
  validityDays: number;
  replyHours: number;
}

const n = (value: unknown): number => Number(value ?? 0);
const isoOrNull = (at: unknown): string | null => (at === null || at === undefined ? null : iso(Number(at)));

/** The India week (Monday first) that `at` falls in, as an index counted in whole weeks. */
export const indiaWeek = (at: number): number => Math.floor((at + INDIA_OFFSET_MS - MONDAY_SHIFT_MS) / WEEK_MS);
/** The first instant (epoch ms) of India week `week`: its Monday at 00:00 IST. */
const weekStartsAt = (week: number): number => week * WEEK_MS + MONDAY_SHIFT_MS - INDIA_OFFSET_MS;
/** India week `week`'s Monday, `YYYY-MM-DD`. */
const weekMonday = (week: number): string => indiaToday(weekStartsAt(week));

/** A count of the rows whose `column` lies within `range` (both ends inclusive), for a conditional sum. */
function countWithin(column: string, range: { from?: number; to?: number }) {
  const conditions = [
    ...(range.from === undefined ? [] : [sql`${sql.ref(column)} >= ${range.from}`]),
    ...(range.to === undefined ? [] : [sql`${sql.ref(column)} <= ${range.to}`]),
  ];
  return sql<number>`sum(case when ${sql.join(conditions, sql` and `)} then 1 else 0 end)`;
}

/**
 * The quotations waiting for a price, by age. Most of them (all but the last day's) are old, so the
 * old ones are never read: the total is the maintained count (list-counts.ts), the young ones are a
 * short range of quotations_status_page_idx (status, created_at) from a day ago (or the reply hours
 * ago, for `late`), and each older band is the total less them. The oldest is the index's first entry.
 */
async function pendingQuotations(db: Kysely<Database>, now: number, replyHours: number) {
  const lateFrom = lateSince(now, replyHours) + 1;
  const dayAgo = waitingSince('4to24h', now).from!;
  const [total, young, oldest] = await Promise.all([
    readCount(db, 'quotations', 'PENDING'),
    db
      .selectFrom('quotations')
      .where('status', '=', 'PENDING')
      .where('createdAt', '>=', Math.min(dayAgo, lateFrom))
      .select([
        countWithin('created_at', waitingSince('lt4h', now)).as('lt4h'),
        countWithin('created_at', { from: dayAgo }).as('withinDay'),
        countWithin('created_at', { from: lateFrom }).as('notLate'),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom('quotations').where('status', '=', 'PENDING').select('createdAt').orderBy('createdAt').limit(1).executeTakeFirst(),
  ]);
  const withinDay = n(young.withinDay);
  return {
    total,
    lt4h: n(young.lt4h),
    from4to24h: withinDay - n(young.lt4h),
    gt24h: total - withinDay,
    late: total - n(young.notLate),
    replyHours,
    oldestAt: isoOrNull(oldest?.createdAt),
  };
}

/** Farmers whose sign-up form was sent and who wait for an admin, counted from the sending. */
async function unverifiedUsers(db: Kysely<Database>, now: number) {
  const row = await waitingUsers(db)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      countWithin('profile_submitted_at', waitingSince('lt4h', now)).as('lt4h'),
      countWithin('profile_submitted_at', waitingSince('4to24h', now)).as('from4to24h'),
      countWithin('profile_submitted_at', waitingSince('gt24h', now)).as('gt24h'),
      eb.fn.min('profileSubmittedAt').as('oldestAt'),
    ])
    .executeTakeFirstOrThrow();
  return { total: n(row.total), lt4h: n(row.lt4h), from4to24h: n(row.from4to24h), gt24h: n(row.gt24h), oldestAt: isoOrNull(row.oldestAt) };
}

/** The users waiting for verification: a form sent, not verified, the account not closed (users_waiting_idx). */
export const waitingUsers = (db: Kysely<Database>) =>
  db
    .selectFrom('users')
    .where('users.isVerified', '=', 0)
    .where('users.profileSubmittedAt', 'is not', null)
    .where('users.profileUpdated', '=', 1)
    .where('users.removedAt', 'is', null);

/**
 * The pricing times of the COMPLETED quotations still open for the farmer at `now` (the lifecycle's
 * validity), and of those whose validity ends within a day: a range of quotations_expiry_idx each.
 */
export function awaitingFarmerPricedAt(now: number, validityDays: number, within?: 'day'): { from: number; to?: number } {
  const validity = quotationValidUntil(0, validityDays);
  // Open while now < pricedAt + validity.
  const from = now - validity + 1;
  return within === 'day' ? { from, to: now - validity + DAY_MS } : { from };
}

async function awaitingFarmer(db: Kysely<Database>, now: number, validityDays: number) {
  const open = awaitingFarmerPricedAt(now, validityDays);
  const row = await db
    .selectFrom('quotations')
    .where('status', '=', 'COMPLETED')
    .where('pricedAt', '>=', open.from)
    .select((eb) => [eb.fn.countAll<number>().as('total'), countWithin('priced_at', awaitingFarmerPricedAt(now, validityDays, 'day')).as('expiring')])
    .executeTakeFirstOrThrow();
  return { total: n(row.total), expiringWithinDay: n(row.expiring) };
}

/** Narrows to the orders not yet delivered expected before (`late`) or on (`today`) India's `today` (orders_due_idx). */
export const dueWithin = <O>(orders: SelectQueryBuilder<Database, 'orders', O>, today: string, when: 'late' | 'today') =>
  orders.where('orders.status', 'in', OPEN_ORDER_STATUSES).where('orders.expectedDeliveryDate', when === 'late' ? '<' : '=', today);

/** The orders with a delivery problem reported and not yet closed (order_problems_open_idx). */
export const openProblemOrderIds = (db: Kysely<Database>) =>
  db.selectFrom('orderProblems').select('orderProblems.orderId').where('orderProblems.status', '=', 'open');

async function orders(db: Kysely<Database>, now: number) {
  const today = indiaToday(now);
  const [counts, due, late] = await Promise.all([
    Promise.all(ORDER_STATUSES.map((s) => readCount(db, 'orders', s))),
    dueWithin(db.selectFrom('orders'), today, 'today').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    dueWithin(db.selectFrom('orders'), today, 'late').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s, i) => [s, counts[i]!])) as AdminSummary['orders']['byStatus'];
  return { byStatus, dueToday: n(due.n), late: n(late.n) };
}

/** The quotations priced in the last 30 days, by where they went: ordered, declined (and why), expired. */
async function conversion(db: Kysely<Database>, now: number) {
  const since = now - CONVERSION_DAYS * DAY_MS;
  const [byStatus, reasons] = await Promise.all([
    db
      .selectFrom('quotations')
      .where('pricedAt', '>=', since)
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('quotations')
      .where('status', '=', 'DECLINED')
      .where('pricedAt', '>=', since)
      .select((eb) => ['declineReason', eb.fn.countAll<number>().as('n')])
      .groupBy('declineReason')
      .execute(),
  ]);
  const of = (status: string) => n(byStatus.find((r) => r.status === status)?.n);
  const declineReasons = Object.fromEntries(DECLINE_REASONS.map((r) => [r, n(reasons.find((x) => x.declineReason === r)?.n)])) as AdminSummary['conversion30d']['declineReasons'];
  return {
    priced: byStatus.reduce((sum, r) => sum + n(r.n), 0),
    ordered: of('ORDERED'),
    declined: of('DECLINED'),
    expired: of('EXPIRED'),
    declineReasons,
  };
}

/**
 * The ordered totals (goods + shipping − discount of the quotation's lines) of the orders placed in
 * each of the last 12 India weeks, the current one last. The week index is integer division in SQL
 * on both databases (bigint / bigint); the constants are numbers this module computes.
 */
async function revenueByWeek(db: Kysely<Database>, now: number) {
  const current = indiaWeek(now);
  const first = current - REVENUE_WEEKS + 1;
  const shift = INDIA_OFFSET_MS - MONDAY_SHIFT_MS;
  const week = sql<number>`(orders.created_at + ${sql.raw(String(shift))}) / ${sql.raw(String(WEEK_MS))}`;
  const rows = await db
    .selectFrom('orders')
    .innerJoin('quotationLines', 'quotationLines.quotationId', 'orders.quotationId')
    .where('orders.createdAt', '>=', weekStartsAt(first))
    .select([
      week.as('week'),
      sql<number>`sum(quotation_lines.goods_price_paisa + quotation_lines.shipping_price_paisa - quotation_lines.discount_paisa)`.as('total'),
    ])
    .groupBy(sql`1`)
    .execute();
  const totals = new Map(rows.map((r) => [n(r.week), n(r.total)]));
  return Array.from({ length: REVENUE_WEEKS }, (_, i) => ({ weekStart: weekMonday(first + i), totalPaisa: totals.get(first + i) ?? 0 }));
}

export async function readSummary(db: Kysely<Database>, now: number, rules: SummaryRules): Promise<AdminSummary> {
  const [pending, users, awaiting, orderFigures, conversion30d, revenue] = await Promise.all([
    pendingQuotations(db, now, rules.replyHours),
    unverifiedUsers(db, now),
    awaitingFarmer(db, now, rules.validityDays),
    orders(db, now),
    conversion(db, now),
    revenueByWeek(db, now),
  ]);
  return {
    at: iso(now),
    pendingQuotations: pending,
    unverifiedUsers: users,
    awaitingFarmer: awaiting,
    orders: orderFigures,
    conversion30d,
    revenueByWeek: revenue,
  };
}
