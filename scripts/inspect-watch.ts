/**
 * Watches the app through the Stately inspector's eyes (decision 004): what `?inspect` sends, seen in a
 * real browser. stately.ai cannot be reached from here, so the inspector window the app opens
 * (https://stately.ai/inspect) is answered with a local recorder page (Playwright `context.route`)
 * that speaks the inspector's side of @statelyai/inspect's browser protocol: it posts
 * `@statelyai.connected` to its opener, then lists every `@xstate.actor`, `@xstate.event` and
 * `@xstate.snapshot` message the app posts to it, and hands each one to this script.
 *
 * The walk, on the compiled server (temporary SQLite, console SMS) in headless Chromium:
 *   farmer: sign-up with the code from the server console (photo, Aadhaar card, details), the admin
 *           verifies them through the API, "Check again", home, sku-details, cart, request,
 *           quotation-details (the admin prices it through the API), Place Order, order-status;
 *   admin:  log-in, the dashboard, users (one user opened: photo and Aadhaar), SKUs, quotations, orders.
 * Per screen it prints the actors that registered (the actor's id, which is its systemId except for
 * the per-subject screen charts, and the machine id of its definition) and how many events and
 * snapshots arrived. At the end it checks that no secret reached the inspector (the mobile numbers,
 * the OTP codes, the session tokens, the Aadhaar and photo URLs) and that every production chart of
 * machines/ (but the two rule tables, never actors) registered. Screenshots of the recorder page:
 * <SHOTS>-farmer-<screen>.png and <SHOTS>-admin-<screen>.png. Exit code 1 when a check fails.
 *
 * Run: `npm run build`, then `npx tsx scripts/inspect-watch.ts` (SHOTS=/tmp/inspect by default).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import type { Quotation } from '../src/domain/types';
import { apiLogin, call, userId } from '../test/support/e2e/api';
import { ADMIN_NUMBER, startServer, type TestServer } from '../test/support/e2e/server';
import { text } from '../test/support/e2e/text';
import { loadMachines } from './statecharts';

const SHOTS = process.env.SHOTS ?? '/tmp/inspect';
const FARMER = '9123456785';
const INSPECTOR_URL = 'https://stately.ai/inspect';
/** Charts that are never actors: the lifecycle rule tables, read with resolveState. */
const RULE_TABLES = ['quotationLifecycle', 'orderLifecycle'];
const t = (id: string, values?: Record<string, string | number>) => text('en', id, values);

