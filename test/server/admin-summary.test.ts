import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AdminSummary } from '../../src/domain/schemas/admin';
import { buildApp } from '../../src/server/app';
import { databases, useTestApp, type Session } from '../support/server/app';
import { insertOrder, insertQuotation, insertUser, type SeedLine } from '../support/server/back-office';

// The server's own zone must not move India's days and weeks.
process.env.TZ = 'America/Los_Angeles';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Thursday 15 January 2026, 17:30 in India. */
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
/** The first instant of Friday 16 January in India. */
const INDIA_MIDNIGHT = Date.UTC(2026, 0, 15, 18, 30, 0);
/** The first instant of the week of Monday 12 January in India (Sunday 18:30 UTC). */
const THIS_WEEK = Date.UTC(2026, 0, 11, 18, 30, 0);
/** The first instant of the week of Monday 19 January in India. */
const NEXT_WEEK = THIS_WEEK + 7 * DAY;

describe.each(databases())('the back office summary on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: Session;

  const summary = async (at: number): Promise<AdminSummary> => {
    // The admin's session is renewed when the moved clock has ended it; the login moves the clock, so it is set again.
    t.clock.set(at);
    admin = await t.admin();
    t.clock.set(at);
    const res = await t.as(admin, { method: 'GET', url: '/api/admin/summary' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    admin = await t.admin();
    const db = t.db;
    const validity = t.options.config.quotationValidityDays * DAY;
    const farmer = await insertUser(db, { submittedAt: NOW - 60 * DAY, verified: true });

    // Waiting for a price: 2 under 4 h, 2 from 4 to 24 h (both ends), 2 over 24 h (late at 24 reply hours).
    for (const createdAt of [NOW - HOUR, NOW - 4 * HOUR + 1, NOW - 4 * HOUR, NOW - 24 * HOUR, NOW - 24 * HOUR - 1, NOW - 3 * DAY]) {
      await insertQuotation(db, { userId: farmer, status: 'PENDING', createdAt });
    }
    // Not waiting for a price: deleted, and one asked after now is no concern of these counts' ages.
    await insertQuotation(db, { userId: farmer, status: 'DELETED', createdAt: NOW - 5 * DAY });

    // Waiting for verification: one in each band; a closed account, a verified one and an unsent form do not wait.
    for (const submittedAt of [NOW - 2 * HOUR, NOW - 10 * HOUR, NOW - 30 * HOUR]) await insertUser(db, { submittedAt });
    await insertUser(db, { submittedAt: NOW - 50 * HOUR, removedAt: NOW - HOUR });
    await insertUser(db, { submittedAt: NOW - 50 * HOUR, verified: true });
    await insertUser(db, { submittedAt: null, createdAt: NOW - 50 * HOUR });

    // Priced, waiting for the farmer: open ones (two end within a day, the second exactly a day from now), one just ended.
    for (const pricedAt of [NOW - HOUR, NOW - validity + 2 * HOUR, NOW - validity + DAY, NOW - validity + DAY + 1, NOW - validity]) {
      await insertQuotation(db, { userId: farmer, status: 'COMPLETED', createdAt: pricedAt - HOUR, pricedAt });
    }
    // Declined and expired in the last 30 days; one declined 31 days ago is outside them.
    await insertQuotation(db, { userId: farmer, status: 'DECLINED', createdAt: NOW - 3 * DAY, pricedAt: NOW - 2 * DAY, declineReason: 'price_too_high' });
    await insertQuotation(db, { userId: farmer, status: 'DECLINED', createdAt: NOW - 3 * DAY, pricedAt: NOW - 2 * DAY, declineReason: 'other' });
    await insertQuotation(db, { userId: farmer, status: 'DECLINED', createdAt: NOW - 32 * DAY, pricedAt: NOW - 31 * DAY, declineReason: 'not_needed' });
    await insertQuotation(db, { userId: farmer, status: 'EXPIRED', createdAt: NOW - 20 * DAY, pricedAt: NOW - 19 * DAY });

    // Orders (their quotations ORDERED, priced half a second before each order): due today, late, delivered, later.
    const order = (status: string, createdAt: number, expectedDeliveryDate: string | null, lines: SeedLine[] = [{ goods: 100_000 }]) =>
      insertOrder(db, { userId: farmer, status, createdAt, expectedDeliveryDate, lines });
    // This India week: ₹1,000 + ₹50 shipping − ₹20 discount, and ₹2,000 in two lines; the first at the week's first instant.
    await order('IN_TRANSIT', THIS_WEEK, '2026-01-15', [{ goods: 100_000, shipping: 5_000, discount: 2_000 }]);
    await order('CONFIRMATION_PENDING', NOW - HOUR, '2026-01-14', [{ goods: 150_000 }, { goods: 50_000 }]);
    // Last India week: its last instant (Sunday 23:59:59.999 in India), ₹300.
    await order('DELIVERED', THIS_WEEK - 1, '2026-01-14', [{ goods: 30_000 }]);
    // Ten weeks ago (₹10), and twelve weeks ago, outside the twelve.
    await order('DELIVERED', THIS_WEEK - 10 * 7 * DAY + HOUR, null, [{ goods: 1_000 }]);
    await order('ORDER_CONFIRMED', THIS_WEEK - 12 * 7 * DAY + HOUR, '2026-01-16', [{ goods: 7_000 }]);
    // Delivered today, this week: ₹1,000.
    await order('DELIVERED', NOW - 2 * HOUR, '2026-01-15');
  });

  it('answers every figure of a known set', async () => {
    const s = await summary(NOW);
    expect(s.at).toBe(new Date(NOW).toISOString());
    expect(s.pendingQuotations).toEqual({
      total: 6,
      lt4h: 2,
      from4to24h: 2,
      gt24h: 2,
      late: 2,
      replyHours: 24,
      oldestAt: new Date(NOW - 3 * DAY).toISOString(),
    });
    expect(s.unverifiedUsers).toEqual({ total: 3, lt4h: 1, from4to24h: 1, gt24h: 1, oldestAt: new Date(NOW - 30 * HOUR).toISOString() });
    expect(s.awaitingFarmer).toEqual({ total: 4, expiringWithinDay: 2 });
    expect(s.orders).toEqual({
      byStatus: { CONFIRMATION_PENDING: 1, ORDER_CONFIRMED: 1, MATERIAL_LOADED: 0, IN_TRANSIT: 1, DELIVERED: 3 },
      dueToday: 1,
      late: 1,
    });
    // Priced in 30 days: 4 open + 1 just ended (COMPLETED), 2 declined, 1 expired, and the orders' quotations
    // priced in them (this week's two, last week's, the delivered one of today).
    expect(s.conversion30d).toEqual({
      priced: 5 + 2 + 1 + 4,
      ordered: 4,
      declined: 2,
      expired: 1,
      declineReasons: { price_too_high: 1, not_needed: 0, bought_elsewhere: 0, other: 1 },
    });
    expect(s.revenueByWeek).toHaveLength(12);
    expect(s.revenueByWeek[0]).toEqual({ weekStart: '2025-10-27', totalPaisa: 0 });
    expect(s.revenueByWeek.at(-1)).toEqual({ weekStart: '2026-01-12', totalPaisa: 103_000 + 200_000 + 100_000 });
    expect(s.revenueByWeek.at(-2)).toEqual({ weekStart: '2026-01-05', totalPaisa: 30_000 });
    expect(s.revenueByWeek[1]).toEqual({ weekStart: '2025-11-03', totalPaisa: 1_000 });
    expect(s.revenueByWeek.reduce((sum, w) => sum + w.totalPaisa, 0)).toBe(403_000 + 30_000 + 1_000);
  });

  it("counts an order due today as late from India's midnight, not the server's or UTC's", async () => {
    const before = await summary(INDIA_MIDNIGHT - 1);
    expect(before.orders).toMatchObject({ dueToday: 1, late: 1 });
    const after = await summary(INDIA_MIDNIGHT);
    // The one due on the 15th is late; the one due on the 16th is today's.
    expect(after.orders).toMatchObject({ dueToday: 1, late: 2 });
  });

  it("starts a new week at Monday's midnight in India", async () => {
    const sunday = await summary(NEXT_WEEK - 1);
    expect(sunday.revenueByWeek.at(-1)).toEqual({ weekStart: '2026-01-12', totalPaisa: 403_000 });
    const monday = await summary(NEXT_WEEK);
    expect(monday.revenueByWeek.at(-1)).toEqual({ weekStart: '2026-01-19', totalPaisa: 0 });
    expect(monday.revenueByWeek.at(-2)).toEqual({ weekStart: '2026-01-12', totalPaisa: 403_000 });
  });

  // Last: it adds a quotation to the known set.
  it('serves the figures kept in memory for 5 s, then the kept ones once more while it reads them again, never older than 30 s', async () => {
    const LATER = NOW + 2 * DAY;
    expect((await summary(LATER)).pendingQuotations.total).toBe(6);
    const farmer = await insertUser(t.db, { submittedAt: NOW - 60 * DAY, verified: true });
    await insertQuotation(t.db, { userId: farmer, status: 'PENDING', createdAt: LATER - HOUR });
    expect((await summary(LATER + 4_999)).pendingQuotations.total).toBe(6);
    // Stale: answered at once with the kept figures, and read again behind the answer.
    const stale = await summary(LATER + 5_000);
    expect(stale).toMatchObject({ at: new Date(LATER).toISOString(), pendingQuotations: { total: 6 } });
    await expect.poll(async () => (await summary(LATER + 6_000)).pendingQuotations.total).toBe(7);
    expect((await summary(LATER + 6_000)).at).toBe(new Date(LATER + 5_000).toISOString());
  });

  it('answers only admins', async () => {
    t.clock.set(NOW);
    const farmer = await t.farmer();
    expect((await t.as(farmer, { method: 'GET', url: '/api/admin/summary' })).statusCode).toBe(403);
    expect((await t.as(null, { method: 'GET', url: '/api/admin/summary' })).statusCode).toBe(401);
  });
});

describe.each(databases())('the back office summary after a start on %s', (kind) => {
  const t = useTestApp(kind);

  it('is warmed as the server starts, yet the first admin to ask counts a farmer who submitted after the start', async () => {
    const admin = await t.admin();
    const ask = async (app: FastifyInstance) => {
      const res = await app.inject({ method: 'GET', url: '/api/admin/summary', headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: AdminSummary }>().data;
    };
    const before = (await ask(t.app)).unverifiedUsers.total;
    // A second server on the same database and clock, as a restart would start it.
    const app = await buildApp(t.options);
    try {
      await app.ready();
      await insertUser(t.db, { submittedAt: t.clock.now() });
      t.clock.advance(1_000);
      const first = await ask(app);
      expect(first.at).toBe(new Date(t.clock.now()).toISOString());
      expect(first.unverifiedUsers.total).toBe(before + 1);
    } finally {
      await app.close();
    }
  });
});
