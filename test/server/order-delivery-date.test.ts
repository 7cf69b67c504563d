/**
 * The expected delivery date is kept on India's calendar: on a clock stepping over
 * midnight in India (18:30 UTC), the day before India's today is refused with 400 DATE_IN_PAST and
 * changes nothing, while the same UTC date would still have let it through.
 */
import { describe, expect, it } from 'vitest';
import type { Order, Quotation } from '../../src/domain/types';
import { databases, useTestApp, type Session } from '../support/server/app';

/** 23:59:59 on 10 March 2026 in India: 18:29:59 UTC, the same UTC date. */
const LAST_SECOND_OF_10_MARCH_IST = Date.UTC(2026, 2, 10, 18, 29, 59);

describe.each(databases())('the expected delivery date against India’s today on %s', (kind) => {
  const t = useTestApp(kind);

  async function placedOrder(farmer: Session, admin: Session): Promise<Order> {
    const [sku] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data;
    const q: Quotation = (
      await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] } })
    ).json().data;
    const skusDetail = q.skusDetail.map((l) => ({ ...l, skuIdentifier: l.skuIdentifier._id, goodsPricePaisa: 100_000, shippingPricePaisa: 0 }));
    expect((await t.as(admin, { method: 'PATCH', url: `/api/quotations/${q._id}`, payload: { ...q, status: 'COMPLETED', skusDetail } })).statusCode).toBe(200);
    const res = await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }

  const setDate = (admin: Session, order: Order, expectedDeliveryDate: string | null) =>
    t.as(admin, { method: 'PATCH', url: `/api/orders/update/${order._id}`, payload: { status: order.status, amountPaidPaisa: 0, expectedDeliveryDate } });
  const history = async (admin: Session, order: Order) =>
    (await t.as(admin, { method: 'GET', url: `/api/orders/${order._id}/history` })).json().data as unknown[];

  it('allows India’s today up to its last second, and refuses it one second later with DATE_IN_PAST', async () => {
    // Logging in moves the clock on (past the OTP resend spacing): start an hour early, then step to the second.
    t.clock.set(LAST_SECOND_OF_10_MARCH_IST - 3_600_000);
    const farmer = await t.farmer();
    const admin = await t.admin();
    const order = await placedOrder(farmer, admin);
    expect(t.clock.now()).toBeLessThan(LAST_SECOND_OF_10_MARCH_IST);
    t.clock.set(LAST_SECOND_OF_10_MARCH_IST);

    const yesterday = await setDate(admin, order, '2026-03-09');
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json()).toEqual({ code: 'DATE_IN_PAST', message: "expectedDeliveryDate must not be before today's date in India" });
    expect(await history(admin, order)).toEqual([]);
    expect((await setDate(admin, order, '2026-03-10')).statusCode).toBe(200);
    expect((await setDate(admin, order, null)).statusCode).toBe(200);
    expect(await history(admin, order)).toHaveLength(2);

    // Midnight in India; in UTC it is still 10 March.
    t.clock.advance(1000);
    const late = await setDate(admin, order, '2026-03-10');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'DATE_IN_PAST' });
    expect(await history(admin, order)).toHaveLength(2);
    const today = await setDate(admin, order, '2026-03-11');
    expect(today.statusCode).toBe(200);
    expect(today.json().data.expectedDeliveryDate).toBe('2026-03-11');
  });
});
