/**
 * Time on the tracker: the farmer's quotation answer carries its order's status moves
 * (creation first, each with its time, never who moved it) and the expected delivery date an admin
 * sets with `PATCH /api/orders/update/{id}`; migration 0006 adds the column on both databases.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { priceDetails } from '../../src/domain/money';
import type { Order, Quotation } from '../../src/domain/types';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrations';
import { STATUS_HISTORY_LIMIT } from '../../src/server/repos/audit';
import { databases, freshDatabase, T0, useTestApp, type Session } from '../support/server/app';

const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;
const DAY = 86_400_000;

describe.each(databases())('order tracking on %s', (kind) => {
  const t = useTestApp(kind);

  /** A farmer's order, placed from a quotation the admin priced. */
  async function placed(farmer: Session, admin: Session): Promise<{ quotation: Quotation; order: Order }> {
    const [sku] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data;
    const q: Quotation = (
      await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] } })
    ).json().data;
    const priced = await t.as(admin, {
      method: 'PATCH',
      url: `/api/quotations/${q._id}`,
      payload: {
        ...q,
        status: 'COMPLETED',
        skusDetail: q.skusDetail.map((l) => ({ ...l, skuIdentifier: l.skuIdentifier._id, goodsPricePaisa: 100_000, shippingPricePaisa: 0 })),
      },
    });
    expect(priced.statusCode).toBe(200);
    const res = await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` });
    expect(res.statusCode).toBe(201);
    return { quotation: q, order: res.json().data };
  }
  const read = async (s: Session, id: string) => t.as(s, { method: 'GET', url: `/api/quotations/${id}` });
  const update = (admin: Session, order: Order, payload: Record<string, unknown>) =>
    t.as(admin, { method: 'PATCH', url: `/api/orders/update/${order._id}`, payload: { status: order.status, amountPaidPaisa: 0, ...payload } });

  it("dates each status move on the farmer's answer, creation first, with no admin identity", async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const { quotation, order } = await placed(farmer, admin);
    const placedAt = t.clock.now();
    expect((await read(farmer, quotation._id)).json().data.statusHistory).toEqual([{ status: 'CONFIRMATION_PENDING', at: iso(placedAt) }]);

    t.clock.advance(90 * MINUTE);
    expect((await update(admin, order, { status: 'ORDER_CONFIRMED' })).statusCode).toBe(200);
    const confirmedAt = t.clock.now();
    // An amount-only change is no status move.
    t.clock.advance(MINUTE);
    expect((await update(admin, order, { status: 'ORDER_CONFIRMED', amountPaidPaisa: 50_000 })).statusCode).toBe(200);
    t.clock.advance(DAY);
    // A day on, the sessions have run out: log in again.
    const [farmerAgain, adminAgain] = [await t.login(farmer.mobile), await t.admin()];
    expect((await update(adminAgain, order, { status: 'DELIVERED', amountPaidPaisa: 50_000 })).statusCode).toBe(200);
    const deliveredAt = t.clock.now();

    const answer = await read(farmerAgain, quotation.quotationDisplayId);
    expect(answer.statusCode).toBe(200);
    const seen: Quotation = answer.json().data;
    expect(seen.statusHistory).toEqual([
      { status: 'CONFIRMATION_PENDING', at: iso(placedAt) },
      { status: 'ORDER_CONFIRMED', at: iso(confirmedAt) },
      { status: 'DELIVERED', at: iso(deliveredAt) },
    ]);
    // Who moved it stays with the admins: no author, no admin number.
    expect(answer.body).not.toContain(adminAgain.mobile);
    expect(answer.body).not.toContain(adminAgain.userId);
    // The farmer's list carries the same history.
    const listed: Quotation[] = (await t.as(farmerAgain, { method: 'GET', url: '/api/quotations' })).json().data;
    expect(listed.find((q) => q._id === quotation._id)?.statusHistory).toEqual(seen.statusHistory);
    // A quotation with no order has none.
    const [sku] = (await t.as(farmerAgain, { method: 'GET', url: '/api/skus' })).json().data;
    const pending: Quotation = (
      await t.as(farmerAgain, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 1 }] } })
    ).json().data;
    expect(pending).toMatchObject({ statusHistory: [], expectedDeliveryDate: null });
  });

  it("keeps the history to the latest moves, and another farmer cannot read the order's quotation", async () => {
    const farmer = await t.farmer();
    const other = await t.farmer();
    const admin = await t.admin();
    const { quotation, order } = await placed(farmer, admin);
    for (let i = 0; i < STATUS_HISTORY_LIMIT + 2; i++) {
      t.clock.advance(MINUTE);
      expect((await update(admin, order, { status: i % 2 === 0 ? 'IN_TRANSIT' : 'MATERIAL_LOADED' })).statusCode).toBe(200);
    }
    const history = (await read(farmer, quotation._id)).json().data.statusHistory as Quotation['statusHistory'];
    expect(history).toHaveLength(STATUS_HISTORY_LIMIT + 1);
    expect(history![0]!.status).toBe('CONFIRMATION_PENDING');
    expect(history!.at(-1)).toEqual({ status: 'MATERIAL_LOADED', at: iso(t.clock.now()) });

    const refused = await read(other, quotation._id);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('statusHistory');
    expect((await t.as(other, { method: 'GET', url: `/api/orders/${order._id}/history` })).statusCode).toBe(403);
  });

  it('sets, keeps, clears and audits the expected delivery date; the farmer sees it, and a new ETag', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const { quotation, order } = await placed(farmer, admin);
    const before = await read(farmer, quotation._id);
    expect(before.json().data.expectedDeliveryDate).toBeNull();
    const today = iso(t.clock.now()).slice(0, 10);

    const set = await update(admin, order, { expectedDeliveryDate: today });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ expectedDeliveryDate: today, version: 2 });
    const after = await read(farmer, quotation._id);
    expect(after.json().data.expectedDeliveryDate).toBe(today);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The poll with the new tag is a 304 until something moves.
    const again = await t.as(farmer, { method: 'GET', url: `/api/quotations/${quotation._id}`, headers: { 'if-none-match': after.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    // Days later the stored date is in the past; a save that leaves it out or sends it back unchanged still goes through.
    t.clock.advance(3 * DAY);
    const later = await t.admin();
    expect((await update(later, order, { status: 'IN_TRANSIT' })).json().data.expectedDeliveryDate).toBe(today);
    expect((await update(later, order, { status: 'IN_TRANSIT', expectedDeliveryDate: today })).statusCode).toBe(200);
    expect((await update(later, order, { status: 'IN_TRANSIT', expectedDeliveryDate: null })).json().data.expectedDeliveryDate).toBeNull();

    const history = (await t.as(later, { method: 'GET', url: `/api/orders/${order._id}/history` })).json().data;
    expect(history.map((h: { changes: object }) => h.changes)).toEqual([
      { expectedDeliveryDate: { from: null, to: today } },
      { status: { from: 'CONFIRMATION_PENDING', to: 'IN_TRANSIT' } },
      { expectedDeliveryDate: { from: today, to: null } },
    ]);
  });

  it('dates the Payment Status step when the amount paid came to cover the total, and undates it when it no longer does', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const { quotation, order } = await placed(farmer, admin);
    const paidAt = async () => ((await read(farmer, quotation._id)).json().data as Quotation).paidAt;
    const total = priceDetails((await read(farmer, quotation._id)).json().data.skusDetail).totalPaisa;
    expect(total).toBeGreaterThan(0);
    expect(await paidAt()).toBeNull();

    t.clock.advance(MINUTE);
    expect((await update(admin, order, { status: 'ORDER_CONFIRMED', amountPaidPaisa: total - 1 })).statusCode).toBe(200);
    expect(await paidAt()).toBeNull();

    t.clock.advance(90 * MINUTE);
    expect((await update(admin, order, { status: 'ORDER_CONFIRMED', amountPaidPaisa: total })).statusCode).toBe(200);
    const fullyPaidAt = iso(t.clock.now());
    expect(await paidAt()).toBe(fullyPaidAt);
    // A later status move, or more money on a paid order, keeps the time it became paid.
    t.clock.advance(MINUTE);
    expect((await update(admin, order, { status: 'IN_TRANSIT', amountPaidPaisa: total + 500 })).statusCode).toBe(200);
    expect(await paidAt()).toBe(fullyPaidAt);

    // Corrected below the total: not paid; paid again later: that later time.
    t.clock.advance(MINUTE);
    expect((await update(admin, order, { status: 'IN_TRANSIT', amountPaidPaisa: 100 })).statusCode).toBe(200);
    expect(await paidAt()).toBeNull();
    t.clock.advance(MINUTE);
    expect((await update(admin, order, { status: 'IN_TRANSIT', amountPaidPaisa: total })).statusCode).toBe(200);
    const repaidAt = iso(t.clock.now());
    expect(await paidAt()).toBe(repaidAt);
    // The farmer's list says the same.
    const listed: Quotation[] = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data;
    expect(listed.find((q) => q._id === quotation._id)?.paidAt).toBe(repaidAt);
  });

  it('refuses a malformed or impossible expected delivery date with 400 and changes nothing (a past one: order-delivery-date.test.ts)', async () => {
    t.clock.set(Date.UTC(2026, 2, 10, 22, 30));
    const farmer = await t.farmer();
    const admin = await t.admin();
    const { quotation, order } = await placed(farmer, admin);
    const before = (await read(farmer, quotation._id)).json().data;
    for (const expectedDeliveryDate of ['2026-3-12', '12-03-2026', '2026-04-31', '2026-13-01', '2026-03-12T00:00:00Z', 20260312, '']) {
      const res = await update(admin, order, { status: 'ORDER_CONFIRMED', expectedDeliveryDate });
      expect(res.statusCode, String(expectedDeliveryDate)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect((await read(farmer, quotation._id)).json().data).toEqual(before);
    expect((await t.as(admin, { method: 'GET', url: `/api/orders/${order._id}/history` })).json().data).toEqual([]);
    // Today in India (22:30 UTC on 10 March is 04:00 on 11 March there) is allowed; a farmer may not set it.
    expect((await update(admin, order, { expectedDeliveryDate: '2026-03-11' })).statusCode).toBe(200);
    expect((await t.as(farmer, { method: 'PATCH', url: `/api/orders/update/${order._id}`, payload: { status: 'DELIVERED', amountPaidPaisa: 0, expectedDeliveryDate: '2026-04-01' } })).statusCode).toBe(403);
  });
});

describe.each(databases())('migration 0006 on %s', (kind) => {
  it('adds the expected delivery date to a database that already holds orders, null for them', async () => {
    const fresh = await freshDatabase(kind);
    const { db, schema } = fresh;
    try {
      await migrateTo(db, '0005_scale_lists', schema);
      await sql`insert into users (id, mobile_number, created_at, updated_at) values ('u1', '9876543210', ${T0}, ${T0})`.execute(db);
      await sql`insert into quotations (id, display_id, user_id, status, version, created_at, updated_at)
        values ('q1', 'QT100001', 'u1', 'ORDERED', 1, ${T0}, ${T0})`.execute(db);
      await sql`insert into orders (id, display_id, quotation_id, user_id, status, amount_paid_paisa, delivery_otp, version, created_at, updated_at)
        values ('o1', 'OD100001', 'q1', 'u1', 'IN_TRANSIT', 0, '0042', 3, ${T0}, ${T0})`.execute(db);

      await migrateToLatest(db, schema);
      const row = await db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ id: 'o1', status: 'IN_TRANSIT', deliveryOtp: '0042', version: 3, expectedDeliveryDate: null });
      await db.updateTable('orders').set({ expectedDeliveryDate: '2026-02-01' }).execute();
      expect((await db.selectFrom('orders').select('expectedDeliveryDate').executeTakeFirstOrThrow()).expectedDeliveryDate).toBe('2026-02-01');

      // And back down: 0005's orders table, the row intact.
      await migrateTo(db, '0005_scale_lists', schema);
      const { rows } = await sql<Record<string, unknown>>`select * from orders`.execute(db);
      expect(Object.keys(rows[0]!)).not.toContain('expectedDeliveryDate');
      expect(rows[0]).toMatchObject({ id: 'o1', deliveryOtp: '0042' });
    } finally {
      await fresh.drop();
    }
  });
});
