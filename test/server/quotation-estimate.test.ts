/**
 * A pending quotation's estimate: each line's `skuIdentifier` carries the SKU's minimum price
 * per unit as it was when the farmer asked, on the farmer's list and on the single read; a later
 * edit of that price does not change it (decision 031).
 */
import { describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { databases, useTestApp } from '../support/server/app';

describe.each(databases())('the estimate a quotation line carries on %s', (kind) => {
  const t = useTestApp(kind);

  it("answers each line's SKU minimum price as quoted, unchanged by a later edit of the SKU", async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const [first, second] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data as Sku[];
    const created = await t.as(farmer, {
      method: 'POST',
      url: '/api/quotations',
      payload: { skusDetail: [{ skuIdentifier: first!._id, quantity: 3 }, { skuIdentifier: second!._id, quantity: 7 }] },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json().data as Quotation)._id;
    const minimums = async () => {
      const list = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data as Quotation[];
      const one = (await t.as(farmer, { method: 'GET', url: `/api/quotations/${id}` })).json().data as Quotation;
      const listed = list.find((q) => q._id === id)!;
      expect(listed.skusDetail).toEqual(one.skusDetail);
      return one.skusDetail.map((l) => [l.skuIdentifier._id, l.skuIdentifier.minimumPrice]);
    };
    expect(await minimums()).toEqual([
      [first!._id, first!.minimumPrice],
      [second!._id, second!.minimumPrice],
    ]);
    const edited = await t.as(admin, { method: 'PATCH', url: `/api/skus/${first!._id}`, payload: { minimumPrice: first!.minimumPrice + 123, version: first!.version } });
    expect(edited.statusCode).toBe(200);
    // The estimate stays the one the farmer was shown when asking: lines keep their SKU as quoted.
    expect(await minimums()).toEqual([
      [first!._id, first!.minimumPrice],
      [second!._id, second!.minimumPrice],
    ]);
  });

  it('tells when a quotation was priced: a DELETED one priced before carries pricedAt, one never priced carries null', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const [sku] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data as Sku[];
    const create = async () =>
      (await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!._id, quantity: 2 }] } })).json()
        .data as Quotation;
    const priced = await create();
    const unpriced = await create();
    const lines = priced.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: 50_000, discountPaisa: 0, shippingPricePaisa: 0 }));
    const patch = (status: string) => t.as(admin, { method: 'PATCH', url: `/api/quotations/${priced._id}`, payload: { status, skusDetail: lines } });
    expect((await patch('COMPLETED')).statusCode).toBe(200);
    expect((await patch('DELETED')).statusCode).toBe(200);
    expect((await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${unpriced._id}` })).statusCode).toBeLessThan(300);
    const read = async (id: string) => (await t.as(farmer, { method: 'GET', url: `/api/quotations/${id}` })).json().data as Quotation;
    const list = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data as Quotation[];
    const [a, b] = [await read(priced._id), await read(unpriced._id)];
    expect(a.status).toBe('DELETED');
    expect(a.pricedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(b.status).toBe('DELETED');
    expect(b.pricedAt).toBeNull();
    expect(list.find((q) => q._id === priced._id)?.pricedAt).toBe(a.pricedAt);
  });
});
