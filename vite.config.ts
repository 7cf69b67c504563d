import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

/**
 * `virtual:messages/<locale>/<app|admin>`: one locale's messages, split so that a farmer's phone never
 * downloads the admin section's texts: `app` is every key but `admin.*`, `admin` only those.
 * locales/<locale>.json stays the one catalogue per language.
 *
 * The messages come precompiled: each is the ICU message's AST (formatjs's own parser, run here at
 * build time), so the phone never parses a message and the bundle carries no parser (see noIcuParser).
 * A message that does not parse fails the build. The module is a JSON.parse of one string, which V8
 * reads faster than the same object literal.
 */
function messageSections(): Plugin {
  const prefix = 'virtual:messages/';
  return {
    name: 'message-sections',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [locale, section] = id.slice(prefix.length + 1).split('/');
      if (!['en', 'hi', 'gu'].includes(locale ?? '') || !['app', 'admin'].includes(section ?? '')) {
        throw new Error(`Unknown message section ${id.slice(1)}`);
      }
      this.addWatchFile(new URL(`./locales/${locale}.json`, import.meta.url).pathname);
      const all = readLocale(locale!);
      const compiled = Object.fromEntries(
        Object.entries(all)
          .filter(([key]) => key.startsWith('admin.') === (section === 'admin'))
          .map(([key, message]) => {
            try {
              return [key, parse(message)];
            } catch (error) {
              throw new Error(`locales/${locale}.json: ${key} is no valid ICU message: ${(error as Error).message}`, { cause: error });
            }
          }),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}

/**
 * The production bundle swaps formatjs's ICU parser for its `no-parser` entry, as formatjs documents
 * for precompiled messages: every message arrives as an AST (messageSections), so the parser (some
 * 10 KB gzipped, and its start-up work) never reaches a phone. Tests keep the full parser.
 */
function noIcuParser(): Plugin {
  return {
    name: 'no-icu-parser',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } }),
  };
}

/**
 * formatjs's `createIntl` (run by every IntlProvider) asks `Intl.NumberFormat.supportedLocalesOf` and
 * `Intl.DateTimeFormat.supportedLocalesOf` for the locale only to report missing locale data through
 * `onError`. A page's first Intl call sets up ICU: 80–120 ms in this machine's Chromium, some 400 ms
 * at a cheap phone's 4× slowdown, and on `/` (the language choice, no price, no date) that check was
 * the only Intl call left (issue 9). The production bundle drops the check; en, hi and gu are in
 * every Chromium's ICU (the e2e suite renders all three), and tests keep the check. The build fails
 * if formatjs's text changes, so the patch cannot silently stop applying.
 */
const LOCALE_CHECK = /else if \(!Intl\.NumberFormat\.supportedLocalesOf\(locale\)\.length && onError\)[^\n]*\n\s*else if \(!Intl\.DateTimeFormat\.supportedLocalesOf\(locale\)\.length && onError\)[^\n]*\n/;

/** @formatjs/intl's index.js without createIntl's locale-data check, or null when the check is not found. */
export function withoutLocaleCheck(code: string): string | null {
  return LOCALE_CHECK.test(code) ? code.replace(LOCALE_CHECK, '\n') : null;
}

function noLocaleCheck(): Plugin {
  return {
    name: 'no-locale-check',
    apply: 'build',
    transform(code, id) {
      if (!/[/\\]@formatjs[/\\]intl[/\\]index\.js$/.test(id)) return null;
      const patched = withoutLocaleCheck(code);
      if (patched === null) this.error('@formatjs/intl: createIntl\'s locale-data check was not found (vite.config.ts noLocaleCheck)');
      return { code: patched, map: null };
    },
  };
}

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|ico)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies beside every text file of the build, written last
 * (after the service worker), kept only when smaller: the server sends them as they are (web.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
          const raw = readFileSync(file);
          if (raw.length < 256) continue;
          const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size } });
          const gz = gzipSync(raw, { level: 9 });
          if (br.length < raw.length) writeFileSync(`${file}.br`, br);
          if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

