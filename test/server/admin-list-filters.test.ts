import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/db/ids';
import { databases, useTestApp, type Session } from '../support/server/app';
import { insertOrder, insertQuotation, insertUser } from '../support/server/back-office';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Thursday 15 January 2026, 17:30 in India. */
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe.each(databases())("the admin lists' dashboard filters on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: Session;
  const ids: Record<string, string> = {};

  const list = async (url: string) => {
    t.clock.set(NOW);
    admin = await t.admin();
    t.clock.set(NOW);
    return t.as(admin, { method: 'GET', url });
  };
  const page = async (url: string) => {
    const res = await list(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { _id: string }[]; nextCursor: string | null; total: number };
  };
  const named = (rows: { _id: string }[]) => rows.map((r) => Object.keys(ids).find((k) => ids[k] === r._id) ?? r._id);

  beforeAll(async () => {
    t.clock.set(NOW);
    admin = await t.admin();
    const db = t.db;
    const validity = t.options.config.quotationValidityDays * DAY;
    const farmer = await insertUser(db, { submittedAt: NOW - 60 * DAY, verified: true, name: 'Ramesh' });
    ids.u2h = await insertUser(db, { submittedAt: NOW - 2 * HOUR, name: 'Two hours' });
    ids.u10h = await insertUser(db, { submittedAt: NOW - 10 * HOUR, name: 'Ten hours' });
    ids.u30h = await insertUser(db, { submittedAt: NOW - 30 * HOUR, name: 'Thirty hours' });
    ids.u40h = await insertUser(db, { submittedAt: NOW - 40 * HOUR, name: 'Forty hours' });
    ids.uUnsent = await insertUser(db, { submittedAt: null, createdAt: NOW - 50 * HOUR });

    for (const [name, createdAt] of [
      ['q1h', NOW - HOUR],
      ['q5h', NOW - 5 * HOUR],
      ['q25h', NOW - 25 * HOUR],
      ['q3d', NOW - 3 * DAY],
      ['q4d', NOW - 4 * DAY],
    ] as const) {
      ids[name] = (await insertQuotation(db, { userId: farmer, status: 'PENDING', createdAt })).id;
    }
    ids.qDeleted = (await insertQuotation(db, { userId: farmer, status: 'DELETED', createdAt: NOW - 5 * DAY })).id;
    ids.qOpen = (await insertQuotation(db, { userId: farmer, status: 'COMPLETED', createdAt: NOW - 2 * DAY, pricedAt: NOW - HOUR })).id;
    ids.qEnding = (await insertQuotation(db, { userId: farmer, status: 'COMPLETED', createdAt: NOW - 8 * DAY, pricedAt: NOW - validity + 3 * HOUR })).id;

    const order = async (name: string, status: string, expectedDeliveryDate: string | null, createdAt: number) =>
      (ids[name] = (await insertOrder(db, { userId: farmer, status, createdAt, expectedDeliveryDate })).id);
    await order('oToday', 'IN_TRANSIT', '2026-01-15', NOW - 3 * DAY);
    await order('oLate', 'ORDER_CONFIRMED', '2026-01-14', NOW - 4 * DAY);
    await order('oLateDelivered', 'DELIVERED', '2026-01-14', NOW - 5 * DAY);
    await order('oProblem', 'DELIVERED', '2026-01-10', NOW - 9 * DAY);
    await order('oProblemClosed', 'DELIVERED', '2026-01-10', NOW - 10 * DAY);
    const problem = (orderId: string, status: 'open' | 'closed') =>
      db.insertInto('orderProblems').values({ id: newId(), orderId, userId: farmer, kind: 'wet', note: null, photoId: null, status, adminNote: null, createdAt: NOW - DAY, closedAt: null }).execute();
    await problem(ids.oProblem!, 'open');
    await problem(ids.oProblemClosed!, 'closed');
  });

  it('lists the farmers waiting for verification by how long since they sent the form', async () => {
    expect(named((await page('/api/users/all?age=lt4h')).data)).toEqual(['u2h']);
    expect(named((await page('/api/users/all?age=4to24h&status=UNVERIFIED')).data)).toEqual(['u10h']);
    const old = await page('/api/users/all?age=gt24h');
    expect(named(old.data)).toEqual(['u30h', 'u40h']);
    expect(old.total).toBe(2);
    // With a search, both narrow.
    expect(named((await page('/api/users/all?age=gt24h&q=Forty')).data)).toEqual(['u40h']);
    expect((await list('/api/users/all?age=gt24h&status=VERIFIED')).statusCode).toBe(400);
    expect((await list('/api/users/all?age=1h')).statusCode).toBe(400);
  });

  it('lists pending quotations by age and late, and priced ones ending within a day', async () => {
    expect(named((await page('/api/quotations/all?age=lt4h')).data)).toEqual(['q1h']);
    expect(named((await page('/api/quotations/all?age=4to24h&status=PENDING')).data)).toEqual(['q5h']);
    const old = await page('/api/quotations/all?age=gt24h');
    expect(named(old.data)).toEqual(['q25h', 'q3d', 'q4d']);
    expect(old.total).toBe(3);
    // Late: waiting longer than QUOTATION_REPLY_HOURS (24).
    expect(named((await page('/api/quotations/all?late=true')).data)).toEqual(['q25h', 'q3d', 'q4d']);
    const ending = await page('/api/quotations/all?expiring=1d');
    expect(named(ending.data)).toEqual(['qEnding']);
    expect(ending.total).toBe(1);
    expect((await list('/api/quotations/all?age=gt24h&status=COMPLETED')).statusCode).toBe(400);
    expect((await list('/api/quotations/all?expiring=1d&late=true')).statusCode).toBe(400);
    expect((await list('/api/quotations/all?expiring=2d')).statusCode).toBe(400);
  });

  it('puts the late pending quotations first, oldest first, page by page, each row once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p = await page(`/api/quotations/all?sort=lateFirst&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...named(p.data));
      cursor = p.nextCursor;
    } while (cursor);
    // The rest newest first: this file's orders' quotations (ORDERED) sit among them.
    expect(seen.slice(0, 3)).toEqual(['q4d', 'q3d', 'q25h']);
    const rest = seen.slice(3).filter((name) => name.startsWith('q'));
    expect(rest).toEqual(['q1h', 'q5h', 'qOpen', 'qDeleted', 'qEnding']);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await page('/api/quotations/all?limit=200')).data.length);
    // Within the pending ones only.
    expect(named((await page('/api/quotations/all?status=PENDING&sort=lateFirst')).data)).toEqual(['q4d', 'q3d', 'q25h', 'q1h', 'q5h']);
  });

  it("lists late orders, today's and those with a problem open", async () => {
    expect(named((await page('/api/orders?late=true')).data)).toEqual(['oLate']);
    expect(named((await page('/api/orders?due=today')).data)).toEqual(['oToday']);
    const problems = await page('/api/orders?problem=open');
    expect(named(problems.data)).toEqual(['oProblem']);
    expect(problems.total).toBe(1);
    expect((await page('/api/orders?late=true&status=IN_TRANSIT')).data).toEqual([]);
    expect((await list('/api/orders?late=true&due=today')).statusCode).toBe(400);
    expect((await list('/api/orders?problem=closed')).statusCode).toBe(400);
  });
});
