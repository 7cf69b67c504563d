/**
 * A SKU's Hindi and Gujarati texts beside its English fields, through POST/PATCH /skus,
 * GET /skus, every quotation line's skuIdentifier and the admin lists; migration 0003 on a database
 * that already holds SKUs; the sample catalogue's translations filled into an older catalogue.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrations';
import { seedDatabase } from '../../src/server/seed/seed';
import { databases, dumpDatabase, freshDatabase, T0, useTestApp } from '../support/server/app';
import { skuBody } from '../support/server/sku-fixtures';

/** The English fields, as an admin fills them in. */
const english = skuBody();

describe.each(databases())('SKU translations on %s', (kind) => {
  const t = useTestApp(kind);

  async function create(translations: unknown) {
    const res = await t.as(await t.admin(), { method: 'POST', url: '/api/skus', payload: { ...english, translations } });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }

  it('keeps the translations a POST gives and returns them from GET /skus', async () => {
    const created = await create({
      hindi: { name: 'सरसों का भूसा', description: 'सरसों की दावन के बाद बचा भूसा।' },
      gujrati: { name: 'રાયડાનું ભૂસું', categoryName: 'ફોતરાં અને છોતરાં', brandName: 'રાજસ્થાન એગ્રો' },
    });
    expect(created.translations).toEqual({
      hindi: { name: 'सरसों का भूसा', description: 'सरसों की दावन के बाद बचा भूसा।' },
      gujrati: { name: 'રાયડાનું ભૂસું', categoryName: 'ફોતરાં અને છોતરાં', brandName: 'રાજસ્થાન એગ્રો' },
    });
    expect(created).toMatchObject(english);
    const list = (await t.as(await t.farmer(), { method: 'GET', url: '/api/skus' })).json().data;
    expect(list.find((s: { _id: string }) => s._id === created._id).translations).toEqual(created.translations);
  });

  it('answers {} for a SKU created without translations', async () => {
    const created = await create(undefined);
    expect(created.translations).toEqual({});
  });

  it('patches one translated field, clears another with "", and leaves the rest as they were', async () => {
    const created = await create({ hindi: { name: 'सरसों का भूसा', brandName: 'राजस्थान एग्रो' }, gujrati: { name: 'રાયડાનું ભૂસું' } });
    const res = await t.as(await t.admin(), {
      method: 'PATCH',
      url: `/api/skus/${created._id}`,
      payload: { version: created.version, translations: { hindi: { name: 'सरसों की भूसी', brandName: '' } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.translations).toEqual({ hindi: { name: 'सरसों की भूसी' }, gujrati: { name: 'રાયડાનું ભૂસું' } });
    expect(res.json().data).toMatchObject({ ...english, version: created.version + 1 });
  });

  it('keeps search words per language, patched like the other texts, and refuses more than 200 characters', async () => {
    const created = await create({ hindi: { name: 'सरसों का भूसा', searchWords: 'सरसों भूसी' }, gujrati: { searchWords: 'રાયડો' } });
    expect(created.translations).toEqual({ hindi: { name: 'सरसों का भूसा', searchWords: 'सरसों भूसी' }, gujrati: { searchWords: 'રાયડો' } });
    const admin = await t.admin();
    const patched = await t.as(admin, { method: 'PATCH', url: `/api/skus/${created._id}`, payload: { version: created.version, translations: { gujrati: { searchWords: 'રાયડો સરસવ' } } } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.translations.gujrati).toEqual({ searchWords: 'રાયડો સરસવ' });
    const history = (await t.as(admin, { method: 'GET', url: `/api/skus/${created._id}/history` })).json().data;
    expect(history.at(-1).changes['gujrati.searchWords']).toEqual({ from: 'રાયડો', to: 'રાયડો સરસવ' });
    const long = await t.as(admin, { method: 'POST', url: '/api/skus', payload: { ...english, translations: { hindi: { searchWords: 'क'.repeat(201) } } } });
    expect(long.statusCode).toBe(400);
  });

  it('refuses translations in an unknown language, an unknown field or not text (400) and writes nothing', async () => {
    const admin = await t.admin();
    const before = await dumpDatabase(t.db);
    for (const translations of [
      { marathi: { name: 'x' } },
      { hindi: { colour: 'x' } },
      { hindi: { name: 5 } },
      { gujrati: 'નામ' },
      { hindi: { name: 'x'.repeat(121) } },
    ]) {
      const res = await t.as(admin, { method: 'POST', url: '/api/skus', payload: { ...english, translations } });
      expect(res.statusCode, JSON.stringify(translations)).toBe(400);
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
  });

  it("shows each line's translated names in the farmer's quotations and in the admin lists", async () => {
    const created = await create({ hindi: { name: 'सरसों का भूसा' }, gujrati: { name: 'રાયડાનું ભૂસું' } });
    const farmer = await t.farmer();
    const posted = await t.as(farmer, {
      method: 'POST',
      url: '/api/quotations',
      payload: { skusDetail: [{ skuIdentifier: created._id, quantity: 3 }] },
    });
    expect(posted.statusCode).toBe(201);
    const expected = {
      _id: created._id,
      name: 'Mustard Husk',
      skuQuantityUnit: 'kg',
      translations: { hindi: { name: 'सरसों का भूसा' }, gujrati: { name: 'રાયડાનું ભૂસું' } },
    };
    const mine = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data;
    expect(mine[0].skusDetail[0].skuIdentifier).toMatchObject(expected);
    const one = (await t.as(farmer, { method: 'GET', url: `/api/quotations/${mine[0]._id}` })).json().data;
    expect(one.skusDetail[0].skuIdentifier).toMatchObject(expected);
    const all = (await t.as(await t.admin(), { method: 'GET', url: '/api/quotations/all' })).json().data;
    expect(all.find((q: { _id: string }) => q._id === mine[0]._id).skusDetail[0].skuIdentifier).toMatchObject(expected);

    // A SKU edit leaves the line as quoted (decision 031); the catalogue shows the new name.
    const edited = await t.as(await t.admin(), {
      method: 'PATCH',
      url: `/api/skus/${created._id}`,
      payload: { version: created.version, translations: { gujrati: { name: 'રાયડાનાં ફોતરાં' } } },
    });
    expect(edited.json().data.translations.gujrati).toEqual({ name: 'રાયડાનાં ફોતરાં' });
    const again = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data;
    expect(again[0].skusDetail[0].skuIdentifier.translations.gujrati).toEqual({ name: 'રાયડાનું ભૂસું' });
  });

  it('ships the eight sample products with Hindi and Gujarati names and descriptions', async () => {
    const skus = (await t.as(await t.farmer(), { method: 'GET', url: '/api/skus' })).json().data.slice(0, 8);
    for (const sku of skus) {
      expect(sku.translations.hindi.name).toMatch(/^[\u0900-\u097f ()-]+$/);
      expect(sku.translations.gujrati.name).toMatch(/^[\u0a80-\u0aff ()-]+$/);
      expect(sku.translations.hindi.description.length).toBeGreaterThan(20);
      expect(sku.translations.gujrati.description.length).toBeGreaterThan(20);
    }
    const paddy = skus.find((s: { name: string }) => s.name === 'Paddy Straw');
    expect(paddy.translations.hindi.name).toContain('पराली');
    expect(paddy.translations.gujrati.name).toContain('પરાળ');
  });
});

describe.each(databases())('migration 0003 on %s', (kind) => {
  it('adds the translation columns to a database that already holds SKUs, and fills in the samples', async () => {
    const fresh = await freshDatabase(kind);
    const { db, schema } = fresh;
    try {
      // The database as a release before translations left it, with its catalogue and an admin's own SKU.
      await migrateTo(db, '0002_answer_versions', schema);
      await sql`insert into skus (id, display_id, name, description, category_name, brand_name, image, available_qty, minimum_price, sku_quantity_unit, version, created_at, updated_at)
        values ('old1', 'SKU1001', 'Paddy Straw', 'Baled paddy straw.', 'Straw & Stover', 'Punjab Harvest', '/api/uploads/abcdef0123456789', 800, 45000, 'quintal', 3, ${T0}, ${T0}),
               ('old2', 'SKU1002', 'Neem Cake', 'Neem seed cake.', 'Manure', 'Local', '/api/uploads/abcdef0123456789', 10, 900, 'bag', 1, ${T0}, ${T0})`.execute(db);

      await migrateToLatest(db, schema);
      const rows = await db.selectFrom('skus').selectAll().orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.name, r.version, r.hindiName, r.gujratiName])).toEqual([
        ['old1', 'Paddy Straw', 3, null, null],
        ['old2', 'Neem Cake', 1, null, null],
      ]);

      // Start-up seeding fills the sample product's texts, never an admin's own SKU.
      expect(await seedDatabase(db, T0 + 1)).toBe(0);
      const after = await db.selectFrom('skus').selectAll().orderBy('id').execute();
      expect(after[0]).toMatchObject({ hindiName: 'धान का पुआल (पराली)', gujratiName: 'ડાંગરનું પરાળ', hindiSearchWords: 'पराली पुआल धान', version: 4 });
      expect(after[1]).toMatchObject({ hindiName: null, gujratiName: null, version: 1 });
      // Run again: nothing more to fill.
      await seedDatabase(db, T0 + 2);
      expect((await db.selectFrom('skus').select('version').where('id', '=', 'old1').executeTakeFirstOrThrow()).version).toBe(4);
      // A catalogue translated before search words existed (migration 0020) gets the sample's words, once.
      await db.updateTable('skus').set({ hindiSearchWords: null, gujratiSearchWords: null }).execute();
      await seedDatabase(db, T0 + 3);
      await seedDatabase(db, T0 + 4);
      const worded = await db.selectFrom('skus').selectAll().orderBy('id').execute();
      expect(worded[0]).toMatchObject({ hindiSearchWords: 'पराली पुआल धान', gujratiSearchWords: 'પરાળ ડાંગર ચોખા', version: 5 });
      expect(worded[1]).toMatchObject({ hindiSearchWords: null, gujratiSearchWords: null, version: 1 });
    } finally {
      await fresh.drop();
    }
  });
});
