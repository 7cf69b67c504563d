/**
 * The per-farmer GET /api/quotations answer cache (decision 025) never serves stale data: every
 * writer bumps a version the database holds, the cache is checked against it on every poll, a second
 * app instance on the same database sees the first one's writes, and a cached answer is byte for byte
 * the uncached one.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { buildApp } from '../../src/server/app';
import { AnswerCache } from '../../src/server/http/answer-cache';
import { DEFAULT_PAGE } from '../../src/server/repos/paging';
import { adminSetQuotation } from '../support/quotation-writes';
import { skuBody } from '../support/sku-fixtures';
import { databases, useTestApp, type Session } from '../support/server-app';

describe('the answer cache', () => {
  it('keeps at most maxEntries answers, dropping the least recently used first', () => {
    const cache = new AnswerCache({ maxEntries: 3, maxBytes: 1_000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, 1, 0, `body ${key}`);
    expect(cache.get('a', 1, 0)).toBe('body a'); // a is now the most recent
    cache.set('d', 1, 0, 'body d');
    expect(cache.size).toBe(3);
    expect(cache.get('b', 1, 0)).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k, 1, 0))).toEqual(['body a', 'body c', 'body d']);
  });

  it('keeps at most maxBytes of answer text, and never stores an answer larger than that', () => {
    const cache = new AnswerCache({ maxEntries: 100, maxBytes: 25 });
    cache.set('a', 1, 0, 'x'.repeat(10));
    cache.set('b', 1, 0, 'y'.repeat(10));
    cache.set('c', 1, 0, 'z'.repeat(10));
    expect(cache.totalBytes).toBeLessThanOrEqual(25);
    expect(cache.get('a', 1, 0)).toBeUndefined();
    expect(cache.get('c', 1, 0)).toBe('z'.repeat(10));
    cache.set('big', 1, 0, 'w'.repeat(26));
    expect(cache.get('big', 1, 0)).toBeUndefined();
    expect(cache.totalBytes).toBeLessThanOrEqual(25);
  });

  it('serves an answer only at the exact versions it was stored with, and drops it otherwise', () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000 });
    cache.set('a', 4, 7, 'old');
    expect(cache.get('a', 5, 7)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('a', 5, 7, 'new');
    expect(cache.get('a', 5, 8)).toBeUndefined();
    expect(cache.totalBytes).toBe(0);
  });

  it('keeps an answer as its UTF-8 bytes and bounds them, a Hindi answer at three bytes a letter', () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 100 });
    const hindi = JSON.stringify({ name: 'धान का पुआल' });
    const entry = cache.set('a', 1, 0, hindi);
    expect(Buffer.isBuffer(entry.body)).toBe(true);
    expect(cache.totalBytes).toBe(Buffer.byteLength(hindi, 'utf8'));
    expect(cache.get('a', 1, 0)).toBe(hindi);
    // 30 letters are 90 bytes: with the 40 above, over the bound of 100, so the older one goes.
    cache.set('b', 1, 0, 'धान'.repeat(10));
    expect(cache.get('a', 1, 0)).toBeUndefined();
    expect(cache.get('b', 1, 0)).toBe('धान'.repeat(10));
    expect(cache.totalBytes).toBe(90);
  });

  it('keeps an answer compressed once per encoding, counted in its bound', () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 3_000 });
    const body = JSON.stringify({ data: 'x'.repeat(1_500) });
    const entry = cache.set('a', 1, 0, body);
    const br = cache.encode('a', entry, 'br');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(body);
    expect(cache.totalBytes).toBe(body.length + br.length);
    expect(cache.encode('a', entry, 'br')).toBe(br); // compressed once
    expect(cache.entry('a', 1, 0)?.encoded.br).toBe(br);
    cache.set('b', 1, 0, body); // over 3,000 with a: a goes
    expect(cache.get('a', 1, 0)).toBeUndefined();
    expect(cache.totalBytes).toBeLessThanOrEqual(3_000);
  });

  it('holds no more memory than it counts: the answer and each compressed form in a block of exactly its size', () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 100_000 });
    // A short answer (Buffer.from would give a view of a shared 8 KB block) and a farmer-sized one,
    // whose brotli and gzip bytes zlib hands back as views of its 16 KB working chunk.
    const short = JSON.stringify({ data: 'धान का पुआल '.repeat(40) });
    const page = JSON.stringify({ data: Array.from({ length: 400 }, (_, i) => ({ id: `QT${100_000 + i}`, name: 'मूंगफली का छिलका' })) });
    let held = 0;
    for (const [key, body] of [['short', short], ['page', page]] as const) {
      const entry = cache.set(key, 1, 0, body);
      const kept = [entry.body, cache.encode(key, entry, 'br'), cache.encode(key, entry, 'gzip')];
      for (const bytes of kept) expect([bytes.byteOffset, bytes.buffer.byteLength]).toEqual([0, bytes.length]);
      held += kept.reduce((n, bytes) => n + bytes.buffer.byteLength, 0);
    }
    // What the bound counts is the memory the kept blocks take.
    expect(cache.totalBytes).toBe(held);
  });
});

describe.each(databases())('GET /api/quotations from the answer cache on %s', (kind) => {
  const t = useTestApp(kind);
  /** A second server instance on the same database, with its own cache. */
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({ ...t.options });
    await other.ready();
  });
  afterAll(() => other.close());

  const poll = (app: FastifyInstance, s: Session) =>
    app.inject({ method: 'GET', url: '/api/quotations', headers: s.auth });
  const list = async (app: FastifyInstance, s: Session): Promise<Quotation[]> => {
    const res = await poll(app, s);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  /** What the database says now, as the session lookup reads it. */
  async function versions(userId: string) {
    const user = await t.db.selectFrom('users').select('quotationsVersion').where('id', '=', userId).executeTakeFirstOrThrow();
    const catalogue = await t.db.selectFrom('counters').select('value').where('name', '=', 'catalogue').executeTakeFirstOrThrow();
    return [Number(user.quotationsVersion), Number(catalogue.value)] as const;
  }

  /** Polls both instances and checks each now holds this farmer's answer at the database's versions. */
  async function warm(s: Session): Promise<void> {
    await list(t.app, s);
    await list(other, s);
    const [version, catalogue] = await versions(s.userId);
    expect(t.app.deps.quotationAnswers.get(s.userId, version, catalogue)).toBeTypeOf('string');
    expect(other.deps.quotationAnswers.get(s.userId, version, catalogue)).toBeTypeOf('string');
  }

  async function create(s: Session, quantity = 3): Promise<Quotation> {
    const skus: Sku[] = (await t.as(s, { method: 'GET', url: '/api/skus' })).json().data;
    const res = await t.as(s, {
      method: 'POST',
      url: '/api/quotations',
      payload: { skusDetail: [{ skuIdentifier: skus[0]!._id, quantity }] },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }

  const adminSet = (q: Quotation, status: string, goodsPricePaisa: number) => adminSetQuotation(t, q, status, goodsPricePaisa);

  /** Both instances, warm, see the change on their next poll. */
  async function expectBoth(s: Session, check: (quotations: Quotation[]) => void): Promise<void> {
    check(await list(t.app, s));
    check(await list(other, s));
  }

  it('shows a quotation the farmer just created', async () => {
    const farmer = await t.farmer();
    const first = await create(farmer);
    await warm(farmer);
    const second = await create(farmer, 7);
    await expectBoth(farmer, (qs) => expect(qs.map((q) => q._id)).toEqual([second._id, first._id]));
  });

  it('shows a quotation the farmer just deleted as DELETED', async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    await warm(farmer);
    expect((await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${q._id}` })).statusCode).toBe(200);
    await expectBoth(farmer, (qs) => expect(qs[0]).toMatchObject({ _id: q._id, status: 'DELETED' }));
  });

  it("shows an admin's edit of prices and status", async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    await warm(farmer);
    await adminSet(q, 'COMPLETED', 123_400);
    await expectBoth(farmer, (qs) =>
      expect(qs[0]).toMatchObject({ status: 'COMPLETED', version: 2, skusDetail: [{ goodsPricePaisa: 123_400 }] }),
    );
  });

  it('shows an order the farmer just placed, and every admin update of it', async () => {
    const farmer = await t.farmer();
    const q = await adminSet(await create(farmer), 'COMPLETED', 50_000);
    await warm(farmer);
    const placed = await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data;
    await expectBoth(farmer, (qs) =>
      expect(qs[0]).toMatchObject({ status: 'ORDERED', orderStatus: 'CONFIRMATION_PENDING', deliveryOtp: order.deliveryOtp }),
    );

    await warm(farmer);
    const update = await t.as(await t.admin(), {
      method: 'PATCH',
      url: `/api/orders/update/${order._id}`,
      payload: { status: 'IN_TRANSIT', amountPaidPaisa: 20_000, version: 1 },
    });
    expect(update.statusCode).toBe(200);
    await expectBoth(farmer, (qs) => expect(qs[0]).toMatchObject({ orderStatus: 'IN_TRANSIT', amountPaidPaisa: 20_000 }));
  });

  it("shows an admin's edit of a SKU's name and unit on the farmer's lines", async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    await warm(farmer);
    const admin = await t.admin();
    const sku: Sku = (await t.as(admin, { method: 'GET', url: '/api/skus' })).json().data.find((s: Sku) => s._id === q.skusDetail[0]!.skuIdentifier._id);
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/skus/${sku._id}`,
      payload: { name: `${sku.name} (renamed)`, skuQuantityUnit: 'quintal', version: sku.version },
    });
    expect(res.statusCode).toBe(200);
    await expectBoth(farmer, (qs) =>
      expect(qs[0]!.skusDetail[0]!.skuIdentifier).toMatchObject({ name: `${sku.name} (renamed)`, skuQuantityUnit: 'quintal' }),
    );
  });

  it('shows a SKU created after the lines were last read, on a quotation that names it', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    await warm(farmer);
    const admin = await t.admin();
    const made = await t.as(admin, { method: 'POST', url: '/api/skus', payload: skuBody({ name: 'Sesame Stalks', skuQuantityUnit: 'quintal' }) });
    expect(made.statusCode).toBe(201);
    const sku: Sku = made.json().data;
    const asked = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] } });
    expect(asked.statusCode).toBe(201);
    await expectBoth(farmer, (qs) =>
      expect(qs[0]!.skusDetail[0]!.skuIdentifier).toMatchObject({ _id: sku._id, name: 'Sesame Stalks', skuQuantityUnit: 'quintal' }),
    );
  });

  it('sees on one instance what was written through the other', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    await warm(farmer);
    const skus: Sku[] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data;
    const made = await other.inject({
      method: 'POST',
      url: '/api/quotations',
      headers: farmer.auth,
      payload: { skusDetail: [{ skuIdentifier: skus[1]!._id, quantity: 2 }] },
    });
    expect(made.statusCode).toBe(201);
    const quotations = await list(t.app, farmer);
    expect(quotations).toHaveLength(2);
    expect(quotations[0]!._id).toBe(made.json().data._id);
  });

  it('answers from the cache byte for byte as it answers without it, with the same headers', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    await create(farmer, 9);
    const uncached = await poll(t.app, farmer);
    const [version, catalogue] = await versions(farmer.userId);
    expect(t.app.deps.quotationAnswers.get(farmer.userId, version, catalogue)).toBe(uncached.body);
    const cached = await poll(t.app, farmer);
    // A fresh instance (a restart) builds the answer again from the database.
    const restarted = await buildApp({ ...t.options });
    const rebuilt = await restarted.inject({ method: 'GET', url: '/api/quotations', headers: farmer.auth });
    await restarted.close();
    const headers = (res: LightMyRequestResponse) => ({ ...res.headers, date: undefined });
    for (const res of [cached, rebuilt]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(uncached.body);
      expect(headers(res)).toEqual(headers(uncached));
    }
    expect(uncached.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(uncached.headers['cache-control']).toBe('private, no-cache');
    expect(uncached.headers.etag).toMatch(/^"[\w-]+\.[0-9a-z]*"$/);
    expect(uncached.headers['x-content-type-options']).toBe('nosniff');
  });

  const decode = (res: LightMyRequestResponse): string => {
    const encoding = res.headers['content-encoding'];
    return (encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString('utf8');
  };

  it.each([['br'], ['gzip'], ['gzip, deflate, br, zstd'], ['br;q=0, gzip'], ['*'], ['identity'], [undefined]])(
    'answers a kept answer, compressed once, as the compression plugin answers the same page, with Accept-Encoding %s',
    async (accept) => {
      const farmer = await t.farmer();
      for (let i = 0; i < 4; i++) await create(farmer, i + 1); // above the 1 KB compression threshold
      // The page built on the ask and kept (the stored page's answers: farmer-pages.test.ts).
      await t.db.deleteFrom('farmerPages').where('userId', '=', farmer.userId).execute();
      const headers = { ...farmer.auth, ...(accept === undefined ? {} : { 'accept-encoding': accept }) };
      const first = await t.app.inject({ method: 'GET', url: '/api/quotations', headers });
      const kept = await t.app.inject({ method: 'GET', url: '/api/quotations', headers });
      // The same page with an explicit limit is never kept: Fastify serializes it, the plugin compresses it.
      const plain = await t.app.inject({ method: 'GET', url: `/api/quotations?limit=${DEFAULT_PAGE}`, headers });
      const [version, catalogue] = await versions(farmer.userId);
      const entry = t.app.deps.quotationAnswers.entry(farmer.userId, version, catalogue);
      expect(entry).toBeDefined();
      const encoding = kept.headers['content-encoding'];
      expect(encoding).toBe(plain.headers['content-encoding']);
      // Compressed on the miss and kept: the hit sends those very bytes.
      if (encoding === 'br' || encoding === 'gzip') expect(kept.rawPayload.equals(entry!.encoded[encoding]!)).toBe(true);
      else expect(entry!.encoded).toEqual({});
      for (const res of [first, kept, plain]) expect(res.statusCode).toBe(200);
      const without = (res: LightMyRequestResponse) => ({ ...res.headers, date: undefined, etag: undefined, 'transfer-encoding': undefined });
      for (const res of [first, kept]) {
        expect(without(res)).toEqual(without(plain));
        expect(decode(res)).toBe(decode(plain));
      }
    },
  );

  it('never holds more farmers than its bound, and still answers every farmer right', async () => {
    const small = await buildApp({ ...t.options, quotationCache: { maxEntries: 2, maxBytes: 1_000_000 } });
    try {
      const farmers = [await t.farmer(), await t.farmer(), await t.farmer()];
      const made = [];
      for (const f of farmers) made.push(await create(f));
      for (let round = 0; round < 2; round++) {
        for (const [i, f] of farmers.entries()) {
          expect((await list(small, f)).map((q) => q._id)).toEqual([made[i]!._id]);
          expect(small.deps.quotationAnswers.size).toBeLessThanOrEqual(2);
        }
      }
    } finally {
      await small.close();
    }
  });

  it('reads the versions with the session: an unrelated write leaves the cached answer in use', async () => {
    const farmer = await t.farmer();
    const neighbour = await t.farmer();
    await create(farmer);
    await warm(farmer);
    const before = await versions(farmer.userId);
    await create(neighbour);
    expect(await versions(farmer.userId)).toEqual(before);
    const [version, catalogue] = before;
    expect(t.app.deps.quotationAnswers.get(farmer.userId, version, catalogue)).toBeTypeOf('string');
  });
});
