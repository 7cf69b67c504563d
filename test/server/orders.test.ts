import { describe, expect, it } from 'vitest';
import type { Order, Quotation } from '../../src/domain/types';
import { databases, dumpDatabase, useTestApp, type Session } from '../support/server/app';

describe.each(databases())('orders on %s', (kind) => {
  const t = useTestApp(kind);

  async function quotation(farmer: Session, admin: Session | null, status?: string): Promise<Quotation> {
    const [sku] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data;
    const q: Quotation = (
      await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 4 }] } })
    ).json().data;
    if (!admin || !status) return q;
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/quotations/${q._id}`,
      payload: {
        ...q,
        status,
        skusDetail: q.skusDetail.map((l) => ({ ...l, skuIdentifier: l.skuIdentifier._id, goodsPricePaisa: 400_000, shippingPricePaisa: 50_000 })),
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }
  const read = async (s: Session, id: string): Promise<Quotation> =>
    (await t.as(s, { method: 'GET', url: `/api/quotations/${id}` })).json().data;

  it('places an order from a COMPLETED quotation: 201, CONFIRMATION_PENDING, a 4-digit code, quotation ORDERED and mirroring it', async () => {
    const farmer = await t.farmer(undefined, 'Suresh');
    const admin = await t.admin();
    const q = await quotation(farmer, admin, 'COMPLETED');
    const res = await t.as(farmer, { method: 'POST', url: `/api/orders/${q.quotationDisplayId}` });
    expect(res.statusCode).toBe(201);
    const order: Order = res.json().data;
    expect(order).toMatchObject({
      status: 'CONFIRMATION_PENDING',
      amountPaidPaisa: 0,
      userDetails: { name: 'Suresh', mobileNumber: farmer.mobile },
      quotationDetail: { _id: q._id, quotationDisplayId: q.quotationDisplayId, skusDetail: q.skusDetail },
      version: 1,
    });
    expect(order.orderDisplayId).toMatch(/^OD1\d{5}$/);
    expect(order.deliveryOtp).toMatch(/^\d{4}$/);
    expect(await read(farmer, q._id)).toMatchObject({
      status: 'ORDERED',
      orderStatus: 'CONFIRMATION_PENDING',
      deliveryOtp: order.deliveryOtp,
      amountPaidPaisa: 0,
    });
  });

  it('refuses an order from PENDING, DELETED, EXPIRED or ORDERED with 409 and changes nothing', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const pending = await quotation(farmer, null);
    const expired = await quotation(farmer, admin, 'EXPIRED');
    const deleted = await quotation(farmer, null);
    await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${deleted._id}` });
    const ordered = await quotation(farmer, admin, 'COMPLETED');
    expect((await t.as(farmer, { method: 'POST', url: `/api/orders/${ordered._id}` })).statusCode).toBe(201);
    const before = await dumpDatabase(t.db);
    for (const q of [pending, expired, deleted, ordered]) {
      const res = await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('refuses a second order when an admin sets an ordered quotation back to COMPLETED', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const q = await quotation(farmer, admin, 'COMPLETED');
    await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` });
    const now = await read(farmer, q._id);
    const back = await t.as(admin, {
      method: 'PATCH',
      url: `/api/quotations/${q._id}`,
      payload: { ...now, status: 'COMPLETED', skusDetail: now.skusDetail.map((l) => ({ ...l, skuIdentifier: l.skuIdentifier._id })) },
    });
    expect(back.statusCode).toBe(200);
    const before = await dumpDatabase(t.db);
    expect((await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).statusCode).toBe(409);
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('places exactly one order when the same quotation is ordered twice at once', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const q = await quotation(farmer, admin, 'COMPLETED');
    const results = await Promise.all([1, 2, 3].map(() => t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const orders = await t.db.selectFrom('orders').selectAll().where('quotationId', '=', q._id).execute();
    expect(orders).toHaveLength(1);
  });

  it('lists orders to admins (403 for farmers) and lets them move status and amount paid, mirrored on the quotation', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const q = await quotation(farmer, admin, 'COMPLETED');
    const order: Order = (await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).json().data;
    expect((await t.as(farmer, { method: 'GET', url: '/api/orders' })).statusCode).toBe(403);
    const list = await t.as(admin, { method: 'GET', url: '/api/orders' });
    expect(list.statusCode).toBe(200);
    // The admin's list row is the order without updatedAt (no admin screen reads it there) and without
    // the farmer's delivery code, which is the farmer's to give at the handover.
    const { updatedAt: _updated, deliveryOtp: _code, ...listed } = order;
    expect(list.json().data.find((o: Order) => o._id === order._id)).toEqual(listed);

    const update = await t.as(admin, {
      method: 'PATCH',
      url: `/api/orders/update/${order.orderDisplayId}`,
      payload: { status: 'IN_TRANSIT', amountPaidPaisa: 200_000, version: 1 },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().data).toMatchObject({ status: 'IN_TRANSIT', amountPaidPaisa: 200_000, version: 2 });
    expect(await read(farmer, q._id)).toMatchObject({ status: 'ORDERED', orderStatus: 'IN_TRANSIT', amountPaidPaisa: 200_000 });

    const stale = await t.as(admin, {
      method: 'PATCH',
      url: `/api/orders/update/${order._id}`,
      payload: { status: 'DELIVERED', amountPaidPaisa: 0, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await read(farmer, q._id)).orderStatus).toBe('IN_TRANSIT');
  });

  it('refuses order updates with a bad status, a fractional amount, a malformed If-Match, an unknown id, or by a farmer', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const q = await quotation(farmer, admin, 'COMPLETED');
    const order: Order = (await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).json().data;
    const url = `/api/orders/update/${order._id}`;
    for (const payload of [
      { status: 'LOST', amountPaidPaisa: 0, version: 1 },
      { status: 'DELIVERED', amountPaidPaisa: 10.5, version: 1 },
      { status: 'DELIVERED', amountPaidPaisa: -1, version: 1 },
      { status: 'DELIVERED', amountPaidPaisa: 0, version: 0 },
    ]) {
      expect((await t.as(admin, { method: 'PATCH', url, payload })).statusCode).toBe(400);
    }
    for (const ifMatch of ['abc', '"0"', '*']) {
      const res = await t.as(admin, { method: 'PATCH', url, payload: { status: 'DELIVERED', amountPaidPaisa: 0 }, headers: { 'if-match': ifMatch } });
      expect(res.statusCode).toBe(400);
    }
    const differing = { status: 'DELIVERED', amountPaidPaisa: 0, version: 1 };
    expect((await t.as(admin, { method: 'PATCH', url, payload: differing, headers: { 'if-match': '"2"' } })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'GET', url: `/api/orders/${order._id}/history` })).json().data).toEqual([]);
    const ok = { status: 'DELIVERED', amountPaidPaisa: 0, version: 1 };
    expect((await t.as(admin, { method: 'PATCH', url: '/api/orders/update/OD999999', payload: ok })).statusCode).toBe(404);
    expect((await t.as(farmer, { method: 'PATCH', url, payload: ok })).statusCode).toBe(403);
  });

  it('refuses an order to an unverified user (403) and without a login (401)', async () => {
    const waiting = await t.unverified();
    expect((await t.as(waiting, { method: 'POST', url: '/api/orders/QT100001' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/orders/QT100001' })).statusCode).toBe(401);
  });
});
