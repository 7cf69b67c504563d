import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { onlyFarmerFiles } from './farmer-precache.ts';

/** The installable app (issue 9 item 3): manifest, precached shell and screens, runtime caches. */
export const pwaOptions = {
  // The new worker waits until every tab of the old version is gone: it takes over on the next
  // launch, never in the middle of a form. src/web/shell/service-worker.ts registers it.
  registerType: 'prompt',
  injectRegister: null,
  // The worker is written before the precompress step runs (its closeBundle is 'post').
  integration: { closeBundleOrder: 'pre' },
  includeAssets: ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png', 'onboarding/*.svg'],
  manifest: {
    id: '/',
    name: 'Krishi By-products',
    short_name: 'Krishi',
    description: 'Order agricultural by-products: straw, husk, shells and more, delivered to your farm.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#2e7d32',
    background_color: '#2e7d32',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell, every farmer screen's chunk and stylesheet; the admin screens stay online-only.
    globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
    globIgnores: ['assets/admin/**', '**/*.br', '**/*.gz'],
    // Nor the analyst's view and its diagram library: only what a farmer's screens can load.
    manifestTransforms: [onlyFarmerFiles],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    // Background Sync: the browser wakes the worker when the network is back; it has an open page send the outbox, or sends the waiting writes itself when no page is open (docs/decisions/043-the-outbox.md).
    importScripts: ['/outbox-sync.js'],
    runtimeCaching: [
      {
        // Product images: content-addressed and public (cache-control public, immutable), so cache
        // first, bounded. A protected photo is private and never matches the header test.
        urlPattern: ({ url, request }) => url.pathname.startsWith('/api/uploads/') && request.destination === 'image',
        handler: 'CacheFirst',
        options: {
          cacheName: 'product-images',
          expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200], headers: { 'cache-control': 'public, max-age=31536000, immutable' } },
        },
      },
      {
        // The public settings (Contact Us, the Aadhaar notice's retention days and grievance contact):
        // the same for everyone, so a farmer offline still reads them as last seen.
        urlPattern: ({ url }) => url.pathname === '/api/config',
        handler: 'NetworkFirst',
        options: { cacheName: 'api-config', networkTimeoutSeconds: 8, expiration: { maxEntries: 1 }, cacheableResponse: { statuses: [200] } },
      },
      {
        urlPattern: ({ url }) => url.pathname === '/api/skus',
        handler: 'NetworkFirst',
        options: { cacheName: 'api-skus', networkTimeoutSeconds: 8, expiration: { maxEntries: 4 }, cacheableResponse: { statuses: [200] } },
      },
      {
        // The farmer's quotations, kept per token (the cache key carries a hash of the bearer token),
        // so another login on the same phone never reads them.
        urlPattern: ({ url }) => url.pathname === '/api/quotations' || /^\/api\/quotations\/[^/]+$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'api-quotations',
          networkTimeoutSeconds: 8,
          expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
          plugins: [
            {
              cacheKeyWillBeUsed: async ({ request }) => {
                const auth = request.headers.get('authorization') ?? '';
                const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
                const who = Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
                const url = new URL(request.url);
                url.searchParams.set('__who', who);
                return url.href;
              },
            },
          ],
        },
      },
    ],
  },
} satisfies Partial<VitePWAOptions>;

export const pwa = () => VitePWA(pwaOptions);
