/**
 * The farmer's poll path (decision 025): a poll holding the tag of its answer runs no query beyond the
 * session lookup (no expiry query every poll), even on an instance that never built the answer; and
 * the answer is still exact at the moment a priced quotation's validity ends, in a 304 and on later pages.
 */
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Quotation, Sku } from '../../src/domain/types';
import { buildApp } from '../../src/server/app';
import { farmerQuotationPage, quotationPage } from '../../src/server/repos/quotations';
import { adminSetQuotation } from '../support/server/quotation-writes';
import { databases, useTestApp, type Session, type TestApp } from '../support/server/app';

const DAY = 86_400_000;

async function create(t: TestApp, s: Session, lines: number): Promise<Quotation> {
  const skus: Sku[] = (await t.as(s, { method: 'GET', url: '/api/skus' })).json().data;
  const res = await t.as(s, {
    method: 'POST',
    url: '/api/quotations',
    payload: { skusDetail: skus.slice(0, lines).map((sku, i) => ({ skuIdentifier: sku._id, quantity: i + 1 })) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe.each(databases())("the farmer's poll path on %s", (kind) => {
  const t = useTestApp(kind);
  const rules = { validityDays: 7 };

  it('reads the farmer\'s page as the list query reads it, bounded by the first validity end it shows, at every page size', async () => {
    const empty = await t.farmer();
    const farmer = await t.farmer();
    for (let i = 0; i < 5; i++) {
      await create(t, farmer, 1 + (i % 3));
      t.clock.advance(1_000);
    }
    const [, second, third] = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data as Quotation[];
    await adminSetQuotation(t, second!, 'COMPLETED', 123_400);
    const ordered = await adminSetQuotation(t, third!, 'COMPLETED', 50_000);
    expect((await t.as(farmer, { method: 'POST', url: `/api/orders/${ordered._id}` })).statusCode).toBe(201);

    for (const who of [empty, farmer]) {
      for (const limit of [1, 2, 4, 5, 50]) {
        const plain = await quotationPage(t.db, { userId: who.userId, limit }, rules);
        const { page, expired, expiresAt } = await farmerQuotationPage(t.db, { userId: who.userId, limit }, t.clock.now(), rules);
        expect(page, `limit ${limit}`).toEqual(plain);
        expect(expired).toBe(0);
        // The one priced quotation still open bounds the page's truth, when the page shows it.
        const open = page.data.find((q) => q.status === 'COMPLETED');
        expect(expiresAt).toBe(open ? Date.parse(open.validUntil!) : Infinity);
      }
    }
    const first = await farmerQuotationPage(t.db, { userId: farmer.userId, limit: 2 }, t.clock.now(), rules);
    expect(first.page.total).toBe(5);
    expect(first.page.data.map((q) => q.skusDetail.length)).toEqual([2, 1]);
    // The cursor of the first page continues where it stopped: every quotation once.
    const rest = await farmerQuotationPage(t.db, { userId: farmer.userId, limit: 50, cursor: first.page.nextCursor! }, t.clock.now(), rules);
    const all = (await quotationPage(t.db, { userId: farmer.userId, limit: 50 }, rules)).data.map((q) => q._id);
    expect([...first.page.data, ...rest.page.data].map((q) => q._id)).toEqual(all);
  });

  describe('on an instance whose queries are counted', () => {
    let counted: FastifyInstance;
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
      async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        queries++;
        return args.result;
      },
    };
    beforeAll(async () => {
      counted = await buildApp({ ...t.options, db: t.db.withPlugin(counter) });
      await counted.ready();
    });
    afterAll(() => counted.close());

    it('answers a poll that holds its tag with the session lookup as its only query, priced quotations included', async () => {
      const farmer = await t.farmer();
      const q = await create(t, farmer, 2);
      await adminSetQuotation(t, q, 'COMPLETED', 99_000);
      const poll = () => counted.inject({ method: 'GET', url: '/api/quotations', headers: farmer.auth });
      const first = await poll();
      expect(first.statusCode).toBe(200);
      const again = await poll();
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      queries = 0;
      const unchanged = await counted.inject({ method: 'GET', url: '/api/quotations', headers: { ...farmer.auth, 'if-none-match': first.headers.etag as string } });
      expect(unchanged.statusCode).toBe(304);
      expect(queries).toBe(1);
    });

    const pollCounted = (s: Session, etag: string) =>
      counted.inject({ method: 'GET', url: '/api/quotations', headers: { ...s.auth, 'if-none-match': etag } });

    it('answers a poll that holds its tag with the session lookup as its only query though it never built the answer, until the end of truth the tag names', async () => {
      const farmer = await t.farmer();
      const priced = await adminSetQuotation(t, await create(t, farmer, 1), 'COMPLETED', 120_000);
      const end = Date.parse(priced.validUntil!);
      // Built and kept by the other instance (as before a restart); this one keeps nothing of it.
      const tag = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).headers.etag as string;
      expect(tag.endsWith(`.${end.toString(36)}"`)).toBe(true);

      t.clock.set(end - 1);
      queries = 0;
      const unchanged = await pollCounted(farmer, tag);
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.headers.etag).toBe(tag);
      expect(queries).toBe(1);

      // From the end it names, the tag alone proves nothing: the page is read and the quotation expires.
      t.clock.set(end);
      const after = await pollCounted(farmer, tag);
      expect(after.statusCode).toBe(200);
      expect(after.json().data[0]).toMatchObject({ _id: priced._id, status: 'EXPIRED' });
    });

    it('reads the page for a tag made under other validity days (a restart with another QUOTATION_VALIDITY_DAYS)', async () => {
      const farmer = await t.farmer();
      await adminSetQuotation(t, await create(t, farmer, 1), 'COMPLETED', 80_000);
      const tag = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).headers.etag as string;
      const days = t.options.config.quotationValidityDays + 3;
      const restarted = await buildApp({ ...t.options, config: { ...t.options.config, quotationValidityDays: days } });
      try {
        const read = await restarted.inject({ method: 'GET', url: '/api/quotations', headers: { ...farmer.auth, 'if-none-match': tag } });
        expect(read.statusCode).toBe(200);
        const shown: Quotation = read.json().data[0];
        expect(Date.parse(shown.validUntil!) - Date.parse(shown.pricedAt!)).toBe(days * DAY);
      } finally {
        await restarted.close();
      }
    });

    it('reads the page for a tag whose end of truth was altered by hand', async () => {
      const farmer = await t.farmer();
      await create(t, farmer, 1);
      const tag = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).headers.etag as string;
      expect(tag.endsWith('."')).toBe(true); // a pending quotation: true until a write
      queries = 0;
      expect((await pollCounted(farmer, tag)).statusCode).toBe(304);
      expect(queries).toBe(1);
      const altered = `${tag.slice(0, -1)}${(t.clock.now() + DAY).toString(36)}"`;
      queries = 0;
      const read = await pollCounted(farmer, altered);
      expect(read.statusCode).toBe(200);
      expect(read.headers.etag).toBe(tag);
      expect(queries).toBeGreaterThan(1);
    });
  });

  it('is exact when a validity ends: COMPLETED up to the last millisecond, EXPIRED (audited, never a 304) from it', async () => {
    const farmer = await t.farmer();
    const priced = await adminSetQuotation(t, await create(t, farmer, 1), 'COMPLETED', 250_000);
    const end = Date.parse(priced.validUntil!);
    const poll = (headers: Record<string, string> = {}) => t.as(farmer, { method: 'GET', url: '/api/quotations', headers });

    t.clock.set(end - 1);
    const before = await poll();
    expect(before.json().data[0].status).toBe('COMPLETED');
    expect((await poll()).body).toBe(before.body);
    const tag = before.headers.etag as string;
    expect((await poll({ 'if-none-match': tag })).statusCode).toBe(304);

    t.clock.set(end);
    const after = await poll({ 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.json().data[0]).toMatchObject({ _id: priced._id, status: 'EXPIRED', validUntil: priced.validUntil });
    const next = await poll({ 'if-none-match': tag });
    expect(next.statusCode).toBe(200);
    expect(next.json().data[0].status).toBe('EXPIRED');
    const history: AuditEntry[] = (await t.as(await t.admin(), { method: 'GET', url: `/api/quotations/${priced._id}/history` })).json().data;
    expect(history.at(-1)).toEqual({ at: new Date(end).toISOString(), by: null, changes: { status: { from: 'COMPLETED', to: 'EXPIRED' } } });
  });

  it('expires a quotation on the page that shows it: a later page, reached through the cursor', async () => {
    const farmer = await t.farmer();
    const older = await adminSetQuotation(t, await create(t, farmer, 1), 'COMPLETED', 70_000);
    t.clock.advance(1_000);
    await create(t, farmer, 1);
    t.clock.advance(8 * DAY);
    const first = (await t.as(farmer, { method: 'GET', url: '/api/quotations?limit=1' })).json();
    expect(first.data.map((q: Quotation) => q.status)).toEqual(['PENDING']);
    const second = (await t.as(farmer, { method: 'GET', url: `/api/quotations?limit=1&cursor=${first.nextCursor}` })).json();
    expect(second.data).toEqual([expect.objectContaining({ _id: older._id, status: 'EXPIRED' })]);
    expect(second.total).toBe(2);
  });
});
