/**
 * Two admins edit the same quotation against the real server (no mocks): the admin quotations chart runs
 * with the real admin actors, each through its own client and token, over HTTP to a listening app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { adminQuotationsMachine, openQuotation } from '../../machines/admin-quotations.machine';
import type { DataResponse } from '../../src/domain/api';
import type { Quotation, Sku } from '../../src/domain/types';
import { adminQuotationsActors } from '../../src/web/admin/actors';
import { createApi } from '../../src/web/api/client';
import en from '../../locales/en.json';
import { createTestApp, databases, testConfig, type Session, type TestApp } from '../support/server/app';

const ADMIN_A = '9000000011';
const ADMIN_B = '9000000012';

type AdminActor = ActorRefFrom<typeof adminQuotationsMachine>;

describe.each(databases())('a stale quotation save on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let farmer: Session;
  let quotationId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { config: testConfig({ adminMobileNumbers: [ADMIN_A, ADMIN_B] }) });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
    base = `http://127.0.0.1:${address.port}/api`;
    farmer = await t.farmer();
    const skus = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json<DataResponse<Sku[]>>().data;
    const created = await t.as(farmer, {
      method: 'POST',
      url: '/api/quotations',
      payload: { skusDetail: [{ skuIdentifier: skus[0]!._id, quantity: 4 }, { skuIdentifier: skus[1]!._id, quantity: 2 }] },
    });
    expect(created.statusCode).toBe(201);
    quotationId = created.json<DataResponse<Quotation>>().data._id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  }, 60_000);

  async function adminAt(mobile: string): Promise<AdminActor> {
    const session = await t.login(mobile);
    const call = createApi(base, () => session.token);
    const actor = createActor(adminQuotationsMachine.provide({ actors: adminQuotationsActors(call) })).start();
    await waitFor(actor, (s) => s.matches('browsing'), { timeout: 10_000 });
    actor.send({ type: 'sheet.open', id: quotationId });
    actor.send({ type: 'sheet.edit' });
    return actor;
  }

  const stored = async () =>
    (await t.as(farmer, { method: 'GET', url: `/api/quotations/${quotationId}` })).json<DataResponse<Quotation>>().data;

  it('refuses the second save with the failure message, reloads its quotation and keeps the first admin’s change', async () => {
    const first = await adminAt(ADMIN_A);
    const second = await adminAt(ADMIN_B);
    const startVersion = openQuotation(first.getSnapshot().context)!.version;

    first.send({ type: 'draft.change', change: { status: 'COMPLETED' } });
    first.send({ type: 'draft.change', change: { line: 0, field: 'goods', value: '12,000' } });
    first.send({ type: 'draft.change', change: { line: 0, field: 'shipping', value: '800.50' } });
    second.send({ type: 'draft.change', change: { status: 'COMPLETED' } });
    second.send({ type: 'draft.change', change: { line: 0, field: 'goods', value: '9000' } });
    second.send({ type: 'draft.change', change: { line: 0, field: 'discount', value: '250' } });

    first.send({ type: 'sheet.save', now: Date.now() });
    await waitFor(first, (s) => s.matches('browsing'), { timeout: 10_000 });

    second.send({ type: 'sheet.save', now: Date.now() });
    const refused = await waitFor(second, (s) => s.matches({ sheet: 'conflict' }), { timeout: 10_000 });
    expect(refused.hasTag('saveFailed')).toBe(true);
    expect(en['admin.quotations.saveFailed']).toBe('Failed to save quotation.');

    // The second admin now sees the quotation as the first admin saved it, with their own draft kept aside.
    const reloaded = openQuotation(refused.context)!;
    expect(reloaded.version).toBeGreaterThan(startVersion);
    expect(reloaded.skusDetail[0]).toMatchObject({ goodsPricePaisa: 1_200_000, shippingPricePaisa: 80_050, discountPaisa: 0 });
    expect(refused.context.refused?.mine.lines[0]).toMatchObject({ goods: '9000', discount: '250' });

    // The first admin's change stands in the database.
    const saved = await stored();
    expect(saved.status).toBe('COMPLETED');
    expect(saved.skusDetail[0]).toMatchObject({ goodsPricePaisa: 1_200_000, shippingPricePaisa: 80_050, discountPaisa: 0 });
    expect(saved.version).toBe(reloaded.version);

    first.stop();
    second.stop();
  });

  it('saves the second admin’s own changes once re-applied, keeping the first admin’s', async () => {
    const first = await adminAt(ADMIN_A);
    const second = await adminAt(ADMIN_B);
    first.send({ type: 'draft.change', change: { line: 1, field: 'goods', value: '3000' } });
    second.send({ type: 'draft.change', change: { line: 1, field: 'quantity', value: '3' } });
    first.send({ type: 'sheet.save', now: Date.now() });
    await waitFor(first, (s) => s.matches('browsing'), { timeout: 10_000 });
    second.send({ type: 'sheet.save', now: Date.now() });
    await waitFor(second, (s) => s.matches({ sheet: 'conflict' }), { timeout: 10_000 });

    second.send({ type: 'draft.reapply' });
    second.send({ type: 'sheet.save', now: Date.now() });
    await waitFor(second, (s) => s.matches('browsing'), { timeout: 10_000 });

    // Only what the second admin changed is laid over the new version: the first admin's price stands.
    const saved = await stored();
    expect(saved.skusDetail[1]).toMatchObject({ quantity: 3, goodsPricePaisa: 300_000 });
    first.stop();
    second.stop();
  });
});
