/**
 * The audit trail of SKUs: creating and editing a SKU appends an audit row in the same transaction
 * (who, when, each changed field from → to, translations field by field), and
 * GET /api/skus/{id}/history answers it to admins like the other history routes.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry, Sku } from '../../src/domain/types';
import { updateSku } from '../../src/server/repos/skus';
import { failingInsertOf } from '../support/server/failing-write';
import { databases, dumpDatabase, useTestApp } from '../support/server/app';
import { skuBody } from '../support/server/sku-fixtures';

describe.each(databases())('SKU audit trail on %s', (kind) => {
  const t = useTestApp(kind);
  const body = skuBody({ translations: { hindi: { name: 'सरसों की भूसी' } } });

  async function created(): Promise<{ admin: Awaited<ReturnType<typeof t.admin>>; sku: Sku }> {
    const admin = await t.admin();
    const res = await t.as(admin, { method: 'POST', url: '/api/skus', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return { admin, sku: res.json().data };
  }

  it('records the creation, every field from nothing, with who and when', async () => {
    const { admin, sku } = await created();
    const res = await t.as(admin, { method: 'GET', url: `/api/skus/${sku._id}/history` });
    expect(res.statusCode).toBe(200);
    const history: AuditEntry[] = res.json().data;
    expect(history).toHaveLength(1);
    expect(history[0]).toEqual({
      at: new Date(t.clock.now()).toISOString(),
      by: { _id: admin.userId, name: null, mobileNumber: admin.mobile },
      changes: {
        name: { from: null, to: 'Mustard Husk' },
        description: { from: null, to: 'Husk left after mustard threshing.' },
        categoryName: { from: null, to: 'Shells & Husks' },
        brandName: { from: null, to: 'Rajasthan Agro' },
        image: { from: null, to: '/api/uploads/abcdef0123456789' },
        availableQty: { from: null, to: 500 },
        minimumPrice: { from: null, to: 35_000 },
        skuQuantityUnit: { from: null, to: 'kg' },
        'hindi.name': { from: null, to: 'सरसों की भूसी' },
      },
    });
  });

  it('records an edit field by field, translations included, oldest first; an edit that changes nothing adds no row', async () => {
    const { admin, sku } = await created();
    t.clock.advance(60_000);
    const edit = await t.as(admin, {
      method: 'PATCH',
      url: `/api/skus/${sku.skuDisplayId}`,
      payload: {
        version: 1,
        minimumPrice: 36_050,
        availableQty: 500,
        translations: { hindi: { name: '' }, gujrati: { brandName: 'રાજસ્થાન એગ્રો' } },
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    t.clock.advance(60_000);
    const same = await t.as(admin, { method: 'PATCH', url: `/api/skus/${sku._id}`, payload: { version: 2, availableQty: 500 } });
    expect(same.statusCode).toBe(200);

    const history: AuditEntry[] = (await t.as(admin, { method: 'GET', url: `/api/skus/${sku.skuDisplayId}/history` })).json().data;
    expect(history).toHaveLength(2);
    expect(history[1]!.by!._id).toBe(admin.userId);
    expect(history[1]!.at).toBe(new Date(t.clock.now() - 60_000).toISOString());
    expect(history[1]!.changes).toEqual({
      minimumPrice: { from: 35_000, to: 36_050 },
      'hindi.name': { from: 'सरसों की भूसी', to: null },
      'gujrati.brandName': { from: null, to: 'રાજસ્થાન એગ્રો' },
    });
  });

  it('writes nothing for a stale edit (409) and keeps the history to admins; an unknown SKU is 404', async () => {
    const { admin, sku } = await created();
    const before = await dumpDatabase(t.db);
    const auditBefore = await t.db.selectFrom('auditLog').selectAll().execute();
    const stale = await t.as(admin, { method: 'PATCH', url: `/api/skus/${sku._id}`, payload: { version: 7, minimumPrice: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(await dumpDatabase(t.db)).toEqual(before);
    expect(await t.db.selectFrom('auditLog').selectAll().execute()).toEqual(auditBefore);
    const farmer = await t.farmer();
    expect((await t.as(farmer, { method: 'GET', url: `/api/skus/${sku._id}/history` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/skus/${sku._id}/history` })).statusCode).toBe(401);
    const missing = await t.as(admin, { method: 'GET', url: '/api/skus/SKU999999/history' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such SKU', code: 'NOT_FOUND' });
  });

  it('writes the audit row in the same transaction as the edit: an audit row that cannot be written leaves no edit', async () => {
    const { admin, sku } = await created();
    const before = await dumpDatabase(t.db);
    // updateSku writes the SKU, then its audit row: make the audit row fail.
    await expect(updateSku(t.db.withPlugin(failingInsertOf('audit_log')), sku._id, 1, { minimumPrice: 1 }, t.clock.now(), admin.userId)).rejects.toThrow(
      'the disk is full',
    );
    expect(await dumpDatabase(t.db)).toEqual(before);
  });
});
