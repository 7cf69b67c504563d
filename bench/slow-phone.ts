/**
 * A hands-on look at the app on a farmer's phone: the built app and the compiled server,
 * headless Chromium at 360 px with slow 3G (400 kbps, 400 ms round trip) and a 4× slower CPU, in
 * Hindi (SLOW_LANG=gujrati for Gujarati). Steps, each with screenshots at fixed moments
 * (/tmp/h7-<step>-<ms>.png) and the moments the farmer first sees something:
 *   1. first open of `/` (nothing saved, nothing cached), then `/` again with the language saved
 *      (step `entry-saved`: the inline splash in that language, then the join screen);
 *   2. `/home` as a verified farmer whose language is Hindi (their saved state, an empty HTTP cache);
 *   2b. the same first visit to `/home`, and the farmer taps the first product as soon as the tiles
 *      show, before the service worker's install has finished: how long the product screen takes
 *      (its script comes from the network, beside the install's downloads);
 *   3. a reload of `/home` offline, once the service worker controls the page.
 * Step 2 is also recorded as a Chromium performance trace (TRACE, by default
 * /tmp/slow-phone-home-trace.json, opens in DevTools' Performance panel); a summary of the main
 * thread's work is printed (bench/trace-summary.ts).
 * Run: `npx tsx bench/slow-phone.ts` after `npm run build` (SHOTS=<dir prefix> to write elsewhere).
 */
import { readFileSync } from 'node:fs';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { apiLogin, call, verifiedFarmer } from '../test/support/e2e/api';
import { ADMIN_NUMBER, startServer } from '../test/support/e2e/server';
import { text } from '../test/support/e2e/text';
import { printTraceSummary, summarizeTrace } from './trace-summary';

const SHOTS = process.env.SHOTS ?? '/tmp/h7';
const TRACE = process.env.TRACE ?? '/tmp/slow-phone-home-trace.json';
/** What DevTools' Performance panel records. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'toplevel', 'v8', 'v8.execute', 'blink', 'loading', 'disabled-by-default-v8.compile'];
const FARMER = '9123456781';
/** The farmer's language as the app saves it, and the name and join-screen title they see in it. */
const LANGUAGES = {
  hindi: { name: 'सुरेश कुमार', locale: 'hi-IN', joinUs: `text=${text('hi', 'onboarding.joinUs.title')}` },
  gujrati: { name: 'મહેશ પટેલ', locale: 'gu-IN', joinUs: `text=${text('gu', 'onboarding.joinUs.title')}` },
} as const;
const LANGUAGE = (process.env.SLOW_LANG ?? 'hindi') as keyof typeof LANGUAGES;
if (!(LANGUAGE in LANGUAGES)) throw new Error(`SLOW_LANG: one of ${Object.keys(LANGUAGES).join(', ')}`);
const MOMENTS_MS = [1_000, 3_000, 6_000, 10_000, 15_000];

async function slowPhone(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/**
 * A new page on the slow phone with nothing cached and no worker, holding `saved` in localStorage
 * (the farmer's state as a login leaves it) before the first page of the app is opened.
 */
async function freshPhone(context: BrowserContext, origin: string, saved: Record<string, string>): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await slowPhone(context, page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await page.goto('/favicon.ico');
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, saved);
  return { page, cdp };
}

