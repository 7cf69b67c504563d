/**
 * GET /api/quotations and GET /api/quotations/{id} carry a strong ETag built from the farmer's
 * quotations version (decision 025) with `private, no-cache`; If-None-Match answers 304 with no body
 * while nothing changed, and every kind of write to the farmer's quotations makes a new tag; a SKU
 * edit does not, as lines keep their SKU as quoted (decision 031). Another farmer's tag never matches.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { noneMatchHits, strongTag } from '../../src/server/http/etag';
import { adminSetQuotation } from '../support/server/quotation-writes';
import { databases, useTestApp, type Session } from '../support/server/app';

describe('If-None-Match', () => {
  const tag = strongTag(['u1', '/api/quotations', 3, 1]);
  it('matches the tag itself, in a list, weakly prefixed, and *', () => {
    expect(noneMatchHits(tag, tag)).toBe(true);
    expect(noneMatchHits(`"other", ${tag}`, tag)).toBe(true);
    expect(noneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(noneMatchHits('*', tag)).toBe(true);
  });
  it('does not match another tag, nothing, or a tag of other versions', () => {
    expect(noneMatchHits(undefined, tag)).toBe(false);
    expect(noneMatchHits('', tag)).toBe(false);
    expect(noneMatchHits(strongTag(['u1', '/api/quotations', 4, 1]), tag)).toBe(false);
    expect(noneMatchHits(strongTag(['u2', '/api/quotations', 3, 1]), tag)).toBe(false);
  });
});

describe.each(databases())('conditional quotation reads on %s', (kind) => {
  const t = useTestApp(kind);

  const get = (s: Session, url: string, etag?: string) =>
    t.as(s, { method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

  async function create(s: Session, quantity = 3): Promise<Quotation> {
    const skus: Sku[] = (await get(s, '/api/skus')).json().data;
    const res = await t.as(s, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: skus[0]!._id, quantity }] } });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }

  const adminSet = (q: Quotation, status: string, goodsPricePaisa: number) => adminSetQuotation(t, q, status, goodsPricePaisa);

  /** The tag of a 200 answer, checked to be strong and private. */
  function tagOf(res: LightMyRequestResponse): string {
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}\.[0-9a-z]*"$/);
    return etag;
  }

  /** Both reads answer 304 with no body for their current tags; returns those tags. */
  async function unchanged(s: Session, urls: string[]): Promise<string[]> {
    const tags: string[] = [];
    for (const url of urls) {
      const etag = tagOf(await get(s, url));
      const again = await get(s, url, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      tags.push(etag);
    }
    return tags;
  }

  /** After a write, each old tag gets a full 200 answer with a new tag. */
  async function changed(s: Session, urls: string[], old: string[]): Promise<void> {
    for (const [i, url] of urls.entries()) {
      const res = await get(s, url, old[i]);
      expect(res.statusCode, `${url} after the write`).toBe(200);
      expect(tagOf(res)).not.toBe(old[i]);
      expect(res.json().data).toBeTruthy();
    }
  }

  it('answers 304 while nothing changed, and a new tag after a create and a delete', async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    const urls = ['/api/quotations', `/api/quotations/${q._id}`];
    let tags = await unchanged(farmer, urls);
    await create(farmer, 5);
    await changed(farmer, urls, tags);
    tags = await unchanged(farmer, urls);
    expect((await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${q._id}` })).statusCode).toBe(200);
    await changed(farmer, urls, tags);
  });

  it("makes a new tag after an admin's price, an order and an order update", async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    const urls = ['/api/quotations', `/api/quotations/${q._id}`];
    let tags = await unchanged(farmer, urls);
    const priced = await adminSet(q, 'COMPLETED', 50_000);
    await changed(farmer, urls, tags);

    tags = await unchanged(farmer, urls);
    const placed = await t.as(farmer, { method: 'POST', url: `/api/orders/${priced._id}` });
    expect(placed.statusCode).toBe(201);
    await changed(farmer, urls, tags);

    tags = await unchanged(farmer, urls);
    const update = await t.as(await t.admin(), {
      method: 'PATCH',
      url: `/api/orders/update/${placed.json().data._id}`,
      payload: { status: 'IN_TRANSIT', amountPaidPaisa: 20_000, version: 1 },
    });
    expect(update.statusCode).toBe(200);
    await changed(farmer, urls, tags);
  });

  it("keeps the tag after an admin's SKU edit: the farmer's lines show the SKU as it was quoted", async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    const quoted = q.skusDetail[0]!.skuIdentifier;
    const urls = ['/api/quotations', `/api/quotations/${q._id}`];
    const tags = await unchanged(farmer, urls);
    const admin = await t.admin();
    const sku: Sku = (await get(admin, '/api/skus')).json().data.find((s: Sku) => s._id === quoted._id);
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/skus/${sku._id}`,
      payload: { name: `${sku.name} (new)`, skuQuantityUnit: 'tonne', minimumPrice: sku.minimumPrice + 100, version: sku.version },
    });
    expect(res.statusCode).toBe(200);
    expect(await unchanged(farmer, urls)).toEqual(tags);
    expect((await get(farmer, `/api/quotations/${q._id}`)).json().data.skusDetail[0].skuIdentifier).toEqual(quoted);
    // A quotation asked for after the edit quotes the SKU as it is now.
    const later = await create(farmer);
    expect(later.skusDetail[0]!.skuIdentifier).toMatchObject({ _id: sku._id, name: `${sku.name} (new)`, skuQuantityUnit: 'tonne', minimumPrice: sku.minimumPrice + 100 });
  });

  it("keeps a line's SKU as the farmer asked for it through an admin's pricing, and quotes a SKU the admin switches a line to as it is now", async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    const quoted = q.skusDetail[0]!.skuIdentifier;
    const admin = await t.admin();
    const skus: Sku[] = (await get(admin, '/api/skus')).json().data;
    const sku = skus.find((s) => s._id === quoted._id)!;
    const other = skus.find((s) => s._id !== quoted._id)!;
    await t.as(admin, { method: 'PATCH', url: `/api/skus/${sku._id}`, payload: { name: `${sku.name} (renamed)`, version: sku.version } });
    const line = (skuIdentifier: string, quantity: number) => ({ skuIdentifier, quantity, goodsPricePaisa: 50_000, discountPaisa: 0, shippingPricePaisa: 0 });
    const priced = await t.as(admin, {
      method: 'PATCH',
      url: `/api/quotations/${q._id}`,
      payload: { status: 'COMPLETED', skusDetail: [line(sku._id, 3), line(other._id, 2)] },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const [kept, switched] = (priced.json().data as Quotation).skusDetail;
    expect(kept!.skuIdentifier).toEqual(quoted);
    expect(switched!.skuIdentifier).toMatchObject({ _id: other._id, name: other.name, image: other.image, skuQuantityUnit: other.skuQuantityUnit, minimumPrice: other.minimumPrice });
  });

  it("never matches another farmer's tag, even at the same versions", async () => {
    const [a, b] = [await t.farmer(), await t.farmer()];
    await create(a);
    await create(b);
    const [tagA] = await unchanged(a, ['/api/quotations']);
    const res = await get(b, '/api/quotations', tagA);
    expect(res.statusCode).toBe(200);
    expect(tagOf(res)).not.toBe(tagA);
    expect(res.json().data).toHaveLength(1);
  });

  it("keeps an admin's read of a farmer's quotation untagged and never 304", async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    const res = await get(await t.admin(), `/api/quotations/${q._id}`, '*');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('still answers 401 and 404 before any tag: a tag never reveals a quotation', async () => {
    const [a, b] = [await t.farmer(), await t.farmer()];
    const q = await create(a);
    expect((await t.as(null, { method: 'GET', url: '/api/quotations', headers: { 'if-none-match': '*' } })).statusCode).toBe(401);
    expect((await get(b, `/api/quotations/${q._id}`, '*')).statusCode).toBe(404);
  });
});