/** The inspector's side of the protocol: connect to the opener, list what arrives, pass it on. */
const RECORDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Inspector recorder</title>
<style>
  body { font: 13px system-ui, sans-serif; margin: 8px; }
  table { border-collapse: collapse; width: 100%; }
  td, th { border: 1px solid #bbb; padding: 2px 4px; text-align: left; vertical-align: top; }
  tr.stopped td { color: #888; text-decoration: line-through; }
  code { font-size: 12px; }
</style></head>
<body>
<h1>Inspector recorder</h1>
<p id="summary">waiting for the app…</p>
<table><thead><tr><th>#</th><th>actor id</th><th>machine</th><th>parent</th><th>events</th><th>snapshots</th><th>state now</th></tr></thead>
<tbody id="rows"></tbody></table>
<script>
  const actors = new Map();
  let total = 0;
  const stateText = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
  function draw() {
    const rows = [...actors.values()].map((a, i) =>
      '<tr class="' + (a.status === 'active' ? '' : 'stopped') + '"><td>' + (i + 1) + '</td><td><code>' + a.name + '</code></td><td>' + a.machine +
      '</td><td>' + (a.parent ?? '—') + '</td><td>' + a.events + '</td><td>' + a.snapshots + '</td><td><code>' + stateText(a.value ?? '') + '</code></td></tr>');
    document.getElementById('rows').innerHTML = rows.join('');
    document.getElementById('summary').textContent = actors.size + ' actors, ' + total + ' messages';
  }
  window.addEventListener('message', (message) => {
    const m = message.data;
    if (!m || typeof m.type !== 'string' || typeof m._version !== 'string') return;
    total++;
    if (m.type === '@xstate.actor') {
      let machine = '—';
      try { machine = JSON.parse(m.definition).id ?? '—'; } catch {}
      const parent = actors.get(m.parentId)?.name;
      actors.set(m.sessionId, { name: m.name, machine, parent, events: 0, snapshots: 0, value: m.snapshot?.value, status: m.snapshot?.status ?? 'active' });
    }
    const actor = actors.get(m.sessionId);
    if (actor && m.type === '@xstate.event') actor.events++;
    if (actor && m.type === '@xstate.snapshot') {
      actor.snapshots++;
      actor.value = m.snapshot?.value;
      actor.status = m.snapshot?.status ?? actor.status;
    }
    window.record?.(JSON.stringify(m));
    draw();
  });
  (window.opener || window.parent).postMessage({ type: '@statelyai.connected' }, '*');
</script></body></html>`;

interface Message {
  type: '@xstate.actor' | '@xstate.event' | '@xstate.snapshot';
  sessionId: string;
  name?: string;
  parentId?: string;
  definition?: string;
  snapshot?: { status?: string; value?: unknown };
}

interface Actor {
  sessionId: string;
  name: string;
  machine: string;
}

/** One role's browser context: its app page, the inspector window the app opens, and what arrived. */
class Watch {
  readonly raw: string[] = [];
  readonly actors = new Map<string, Actor>();
  readonly problems: string[] = [];
  recorder: Page | null = null;
  private mark = 0;
  private constructor(
    readonly role: string,
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(browser: Browser, server: TestServer, role: string): Promise<Watch> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 450, height: 900 }, isMobile: true, hasTouch: true, locale: 'en-IN' });
    context.setDefaultTimeout(20_000);
    await context.route(`${INSPECTOR_URL}**`, (route) => route.fulfill({ contentType: 'text/html', body: RECORDER_PAGE }));
    const page = await context.newPage();
    const watch = new Watch(role, context, page);
    await context.exposeBinding('record', ({ page: from }, json: string) => {
      if (from !== watch.recorder) return;
      watch.raw.push(json);
      const m = JSON.parse(json) as Message;
      if (m.type === '@xstate.actor') {
        let machine: string;
        try {
          machine = (JSON.parse(m.definition ?? '{}') as { id?: string }).id ?? '—';
        } catch {
          machine = '(unreadable definition)';
        }
        watch.actors.set(m.sessionId, { sessionId: m.sessionId, name: m.name ?? '?', machine });
      }
    });
    page.on('pageerror', (error) => watch.problems.push(`page error: ${error.message}`));
    page.on('console', (line) => {
      if (line.type() === 'error' || line.type() === 'warning') watch.problems.push(`console ${line.type()}: ${line.text()}`);
    });
    // The window the app opens is the inspector's; known from its first moment, before it connects.
    context.on('page', (opened) => {
      if (opened !== page) watch.recorder = opened;
    });
    return watch;
  }

  /** Opens the app at `path` with `?inspect`: the app opens the inspector window at start. */
  async start(path: string): Promise<void> {
    const popup = this.context.waitForEvent('page');
    await this.page.goto(`${path}?inspect`);
    this.recorder = await popup;
    await this.recorder.waitForLoadState();
    // The farmer looks at the app, not at the inspector window.
    await this.page.bringToFront();
    if (!this.recorder.url().startsWith(INSPECTOR_URL)) throw new Error(`the app opened ${this.recorder.url()}, not the inspector`);
  }

  /**
   * Waits for the screen to settle and for what the inspector was sent to arrive, then reports what
   * arrived since the last report. The inspector converts and posts each message in an idle
   * callback; idle callbacks run in the order they were asked for, so once a new one has run, every
   * message of the screen has been posted.
   */
  async screen(name: string): Promise<void> {
    await this.page.waitForLoadState('networkidle');
    // A string, not a function: tsx would add its __name helper, which the page does not have.
    const idle = await this.page.evaluate<string>(`new Promise((done) => {
      let frames = 0;
      const frame = () => { frames++; requestAnimationFrame(frame); };
      requestAnimationFrame(frame);
      const started = performance.now();
      requestIdleCallback(() => done('idle after ' + Math.round(performance.now() - started) + ' ms'));
      setTimeout(() => done('no idle period in 10 s (' + frames + ' frames, ' + document.visibilityState + ')'), 10000);
    })`);
    let count = -1;
    while (count !== this.raw.length) {
      count = this.raw.length;
      await this.page.waitForTimeout(300);
    }
    const fresh = this.raw.slice(this.mark).map((json) => JSON.parse(json) as Message);
    this.mark = this.raw.length;
    const registered = fresh.filter((m) => m.type === '@xstate.actor').map((m) => this.actors.get(m.sessionId)!);
    const stopped = fresh.filter((m) => m.type === '@xstate.snapshot' && m.snapshot?.status === 'stopped').map((m) => this.actors.get(m.sessionId)?.name ?? '?');
    const events = fresh.filter((m) => m.type === '@xstate.event').length;
    const snapshots = fresh.filter((m) => m.type === '@xstate.snapshot').length;
    const listed = registered.map((a) => (a.name === a.machine ? a.name : `${a.name} (${a.machine})`));
    const slow = idle.startsWith('idle after') ? '' : ` (${idle}: what arrived late counts for the next screen)`;
    console.log(`${this.role} ${name} ${new URL(this.page.url()).pathname}${slow}: ${events} events, ${snapshots} snapshots; registered: ${listed.join(', ') || '—'}${stopped.length ? `; stopped: ${stopped.join(', ')}` : ''}`);
    await this.recorder!.screenshot({ path: `${SHOTS}-${this.role}-${name}.png`, fullPage: true });
  }
}

async function at(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
}

async function logIn(watch: Watch, server: TestServer, mobile: string, codes: string[]): Promise<void> {
  const { page } = watch;
  await at(page, '/language-selection');
  await watch.screen('language-selection');
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: t('onboarding.language.continue') }).click();
  await at(page, '/join-us');
  await watch.screen('join-us');
  await page.getByRole('button', { name: t('onboarding.joinUs.signUp') }).click();
  await at(page, '/auth/generate-otp');
  await page.getByLabel(t('onboarding.otp.phoneLabel')).fill(mobile);
  await watch.screen('generate-otp');
  const mark = server.mark();
  await page.getByRole('button', { name: t('onboarding.otp.getOtp') }).click();
  await at(page, '/auth/verify-otp');
  const code = await server.waitForCode(mobile, mark);
  codes.push(code);
  await page.getByLabel(t('onboarding.otp.digitLabel', { n: 1, total: 6 })).click();
  await page.keyboard.type(code);
  await watch.screen('verify-otp');
  await page.getByRole('button', { name: t('onboarding.otp.submit'), exact: true }).click();
}

async function uploadStep(page: Page, kind: 'profile' | 'aadhaar', file: Buffer): Promise<void> {
  await page.locator(`#image-${kind}`).setInputFiles({ name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: file });
  await page.getByRole('button', { name: t('onboarding.image.upload'), exact: true }).click();
  await page.getByText(t('onboarding.image.uploaded')).waitFor();
}

/** Every string the inspector must never receive, found in what it received. */
function leaks(raw: string[], secrets: Record<string, string[]>): string[] {
  const all = raw.join('\n');
  return Object.entries(secrets).flatMap(([what, values]) => values.filter((v) => v.length >= 6 && all.includes(v)).map((v) => `${what} ${v.slice(0, 12)}…`));
}

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const failures: string[] = [];
  const codes: string[] = [];
  const tokens: string[] = [];
  const urls: string[] = [];
  let farmer: Watch | null = null;
  let admin: Watch | null = null;
  try {
    const adminToken = await apiLogin(server, ADMIN_NUMBER);
    tokens.push(adminToken);
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 90, g: 140, b: 60 } } }).jpeg().toBuffer();

    // The farmer signs up.
    farmer = await Watch.open(browser, server, 'farmer');
    const page = farmer.page;
    await farmer.start('/');
    await logIn(farmer, server, FARMER, codes);
    await at(page, '/register/profile-photo');
    await farmer.screen('profile-photo');
    await uploadStep(page, 'profile', photo);
    await at(page, '/register/aadhaar-card');
    await farmer.screen('aadhaar-card');
    await uploadStep(page, 'aadhaar', photo);
    await at(page, '/register/personal-details');
    await page.getByLabel(t('onboarding.details.name')).fill('Ramesh Patel');
    await page.getByRole('radio', { name: t('onboarding.details.gender.male'), exact: true }).check();
    await page.getByRole('textbox', { name: t('onboarding.details.age') }).fill('44');
    await page.getByLabel(t('onboarding.details.farmAddress')).fill('Survey 7, Jasdan road, Rajkot');
    await farmer.screen('personal-details');
    await page.getByRole('button', { name: t('onboarding.details.submit') }).click();
    await at(page, '/under-verification');
    await farmer.screen('under-verification');

    // The admin verifies them through the API; the farmer checks again.
    const farmerToken = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    tokens.push(farmerToken);
    const profile = await call<{ user: { profilePhoto?: string; aadhaar?: string } }>(server, 'GET', '/users/profile', farmerToken);
    urls.push(...[profile.body.user?.profilePhoto, profile.body.user?.aadhaar].filter((u): u is string => typeof u === 'string'));
    if (urls.length !== 2) throw new Error(`the farmer's photo and Aadhaar urls: ${JSON.stringify(profile.body)}`);
    const farmerId = await userId(server, adminToken, FARMER);
    if ((await call(server, 'PATCH', `/users/verify/${farmerId}`, adminToken)).status !== 200) throw new Error('the admin could not verify the farmer');
    await page.getByRole('button', { name: t('onboarding.waiting.checkAgain') }).click();
    await at(page, '/home');
    await page.getByRole('link', { name: 'Paddy Straw' }).waitFor();
    await farmer.screen('home');

    await page.getByRole('link', { name: 'Paddy Straw' }).click();
    await at(page, '/sku-details');
    await page.getByRole('heading', { name: 'Paddy Straw' }).waitFor();
    await farmer.screen('sku-details');
    await page.getByLabel(t('shop.sku.quantity')).fill('3');
    await page.getByRole('button', { name: t('shop.sku.addToCart') }).click();
    await page.getByText(t('shop.cartBar.added', { n: 1 })).waitFor();
    await page.getByRole('link', { name: t('shop.nav.cart') }).first().click();
    await at(page, '/cart');
    await farmer.screen('cart');
    await page.getByRole('button', { name: t('shop.cart.requestQuotation') }).click();
    await at(page, '/request');
    const card = page.getByRole('listitem').filter({ hasText: /QT\d+/ }).filter({ hasText: 'Paddy Straw' });
    await card.getByText(t('shop.status.PENDING')).waitFor();
    await farmer.screen('request');

    // The admin prices the quotation through the API; the farmer opens it and orders.
    const quotations = (await call<{ data: Quotation[] }>(server, 'GET', '/quotations/all', adminToken)).body.data;
    const q = quotations[0]!;
    const priced = await call(server, 'PATCH', `/quotations/${q._id}`, adminToken, {
      ...q,
      status: 'COMPLETED',
      skusDetail: q.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: 150_000, discountPaisa: 5_000, shippingPricePaisa: 12_000 })),
    });
    if (priced.status !== 200) throw new Error(`pricing ${priced.status} ${JSON.stringify(priced.body)}`);
    await card.click();
    await at(page, '/quotation-details');
    await page.getByRole('button', { name: t('shop.quotation.placeOrder') }).waitFor();
    await farmer.screen('quotation-details');
    await page.getByRole('button', { name: t('shop.quotation.placeOrder') }).click();
    await at(page, '/request');
    await card.getByText(t('shop.status.ORDERED')).waitFor();
    await farmer.screen('request-ordered');
    await card.click();
    await at(page, '/quotation-details');
    await page.getByRole('button', { name: t('shop.quotation.trackOrder') }).or(page.getByRole('link', { name: t('shop.quotation.trackOrder') })).first().waitFor();
    await farmer.screen('quotation-details-ordered');
    await page.getByRole('button', { name: t('shop.quotation.trackOrder') }).or(page.getByRole('link', { name: t('shop.quotation.trackOrder') })).first().click();
    await at(page, '/order-status');
    await page.getByText(t('shop.order.deliveryCode')).first().waitFor();
    await farmer.screen('order-status');
    await page.getByRole('link', { name: t('shop.nav.home') }).first().click();
    await at(page, '/home');
    await farmer.screen('home-again');

    // The admin walks the back office.
    admin = await Watch.open(browser, server, 'admin');
    const desk = admin.page;
    await admin.start('/');
    await logIn(admin, server, ADMIN_NUMBER, codes);
    await at(desk, '/home');
    await admin.screen('home');
    tokens.push((await desk.evaluate(() => localStorage.getItem('token'))) ?? '');
    await desk.getByRole('button', { name: t('shop.home.adminDashboard') }).or(desk.getByRole('link', { name: t('shop.home.adminDashboard') })).first().click();
    await at(desk, '/admin');
    await admin.screen('dashboard');
    for (const section of ['users', 'skus', 'quotations', 'orders'] as const) {
      await desk.getByRole('link', { name: t(`admin.dashboard.${section}`) }).or(desk.getByRole('button', { name: t(`admin.dashboard.${section}`) })).first().click();
      await at(desk, `/admin/${section}`);
      await admin.screen(section);
      if (section === 'users') {
        await desk.getByRole('button', { name: new RegExp(FARMER) }).click();
        await admin.screen('users-opened');
      }
      await desk.goBack();
      await at(desk, '/admin');
    }
    await admin.screen('dashboard-again');

    // What the inspector received, checked.
    const received = [...farmer.raw, ...admin.raw];
    const secrets = { 'mobile number': [FARMER, ADMIN_NUMBER], 'OTP code': codes, token: tokens, 'image url': urls };
    for (const leak of leaks(received, secrets)) failures.push(`the inspector received a secret: ${leak}`);
    const seen = new Set([...farmer.actors.values(), ...admin.actors.values()].map((a) => a.machine));
    const production = (await loadMachines()).map((m) => m.id).filter((id) => !RULE_TABLES.includes(id));
    const missing = production.filter((id) => !seen.has(id));
    if (missing.length) failures.push(`production charts that never registered: ${missing.join(', ')}`);
    for (const watch of [farmer, admin]) for (const problem of watch.problems) failures.push(`${watch.role}: ${problem}`);
    const redacted = received.join('\n').split('[redacted]').length - 1;
    console.log(`\nreceived ${farmer.raw.length} (farmer) + ${admin.raw.length} (admin) messages, ${redacted} values in them redacted; ${production.length - missing.length} of ${production.length} production charts registered`);
    console.log(`secrets looked for: ${Object.entries(secrets).map(([what, values]) => `${values.length} ${what}`).join(', ')}`);
  } catch (error) {
    failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    for (const watch of [farmer, admin]) if (watch) await watch.page.screenshot({ path: `${SHOTS}-${watch.role}-failed.png` }).catch(() => undefined);
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failures.length) {
    console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('all checks passed');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
