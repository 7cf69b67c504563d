import { describe, expect, it } from 'vitest';
import type { Order, Quotation } from '../../src/domain/types';
import { databases, dumpDatabase, useTestApp, type Session } from '../support/server/app';
import { adminSetQuotation } from '../support/server/quotation-writes';

describe.each(databases())('proof of delivery on %s', (kind) => {
  const t = useTestApp(kind);

  /** A farmer's order from a priced quotation, as the farmer's own answer gives it (with the code). */
  async function ordered(): Promise<{ farmer: Session; quotation: Quotation; order: Order; code: string }> {
    const farmer = await t.farmer();
    const [sku] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data as { _id: string }[];
    const created = (await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!._id, quantity: 4 }] } })).json().data;
    const quotation = await adminSetQuotation(t, created, 'COMPLETED', 100_000);
    const placed = await t.as(farmer, { method: 'POST', url: `/api/orders/${quotation._id}` });
    expect(placed.statusCode).toBe(201);
    const order: Order = placed.json().data;
    expect(order.deliveryOtp).toMatch(/^\d{4}$/);
    return { farmer, quotation, order, code: order.deliveryOtp! };
  }
  const update = async (id: string, payload: object) => t.as(await t.admin(), { method: 'PATCH', url: `/api/orders/update/${id}`, payload });
  const delivered = (extra: object = {}) => ({ status: 'DELIVERED', amountPaidPaisa: 0, ...extra });
  const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
  const farmerView = async (farmer: Session, id: string): Promise<Quotation> => (await t.as(farmer, { method: 'GET', url: `/api/quotations/${id}` })).json().data;

  it('never gives the delivery code in an admin answer, and keeps it in the farmer\'s own', async () => {
    const { farmer, quotation, order, code } = await ordered();
    const admin = await t.admin();
    const answers = [
      (await t.as(admin, { method: 'GET', url: '/api/orders?limit=200' })).body,
      (await t.as(admin, { method: 'GET', url: `/api/orders?q=${order.orderDisplayId}` })).body,
      (await update(order._id, { status: 'ORDER_CONFIRMED', amountPaidPaisa: 0 })).body,
      (await t.as(admin, { method: 'GET', url: '/api/quotations/all?limit=200' })).body,
      (await t.as(admin, { method: 'GET', url: `/api/quotations/${quotation._id}` })).body,
      (await t.as(admin, { method: 'GET', url: `/api/orders/${order._id}/history` })).body,
      (await t.as(admin, { method: 'GET', url: `/api/quotations/${quotation._id}/history` })).body,
    ];
    for (const body of answers) {
      expect(body).not.toContain('deliveryOtp":"');
      expect(body).not.toContain(`"${code}"`);
    }
    const patched = await t.as(admin, {
      method: 'PATCH',
      url: `/api/quotations/${quotation._id}`,
      payload: { status: 'ORDERED', skusDetail: quotation.skusDetail.map((l) => ({ ...l, skuIdentifier: l.skuIdentifier._id })) },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.body).not.toContain(`"${code}"`);
    expect((await farmerView(farmer, quotation._id)).deliveryOtp).toBe(code);
  });

  it('records DELIVERED with the right code as confirmed by code, and the farmer sees it', async () => {
    const { farmer, quotation, order, code } = await ordered();
    const res = await update(order._id, delivered({ deliveryOtp: code }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'DELIVERED', deliveredWith: 'code', deliveryCodeLocked: false });
    expect(await farmerView(farmer, quotation._id)).toMatchObject({ orderStatus: 'DELIVERED', deliveredWith: 'code' });
    const history = (await t.as(await t.admin(), { method: 'GET', url: `/api/orders/${order._id}/history` })).json().data;
    expect(history.at(-1).changes).toMatchObject({ status: { from: 'CONFIRMATION_PENDING', to: 'DELIVERED' }, deliveredWith: { from: null, to: 'code' } });
  });

  it('refuses a wrong code with 400 DELIVERY_CODE_INVALID, changing nothing but the count of tries', async () => {
    const { farmer, quotation, order, code } = await ordered();
    const before = await dumpDatabase(t.db);
    const res = await update(order._id, delivered({ deliveryOtp: wrongCode(code), version: order.version }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('DELIVERY_CODE_INVALID');
    const after = await dumpDatabase(t.db);
    const row = (d: Record<string, unknown[]>) => (d.orders as { id: string }[]).find((o) => o.id === order._id) as Record<string, unknown>;
    expect({ ...row(after), delivery_code_tries: 0, deliveryCodeTries: 0 }).toEqual({ ...row(before), delivery_code_tries: 0, deliveryCodeTries: 0 });
    expect(Number(row(after).deliveryCodeTries ?? row(after).delivery_code_tries)).toBe(1);
    expect(after.quotations).toEqual(before.quotations);
    expect(after.users).toEqual(before.users);
    expect(await farmerView(farmer, quotation._id)).toMatchObject({ orderStatus: 'CONFIRMATION_PENDING', deliveredWith: null });
    // The admin's open sheet still saves: the version did not move.
    expect((await update(order._id, delivered({ deliveryOtp: code, version: order.version }))).statusCode).toBe(200);
  });

  it('locks the code after five wrong ones (409 DELIVERY_CODE_LOCKED, even for the right one) until the admin moves it without one', async () => {
    const { order, code } = await ordered();
    for (let i = 0; i < 5; i++) expect((await update(order._id, delivered({ deliveryOtp: wrongCode(code) }))).json().code).toBe('DELIVERY_CODE_INVALID');
    const locked = await update(order._id, delivered({ deliveryOtp: code }));
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('DELIVERY_CODE_LOCKED');
    const list = (await t.as(await t.admin(), { method: 'GET', url: `/api/orders?q=${order.orderDisplayId}` })).json().data as Order[];
    expect(list[0]).toMatchObject({ status: 'CONFIRMATION_PENDING', deliveryCodeLocked: true });
    // A move without a code unlocks it; the code is taken again.
    const moved = await update(order._id, { status: 'IN_TRANSIT', amountPaidPaisa: 0 });
    expect(moved.json().data).toMatchObject({ status: 'IN_TRANSIT', deliveryCodeLocked: false });
    expect((await update(order._id, delivered({ deliveryOtp: code }))).json().data).toMatchObject({ deliveredWith: 'code' });
  });

  it('still delivers without a code, recorded as the admin\'s, and forgets how once moved back', async () => {
    const { farmer, quotation, order } = await ordered();
    const res = await update(order._id, delivered());
    expect(res.json().data).toMatchObject({ status: 'DELIVERED', deliveredWith: 'admin' });
    expect((await farmerView(farmer, quotation._id)).deliveredWith).toBe('admin');
    // Saving the amount paid on a delivered order keeps how it was delivered.
    expect((await update(order._id, delivered({ amountPaidPaisa: 50_000 }))).json().data.deliveredWith).toBe('admin');
    expect((await update(order._id, { status: 'IN_TRANSIT', amountPaidPaisa: 50_000 })).json().data.deliveredWith).toBeNull();
  });

  it('refuses a code with another status, and a code that is not four digits, changing nothing', async () => {
    const { order, code } = await ordered();
    const before = await dumpDatabase(t.db);
    for (const payload of [
      { status: 'IN_TRANSIT', amountPaidPaisa: 0, deliveryOtp: code },
      delivered({ deliveryOtp: '12' }),
      delivered({ deliveryOtp: 'abcd' }),
      delivered({ deliveryOtp: 1234 }),
    ]) {
      const res = await update(order._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
  });
});
