/**
 * The farmer's first page built when it changes (decision 029): every write that changes a farmer's
 * list stores that farmer's page, a first ask reads it, and a stored page that no longer holds (its
 * versions, its validity rule or its end passed) is never served.
 */
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { buildApp } from '../../src/server/app';
import {
  FARMER_PAGE_FORMAT,
  FarmerPages,
  findStoredPage,
  onNewCatalogue,
  pagesBehind,
  serializeFarmerPage,
  storedPageBehindCatalogue,
  storeFarmerPage,
  type StoredPage,
} from '../../src/server/http/farmer-pages';
import { pageOf } from '../../src/server/http/list-query';
import { quotationSchema } from '../../src/server/http/schemas';
import { createQuotation, farmerQuotationPage } from '../../src/server/repos/quotations';
import { adminSetQuotation } from '../support/quotation-writes';
import { databases, useTestApp, type Session } from '../support/server-app';

describe.each(databases())('the stored farmer pages on %s', (kind) => {
  const t = useTestApp(kind);
  const rules = () => ({ validityDays: t.options.config.quotationValidityDays });
  const started: FastifyInstance[] = [];
  afterAll(() => Promise.all(started.map((app) => app.close())));

  /**
   * A new server instance on the same database: nothing in its memory, as after a restart. Its
   * background worker is stopped once it is ready, so a row behind stays behind (the catch-up is
   * tested on its own below) and what these asks are served proves the check on the stored row.
   */
  async function restarted(config: Partial<typeof t.options.config> = {}): Promise<FastifyInstance> {
    const app = await buildApp({ ...t.options, config: { ...t.options.config, ...config } });
    started.push(app);
    await app.ready();
    await app.deps.farmerPages.stop();
    return app;
  }

  async function create(s: Session, quantity = 3): Promise<Quotation> {
    const skus: Sku[] = (await t.as(s, { method: 'GET', url: '/api/skus' })).json().data;
    const res = await t.as(s, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: skus[0]!._id, quantity }] } });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }

  const versions = async (userId: string) => {
    const user = await t.db.selectFrom('users').select('quotationsVersion').where('id', '=', userId).executeTakeFirstOrThrow();
    const catalogue = await t.db.selectFrom('counters').select('value').where('name', '=', 'catalogue').executeTakeFirstOrThrow();
    return { quotationsVersion: Number(user.quotationsVersion), catalogueVersion: Number(catalogue.value) };
  };

  /** Replaces the stored page's answer with `marker`, its versions untouched: served, it proves the store answered. */
  async function tamper(userId: string, marker: object): Promise<string> {
    const body = Buffer.from(JSON.stringify(marker));
    await t.db.updateTable('farmerPages').set({ size: body.length, br: brotliCompressSync(body) }).where('userId', '=', userId).execute();
    return body.toString('utf8');
  }

  const firstAsk = (app: FastifyInstance, s: Session, encoding = 'br') =>
    app.inject({ method: 'GET', url: '/api/quotations', headers: { ...s.auth, 'accept-encoding': encoding } });
  const bodyOf = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
    (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload).toString('utf8');

  it('stores the page at the versions of the write, the very answer a build gives', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    const q = await create(farmer, 5);
    const stored = await findStoredPage(t.db, farmer.userId);
    expect(stored).toMatchObject({ ...(await versions(farmer.userId)), validityDays: rules().validityDays, expiresAt: Infinity });
    // The same page, built on the request (a page with an explicit size is never stored or kept).
    const built = await t.as(farmer, { method: 'GET', url: '/api/quotations?limit=50' });
    expect(brotliDecompressSync(stored!.br).toString('utf8')).toBe(built.body);
    expect(stored!.size).toBe(Buffer.byteLength(built.body));
    expect(JSON.parse(built.body).data[0]._id).toBe(q._id);
  });

  it("answers a server's first ask from the stored page: its brotli bytes as stored, or its JSON, gzipped or plain", async () => {
    const farmer = await t.farmer();
    await create(farmer);
    // Above the 1 KB below which answers go out uncompressed.
    const marker = await tamper(farmer.userId, { data: [], nextCursor: null, total: 42, note: 'stored '.repeat(200) });
    const app = await restarted();
    const res = await firstAsk(app, farmer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(bodyOf(res)).toBe(marker);
    const stored = await findStoredPage(t.db, farmer.userId);
    expect(res.rawPayload.equals(stored!.br)).toBe(true);
    const identity = await firstAsk(app, farmer, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(marker);
    const gzip = await firstAsk(app, farmer, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(marker);
    for (const answer of [res, identity, gzip]) {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.etag).toBe(res.headers.etag);
    }
    for (const answer of [res, gzip]) expect(answer.headers.vary).toContain('accept-encoding');
  });

  it('serializes a page as Fastify serializes it under the route’s response schema', async () => {
    const farmer = await t.farmer();
    const q = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 40_000);
    await create(farmer, 2);
    const { page } = await farmerQuotationPage(t.db, { userId: farmer.userId, limit: 50 }, t.clock.now(), rules());
    const plain = Fastify();
    plain.get('/page', { schema: { response: { 200: pageOf(quotationSchema) } } }, async () => page);
    const res = await plain.inject({ method: 'GET', url: '/page' });
    await plain.close();
    expect(serializeFarmerPage(page)).toBe(res.body);
    expect(JSON.parse(res.body).data[1]).toMatchObject({ _id: q._id, validUntil: q.validUntil });
  });

  it('never serves a stored page of another answer format (a row an earlier release stored)', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    await tamper(farmer.userId, { data: [], nextCursor: null, total: 42 });
    await t.db.updateTable('farmerPages').set({ format: `0/${FARMER_PAGE_FORMAT}` }).where('userId', '=', farmer.userId).execute();
    expect(JSON.parse(bodyOf(await firstAsk(await restarted(), farmer))).total).toBe(1);
  });

  it('never serves a stored page behind the farmer’s version: a write made without a refresh shows', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    await tamper(farmer.userId, { data: [], nextCursor: null, total: 42 });
    const skus: Sku[] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data;
    // The write a crashed server committed before its refresh: the stored row stays behind.
    const id = await createQuotation(t.db, farmer.userId, [{ skuId: skus[1]!._id, quantity: 2, minimumPrice: skus[1]!.minimumPrice }], t.clock.now());
    const res = await firstAsk(await restarted(), farmer);
    const page = JSON.parse(bodyOf(res));
    expect(page.total).toBe(2);
    expect(page.data[0]._id).toBe(id);
  });

  /** An admin's edit of this SKU: its English and Hindi names, minimum price and image (another SKU's). */
  async function editSku(skuId: string): Promise<Sku> {
    const admin = await t.admin();
    const skus: Sku[] = (await t.as(admin, { method: 'GET', url: '/api/skus' })).json().data;
    const sku = skus.find((s) => s._id === skuId)!;
    const other = skus.find((s) => s._id !== skuId && s.image !== sku.image)!;
    const edit = await t.as(admin, {
      method: 'PATCH',
      url: `/api/skus/${sku._id}`,
      payload: { name: `${sku.name} (new)`, minimumPrice: sku.minimumPrice + 7, image: other.image, translations: { hindi: { name: 'नया नाम' } }, version: sku.version },
    });
    expect(edit.statusCode).toBe(200);
    return edit.json().data;
  }

  /** The stored page's answer as JSON, with its total changed to `total`: served, it proves the stored page answered. */
  async function markedStoredPage(userId: string, total: number): Promise<StoredPage> {
    const page = JSON.parse(brotliDecompressSync((await findStoredPage(t.db, userId))!.br).toString('utf8'));
    page.total = total;
    await tamper(userId, page);
    return (await findStoredPage(t.db, userId))!;
  }

  it('after a SKU edit serves a stored page only in the catalogue of now: the stored page, its SKUs as edited, never built', async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    await create(farmer, 2);
    const before = await versions(farmer.userId);
    const stored = await markedStoredPage(farmer.userId, 42);
    const edited = await editSku(q.skusDetail[0]!.skuIdentifier._id);
    await t.app.deps.farmerPages.idle();
    // The row as a SKU edit leaves it, before the catch-up reaches the farmer.
    await t.db.updateTable('farmerPages').set({ catalogueVersion: before.catalogueVersion, br: stored.br, size: stored.size }).where('userId', '=', farmer.userId).execute();
    const res = await firstAsk(await restarted(), farmer);
    const page = JSON.parse(bodyOf(res));
    // The stored page (a build counts 2) ...
    expect(page.total).toBe(42);
    // ... in the catalogue of now: every line of the edited SKU, and the image of each quotation it leads.
    for (const quotation of page.data as Quotation[]) {
      expect(quotation.skusDetail[0]!.skuIdentifier).toEqual(expect.objectContaining({ name: edited.name, image: edited.image, minimumPrice: edited.minimumPrice }));
      expect(quotation.skusDetail[0]!.skuIdentifier.translations?.hindi?.name).toBe('नया नाम');
      expect(quotation.image).toBe(edited.image);
    }
    expect(res.headers.etag).toBe((await t.as(farmer, { method: 'GET', url: '/api/quotations' })).headers.etag);
  });

  it('builds the page, after a SKU edit, when the stored row behind the catalogue holds no page', async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    const before = await versions(farmer.userId);
    const edited = await editSku(q.skusDetail[0]!.skuIdentifier._id);
    await t.app.deps.farmerPages.idle();
    await tamper(farmer.userId, { damaged: true });
    await t.db.updateTable('farmerPages').set({ catalogueVersion: before.catalogueVersion }).where('userId', '=', farmer.userId).execute();
    const res = await firstAsk(await restarted(), farmer);
    expect(res.statusCode).toBe(200);
    const page = JSON.parse(bodyOf(res));
    expect(page.total).toBe(1);
    expect(page.data[0].skusDetail[0].skuIdentifier.name).toBe(edited.name);
  });

  it('brings a stored page to a new catalogue byte for byte as a build gives it: pending, priced, ordered with its tracker', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const skus: Sku[] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data;
    const two = await t.as(farmer, {
      method: 'POST',
      url: '/api/quotations',
      payload: { skusDetail: [{ skuIdentifier: skus[1]!._id, quantity: 4 }, { skuIdentifier: skus[0]!._id, quantity: 2 }] },
    });
    expect(two.statusCode).toBe(201);
    const priced = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 40_000);
    const ordered = await adminSetQuotation(t, await create(farmer, 6), 'COMPLETED', 55_000);
    const placed = await t.as(farmer, { method: 'POST', url: `/api/orders/${ordered._id}` });
    expect(placed.statusCode).toBe(201);
    const moved = await t.as(admin, { method: 'PATCH', url: `/api/orders/update/${placed.json().data._id}`, payload: { status: 'IN_TRANSIT', amountPaidPaisa: 100 } });
    expect(moved.statusCode).toBe(200);
    const stored = (await findStoredPage(t.db, farmer.userId))!;
    await editSku(skus[0]!._id);
    const now = await versions(farmer.userId);
    expect(now.catalogueVersion).toBeGreaterThan(stored.catalogueVersion);
    expect(storedPageBehindCatalogue(stored, now.quotationsVersion, now.catalogueVersion, t.clock.now(), rules())).toBe(true);
    const built = serializeFarmerPage((await farmerQuotationPage(t.db, { userId: farmer.userId, limit: 50 }, t.clock.now(), rules())).page);
    expect(await onNewCatalogue(t.db, stored, now.catalogueVersion)).toBe(built);
    expect(JSON.parse(built).data.map((q: Quotation) => q._id)).toEqual([ordered._id, priced._id, two.json().data._id]);
    // Not for a page behind the farmer's version, nor one past its end: those are built.
    expect(storedPageBehindCatalogue(stored, now.quotationsVersion + 1, now.catalogueVersion, t.clock.now(), rules())).toBe(false);
    expect(storedPageBehindCatalogue(stored, now.quotationsVersion, now.catalogueVersion, stored.expiresAt, rules())).toBe(false);
  });

  it('brings a stored page to a new catalogue byte for byte when its SKU names hold the marks its JSON is cut at', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const skus: Sku[] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data;
    // Names that, unescaped, would read as a line's quantity, a quotation's lines or image, or a SKU's id.
    const tricky = ['Shell ","quantity":1} \\ {"skuIdentifier":{"_id":"x', 'Straw ,"skusDetail":[ ,"image":"y" ]}'];
    for (const [i, name] of tricky.entries()) {
      const sku = (await t.as(admin, { method: 'GET', url: '/api/skus' })).json().data.find((x: Sku) => x._id === skus[i]!._id);
      const res = await t.as(admin, { method: 'PATCH', url: `/api/skus/${sku._id}`, payload: { name, translations: { hindi: { name: `${name} "हिंदी"` } }, version: sku.version } });
      expect(res.statusCode).toBe(200);
    }
    const two = await t.as(farmer, {
      method: 'POST',
      url: '/api/quotations',
      payload: { skusDetail: [{ skuIdentifier: skus[0]!._id, quantity: 4 }, { skuIdentifier: skus[1]!._id, quantity: 2 }] },
    });
    expect(two.statusCode).toBe(201);
    await create(farmer);
    const stored = (await findStoredPage(t.db, farmer.userId))!;
    expect(brotliDecompressSync(stored.br).toString('utf8')).toContain('\\"quantity\\":1}');
    await editSku(skus[1]!._id);
    const now = await versions(farmer.userId);
    expect(storedPageBehindCatalogue(stored, now.quotationsVersion, now.catalogueVersion, t.clock.now(), rules())).toBe(true);
    const built = serializeFarmerPage((await farmerQuotationPage(t.db, { userId: farmer.userId, limit: 50 }, t.clock.now(), rules())).page);
    expect(await onNewCatalogue(t.db, stored, now.catalogueVersion)).toBe(built);
  });

  it("stores every farmer's page again, in the background, after a SKU edit", async () => {
    const [a, b] = [await t.farmer(), await t.farmer()];
    const q = await create(a);
    await create(b);
    const admin = await t.admin();
    const sku: Sku = (await t.as(admin, { method: 'GET', url: '/api/skus' })).json().data.find((s: Sku) => s._id === q.skusDetail[0]!.skuIdentifier._id);
    const edit = await t.as(admin, { method: 'PATCH', url: `/api/skus/${sku._id}`, payload: { name: `${sku.name} (renamed)`, version: sku.version } });
    expect(edit.statusCode).toBe(200);
    await t.app.deps.farmerPages.idle();
    for (const farmer of [a, b]) {
      const stored = await findStoredPage(t.db, farmer.userId);
      expect(stored).toMatchObject(await versions(farmer.userId));
      expect(JSON.parse(brotliDecompressSync(stored!.br).toString('utf8')).data[0].skusDetail[0].skuIdentifier.name).toBe(`${sku.name} (renamed)`);
    }
  });

  it('brings, in the background after a SKU edit, a stored page to the new catalogue without building it', async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    await t.app.deps.farmerPages.idle();
    await markedStoredPage(farmer.userId, 42);
    const edited = await editSku(q.skusDetail[0]!.skuIdentifier._id);
    await t.app.deps.farmerPages.idle();
    const stored = (await findStoredPage(t.db, farmer.userId))!;
    expect(stored).toMatchObject(await versions(farmer.userId));
    const page = JSON.parse(brotliDecompressSync(stored.br).toString('utf8'));
    // The marked page (a build counts 1), in the new catalogue.
    expect(page.total).toBe(42);
    expect(page.data[0].skusDetail[0].skuIdentifier.name).toBe(edited.name);
  });

  it('stores again, as a server starts, the pages a deploy or a lost refresh left behind', async () => {
    const [a, b, c] = [await t.farmer(), await t.farmer(), await t.farmer()];
    for (const farmer of [a, b, c]) await create(farmer);
    await t.db.updateTable('farmerPages').set({ format: `0/${FARMER_PAGE_FORMAT}` }).where('userId', '=', a.userId).execute();
    await t.db.updateTable('farmerPages').set({ quotationsVersion: 0 }).where('userId', '=', b.userId).execute();
    await t.db.updateTable('farmerPages').set({ validityDays: rules().validityDays + 1 }).where('userId', '=', c.userId).execute();
    const app = await buildApp({ ...t.options });
    started.push(app);
    await app.ready();
    await app.deps.farmerPages.idle();
    for (const farmer of [a, b, c]) {
      expect(await findStoredPage(t.db, farmer.userId)).toMatchObject({
        ...(await versions(farmer.userId)),
        format: FARMER_PAGE_FORMAT,
        validityDays: rules().validityDays,
      });
    }
  });

  it("stores, as a server starts, the page of every farmer with quotations and no stored page (an older database, or PostgreSQL's crash emptying the unlogged table), and none for a user without quotations", async () => {
    const [a, b] = [await t.farmer(), await t.farmer()];
    const idle = await t.farmer();
    for (const farmer of [a, b]) await create(farmer);
    await t.app.deps.farmerPages.idle();
    // Every row gone, as after PostgreSQL's crash recovery truncates the unlogged table.
    await t.db.deleteFrom('farmerPages').execute();
    const app = await buildApp({ ...t.options });
    started.push(app);
    await app.ready();
    await app.deps.farmerPages.idle();
    for (const farmer of [a, b]) {
      expect(await findStoredPage(t.db, farmer.userId)).toMatchObject({ ...(await versions(farmer.userId)), format: FARMER_PAGE_FORMAT });
      // And the next server's first ask is served from it (the row's answer, not a build).
      const marker = await tamper(farmer.userId, { stored: farmer.userId });
      expect(bodyOf(await firstAsk(await restarted(), farmer))).toBe(marker);
    }
    expect(await findStoredPage(t.db, idle.userId)).toBeUndefined();
    expect((await pagesBehind(t.db, '', rules(), 1_000)).behind).toEqual([]);
  });

  it('walks the users a window at a time, past windows with none behind', async () => {
    const farmers = [await t.farmer(), await t.farmer(), await t.farmer()];
    for (const farmer of farmers) await create(farmer);
    await t.app.deps.farmerPages.idle();
    const last = [...farmers].sort((x, y) => (x.userId < y.userId ? -1 : 1))[2]!;
    await t.db.updateTable('farmerPages').set({ format: `0/${FARMER_PAGE_FORMAT}` }).where('userId', '=', last.userId).execute();
    const found: string[] = [];
    let steps = 0;
    for (let after: string | null = ''; after !== null; steps++) {
      const step: Awaited<ReturnType<typeof pagesBehind>> = await pagesBehind(t.db, after, rules(), 2);
      found.push(...step.behind);
      after = step.next;
    }
    expect(found).toEqual([last.userId]);
    const users = await t.db.selectFrom('users').select('id').execute();
    expect(steps).toBe(Math.floor(users.length / 2) + 1);
  });

  it('walks once more from the start when a SKU edit lands during a walk: no page stays at the older catalogue', async () => {
    const farmers = [await t.farmer(), await t.farmer(), await t.farmer()];
    for (const farmer of farmers) await create(farmer);
    await t.app.deps.farmerPages.idle();
    const bumpCatalogue = () =>
      t.db.updateTable('counters').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', 'catalogue').execute();
    await bumpCatalogue();
    // One row a step: the walk is still under way when the edit lands.
    const pages = new FarmerPages(t.db, () => t.clock.now(), rules(), { warn: () => {} }, 1);
    pages.catchUp();
    // The walk has stored its first farmer's page (the lowest id behind) ...
    const first = [...farmers].sort((x, y) => (x.userId < y.userId ? -1 : 1))[0]!;
    const catalogue = async () => (await versions(first.userId)).catalogueVersion;
    const target = await catalogue();
    while ((await findStoredPage(t.db, first.userId))!.catalogueVersion !== target) await new Promise((r) => setImmediate(r));
    // ... when the next edit lands.
    await bumpCatalogue();
    pages.catchUp();
    await pages.idle();
    for (const farmer of farmers) expect((await findStoredPage(t.db, farmer.userId))!.catalogueVersion).toBe(target + 1);
    // Every stored page, the other tests' farmers' too.
    expect((await pagesBehind(t.db, '', rules(), 1_000)).behind).toEqual([]);
  });

  it('after a gap between requests stores pages for a slice without waiting again; after a wait that ran out, one page a wait', async () => {
    const farmers = [await t.farmer(), await t.farmer(), await t.farmer()];
    for (const farmer of farmers) await create(farmer);
    await t.app.deps.farmerPages.idle();
    const walkWaits = async (gapFound: boolean) => {
      await t.db.updateTable('counters').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', 'catalogue').execute();
      const behind = (await pagesBehind(t.db, '', rules(), 1_000)).behind.length;
      let waits = 0;
      const gap = async () => {
        waits++;
        return gapFound;
      };
      const pages = new FarmerPages(t.db, () => t.clock.now(), rules(), { warn: () => {} }, 1_000, { gap, sliceMs: 60_000 });
      pages.catchUp();
      await pages.idle();
      expect((await pagesBehind(t.db, '', rules(), 1_000)).behind).toEqual([]);
      return { behind, waits };
    };
    // One wait before the walk's step and one before its first page: the rest follow in the slice.
    expect(await walkWaits(true)).toMatchObject({ waits: 2 });
    const { behind, waits } = await walkWaits(false);
    expect(behind).toBeGreaterThanOrEqual(3);
    expect(waits).toBe(1 + behind);
  });

  it('tries a failed walk step again before it drops the walk', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    await t.app.deps.farmerPages.idle();
    await t.db.updateTable('farmerPages').set({ format: `0/${FARMER_PAGE_FORMAT}` }).where('userId', '=', farmer.userId).execute();
    const warnings: string[] = [];
    const pages = new FarmerPages(t.db, () => t.clock.now(), rules(), { warn: (_obj, msg) => warnings.push(msg) });
    // The table is away for the first read (a database failing over), back before the second.
    await t.db.schema.alterTable('farmer_pages').renameTo('farmer_pages_away').execute();
    try {
      pages.catchUp();
      while (warnings.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      await t.db.schema.alterTable('farmer_pages_away').renameTo('farmer_pages').execute();
    }
    await pages.idle();
    expect(warnings).toEqual(['a step of the stored farmer pages walk failed; it is tried again']);
    expect(await findStoredPage(t.db, farmer.userId)).toMatchObject({ format: FARMER_PAGE_FORMAT, ...(await versions(farmer.userId)) });
  });

  it("stores, after an admin's list read expired them, those farmers' pages", async () => {
    const farmer = await t.farmer();
    const priced = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 40_000);
    t.clock.set(Date.parse(priced.validUntil!) + 1);
    const admin = await t.admin();
    const list = await t.as(admin, { method: 'GET', url: `/api/quotations/all?q=${priced.quotationDisplayId}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0].status).toBe('EXPIRED');
    await t.app.deps.farmerPages.idle();
    const stored = await findStoredPage(t.db, farmer.userId);
    expect(stored!.quotationsVersion).toBe((await versions(farmer.userId)).quotationsVersion);
    expect(JSON.parse(brotliDecompressSync(stored!.br).toString('utf8')).data[0].status).toBe('EXPIRED');
  });

  it('never serves a stored page built under another validity rule', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    await tamper(farmer.userId, { data: [], nextCursor: null, total: 42 });
    const longer = await restarted({ quotationValidityDays: rules().validityDays + 3 });
    expect(JSON.parse(bodyOf(await firstAsk(longer, farmer))).total).toBe(1);
  });

  it('stores the page again after each writer: delete, pricing, order, order update', async () => {
    const farmer = await t.farmer();
    const admin = await t.admin();
    const gone = await create(farmer);
    const stillVersion = async () => (await findStoredPage(t.db, farmer.userId))!.quotationsVersion;
    expect((await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${gone._id}` })).statusCode).toBe(200);
    expect(await stillVersion()).toBe((await versions(farmer.userId)).quotationsVersion);
    const priced = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 40_000);
    const stored = await findStoredPage(t.db, farmer.userId);
    expect(stored!.quotationsVersion).toBe((await versions(farmer.userId)).quotationsVersion);
    // A priced quotation's page holds until its validity ends.
    expect(stored!.expiresAt).toBe(Date.parse(priced.validUntil!));
    const placed = await t.as(farmer, { method: 'POST', url: `/api/orders/${priced._id}` });
    expect(placed.statusCode).toBe(201);
    expect(await stillVersion()).toBe((await versions(farmer.userId)).quotationsVersion);
    const moved = await t.as(admin, { method: 'PATCH', url: `/api/orders/update/${placed.json().data._id}`, payload: { status: 'IN_TRANSIT', amountPaidPaisa: 100 } });
    expect(moved.statusCode).toBe(200);
    expect(await stillVersion()).toBe((await versions(farmer.userId)).quotationsVersion);
    const page = JSON.parse(bodyOf(await firstAsk(await restarted(), farmer)));
    expect(page.data.map((q: Quotation) => [q.status, q.orderStatus])).toEqual([
      ['ORDERED', 'IN_TRANSIT'],
      ['DELETED', null],
    ]);
  });

  it('never serves a stored page past the validity end it shows: the ask expires the quotation and stores the page again', async () => {
    const farmer = await t.farmer();
    const priced = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 40_000);
    const before = await findStoredPage(t.db, farmer.userId);
    t.clock.set(Date.parse(priced.validUntil!) + 1);
    // This server's own sweep ran at its start, long before: the ask finds the quotation due.
    const page = JSON.parse(bodyOf(await firstAsk(t.app, farmer)));
    expect(page.data[0].status).toBe('EXPIRED');
    const after = await findStoredPage(t.db, farmer.userId);
    expect(after!.quotationsVersion).toBe(before!.quotationsVersion + 1);
    expect(after!.expiresAt).toBe(Infinity);
    expect(JSON.parse(brotliDecompressSync(after!.br).toString('utf8')).data[0].status).toBe('EXPIRED');
  });

  it('stores the page again when an order refused for an expired quotation expired it on its way', async () => {
    const farmer = await t.farmer();
    const priced = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 40_000);
    t.clock.set(Date.parse(priced.validUntil!) + 1);
    expect((await t.as(farmer, { method: 'POST', url: `/api/orders/${priced._id}` })).statusCode).toBe(409);
    const stored = await findStoredPage(t.db, farmer.userId);
    expect(stored!.quotationsVersion).toBe((await versions(farmer.userId)).quotationsVersion);
    expect(JSON.parse(brotliDecompressSync(stored!.br).toString('utf8')).data[0].status).toBe('EXPIRED');
  });

  it('keeps the newer page when an older build stores after it', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    const newer = { quotationsVersion: 1_000, catalogueVersion: 1_000 };
    await t.db.updateTable('farmerPages').set(newer).where('userId', '=', farmer.userId).execute();
    await storeFarmerPage(t.db, farmer.userId, t.clock.now(), rules());
    expect(await findStoredPage(t.db, farmer.userId)).toMatchObject(newer);
    // At newer versions than the row's, a build stores over it.
    await t.db.updateTable('farmerPages').set({ quotationsVersion: 0, catalogueVersion: 0 }).where('userId', '=', farmer.userId).execute();
    await storeFarmerPage(t.db, farmer.userId, t.clock.now(), rules());
    expect(await findStoredPage(t.db, farmer.userId)).toMatchObject(await versions(farmer.userId));
  });

  it('answers a write whose page could not be stored as any write, and the next ask builds the page', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    // Stores fail: the table is away (a full disk, a lost connection would do the same).
    await t.db.schema.alterTable('farmer_pages').renameTo('farmer_pages_away').execute();
    let second: Quotation;
    try {
      second = await create(farmer, 4);
    } finally {
      await t.db.schema.alterTable('farmer_pages_away').renameTo('farmer_pages').execute();
    }
    const page = JSON.parse(bodyOf(await firstAsk(await restarted(), farmer)));
    expect(page.data.map((q: Quotation) => q._id)[0]).toBe(second._id);
    expect(page.total).toBe(2);
  });
});
