/**
 * Quotation expiry off the admin's read path, on the test clock: the server's sweep drains a
 * backlog of due quotations in bounded batches, each expiry audited, counted and bumping its owner's
 * version; the admin's list expires only the due rows its page shows (or, for the EXPIRED filter, the
 * ones that belong in it), so a read writes at most a page while no admin sees a COMPLETED quotation
 * past its validity.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Quotation } from '../../src/domain/types';
import { quotationValidUntil } from '../../machines/quotation-lifecycle.machine';
import { createExpirySweeper } from '../../src/server/expiry-sweep';
import { readCount } from '../../src/server/repos/list-counts';
import { adminEditQuotation, createQuotation, sweepExpired } from '../../src/server/repos/quotations';
import { createTestApp, databases, useTestApp, type Session, type TestApp } from '../support/server/app';

const DAY = 86_400_000;
const RULES = { validityDays: 7 };

interface Page {
  data: Quotation[];
  nextCursor: string | null;
  total: number;
}

/** `n` quotations of `farmer`, created and priced (COMPLETED) through the repositories at the clock's time, one ms apart. */
async function pricedQuotations(t: TestApp, farmer: Session, n: number): Promise<string[]> {
  const admin = await t.admin();
  const sku = (await t.db.selectFrom('skus').select(['id', 'minimumPrice']).orderBy('id').executeTakeFirstOrThrow());
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const at = t.clock.now();
    const id = await createQuotation(t.db, farmer.userId, [{ skuId: sku.id, quantity: 2 }], at);
    const lines = [{ skuIdentifier: sku.id, quantity: 2, goodsPricePaisa: 300_000, discountPaisa: 0, shippingPricePaisa: 1_000 }];
    expect(await adminEditQuotation(t.db, { id, status: 'COMPLETED', lines, now: at, byUserId: admin.userId })).toBe('saved');
    ids.push(id);
    t.clock.advance(1);
  }
  return ids;
}

const expiries = async (t: TestApp) =>
  (await t.db.selectFrom('auditLog').select(['entityId', 'byUserId', 'changes']).where('entity', '=', 'quotation').where('byUserId', 'is', null).execute()).filter(
    (row) => String(row.changes).includes('EXPIRED'),
  );

const statusOf = async (t: TestApp, ids: string[]) =>
  new Map((await t.db.selectFrom('quotations').select(['id', 'status']).where('id', 'in', ids).execute()).map((r) => [r.id, r.status]));

