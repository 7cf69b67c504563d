import { describe, expect, it } from 'vitest';
import { pwaOptions } from '../../build/pwa';

// The service worker's runtime caches (build/pwa.ts): which requests each one keeps, and the
// quotations' cache key, which keeps one farmer's answers from another login on the same phone.
type Matcher = (options: { url: URL; request: { destination: string } }) => boolean;
const caches = pwaOptions.workbox.runtimeCaching;
const cacheFor = (path: string, destination = '') =>
  caches.filter((cache) => (cache.urlPattern as unknown as Matcher)({ url: new URL(path, 'https://krishi.example'), request: { destination } })).map((cache) => cache.options.cacheName);

const quotations = caches.find((cache) => cache.options.cacheName === 'api-quotations')!;
const keyOf = async (url: string, authorization?: string) => {
  const { cacheKeyWillBeUsed } = quotations.options.plugins![0]!;
  const request = new Request(url, { headers: authorization ? { authorization } : {} });
  return (await cacheKeyWillBeUsed({ request } as Parameters<typeof cacheKeyWillBeUsed>[0])) as string;
};

describe('the service worker runtime caches', () => {
  it('keep product images, the public settings, the catalogue and the farmer quotations, each in its own cache', () => {
    expect(cacheFor('/api/uploads/sku/3f2a9c.webp', 'image')).toEqual(['product-images']);
    expect(cacheFor('/api/config')).toEqual(['api-config']);
    expect(cacheFor('/api/skus')).toEqual(['api-skus']);
    expect(cacheFor('/api/quotations')).toEqual(['api-quotations']);
    expect(cacheFor('/api/quotations/QT100001')).toEqual(['api-quotations']);
  });

  it('keep nothing else: an upload fetched as data, a quotation action, one SKU, the profile', () => {
    expect(cacheFor('/api/uploads/sku/3f2a9c.webp')).toEqual([]);
    expect(cacheFor('/api/quotations/QT100001/decline')).toEqual([]);
    expect(cacheFor('/api/skus/SKU1001')).toEqual([]);
    expect(cacheFor('/api/profile')).toEqual([]);
  });

  it("key a farmer's quotations by a hash of the login, never the token itself, keeping the query", async () => {
    const mine = await keyOf('https://krishi.example/api/quotations?cursor=abc', 'Bearer tok-ramesh');
    const url = new URL(mine);
    expect(url.pathname).toBe('/api/quotations');
    expect(url.searchParams.get('cursor')).toBe('abc');
    expect(url.searchParams.get('__who')).toMatch(/^[0-9a-f]{24}$/);
    expect(mine).not.toContain('tok-ramesh');
    expect(await keyOf('https://krishi.example/api/quotations?cursor=abc', 'Bearer tok-ramesh')).toBe(mine);
    expect(await keyOf('https://krishi.example/api/quotations?cursor=abc', 'Bearer tok-suresh')).not.toBe(mine);
    expect(await keyOf('https://krishi.example/api/quotations?cursor=abc')).not.toBe(mine);
  });
});
