/**
 * On the server, a line's quantity follows its SKU's unit (src/domain/quantity).
 * Quintal and tonne take one decimal, priced in paisa rounded half up per line; a fraction for a
 * whole-number unit or a second decimal is a 400 naming the line, and nothing is written.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrations';
import { databases, dumpDatabase, freshDatabase, T0, useTestApp, type Session } from '../support/server/app';

describe.each(databases())('quotation quantities on %s', (kind) => {
  const t = useTestApp(kind);
  const post = (s: Session, skusDetail: { skuIdentifier: string; quantity: number }[]) =>
    t.as(s, { method: 'POST', url: '/api/quotations', payload: { skusDetail } });
  /** A quintal product at ₹10.01, so 2.5 quintal is 2502.5 paisa: the rounding shows. */
  async function catalogue(admin: Session, farmer: Session) {
    const husk = (
      await t.as(admin, {
        method: 'POST',
        url: '/api/skus',
        payload: {
          name: 'Rice Husk',
          description: 'Husk from rice mills.',
          categoryName: 'Shells & Husks',
          brandName: 'Nadiad Mills',
          image: '/api/uploads/abcdef0123456789',
          availableQty: 500,
          minimumPrice: 1001,
          skuQuantityUnit: 'quintal',
        },
      })
    ).json().data as Sku;
    const skus = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data as Sku[];
    const kg = skus.find((s) => s.skuQuantityUnit === 'kg')!;
    return { husk, kg };
  }

  it('keeps 2.5 quintal as 2.5 and prices it at 2503 paisa (2502.5 rounded half up), in every read', async () => {
    const [admin, farmer] = [await t.admin(), await t.farmer()];
    const { husk, kg } = await catalogue(admin, farmer);
    const res = await post(farmer, [
      { skuIdentifier: husk._id, quantity: 2.5 },
      { skuIdentifier: kg._id, quantity: 3 },
      // The same SKU again: 2.5 + 0.2 is 2.7, not 2.7000000000000001.
      { skuIdentifier: husk._id, quantity: 0.2 },
    ]);
    expect(res.statusCode).toBe(201);
    const created = res.json().data as Quotation;
    const lines = created.skusDetail.map((l) => [l.skuIdentifier._id, l.quantity, l.goodsPricePaisa]);
    // 2.7 × 1001 = 2702.7 → 2703.
    expect(lines).toEqual([
      [husk._id, 2.7, 2703],
      [kg._id, 3, kg.minimumPrice * 3],
    ]);
    const one = (await t.as(farmer, { method: 'GET', url: `/api/quotations/${created._id}` })).json().data as Quotation;
    expect(one.skusDetail[0]!.quantity).toBe(2.7);
    const list = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data as Quotation[];
    expect(list[0]!.skusDetail[0]!.quantity).toBe(2.7);

    const single = (await post(farmer, [{ skuIdentifier: husk._id, quantity: 2.5 }])).json().data as Quotation;
    expect(single.skusDetail[0]).toMatchObject({ quantity: 2.5, goodsPricePaisa: 2503 });
  });

  it('refuses 2.5 kg, 2.55 quintal and lines adding up past the maximum with a 400 naming the line, writing nothing', async () => {
    const [admin, farmer] = [await t.admin(), await t.farmer()];
    const { husk, kg } = await catalogue(admin, farmer);
    const before = await dumpDatabase(t.db);
    const refusals: [{ skuIdentifier: string; quantity: number }[], string][] = [
      [[{ skuIdentifier: kg._id, quantity: 2.5 }], `Line 1 (${kg.name}): 2.5 kg is refused: kg is sold in whole numbers only`],
      [
        [
          { skuIdentifier: kg._id, quantity: 2 },
          { skuIdentifier: husk._id, quantity: 2.55 },
        ],
        'Line 2 (Rice Husk): 2.55 quintal is refused: quintal takes at most one decimal',
      ],
      [
        [
          { skuIdentifier: kg._id, quantity: 600_000 },
          { skuIdentifier: kg._id, quantity: 600_000 },
        ],
        `The lines of ${kg.name} added up: 1200000 kg is more than the 1000000 kg one request may ask for`,
      ],
    ];
    for (const [skusDetail, message] of refusals) {
      const res = await post(farmer, skusDetail);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message });
    }
    for (const quantity of [0, -0.5, 1_000_000.5]) expect((await post(farmer, [{ skuIdentifier: husk._id, quantity }])).statusCode).toBe(400);
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it('holds an admin edit to the same rule: 2.5 quintal saves, 2.5 kg and 2.55 quintal are refused', async () => {
    const [admin, farmer] = [await t.admin(), await t.farmer()];
    const { husk, kg } = await catalogue(admin, farmer);
    const q = (await post(farmer, [{ skuIdentifier: kg._id, quantity: 2 }, { skuIdentifier: husk._id, quantity: 1 }])).json().data as Quotation;
    const edit = (kgQuantity: number, huskQuantity: number) =>
      t.as(admin, {
        method: 'PATCH',
        url: `/api/quotations/${q._id}`,
        payload: {
          status: 'COMPLETED',
          skusDetail: [
            { skuIdentifier: kg._id, quantity: kgQuantity, goodsPricePaisa: 5_000, discountPaisa: 0, shippingPricePaisa: 0 },
            { skuIdentifier: husk._id, quantity: huskQuantity, goodsPricePaisa: 9_000, discountPaisa: 0, shippingPricePaisa: 0 },
          ],
        },
      });
    const before = await dumpDatabase(t.db);
    const wholeOnly = await edit(2.5, 1);
    expect(wholeOnly.statusCode).toBe(400);
    expect(wholeOnly.json().message).toBe(`Line 1 (${kg.name}): 2.5 kg is refused: kg is sold in whole numbers only`);
    const twoDecimals = await edit(2, 1.25);
    expect(twoDecimals.statusCode).toBe(400);
    expect(twoDecimals.json().message).toBe('Line 2 (Rice Husk): 1.25 quintal is refused: quintal takes at most one decimal');
    expect(await dumpDatabase(t.db)).toEqual(before);
    const saved = await edit(2, 2.5);
    expect(saved.statusCode).toBe(200);
    expect((saved.json().data as Quotation).skusDetail.map((l) => l.quantity)).toEqual([2, 2.5]);
  });

  it('migration 0007 keeps the whole quantities a database already holds, and then holds 2.5', async () => {
    const fresh = await freshDatabase(kind);
    const { db, schema } = fresh;
    try {
      // The database as a release before decimal quantities left it: whole-number quantities only.
      await migrateTo(db, '0005_scale_lists', schema);
      await sql`insert into users (id, mobile_number, created_at, updated_at) values ('u1', '9800000001', ${T0}, ${T0})`.execute(db);
      await sql`insert into skus (id, display_id, name, description, category_name, brand_name, image, available_qty, minimum_price, sku_quantity_unit, created_at, updated_at)
        values ('s1', 'SKU1001', 'Paddy Straw', 'Baled.', 'Straw', 'Local', '/api/uploads/abcdef0123456789', 800, 45000, 'quintal', ${T0}, ${T0})`.execute(db);
      await sql`insert into quotations (id, display_id, user_id, status, created_at, updated_at) values ('q1', 'QT100001', 'u1', 'PENDING', ${T0}, ${T0})`.execute(db);
      await sql`insert into quotation_lines (id, quotation_id, position, sku_id, quantity, goods_price_paisa, discount_paisa, shipping_price_paisa)
        values ('l1', 'q1', 0, 's1', 7, 315000, 0, 0)`.execute(db);

      await migrateToLatest(db, schema);
      const quantities = async () => (await db.selectFrom('quotationLines').select(['id', 'quantity']).orderBy('id').execute()).map((r) => [r.id, Number(r.quantity)]);
      expect(await quantities()).toEqual([['l1', 7]]);
      // Migration 0013 gave the line its SKU as quoted: the catalogue's row as it stood then.
      expect(
        await db.selectFrom('quotationLines').select(['skuName', 'skuHindiName', 'skuImage', 'skuUnit', 'skuMinimumPrice']).where('id', '=', 'l1').executeTakeFirstOrThrow(),
      ).toEqual({ skuName: 'Paddy Straw', skuHindiName: null, skuImage: '/api/uploads/abcdef0123456789', skuUnit: 'quintal', skuMinimumPrice: 45000 });
      await db
        .insertInto('quotationLines')
        .values({
          id: 'l2',
          quotationId: 'q1',
          position: 1,
          skuId: 's1',
          skuName: 'Paddy Straw',
          skuHindiName: null,
          skuGujratiName: null,
          skuImage: '/api/uploads/abcdef0123456789',
          skuUnit: 'quintal',
          skuMinimumPrice: 45000,
          quantity: 2.5,
          goodsPricePaisa: 112_500,
          discountPaisa: 0,
          shippingPricePaisa: 0,
        })
        .execute();
      expect(await quantities()).toEqual([
        ['l1', 7],
        ['l2', 2.5],
      ]);
    } finally {
      await fresh.drop();
    }
  });
});
