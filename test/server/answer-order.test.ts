/**
 * Answers keep their fields in the order the schemas declare them, optional ones included: the
 * serialiser writes an object's required fields first, so a `required` list on an object with an
 * optional field would move a SKU's `translations` after its `version` (src/server/http/schemas.ts).
 */
import { describe, expect, it } from 'vitest';
import { Quotation, QuotationLine } from '../../src/domain/schemas/quotation';
import { Sku, SkuRef } from '../../src/domain/schemas/sku';
import { User } from '../../src/domain/schemas/user';
import { databases, useTestApp } from '../support/server/app';

/** The schema's fields that `row` carries, in the schema's order. */
const declared = (schema: { properties: object }, row: object) => Object.keys(schema.properties).filter((key) => key in row);

describe.each(databases())('answer field order on %s', (kind) => {
  const t = useTestApp(kind);

  it('sends a SKU, a quotation, its lines and a user in the declared order', async () => {
    const farmer = await t.farmer();
    const skus = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json<{ data: Record<string, unknown>[] }>().data;
    const translated = skus.find((sku) => 'translations' in sku);
    expect(translated, 'the seed has a translated SKU').toBeDefined();
    for (const sku of skus) expect(Object.keys(sku)).toEqual(declared(Sku, sku));

    const created = await t.as(farmer, {
      method: 'POST',
      url: '/api/quotations',
      payload: { skusDetail: [{ skuIdentifier: translated!._id, quantity: 2 }] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { _id: string } }>().data._id;
    const read = await t.as(farmer, { method: 'GET', url: `/api/quotations/${id}` });
    const quotation = read.json<{ data: Record<string, unknown> & { skusDetail: Record<string, object>[] } }>().data;
    expect(Object.keys(quotation)).toEqual(declared(Quotation, quotation));
    expect(Object.keys(quotation)).toContain('statusHistory');
    const line = quotation.skusDetail[0]!;
    expect(Object.keys(line)).toEqual(declared(QuotationLine, line));
    expect(Object.keys(line.skuIdentifier!)).toEqual(declared(SkuRef, line.skuIdentifier!));

    const user = (await t.as(farmer, { method: 'GET', url: '/api/users/profile' })).json<{ user: object }>().user;
    expect(Object.keys(user)).toEqual(Object.keys(User.properties));
  });
});
