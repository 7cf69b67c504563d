/**
 * Concurrent writes never deadlock (PostgreSQL, 40P01). Every write transaction takes its hot rows in
 * one order: the row it writes (quotation or order), the farmer's row (the version bump), the status
 * counts in the order of their names, then the list versions. Two orders once crossed: an admin's
 * pricing took the counts before the farmer's row while the farmer's own creation took the farmer's
 * row before the counts; and a re-price (EXPIRED → COMPLETED) took its counts in the opposite order to
 * the sweep's expiry (COMPLETED → EXPIRED). Each pair below ran into 40P01 in some of its rounds. SQLite
 * runs one write transaction at a time, so there the pairs only check the counts.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { readCount } from '../../src/server/repos/list-counts';
import { placeOrder, updateOrder } from '../../src/server/repos/orders';
import { adminEditQuotation, createQuotation, expireDue } from '../../src/server/repos/quotations';
import { upsertLoginUser } from '../../src/server/repos/users';
import { seedDatabase } from '../../src/server/seed/seed';
import { databases, freshDatabase, T0, type TestDb } from '../support/server/app';

const RULES = { validityDays: 7 };
const DAY = 86_400_000;
const ROUNDS = 50;

describe.each(databases())('write transactions under concurrency on %s', (kind) => {
  let test: TestDb;
  let db: Kysely<Database>;
  let adminId: string;
  let line: { skuId: string; quantity: number };
  let farmers = 0;

  beforeAll(async () => {
    test = await freshDatabase(kind);
    db = test.db;
    await seedDatabase(db, T0);
    const sku = await db.selectFrom('skus').select(['id', 'minimumPrice']).executeTakeFirstOrThrow();
    line = { skuId: sku.id, quantity: 1 };
    adminId = (await upsertLoginUser(db, '9000000001', true, T0)).id;
  });
  afterAll(async () => test.drop());

  const farmer = async () => (await upsertLoginUser(db, `7${String(100_000_000 + farmers++)}`, false, T0)).id;
  const price = (id: string, now: number) =>
    adminEditQuotation(db, {
      id,
      status: 'COMPLETED',
      now,
      byUserId: adminId,
      lines: [{ skuIdentifier: line.skuId, quantity: 1, goodsPricePaisa: 1_000, discountPaisa: 0, shippingPricePaisa: 0 }],
    });

  /** Every maintained count equals the rows it counts. */
  async function expectCountsTrue(): Promise<void> {
    for (const list of ['quotations', 'orders'] as const) {
      const rows = await db.selectFrom(list).select('status').execute();
      expect(await readCount(db, list)).toBe(rows.length);
      for (const status of new Set(rows.map((r) => r.status))) {
        expect(await readCount(db, list, status)).toBe(rows.filter((r) => r.status === status).length);
      }
    }
  }

  /** Runs each round's writes at once; resolves to the failures' codes and messages. */
  async function together(rounds: (() => Promise<unknown>)[][]): Promise<string[]> {
    const failures: string[] = [];
    for (const round of rounds) {
      for (const outcome of await Promise.allSettled(round.map((write) => write()))) {
        if (outcome.status === 'rejected') failures.push(`${(outcome.reason as { code?: string }).code} ${String(outcome.reason)}`);
      }
    }
    return failures;
  }

  it("an admin's pricing, the farmer's new quotation and the farmer's order, all at once", async () => {
    const rounds: (() => Promise<unknown>)[][] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const f = await farmer();
      const toPrice = await createQuotation(db, f, [line], T0);
      const toOrder = await createQuotation(db, f, [line], T0);
      expect(await price(toOrder, T0)).toBe('saved');
      rounds.push([
        () => price(toPrice, T0 + 1_000),
        () => createQuotation(db, f, [line], T0 + 1_000),
        () => placeOrder(db, toOrder, f, { from: 'COMPLETED', to: 'ORDERED' }, T0 + 1_000),
      ]);
    }
    expect(await together(rounds)).toEqual([]);
    await expectCountsTrue();
  });

  it("a re-price of an expired quotation beside the sweep's expiry of another, and an order's move beside its farmer's new quotation", async () => {
    const pairs: { expired: string; due: string; order: string; owner: string }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = [await farmer(), await farmer()];
      const expired = await createQuotation(db, a, [line], T0);
      const due = await createQuotation(db, b, [line], T0);
      const ordered = await createQuotation(db, b, [line], T0);
      await price(expired, T0);
      await price(due, T0 + DAY);
      await price(ordered, T0 + DAY);
      const placed = await placeOrder(db, ordered, b, { from: 'COMPLETED', to: 'ORDERED' }, T0 + DAY);
      if (!placed.ok) throw new Error('the order was not placed');
      pairs.push({ expired, due, order: placed.orderId, owner: b });
    }
    // Past the first ones' validity only.
    expect(await expireDue(db, T0 + 7.5 * DAY, RULES, { quotationIds: pairs.map((p) => p.expired) })).toBe(ROUNDS);
    const now = T0 + 10 * DAY;
    const failures = await together(
      pairs.map(({ expired, due, order, owner }) => [
        () => price(expired, now),
        () => expireDue(db, now, RULES, { quotationId: due }),
        () => updateOrder(db, { id: order, status: 'ORDER_CONFIRMED', amountPaidPaisa: 0, now, byUserId: adminId }),
        () => createQuotation(db, owner, [line], now),
      ]),
    );
    expect(failures).toEqual([]);
    await expectCountsTrue();
  });

  it('version-less edits of one quotation, and updates of one order, sent at once all apply, one after the other', async () => {
    const outcomes: string[] = [];
    const targets: { quotation: string; order: string }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const f = await farmer();
      const quotation = await createQuotation(db, f, [line], T0);
      const ordered = await createQuotation(db, f, [line], T0);
      await price(ordered, T0);
      const placed = await placeOrder(db, ordered, f, { from: 'COMPLETED', to: 'ORDERED' }, T0);
      if (!placed.ok) throw new Error('the order was not placed');
      targets.push({ quotation, order: placed.orderId });
      outcomes.push(
        ...(await Promise.all([
          price(quotation, T0 + 1_000),
          price(quotation, T0 + 2_000),
          updateOrder(db, { id: placed.orderId, status: 'ORDER_CONFIRMED', amountPaidPaisa: 100, now: T0 + 1_000, byUserId: adminId }),
          updateOrder(db, { id: placed.orderId, status: 'IN_TRANSIT', amountPaidPaisa: 200, now: T0 + 2_000, byUserId: adminId }),
        ])),
      );
    }
    expect(outcomes.filter((o) => o !== 'saved')).toEqual([]);
    // Each applied on top of the other: two versions on from the pricing, and one audit row each.
    for (const { quotation, order } of targets) {
      expect((await db.selectFrom('quotations').select('version').where('id', '=', quotation).executeTakeFirstOrThrow()).version).toBe(3);
      expect((await db.selectFrom('orders').select('version').where('id', '=', order).executeTakeFirstOrThrow()).version).toBe(3);
      expect(await db.selectFrom('auditLog').select('id').where('entityId', 'in', [quotation, order]).execute()).toHaveLength(4);
    }
    await expectCountsTrue();
  });
});