const readLocale = (locale: string) =>
  JSON.parse(readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/**
 * index.html's inline splash shows the product name in the saved language before any script
 * arrives: its inline script (allowed by hash in the CSP) picks one of these attributes, filled here
 * from the locales so the names never drift from `onboarding.splash.title`. The splash's retry, when
 * the texts themselves could not download, reads its reason and label the same way, by locale
 * (`data-failed-<locale>`, `data-retry-<locale>`: BootSplash).
 * The splash's logo (369 bytes) is inlined as a data address (`%SPLASH_LOGO%`): it is the largest
 * thing of the first paint, Lighthouse's LCP element on `/` and `/home`, and fetched it painted only
 * after the boot's first tasks had run (issue 9: about 1 s of LCP "render delay" on a slow phone).
 */
function splashNames(): Plugin {
  const logo = `data:image/svg+xml,${encodeURIComponent(readFileSync(new URL('./public/onboarding/logo.svg', import.meta.url), 'utf8').trim())}`;
  const message = (locale: string, key: string) => {
    const text = readLocale(locale)[key];
    if (!text) throw new Error(`locales/${locale}.json has no ${key}`);
    return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  };
  const name = (language: string, locale: string) =>
    `data-${language}="${message(locale, 'onboarding.splash.title')}" data-lang-${language}="${locale}"`;
  const retry = (locale: string) =>
    `data-failed-${locale}="${message(locale, 'common.splashFailed')}" data-retry-${locale}="${message(locale, 'common.tryAgain')}"`;
  return {
    name: 'splash-names',
    transformIndexHtml: (html) =>
      html
        .replace('%SPLASH_NAMES%', [name('hindi', 'hi'), name('gujrati', 'gu'), ...['en', 'hi', 'gu'].map(retry)].join(' '))
        .replace('%SPLASH_LOGO%', logo),
  };
}

/**
 * main.tsx boots in steps, each a dynamic import evaluated in its own task (React DOM, the charts,
 * the shell). Their scripts must not wait for the entry to run before they download: index.html gets
 * a modulepreload for each step's chunk and the chunks those import, so all of them download in
 * parallel with the entry (the browser fetches and compiles them, and evaluates them when imported).
 */
const BOOT_STEPS = /[/\\](?:react-dom[/\\]client\.js|src[/\\]web[/\\]boot-(?:logic|render)\.tsx?)$/;

/**
 * A cycle of static imports between chunks, or null. Rollup keeps module order inside a chunk, but
 * two chunks importing each other evaluate in an order where one runs its top level (a chart's
 * createMachine) before the other has defined what it uses: the app dies at start-up.
 */
export function chunkCycle(chunks: readonly { fileName: string; imports: readonly string[] }[]): string[] | null {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    const at = path.indexOf(name);
    if (at >= 0) return [...path.slice(at), name];
    if (done.has(name)) return null;
    path.push(name);
    for (const next of byName.get(name)?.imports ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    done.add(name);
    return null;
  };
  for (const chunk of chunks) {
    const found = visit(chunk.fileName);
    if (found) return found;
  }
  return null;
}

function bootPreloads(): Plugin {
  return {
    name: 'boot-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return;
        // The chunks holding the steps' modules (a step may share its chunk with others).
        const steps = chunks.filter((chunk) => chunk.moduleIds.some((id) => BOOT_STEPS.test(id)));
        const found = chunks.flatMap((chunk) => chunk.moduleIds.filter((id) => BOOT_STEPS.test(id)));
        if (found.length !== 3) throw new Error(`bootPreloads: expected the 3 boot steps' modules, found ${found.join(', ') || 'none'}`);
        const cycle = chunkCycle(chunks);
        const holding = (fileName: string) => chunks.find((chunk) => chunk.fileName === fileName)?.moduleIds.map((id) => id.replace(/^.*[/\\](?:node_modules|src|machines)[/\\]/, '')).join(', ');
        if (cycle) throw new Error(`bootPreloads: the chunks import each other (${cycle.map((name) => `${name} [${holding(name)}]`).join(' → ')}); one evaluates before the other's classes exist (a "not a constructor" at start-up). Move the modules into one group.`);
        const known = new Set([entry.fileName, ...entry.imports]);
        const wanted: string[] = [];
        const visit = (fileName: string) => {
          if (known.has(fileName)) return;
          known.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
          wanted.push(fileName);
        };
        steps.forEach((chunk) => visit(chunk.fileName));
        // The steps' stylesheets (the shell's styles.css): fetched now, applied when the shell's step
        // is imported. Linked as a stylesheet here they would block the splash's first paint.
        const styles = [...new Set(wanted.flatMap((fileName) => {
          const chunk = bundle[fileName];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        }))];
        return [
          ...wanted.map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const })),
          // crossorigin as Vite's preload helper links it (`crossOrigin = ""`): without it the browser
          // cannot reuse the preload and fetches the file again.
          ...styles.map((fileName) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

/** The installable app (issue 9 item 3): manifest, precached shell and screens, runtime caches. */
const pwa = VitePWA({
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
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
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
});

export default defineConfig({
  define: { __APP_BUILD__: JSON.stringify(new Date().toISOString()) },
  plugins: [react(), messageSections(), noIcuParser(), noLocaleCheck(), splashNames(), bootPreloads(), pwa, precompress()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2020',
    rollupOptions: {
      output: {
        // The boot's chunks (main.tsx): XState with the session's charts, the other charts, the
        // app's logic, the shell; React DOM is a chunk of its own. A few chunks rather than one
        // per module: fewer requests, better compression. Only the named modules (not what they
        // import, which the entry may need first).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // XState, the session's charts and the domain rules the charts use (the entry's own:
            // types, constants and routes, stay in it).
            { name: 'charts-core', test: /[\\/]node_modules[\\/]xstate[\\/]|[\\/]machines[\\/](?:session|otp-login|registration|screen-charts)[.-]|[\\/]src[\\/]domain[\\/](?!types\.|constants\.|routes\.)[\w-]+\.ts$/ },
            // The other charts: the farmer's shop and screens (with admin-list and admin-sheet, the
            // paging helpers the farmer's quotation list uses too) and the admin's.
            { name: 'charts-rest', test: /[\\/]machines[\\/](?!app\.machine|session|otp-login|registration|screen-charts)[\w.-]+\.ts$/ },
            // The last two boot steps: the app chart with its real effects (and the router, whose
            // navigate it calls), and the shell. No cycle between them: the shell imports the logic,
            // not back (a cycle left wouter's default location hook undefined when the shell ran).
            { name: 'boot-logic', test: /[\\/]machines[\\/]app\.machine|[\\/]src[\\/]web[\\/](?:boot-logic|app-logic|api[\\/]|shop[\\/]actors|onboarding[\\/]browser-actors|admin[\\/]actors|shell[\\/]browser-storage)|[\\/]node_modules[\\/](?:ofetch|destr|ufo|wouter|regexparam|use-sync-external-store)[\\/]/ },
            { name: 'boot-shell', test: /[\\/]src[\\/]web[\\/](?:app\.tsx|app-context|boot-render|styles\.css|shell[\\/](?:boot-splash|offline-line|use-actors|use-connection|route-sync|error-screen)|i18n[\\/](?:i18n-provider|use-messages))|[\\/]node_modules[\\/](?:@xstate[\\/]react|use-isomorphic-layout-effect|react-intl|@formatjs|intl-messageformat)[\\/]|[\\/]node_modules[\\/]react[\\/](?:jsx-runtime|cjs[\\/]react-jsx-runtime)/ },
          ],
        },
        // Admin screens and the admin texts under assets/admin/: the service worker precaches every
        // farmer screen but none of these (a farmer's phone never needs them).
        // The farmer's texts as assets/messages-<locale>-[hash].js.
        chunkFileNames: (chunk) => {
          const id = chunk.facadeModuleId ?? '';
          if (/[/\\]src[/\\]web[/\\]admin[/\\]|virtual:messages\/\w+\/admin/.test(id)) return 'assets/admin/[name]-[hash].js';
          const messages = /virtual:messages\/(\w+)\/app/.exec(id);
          return messages ? `assets/messages-${messages[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/domain/**/*.test.ts', 'test/machines/**/*.test.ts', 'test/server/**/*.test.ts', 'test/scripts/**/*.test.ts'],
          setupFiles: ['test/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          // A server test file's app (migrations, seed, sharp) can take more than the default 10 s to
          // build while the other project's workers share the machine's two cores.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/fail-on-console-error.ts', 'test/support/web-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