/** Opens `url`, screenshots at each moment, and reports when the farmer first sees each landmark. */
async function watch(page: Page, step: string, url: string, landmarks: Record<string, string>, open: () => Promise<unknown> = () => page.goto(url)) {
  const start = Date.now();
  const seen: Record<string, number> = {};
  const polls = Object.entries(landmarks).map(([name, selector]) =>
    page
      .waitForSelector(selector, { state: 'visible', timeout: MOMENTS_MS.at(-1)! + 5_000 })
      .then(() => (seen[name] = Date.now() - start), () => undefined),
  );
  void open().catch(() => undefined);
  for (const at of MOMENTS_MS) {
    await page.waitForTimeout(Math.max(0, at - (Date.now() - start)));
    await page.screenshot({ path: `${SHOTS}-${step}-${at}.png` }).catch(() => undefined);
  }
  await Promise.all(polls);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null).catch(() => null);
  console.log(`${step}: first paint ${fcp === null ? '—' : `${(fcp / 1000).toFixed(1)} s`}; ${Object.entries(landmarks).map(([name]) => `${name} ${seen[name] === undefined ? 'never' : `${(seen[name] / 1000).toFixed(1)} s`}`).join('; ')}`);
}

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: LANGUAGES[LANGUAGE].locale,
    baseURL: server.url,
  });
  try {
    const admin = await apiLogin(server, ADMIN_NUMBER);
    const token = await verifiedFarmer(server, admin, FARMER, LANGUAGE, LANGUAGES[LANGUAGE].name);
    const skus = (await call<{ data: { _id: string }[] }>(server, 'GET', '/skus', token)).body.data;
    await call(server, 'POST', '/quotations', token, { skusDetail: [{ skuIdentifier: skus[0]!._id, quantity: 5 }] });
    const quotations = (await call<{ data: unknown[] }>(server, 'GET', '/quotations', token)).body.data;

    // 1. First open of `/`: nothing saved, nothing cached.
    const first = await context.newPage();
    await slowPhone(context, first);
    await watch(first, 'entry', '/', {
      'splash (inline)': '.boot-splash',
      'language choice': 'text=/हिंदी|हिन्दी|English/',
    });
    await first.close();

    // 1b. `/` again on a phone where that language was chosen (nothing else saved, nothing cached).
    const { page: again } = await freshPhone(context, server.url, {
      'persist:root': JSON.stringify({ user: { isLoggedIn: false, profileUpdated: false, isVerified: false, isAdmin: false, preferredLanguage: LANGUAGE }, cart: [], skus: [], quotations: [] }),
    });
    await watch(again, 'entry-saved', '/', { 'splash (inline)': '.boot-splash', 'join screen': LANGUAGES[LANGUAGE].joinUs });
    await again.close();

    // 2. `/home` as the verified farmer, whose phone holds their state as a login leaves it.
    const user = { isLoggedIn: true, profileUpdated: true, isVerified: true, isAdmin: false, preferredLanguage: LANGUAGE, mobileNumber: FARMER, name: LANGUAGES[LANGUAGE].name };
    const loggedIn = { token, 'persist:root': JSON.stringify({ user, cart: [], skus, quotations }) };
    const { page: home, cdp } = await freshPhone(context, server.url, loggedIn);
    await browser.startTracing(home, { path: TRACE, screenshots: true, categories: TRACE_CATEGORIES });
    await watch(home, 'home', '/home', {
      'splash (inline)': '.boot-splash',
      'product tiles': '.shop-home-header',
      'first picture': 'img.shop-img',
    });
    await browser.stopTracing();
    printTraceSummary(`home trace (${TRACE})`, summarizeTrace(JSON.parse(readFileSync(TRACE, 'utf8'))));

    // 2b. A farmer who taps a product the moment the tiles show, on a first visit: the worker is still
    // installing, so the product screen's script was not fetched ahead.
    const { page: eager } = await freshPhone(context, server.url, loggedIn);
    await eager.goto('/home');
    await eager.waitForSelector('.shop-tile', { state: 'visible', timeout: 60_000 });
    const installing = await eager.evaluate(() => navigator.serviceWorker.controller === null);
    const tapped = Date.now();
    await eager.locator('.shop-tile').first().tap();
    await eager.waitForSelector('.shop-product-name', { state: 'visible', timeout: 60_000 });
    const opened = Date.now() - tapped;
    await eager.screenshot({ path: `${SHOTS}-eager-product.png` });
    const installed = await eager.evaluate(async () => {
      const started = performance.now();
      await navigator.serviceWorker.ready;
      return performance.now() - started;
    });
    console.log(
      `eager tap: product screen ${(opened / 1000).toFixed(1)} s after the tap (worker ${installing ? 'still installing' : 'already in control'} at the tap; ready ${(installed / 1000).toFixed(1)} s after the screen)`,
    );
    await eager.close();

    // 3. Offline reload of `/home` once the service worker controls the page (it installs on the first
    // visit and controls the pages opened after: one more online load).
    await home.evaluate(async () => void (await navigator.serviceWorker.ready));
    await home.reload();
    await home.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 120_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await context.setOffline(true);
    await watch(home, 'offline', '/home', { 'product tiles': '.shop-home-header', 'offline line': '.offline-line' }, () => home.reload());
    await context.setOffline(false);
  } finally {
    await context.close();
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
