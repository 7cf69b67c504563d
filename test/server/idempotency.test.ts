/**
 * A farmer's write sent again with its Idempotency-Key is done once: the repeat gets the first answer
 * and changes nothing, another body under the same key is 422, two tries at once make one write (also
 * from two instances on one PostgreSQL), the fair-use caps count the repeats once, a refused write
 * lets its key go, and the sweep forgets keys after a day.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/schema';
import { forgetOldRows } from '../../src/server/expiry-sweep';
import { moveStatus } from '../../src/server/repos/quotations';
import { databases, dumpDatabase, testConfig, useTestApp, type Session } from '../support/server/app';
import { adminSetQuotation } from '../support/server/quotation-writes';

const DAY = 86_400_000;

describe.each(databases())('writes sent again with an Idempotency-Key on %s', (kind) => {
  const t = useTestApp(kind, { config: testConfig({ quotationHourlyLimit: 3, quotationDailyLimit: 100 }) });

  const firstSku = async (farmer: Session): Promise<Sku> => (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data[0];
  const request = (farmer: Session, key: string | undefined, payload: object) =>
    t.as(farmer, { method: 'POST', url: '/api/quotations', payload, headers: key === undefined ? {} : { 'idempotency-key': key } });
  const quotationsOf = async (db: Kysely<Database>, userId: string) =>
    Number((await db.selectFrom('quotations').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow()).n);
  const ordersOf = async (userId: string) =>
    Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow()).n);

  it('answers a repeat of the same key and body with the first answer, status and body alike, and changes nothing', async () => {
    const farmer = await t.farmer();
    const sku = await firstSku(farmer);
    const key = randomUUID();
    const body = { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] };
    const first = await request(farmer, key, body);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await dumpDatabase(t.db);
    t.clock.advance(60_000);
    // The phone may send its keys in capitals and its body's keys in another order: the same request.
    const again = await request(farmer, key.toUpperCase(), { skusDetail: [{ quantity: 2, skuIdentifier: sku._id }] });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await dumpDatabase(t.db)).toEqual(before);
    expect(await quotationsOf(t.db, farmer.userId)).toBe(1);
  });

  it('refuses the same key with another body (422 IDEMPOTENCY_MISMATCH) and a key that is not a UUID (400), changing nothing', async () => {
    const farmer = await t.farmer();
    const sku = await firstSku(farmer);
    const key = randomUUID();
    expect((await request(farmer, key, { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] })).statusCode).toBe(201);
    const before = await dumpDatabase(t.db);
    const other = await request(farmer, key, { skusDetail: [{ skuIdentifier: sku._id, quantity: 3 }] });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');
    // The same key on another route is another request too.
    const q: Quotation = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data[0];
    const deleting = await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${q._id}`, headers: { 'idempotency-key': key } });
    expect(deleting.statusCode).toBe(422);
    const notUuid = await request(farmer, 'tap-1', { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().code).toBe('BAD_REQUEST');
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('behaves as before without the header: each request is a new quotation', async () => {
    const farmer = await t.farmer();
    const sku = await firstSku(farmer);
    const body = { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] };
    expect((await request(farmer, undefined, body)).statusCode).toBe(201);
    expect((await request(farmer, undefined, body)).statusCode).toBe(201);
    expect(await quotationsOf(t.db, farmer.userId)).toBe(2);
  });

  it('keeps a key to its farmer: another farmer with the same key makes their own quotation', async () => {
    const one = await t.farmer();
    const two = await t.farmer();
    const sku = await firstSku(one);
    const key = randomUUID();
    const body = { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] };
    const mine = await request(one, key, body);
    const theirs = await request(two, key, body);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data._id).not.toBe(mine.json().data._id);
    expect(await quotationsOf(t.db, two.userId)).toBe(1);
  });

  it('deletes once: the repeat of a delete gets its first 200 (without a key it would be 409)', async () => {
    const farmer = await t.farmer();
    const sku = await firstSku(farmer);
    const q: Quotation = (await request(farmer, undefined, { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] })).json().data;
    const key = randomUUID();
    const del = () => t.as(farmer, { method: 'DELETE', url: `/api/quotations/${q._id}`, headers: { 'idempotency-key': key } });
    const first = await del();
    expect(first.statusCode).toBe(200);
    expect(first.json().data.status).toBe('DELETED');
    const again = await del();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const unkeyed = await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${q._id}` });
    expect(unkeyed.statusCode).toBe(409);
  });

  it('places an order once, and a refused order lets its key go so the next try asks again', async () => {
    const farmer = await t.farmer();
    const sku = await firstSku(farmer);
    const q: Quotation = (await request(farmer, undefined, { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] })).json().data;
    const key = randomUUID();
    const place = () => t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}`, payload: {}, headers: { 'idempotency-key': key } });
    // Still PENDING: refused, and not remembered.
    const refused = await place();
    expect(refused.statusCode).toBe(409);
    await adminSetQuotation(t, q, 'COMPLETED', 300_000);
    const first = await place();
    expect(first.statusCode).toBe(201);
    const again = await place();
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await ordersOf(farmer.userId)).toBe(1);
  });

  it('keeps no key for a write its transaction refused (the quotation moved meanwhile), so the next try asks again', async () => {
    const farmer = await t.farmer();
    const sku = await firstSku(farmer);
    const q: Quotation = (await request(farmer, undefined, { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] })).json().data;
    const once = {
      claim: { userId: farmer.userId, key: randomUUID(), route: 'DELETE /api/quotations/:id', bodyHash: 'h', now: t.clock.now() },
      answer: async () => ({ status: 200, body: {} }),
    };
    // Read as COMPLETED, but it is PENDING: the move finds nothing to move.
    expect(await moveStatus(t.db, q._id, 'COMPLETED', 'DELETED', t.clock.now(), once)).toBe(false);
    expect(await t.db.selectFrom('idempotencyKeys').select('key').where('key', '=', once.claim.key).execute()).toEqual([]);
  });

  it('writes once when two tries with one key arrive together: the other gets the same answer or 409 IN_PROGRESS', async () => {
    const farmer = await t.farmer();
    const sku = await firstSku(farmer);
    const key = randomUUID();
    const body = { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] };
    const answers = await Promise.all([request(farmer, key, body), request(farmer, key, body), request(farmer, key, body)]);
    expect(await quotationsOf(t.db, farmer.userId)).toBe(1);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of created) expect(a.body).toBe(created[0]!.body);
    for (const a of answers.filter((a) => a.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().code).toBe('IN_PROGRESS');
    }
  });

  it('writes once across two instances on one database, tries with one key split between them', async () => {
    const url = process.env.TEST_DATABASE_URL;
    // On PostgreSQL a second pool on the same schema and a second app stand for a second instance.
    const otherDb = kind === 'postgres' && url ? openDatabase({ kind: 'postgres', url, searchPath: await searchPath(t.db) }) : t.db;
    const other: FastifyInstance = await buildApp({ ...t.options, db: otherDb });
    await other.ready();
    try {
      const farmer = await t.farmer();
      const sku = await firstSku(farmer);
      const key = randomUUID();
      const payload = { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] };
      const headers = { ...farmer.auth, 'idempotency-key': key };
      const tries = Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : t.app).inject({ method: 'POST', url: '/api/quotations', payload, headers }),
      );
      const answers = await Promise.all(tries);
      expect(await quotationsOf(t.db, farmer.userId)).toBe(1);
      const created = answers.filter((a) => a.statusCode === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      for (const a of created) expect(a.body).toBe(created[0]!.body);
      for (const a of answers.filter((a) => a.statusCode !== 201)) expect(a.json().code, a.body).toBe('IN_PROGRESS');
    } finally {
      await other.close();
      if (otherDb !== t.db) await otherDb.destroy();
    }
  });

  it('counts a repeat once against the fair-use caps', async () => {
    const farmer = await t.farmer();
    const sku = await firstSku(farmer);
    const body = (quantity: number) => ({ skusDetail: [{ skuIdentifier: sku._id, quantity }] });
    const key = randomUUID();
    expect((await request(farmer, key, body(1))).statusCode).toBe(201);
    // Five repeats of the first request: the cap of three an hour still has room for two more.
    for (let i = 0; i < 5; i++) expect((await request(farmer, key, body(1))).statusCode).toBe(201);
    expect((await request(farmer, randomUUID(), body(2))).statusCode).toBe(201);
    expect((await request(farmer, randomUUID(), body(3))).statusCode).toBe(201);
    const over = await request(farmer, randomUUID(), body(4));
    expect(over.statusCode).toBe(429);
    // Past the cap, a repeat still gets its first answer.
    expect((await request(farmer, key, body(1))).statusCode).toBe(201);
    expect(await quotationsOf(t.db, farmer.userId)).toBe(3);
    t.clock.advance(2 * 3_600_000);
  });

  it('forgets a key after a day: the sweep deletes it, and a key older than a day is a new request', async () => {
    const farmer = await t.farmer();
    const sku = await firstSku(farmer);
    const key = randomUUID();
    const body = { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] };
    expect((await request(farmer, key, body)).statusCode).toBe(201);
    const kept = () => t.db.selectFrom('idempotencyKeys').select('key').where('userId', '=', farmer.userId).execute();
    expect(await kept()).toHaveLength(1);
    await forgetOldRows(t.db, t.clock.now() + DAY - 1_000);
    expect(await kept()).toHaveLength(1);
    t.clock.advance(DAY + 1_000);
    // Not yet swept: still a new request after a day.
    expect((await request(farmer, key, body)).statusCode).toBe(201);
    expect(await quotationsOf(t.db, farmer.userId)).toBe(2);
    await forgetOldRows(t.db, t.clock.now() + DAY + 1_000);
    expect(await kept()).toHaveLength(0);
  });
});

/** The schema a PostgreSQL test app's pool searches (its own, made for the test). */
async function searchPath(db: Kysely<Database>): Promise<string> {
  // The camel-case plugin names the column searchPath.
  const { rows } = await sql<{ searchPath: string }>`show search_path`.execute(db);
  return rows[0]!.searchPath;
}