async function adminPage(t: TestApp, query: string): Promise<Page> {
  const res = await t.as(await t.admin(), { method: 'GET', url: `/api/quotations/all?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * No row of the page is COMPLETED past its validity at the test clock's time (the admin's rows leave
 * out validUntil, so the stored pricing time decides).
 */
async function expectNoneDue(t: TestApp, page: Page): Promise<void> {
  const shown = page.data.filter((q) => q.status === 'COMPLETED').map((q) => q._id);
  if (shown.length === 0) return;
  const priced = await t.db.selectFrom('quotations').select(['id', 'pricedAt']).where('id', 'in', shown).execute();
  expect(priced).toHaveLength(shown.length);
  for (const row of priced) expect(quotationValidUntil(Number(row.pricedAt), RULES.validityDays)).toBeGreaterThan(t.clock.now());
}

describe.each(databases())('the expiry sweep on %s', (kind) => {
  const t = useTestApp(kind);

  it('expires a backlog in batches, each quotation audited, counted and its owner told', async () => {
    const farmer = await t.farmer();
    const ids = await pricedQuotations(t, farmer, 25);
    const version = async () => Number((await t.db.selectFrom('users').select('quotationsVersion').where('id', '=', farmer.userId).executeTakeFirstOrThrow()).quotationsVersion);
    const versionBefore = await version();
    const completedBefore = await readCount(t.db, 'quotations', 'COMPLETED');
    const expiredBefore = await readCount(t.db, 'quotations', 'EXPIRED');
    // A day short of the validity nothing is due.
    t.clock.advance(6 * DAY);
    expect(await sweepExpired(t.db, t.clock.now, RULES, { batch: 10 })).toBe(0);

    t.clock.advance(2 * DAY);
    const batches: string[][] = [];
    let seen = new Set<string>();
    const between = async () => {
      const expired = [...(await statusOf(t, ids))].filter(([, s]) => s === 'EXPIRED').map(([id]) => id);
      batches.push(expired.filter((id) => !seen.has(id)));
      seen = new Set(expired);
    };
    expect(await sweepExpired(t.db, t.clock.now, RULES, { batch: 10, between })).toBe(25);
    // Two full batches of 10 let other work in after each; the third (5) ends the pass.
    expect(batches.map((b) => b.length)).toEqual([10, 10]);
    expect([...(await statusOf(t, ids)).values()].every((s) => s === 'EXPIRED')).toBe(true);
    const audited = await expiries(t);
    expect(audited.map((a) => a.entityId).sort()).toEqual([...ids].sort());
    expect(await readCount(t.db, 'quotations', 'COMPLETED')).toBe(completedBefore - 25);
    expect(await readCount(t.db, 'quotations', 'EXPIRED')).toBe(expiredBefore + 25);
    expect(await version()).toBe(versionBefore + 25);
    // Nothing is left: a second pass writes nothing.
    expect(await sweepExpired(t.db, t.clock.now, RULES, { batch: 10 })).toBe(0);
    expect(await expiries(t)).toHaveLength(25);
  });

  it('stops between batches once asked to', async () => {
    const farmer = await t.farmer();
    await pricedQuotations(t, farmer, 12);
    t.clock.advance(8 * DAY);
    expect(await sweepExpired(t.db, t.clock.now, RULES, { batch: 5, stopped: () => true })).toBe(5);
  });
});

describe.each(databases())('the server runs the sweep on %s', (kind) => {
  it('sweeps at start and every interval with no read at all, and no more once the app has closed', async () => {
    const t = await createTestApp(kind, { expirySweepMs: 25 });
    try {
      const farmer = await t.farmer();
      const [first] = await pricedQuotations(t, farmer, 1);
      t.clock.advance(8 * DAY);
      const status = async (id: string) => (await statusOf(t, [id])).get(id);
      await vi.waitUntil(async () => (await status(first!)) === 'EXPIRED', { timeout: 5_000, interval: 10 });
      // The farmer's next poll shows it expired.
      const poll = await t.as(farmer, { method: 'GET', url: '/api/quotations' });
      expect(poll.statusCode).toBe(200);
      expect(poll.json().data[0]).toMatchObject({ _id: first, status: 'EXPIRED' });

      const [second] = await pricedQuotations(t, farmer, 1);
      await t.app.close();
      t.clock.advance(8 * DAY);
      // Six intervals pass with the app closed, and no sweep expires it.
      await new Promise((r) => setTimeout(r, 150));
      expect(await status(second!)).toBe('COMPLETED');
    } finally {
      await t.close();
    }
  });

  it('makes its first pass as soon as the sweeper starts', async () => {
    const t = await createTestApp(kind);
    try {
      const farmer = await t.farmer();
      const [id] = await pricedQuotations(t, farmer, 1);
      t.clock.advance(8 * DAY);
      const sweeper = createExpirySweeper({ db: t.db, now: t.clock.now, rules: RULES, aadhaarRetentionDays: 30, intervalMs: 60_000 });
      sweeper.start();
      await vi.waitUntil(async () => (await statusOf(t, [id!])).get(id!) === 'EXPIRED', { timeout: 5_000, interval: 10 });
      await sweeper.stop();
      expect((await statusOf(t, [id!])).get(id!)).toBe('EXPIRED');
    } finally {
      await t.close();
    }
  });
});

describe.each(databases())('the admin list and expiry on %s', (kind) => {
  const t = useTestApp(kind);

  it('expires only the due quotations its page shows, never showing one COMPLETED, with 1,000 due outside the page', async () => {
    const farmer = await t.farmer();
    const old = await pricedQuotations(t, farmer, 1_000);
    t.clock.advance(3 * DAY);
    const fresh = await pricedQuotations(t, farmer, 10);
    t.clock.advance(5 * DAY); // the 1,000 are past their 7 days, the 10 newest are not
    const expiredAudits = async () => (await expiries(t)).length;

    // The newest 5 are all valid: nothing is written.
    const top = await adminPage(t, 'limit=5');
    expect(top.data.map((q) => q._id)).toEqual(fresh.slice(5).reverse());
    expect(await expiredAudits()).toBe(0);

    // A page of 20: the 10 valid ones and the 10 newest due ones, shown EXPIRED, and only those written.
    const page = await adminPage(t, 'limit=20');
    await expectNoneDue(t, page);
    expect(page.data.map((q) => q._id)).toEqual([...old.slice(-10), ...fresh].reverse());
    expect(page.data.slice(10).every((q) => q.status === 'EXPIRED')).toBe(true);
    expect(await expiredAudits()).toBe(10);

    // Its next page: 20 more due, written and shown EXPIRED.
    const next = await adminPage(t, `limit=20&cursor=${page.nextCursor}`);
    expect(next.data.map((q) => q._id)).toEqual(old.slice(-30, -10).reverse());
    expect(next.data.every((q) => q.status === 'EXPIRED')).toBe(true);
    expect(await expiredAudits()).toBe(30);

    // COMPLETED: the 10 valid ones; the due rows the page met are expired (at most a page), none shown.
    const completed = await adminPage(t, 'status=COMPLETED&limit=20');
    expect(completed.data.map((q) => q._id)).toEqual([...fresh].reverse());
    await expectNoneDue(t, completed);
    expect(await expiredAudits()).toBeLessThanOrEqual(30 + 20);

    // EXPIRED: the page is the one the fully swept list would show, and written with at most a page.
    const before = await expiredAudits();
    const expiredPage = await adminPage(t, 'status=EXPIRED&limit=20');
    const expiredNext = await adminPage(t, `status=EXPIRED&limit=20&cursor=${expiredPage.nextCursor}`);
    expect(await expiredAudits()).toBeLessThanOrEqual(before + 40);
    expect(await expiredAudits()).toBeLessThan(1_000);
    expect(await sweepExpired(t.db, t.clock.now, RULES)).toBeGreaterThan(0);
    expect(await expiredAudits()).toBe(1_000);
    expect((await adminPage(t, 'status=EXPIRED&limit=20')).data.map((q) => q._id)).toEqual(expiredPage.data.map((q) => q._id));
    expect((await adminPage(t, `status=EXPIRED&limit=20&cursor=${expiredPage.nextCursor}`)).data.map((q) => q._id)).toEqual(
      expiredNext.data.map((q) => q._id),
    );
    expect(expiredPage.data.map((q) => q._id)).toEqual(old.slice(-20).reverse());
    expect(expiredNext.data.map((q) => q._id)).toEqual(old.slice(-40, -20).reverse());
  }, 120_000);

  it('brings due quotations into an EXPIRED page found by search, past the already expired ones', async () => {
    const farmer = await t.farmer();
    const other = await t.farmer();
    const mine = await pricedQuotations(t, farmer, 6);
    const theirs = await pricedQuotations(t, other, 30); // newer, due, and not matching the search
    t.clock.advance(8 * DAY);
    const number = (await t.db.selectFrom('users').select('mobileNumber').where('id', '=', farmer.userId).executeTakeFirstOrThrow()).mobileNumber;
    const page = await adminPage(t, `status=EXPIRED&limit=4&q=${number}`);
    expect(page.data.map((q) => q._id)).toEqual(mine.slice(-4).reverse());
    expect(page.data.every((q) => q.status === 'EXPIRED')).toBe(true);
    expect([...(await statusOf(t, theirs)).values()].every((s) => s === 'COMPLETED')).toBe(true);
  });
});
