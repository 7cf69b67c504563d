import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { databases, dumpDatabase, useTestApp } from '../support/server/app';
import { skuBody as body } from '../support/server/sku-fixtures';

describe.each(databases())('SKUs on %s', (kind) => {
  const t = useTestApp(kind);
  it('seeds the eight sample products with display ids, prices in paisa and drawn WebP pictures', async () => {
    const farmer = await t.farmer();
    const res = await t.as(farmer, { method: 'GET', url: '/api/skus' });
    expect(res.statusCode).toBe(200);
    const skus = res.json().data;
    expect(skus.map((s: { name: string }) => s.name)).toEqual([
      'Groundnut Shell',
      'Jawar Kadab (Sorghum Residue)',
      'Animal Waste (Cow Dung)',
      'Paddy Straw',
      'Coconut Husk',
      'Wheat Straw (Loose)',
      'Bagasse',
      'Corn Cobs',
    ]);
    expect(skus[0]).toMatchObject({ skuDisplayId: 'SKU1001', version: 1, skuQuantityUnit: 'kg', minimumPrice: 800 });
    for (const sku of skus) {
      expect(sku.description.length).toBeGreaterThan(20);
      const image = await t.app.inject({ method: 'GET', url: sku.image });
      expect(image.statusCode).toBe(200);
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
    }
  });

  it('refuses the list without a login (401) and to an unverified user (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/skus' })).statusCode).toBe(401);
    expect((await t.as(await t.unverified(), { method: 'GET', url: '/api/skus' })).statusCode).toBe(403);
  });

  it('lets an admin create a SKU (201) with the next display id', async () => {
    const admin = await t.admin();
    const res = await t.as(admin, { method: 'POST', url: '/api/skus', payload: body() });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ ...body(), skuDisplayId: 'SKU1009', version: 1 });
    expect(res.json().data._id).toMatch(/^[a-f0-9]{24}$/);
  });

  it('refuses SKU creation by a farmer (403) and bad bodies (400) without writing', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const before = await dumpDatabase(t.db);
    expect((await t.as(farmer, { method: 'POST', url: '/api/skus', payload: body() })).statusCode).toBe(403);
    for (const payload of [
      body({ minimumPrice: -1 }),
      body({ minimumPrice: 10.5 }),
      body({ availableQty: '5' }),
      body({ image: 'https://elsewhere.example/x.png' }),
      body({ extra: 1 }),
      { name: 'Only a name' },
    ]) {
      const res = await t.as(admin, { method: 'POST', url: '/api/skus', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    const after = await dumpDatabase(t.db);
    expect({ ...after, sessions: [] }).toEqual({ ...before, sessions: [] });
  });

  it('patches a SKU by _id or display id when the version matches, and refuses a stale version with 409', async () => {
    const admin = await t.admin();
    const created = (await t.as(admin, { method: 'POST', url: '/api/skus', payload: body({ name: 'Sesame Stalks' }) })).json().data;
    const first = await t.as(admin, {
      method: 'PATCH',
      url: `/api/skus/${created._id}`,
      payload: { minimumPrice: 400, version: 1 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ minimumPrice: 400, version: 2, name: 'Sesame Stalks' });

    const stale = await t.as(admin, { method: 'PATCH', url: `/api/skus/${created._id}`, payload: { minimumPrice: 1, version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const byDisplay = await t.as(admin, {
      method: 'PATCH',
      url: `/api/skus/${created.skuDisplayId}`,
      payload: { ...first.json().data },
    });
    expect(byDisplay.statusCode).toBe(200);
    expect(byDisplay.json().data).toMatchObject({ minimumPrice: 400, version: 3 });
  });

  it('refuses a SKU patch without a version, for an unknown SKU, or by a farmer', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    expect((await t.as(admin, { method: 'PATCH', url: '/api/skus/SKU1001', payload: { name: 'x' } })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'PATCH', url: '/api/skus/SKU9999', payload: { version: 1 } })).statusCode).toBe(404);
    expect((await t.as(farmer, { method: 'PATCH', url: '/api/skus/SKU1001', payload: { version: 1 } })).statusCode).toBe(403);
  });
});
