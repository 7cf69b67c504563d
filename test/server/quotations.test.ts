import { describe, expect, it } from 'vitest';
import type { Quotation } from '../../src/domain/types';
import { databases, dumpDatabase, useTestApp, type Session } from '../support/server/app';

describe.each(databases())('quotations on %s', (kind) => {
  const t = useTestApp(kind);
  const skus = async (s: Session) => (await t.as(s, { method: 'GET', url: '/api/skus' })).json().data as { _id: string; image: string; minimumPrice: number }[];
  async function create(s: Session, lines?: { skuIdentifier: string; quantity: number }[]): Promise<Quotation> {
    const list = await skus(s);
    const res = await t.as(s, {
      method: 'POST',
      url: '/api/quotations',
      payload: { skusDetail: lines ?? [{ skuIdentifier: list[1]!._id, quantity: 3 }, { skuIdentifier: list[0]!._id, quantity: 10 }] },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }
  const priced = (q: Quotation, status = 'COMPLETED') => ({
    ...q,
    status,
    skusDetail: q.skusDetail.map((l) => ({
      skuIdentifier: l.skuIdentifier._id,
      quantity: l.quantity,
      goodsPricePaisa: 100_000,
      discountPaisa: 5_000,
      shippingPricePaisa: 20_000,
    })),
  });

  it('creates a PENDING quotation (201) whose image is its first item\'s SKU image', async () => {
    const farmer = await t.farmer();
    const list = await skus(farmer);
    const q = await create(farmer);
    expect(q).toMatchObject({
      status: 'PENDING',
      orderStatus: null,
      deliveryOtp: null,
      amountPaidPaisa: 0,
      version: 1,
      image: list[1]!.image,
    });
    expect(q.quotationDisplayId).toMatch(/^QT1\d{5}$/);
    expect(q.skusDetail).toHaveLength(2);
    expect(q.skusDetail[0]).toMatchObject({
      skuIdentifier: { _id: list[1]!._id, image: list[1]!.image, skuQuantityUnit: 'bundle' },
      quantity: 3,
      goodsPricePaisa: list[1]!.minimumPrice * 3,
      discountPaisa: 0,
      shippingPricePaisa: 0,
    });
  });

  it('adds up the same SKU given twice in one request', async () => {
    const farmer = await t.farmer();
    const [a] = await skus(farmer);
    const q = await create(farmer, [{ skuIdentifier: a!._id, quantity: 2 }, { skuIdentifier: a!._id, quantity: 5 }]);
    expect(q.skusDetail).toHaveLength(1);
    expect(q.skusDetail[0]!.quantity).toBe(7);
  });

  it('refuses unknown SKUs, zero, negative or fractional quantities and empty carts with 400, writing nothing', async () => {
    const farmer = await t.farmer();
    const [a] = await skus(farmer);
    const before = await dumpDatabase(t.db);
    for (const skusDetail of [
      [{ skuIdentifier: 'nope', quantity: 1 }],
      [{ skuIdentifier: a!._id, quantity: 0 }],
      [{ skuIdentifier: a!._id, quantity: -2 }],
      [{ skuIdentifier: a!._id, quantity: 1.5 }],
      [],
    ]) {
      const res = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail } });
      expect(res.statusCode).toBe(400);
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('lists only the caller\'s quotations, newest first, and reads one by _id or display id', async () => {
    const a = await t.farmer();
    const b = await t.farmer();
    const q1 = await create(a);
    t.clock.advance(1000);
    const q2 = await create(a);
    await create(b);
    const list = await t.as(a, { method: 'GET', url: '/api/quotations' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((q: Quotation) => q._id)).toEqual([q2._id, q1._id]);
    for (const id of [q1._id, q1.quotationDisplayId]) {
      const one = await t.as(a, { method: 'GET', url: `/api/quotations/${id}` });
      expect(one.statusCode).toBe(200);
      expect(one.json().data).toEqual(q1);
    }
  });

  it('answers 404 when a farmer asks for, deletes or orders another farmer\'s quotation', async () => {
    const a = await t.farmer();
    const b = await t.farmer();
    const q = await create(a);
    for (const req of [
      { method: 'GET' as const, url: `/api/quotations/${q._id}` },
      { method: 'GET' as const, url: `/api/quotations/${q.quotationDisplayId}` },
      { method: 'DELETE' as const, url: `/api/quotations/${q._id}` },
      { method: 'POST' as const, url: `/api/orders/${q._id}` },
    ]) {
      const res = await t.as(b, req);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await t.as(a, { method: 'GET', url: `/api/quotations/${q._id}` })).json().data.status).toBe('PENDING');
  });

  it('deletes a PENDING quotation (it stays listed as DELETED) and refuses to delete it again with 409', async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    const del = await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${q.quotationDisplayId}` });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toMatchObject({ _id: q._id, status: 'DELETED', version: 2 });
    const before = await dumpDatabase(t.db);
    const again = await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${q._id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    expect(await dumpDatabase(t.db)).toEqual(before);
    const list = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data;
    expect(list.find((x: Quotation) => x._id === q._id).status).toBe('DELETED');
  });

  it('refuses to delete a COMPLETED or ORDERED quotation with 409, changing nothing', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const q = await create(farmer);
    await t.as(admin, { method: 'PATCH', url: `/api/quotations/${q._id}`, payload: priced(q) });
    const before = await dumpDatabase(t.db);
    expect((await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${q._id}` })).statusCode).toBe(409);
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('lets an admin price a quotation with its full body (read-only fields ignored) and bumps its version', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const q = await create(farmer);
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/quotations/${q.quotationDisplayId}`,
      payload: { ...priced(q), deliveryOtp: '9999', orderStatus: 'DELIVERED', amountPaidPaisa: 123, quotationDisplayId: 'QT1' },
    });
    expect(res.statusCode).toBe(200);
    const updated: Quotation = res.json().data;
    expect(updated).toMatchObject({
      _id: q._id,
      quotationDisplayId: q.quotationDisplayId,
      status: 'COMPLETED',
      version: 2,
      orderStatus: null,
      amountPaidPaisa: 0,
    });
    // The admin's answer carries no delivery code; the farmer's carries theirs (none before an order).
    expect(updated).not.toHaveProperty('deliveryOtp');
    expect(updated.skusDetail[0]).toMatchObject({ goodsPricePaisa: 100_000, discountPaisa: 5_000, shippingPricePaisa: 20_000 });
    const seen = await t.as(farmer, { method: 'GET', url: `/api/quotations/${q._id}` });
    expect(seen.json().data).toEqual({ ...updated, deliveryOtp: null });
  });

  it('refuses a stale quotation version with 409 VERSION_CONFLICT and keeps the first edit', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const q = await create(farmer);
    expect((await t.as(admin, { method: 'PATCH', url: `/api/quotations/${q._id}`, payload: priced(q) })).statusCode).toBe(200);
    const before = await dumpDatabase(t.db);
    const stale = await t.as(admin, { method: 'PATCH', url: `/api/quotations/${q._id}`, payload: priced(q, 'EXPIRED') });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('refuses quotation edits with a bad version, unknown SKUs or a discount above the goods price', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const q = await create(farmer);
    const bad = priced(q);
    const zeroVersion = { ...bad, version: 0 };
    const unknownSku = { ...bad, skusDetail: [{ ...bad.skusDetail[0]!, skuIdentifier: 'nope' }] };
    const bigDiscount = { ...bad, skusDetail: [{ ...bad.skusDetail[0]!, discountPaisa: 200_000 }] };
    for (const payload of [zeroVersion, unknownSku, bigDiscount, { ...bad, status: 'SHIPPED' }]) {
      expect((await t.as(admin, { method: 'PATCH', url: `/api/quotations/${q._id}`, payload })).statusCode).toBe(400);
    }
    expect((await t.as(admin, { method: 'PATCH', url: '/api/quotations/QT999999', payload: bad })).statusCode).toBe(404);
    expect((await t.as(farmer, { method: 'PATCH', url: `/api/quotations/${q._id}`, payload: bad })).statusCode).toBe(403);
  });

  it('lists every quotation to admins and refuses farmers with 403', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const q = await create(farmer);
    const all = await t.as(admin, { method: 'GET', url: '/api/quotations/all' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((x: Quotation) => x._id)).toContain(q._id);
    expect((await t.as(farmer, { method: 'GET', url: '/api/quotations/all' })).statusCode).toBe(403);
  });
});
