/**
 * The installable, offline-capable app: a farmer on patchy 3G keeps reading after one visit. The manifest and its icons load; the service worker
 * activates; after one online visit a farmer reading Hindi reloads /home offline and sees the
 * catalogue, opens /request and /profile from the tab bar, finds the writes that need the network
 * disabled with their reason and those the outbox keeps (delete, request) on with what will happen,
 * and, back online, sees polling resume. No script is refused by the CSP on the way. A new version
 * (the app built again) takes over on the launch after the one that found it, with the "Updated" line.
 * The boot: index.html's splash shows in the saved language before any script, the app takes over
 * when the scripts arrive, and a boot script or the texts that cannot download offer a translated retry.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Quotation, Sku } from '../../src/domain/types';
import { skuName } from '../../src/domain/sku-text';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { newPhone, screen } from '../support/e2e/browser';
import { at, chooseLanguage, look, verifiedLogIn } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { text } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

const hi = (id: string, values?: Record<string, string | number>) => text('hi', id, values);

interface Manifest {
  name: string;
  short_name: string;
  display: string;
  start_url: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('the installable app', () => {
  const world = useWorld();

  it('serves a web manifest with maskable 192 and 512 px icons, and a favicon', async () => {
    const { server } = world;
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('manifest+json');
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Krishi By-products', short_name: 'Krishi', display: 'standalone', start_url: '/', theme_color: '#2e7d32' });
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.purpose === 'maskable' && i.sizes === `${size}x${size}`);
      expect(icon, `maskable ${size} px icon`).toBeDefined();
      const png = await fetch(`${server.url}${icon!.src}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(await sharp(Buffer.from(await png.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: size, height: size });
    }
    const favicon = await fetch(`${server.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect((await favicon.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it("precaches the farmer's screens and the login's worker, never a back-office screen or the analyst's diagrams", async () => {
    const worker = await (await fetch(`${world.server.url}/sw.js`)).text();
    const precached = [...worker.matchAll(/\{url:"([^"]+)"/g)].map((match) => match[1]!);
    for (const farmerFile of [/^index\.html$/, /^assets\/home-[\w-]+\.js$/, /^assets\/request-[\w-]+\.js$/, /^assets\/challenge-worker-[\w-]+\.js$/, /^assets\/messages-gu-[\w-]+\.js$/]) {
      expect(precached.some((url) => farmerFile.test(url)), String(farmerFile)).toBe(true);
    }
    expect(precached.filter((url) => /^assets\/admin\/|analyst|mermaid|katex|cytoscape/.test(url))).toEqual([]);
    // What a farmer's phone downloads for it, as the server sends it (brotli).
    let bytes = 0;
    for (const url of new Set(precached)) {
      const res = await fetch(`${world.server.url}/${url}`, { headers: { 'accept-encoding': 'br' } });
      bytes += Number(res.headers.get('content-length'));
      await res.arrayBuffer();
    }
    expect(bytes).toBeLessThan(400 * 1024);
  });

  it('opens every screen offline after one visit, keeps writes disabled there, and resumes polling online', async () => {
    const { server, browser } = world;
    const admin = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400019';
    const token = await verifiedFarmer(server, admin, mobile, 'hindi', 'सुरेश कुमार');
    const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', token)).body.data;
    const q = (await call<{ data: Quotation }>(server, 'POST', '/quotations', token, { skusDetail: [{ skuIdentifier: skus[0]!._id, quantity: 10 }] })).body.data;

    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));

    await verifiedLogIn(page, server, 'hi', mobile);
    const state = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    expect(state).toBe('activated');
    // One more online visit under the worker's control: the product pictures go into its cache too,
    // and the farmer's quotations into the phone's state as /request shows them.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto('/request');
    await page.getByRole('listitem').filter({ hasText: q.quotationDisplayId }).waitFor();
    await page.goto('/home');
    const overview = page.getByRole('region', { name: hi('shop.home.overviewTitle') });
    await overview.getByRole('link', { name: skuName(skus[0]!, 'hi') }).waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.reload();
    await at(page, '/home');
    await page.getByRole('status').filter({ hasText: hi('common.offline') }).waitFor();
    await overview.getByRole('link', { name: skuName(skus[0]!, 'hi') }).waitFor();
    const pictures = overview.locator('img');
    await expect.poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await look(page, 'hi', 'home-offline');

    const tabs = page.getByRole('navigation', { name: hi('shop.nav.label') });
    await tabs.getByRole('link', { name: hi('shop.nav.request') }).click();
    await at(page, '/request');
    const card = page.getByRole('listitem').filter({ hasText: q.quotationDisplayId });
    await card.getByText(hi('shop.status.PENDING')).waitFor();
    // Deleting waits in the outbox: the icon stays on, with no "needs the internet".
    expect(await card.getByRole('button', { name: hi('shop.request.delete', { id: q.quotationDisplayId }) }).isDisabled()).toBe(false);
    expect(await page.getByText(hi('common.offlineWrite')).count()).toBe(0);
    await look(page, 'hi', 'request-offline');

    await tabs.getByRole('link', { name: hi('shop.nav.profile') }).click();
    await at(page, '/profile');
    await page.getByText('सुरेश कुमार').first().waitFor();
    await look(page, 'hi', 'profile-offline');

    await page.goto(`/quotation-details?quotation_id=${q.quotationDisplayId}`);
    await at(page, '/quotation-details');
    // Deleting from the quotation's own page waits in the outbox: the button stays on, with no "needs the internet".
    const remove = page.getByRole('button', { name: hi('shop.quotation.delete') });
    await remove.waitFor();
    expect(await remove.isDisabled()).toBe(false);
    expect(await page.getByText(hi('common.offlineWrite')).count()).toBe(0);

    // The cart's 'Request Quotation' stays on offline, saying the request will wait for the network; the cart is kept whole.
    await page.goto(`/sku-details?sku_id=${encodeURIComponent(skus[1]!.skuDisplayId)}`);
    await page.getByLabel(hi('shop.sku.quantity')).fill('4');
    await page.getByRole('button', { name: hi('shop.sku.addToCart') }).click();
    await tabs.getByRole('link', { name: hi('shop.nav.cart') }).click();
    await at(page, '/cart');
    const request = page.getByRole('button', { name: hi('shop.cart.requestQuotation') });
    await request.waitFor();
    expect(await request.isDisabled()).toBe(false);
    await page.getByText(hi('outbox.cartOffline')).waitFor();
    await look(page, 'hi', 'cart-offline');

    // While the farmer is offline, the admin prices the quotation; online again, the poll brings it.
    const priced = await call(server, 'PATCH', `/quotations/${q._id}`, admin, {
      ...q,
      status: 'COMPLETED',
      skusDetail: q.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: 90_000, discountPaisa: 0, shippingPricePaisa: 10_000 })),
    });
    expect(priced.status).toBe(200);
    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: hi('common.offline') }).waitFor({ state: 'detached' });
    await expect.poll(() => request.isEnabled()).toBe(true);
    expect(await page.getByText(hi('common.offlineWrite')).count()).toBe(0);
    await tabs.getByRole('link', { name: hi('shop.nav.request') }).click();
    await at(page, '/request');
    await card.getByText(hi('shop.status.COMPLETED')).waitFor({ timeout: 7_000 });

    expect(refused).toEqual([]);
    expect(crashes).toEqual([]);
    await context.close();
  });

  /**
   * A phone on which a farmer chose Hindi, opening the app again before any script or text was kept
   * (no service worker yet): a new context whose first page finds that saved state.
   */
  const savedHindiPhone = async () => {
    const { server, browser } = world;
    const chooser = await newPhone(browser, server.url);
    const first = await chooser.newPage();
    await chooseLanguage(first, 'hi');
    const saved = await first.evaluate(() => localStorage.getItem('persist:root'));
    expect(saved).toContain('hindi');
    await chooser.close();
    const context = await newPhone(browser, server.url);
    await context.addInitScript((root) => localStorage.getItem('persist:root') ?? localStorage.setItem('persist:root', root), saved!);
    return context;
  };

  it('paints the splash in the saved language before any script arrives, and the app takes over when they do', async () => {
    // index.html's inline splash and script (main.tsx boots in steps from its entry, build/boot-preloads.ts).
    const context = await savedHindiPhone();
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await context.route(/\/assets\/[\w/-]+\.js$/, async (route) => {
      held.push(route.request().url());
      await arrived;
      return route.continue();
    });
    try {
      const page = await context.newPage();
      const crashes: string[] = [];
      page.on('pageerror', (e) => crashes.push(e.message));
      await page.goto('/', { waitUntil: 'commit' });
      // No script of the app has run: the name is the inline script's pick, in Hindi.
      await page.locator('#boot-name').filter({ hasText: hi('onboarding.splash.title') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await expect.poll(() => held.length).toBeGreaterThan(0);
      expect(await page.locator('#boot').isVisible()).toBe(true);
      expect(await page.getByText(/loading/i).count()).toBe(0);
      // Photographed and scanned as it is (look() would wait for the held scripts).
      expect(await screen(page, 'hi', 'splash-before-scripts')).toEqual([]);

      release();
      await at(page, '/join-us');
      await page.getByRole('heading', { name: hi('onboarding.joinUs.title') }).waitFor();
      expect(await page.locator('#boot').count()).toBe(0);
      expect(crashes).toEqual([]);
    } finally {
      release();
      await context.close();
    }
  });

  /**
   * The first open on a saved-Hindi phone while the scripts matching `refusedPath` cannot download:
   * the splash shows the reason and a retry in Hindi, never a code name, and once the connection is
   * back one tap opens the app in Hindi.
   */
  const retriesInHindi = async (refusedPath: RegExp, shot: string) => {
    const context = await savedHindiPhone();
    let arrives = false;
    const refused: string[] = [];
    await context.route(refusedPath, async (route) => {
      if (arrives) return route.continue();
      refused.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const retry = page.getByRole('button', { name: hi('common.tryAgain') });
      await retry.waitFor();
      await page.getByRole('alert').filter({ hasText: hi('common.splashFailed') }).waitFor();
      expect(refused.length).toBeGreaterThan(0);
      expect(await page.locator('#root').innerText()).not.toMatch(/chunk|charts|messages|error|failed|import/i);
      expect(await page.getByRole('heading', { name: hi('onboarding.splash.title') }).count()).toBe(1);
      expect(await screen(page, 'hi', shot)).toEqual([]);

      arrives = true;
      await retry.click();
      await at(page, '/join-us');
      await page.getByRole('heading', { name: hi('onboarding.joinUs.title') }).waitFor();
      expect(await page.getByRole('button', { name: hi('common.tryAgain') }).count()).toBe(0);
    } finally {
      await context.close();
    }
  };

  it('offers a retry in the saved language when a boot script cannot download, and the retry opens the app', async () => {
    // One of the boot steps' chunks (main.tsx, build/chunk-groups.ts): XState and the session's
    // charts. Without React, the inline splash itself gets the retry (showBootFailed).
    await retriesInHindi(/\/assets\/charts-core-[\w-]+\.js$/, 'splash-boot-retry');
  });

  it('offers a retry in the saved language when the texts cannot download on the first open', async () => {
    // React runs, but no text has been kept yet: BootSplash shows the retry.
    await retriesInHindi(/\/assets\/messages-\w+-[\w-]+\.js$/, 'splash-retry');
  });

  it('takes a new version over on the next launch, never the running one, and says "Updated"', async () => {
    const { server, browser } = world;
    const admin = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400029';
    await verifiedFarmer(server, admin, mobile, 'hindi', 'सुरेश कुमार');
    // The next version: the same sources built again, so its build time, its scripts and its worker
    // differ. It replaces this checkout's dist/web under the running server (the last test of the file).
    rmSync('dist/web-next', { recursive: true, force: true });
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', 'dist/web-next', '--emptyOutDir'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    /** The revision of index.html in a build's precache manifest: each worker serves launches from its own. */
    const shellRevision = (dir: string) => /\{url:"index\.html",revision:"(\w+)"\}/.exec(readFileSync(`${dir}/sw.js`, 'utf8'))![1]!;
    const oldShell = shellRevision('dist/web');
    const newShell = shellRevision('dist/web-next');
    expect(newShell).not.toBe(oldShell);
    const context = await newPhone(browser, server.url);
    const updated = (page: Page) => page.getByRole('status').filter({ hasText: hi('common.updated') });
    /**
     * The build this page runs (the app remembers it at start), whether the registration's active
     * worker controls it, and whether a new worker waits for the old version's tabs to go.
     */
    const running = (page: Page) =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const controller = navigator.serviceWorker.controller;
        return {
          build: localStorage.getItem('app:build'),
          current: controller !== null && controller === registration?.active,
          waiting: registration?.waiting != null,
        };
      });
    /**
     * Which versions' shells the phone's precache holds: a new worker adds its own as it installs, and
     * drops the old one as it activates. Polled with expect.poll: page.waitForFunction does not await
     * an async predicate (a Promise is truthy), which once made this test close version 1's tab before
     * the new worker was even found.
     */
    const shells = async () => {
      const worker = context.serviceWorkers().at(-1);
      const urls = await worker?.evaluate(async () => {
        const names = await caches.keys();
        const precache = names.find((n) => n.startsWith('workbox-precache'));
        return precache ? (await (await caches.open(precache)).keys()).map((r) => r.url) : [];
      });
      return { old: urls?.some((u) => u.endsWith(oldShell)) ?? false, new: urls?.some((u) => u.endsWith(newShell)) ?? false };
    };
    const launch = async () => {
      const page = await context.newPage();
      await page.goto('/home');
      await page.getByRole('navigation', { name: hi('shop.nav.label') }).waitFor();
      return page;
    };
    try {
      // Version 1, installed: its worker controls the app.
      const install = await context.newPage();
      await verifiedLogIn(install, server, 'hi', mobile);
      await install.reload();
      await install.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await install.getByRole('navigation', { name: hi('shop.nav.label') }).waitFor();
      const first = (await running(install)).build;
      expect(first).not.toBeNull();
      expect(await updated(install).count()).toBe(0);
      expect(await shells()).toEqual({ old: true, new: false });
      await install.close();

      // Version 2 is deployed. The next launch still runs version 1 (its worker serves it) and finds
      // the new worker, which installs beside it. A second launch while that tab is open, and the open
      // tab itself, keep version 1: nothing changes under the farmer's hands.
      renameSync('dist/web', 'dist/web-previous');
      renameSync('dist/web-next', 'dist/web');
      rmSync('dist/web-previous', { recursive: true, force: true });
      const open = await launch();
      await expect.poll(async () => (await running(open)).waiting, { timeout: 60_000 }).toBe(true);
      expect(await shells()).toEqual({ old: true, new: true });
      const second = await launch();
      for (const page of [open, second]) {
        expect(await running(page)).toEqual({ build: first, current: true, waiting: true });
        expect(await updated(page).count()).toBe(0);
      }
      await second.close();
      await open.close();

      // With version 1's last tab gone the new worker activates, a moment later, and drops version
      // 1's files. The launch after that runs version 2 and says so.
      await expect.poll(shells, { timeout: 30_000 }).toEqual({ old: false, new: true });
      const page = await context.newPage();
      // The line shows for UPDATED_NOTICE_MS from the start: watched from before the page opens.
      const line = updated(page).waitFor({ timeout: 30_000 });
      await page.goto('/home');
      await line;
      const now = await running(page);
      expect(now).toEqual({ build: expect.any(String), current: true, waiting: false });
      expect(now.build).not.toBe(first);
      await look(page, 'hi', 'home-updated');

      // The launch after that runs version 2 too, without the line.
      await page.close();
      const again = await launch();
      expect(await running(again)).toEqual({ build: now.build, current: true, waiting: false });
      expect(await updated(again).count()).toBe(0);
    } finally {
      await context.close();
      rmSync('dist/web-next', { recursive: true, force: true });
    }
  }, 240_000);
});
