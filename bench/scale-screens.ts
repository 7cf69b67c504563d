/**
 * `npx tsx bench/scale-screens.ts`: the admin screens on the kept 200,000-quotation database of
 * `npm run bench:scale` (seeded there first when missing; SQLite, or PostgreSQL with
 * SCALE_DATABASE=postgres), in Debian's Chromium at 450 px, on the
 * compiled production server with the built app. The admin logs in with a code from the server's
 * console, then: the dashboard (whole page), its "late" figure's list, the users list, a search by
 * name and by mobile number, the quotations list scrolled five pages deep, the orders list, an order
 * found by its quotation's QT number, and three orders ticked to move at once. Each step's time
 * (action → its rows on screen) and the load average are printed; screenshots go to SCALE_SHOTS
 * (default /tmp/scale-shots/) for a person to look at. SCALE_BUILD=0 skips the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openAdmin } from '../test/support/e2e/admin';
import { launchBrowser, newPhone } from '../test/support/e2e/browser';
import { ADMIN_NUMBER, startServer, type TestServer } from '../test/support/e2e/server';
import { text } from '../test/support/e2e/text';
import { seededEnv, type Target } from './scale';

const SHOTS = process.env.SCALE_SHOTS ?? '/tmp/scale-shots';
const t = (id: string, values?: Record<string, string | number>) => text('en', id, values);
const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function step(page: Page, name: string, action: () => Promise<void>): Promise<void> {
  const started = Date.now();
  await action();
  const ms = Date.now() - started;
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
  console.log(`  ${name.padEnd(36)} ${String(ms).padStart(6)} ms   load ${load()}`);
}

/** Waits for the "Showing n of total" line with this `shown` count (any total) and returns its text. */
async function shown(page: Page, n: number): Promise<string> {
  const pattern = new RegExp(t('admin.common.shownOfTotal', { shown: n, total: 'TOTAL' }).replace('TOTAL', '[\\d,]+'));
  const line = page.getByText(pattern).first();
  await line.waitFor({ timeout: 30_000 });
  return line.innerText();
}

/**
 * The admin's login in the browser, as test/support/e2e/admin.ts adminLogIn does it, without vitest's
 * assertions (this runs outside vitest): language, join us, number, the code from the server's console.
 */
async function logIn(page: Page, server: TestServer): Promise<void> {
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/language-selection');
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: t('onboarding.language.continue') }).click();
  await page.getByRole('button', { name: t('onboarding.joinUs.signUp') }).click();
  await page.getByLabel(t('onboarding.otp.phoneLabel')).fill(ADMIN_NUMBER);
  const mark = server.mark();
  await page.getByRole('button', { name: t('onboarding.otp.getOtp') }).click();
  await page.waitForURL((url) => url.pathname === '/auth/verify-otp');
  const code = await server.waitForCode(ADMIN_NUMBER, mark);
  await page.getByLabel(t('onboarding.otp.digitLabel', { n: 1, total: 6 })).click();
  await page.keyboard.type(code);
  await page.getByLabel(t('onboarding.otp.digitLabel', { n: 6, total: 6 })).and(page.locator(`[value="${code[5]}"]`)).waitFor();
  await page.getByRole('button', { name: t('onboarding.otp.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/home');
}

async function main(): Promise<void> {
  const target: Target = process.env.SCALE_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
  const env = await seededEnv(target);
  if (process.env.SCALE_BUILD !== '0') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  }
  mkdirSync(SHOTS, { recursive: true });
  const server = await startServer(env);
  const browser = await launchBrowser();
  try {
    const context = await newPhone(browser, server.url);
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    console.log(`admin screens on ${target} ${env.DATABASE_URL ?? env.DATA_DIR} (${server.url}), 450 px`);
    await step(page, '01-admin-login', () => logIn(page, server));

    // The dashboard: every figure of the 200,000 quotations, the revenue chart; the whole page is kept.
    await step(page, '01b-dashboard', async () => {
      await page.goto('/admin');
      await page.getByRole('heading', { name: t('admin.cockpit.pending') }).waitFor();
      await page.getByRole('img', { name: t('admin.cockpit.revenueChart') }).waitFor();
    });
    await page.screenshot({ path: join(SHOTS, '01b-dashboard-full.png'), fullPage: true });
    await step(page, '01c-dashboard-late-quotations', async () => {
      const pending = page.locator('section').filter({ has: page.getByRole('heading', { name: t('admin.cockpit.pending') }) });
      await pending.getByRole('link', { name: /Late/ }).first().click();
      await page.waitForURL((url) => url.pathname === '/admin/quotations');
      await shown(page, 50);
    });

    await step(page, '02-users-first-page', async () => {
      await openAdmin(page, 'users');
      console.log(`    ${await shown(page, 50)}`);
    });
    const users = page.getByLabel(t('admin.users.search'));
    await step(page, '03-users-search-name', async () => {
      await users.fill('Geeta 12');
      await page.getByRole('button', { name: /Geeta 12\d*/ }).first().waitFor();
      console.log(`    first match: ${(await page.getByRole('button', { name: /Geeta 12/ }).first().innerText()).split('\n')[0]}`);
    });
    await step(page, '04-users-search-mobile', async () => {
      await users.fill('6000012');
      await page.getByRole('button', { name: /6000012\d*/ }).first().waitFor();
    });

    await step(page, '05-quotations-first-page', async () => {
      await openAdmin(page, 'quotations');
      console.log(`    ${await shown(page, 50)}`);
    });
    const rows = page.getByRole('list', { name: t('admin.quotations.list') }).getByRole('button');
    const footer = page.locator('.admin-page-footer button');
    await step(page, '06-quotations-scrolled-5-pages', async () => {
      for (let pageNo = 2; pageNo <= 5; pageNo++) {
        await footer.scrollIntoViewIfNeeded();
        await shown(page, pageNo * 50);
      }
      console.log(`    ${await rows.count()} rows in the list`);
    });
    const lastId = await rows.last().locator('strong').innerText();
    console.log(`    last row: ${lastId}`);

    await step(page, '07-orders-first-page', async () => {
      await openAdmin(page, 'orders');
      console.log(`    ${await shown(page, 50)}`);
    });
    // Quotation QT100001 is the first farmer's first, which was ordered (bench/scale.ts seeds 1 in 10).
    await step(page, '08-orders-search-qt-number', async () => {
      await page.getByLabel(t('admin.orders.search')).fill('QT100001');
      await page.getByRole('list', { name: t('admin.orders.list') }).getByRole('button', { name: /OD/ }).first().waitFor();
      await shown(page, 1);
    });
    await step(page, '09-orders-opened', async () => {
      await page.getByRole('list', { name: t('admin.orders.list') }).getByRole('button').first().click();
      await page.getByRole('dialog').first().waitFor();
    });
    await step(page, '10-orders-three-ticked', async () => {
      await page.getByRole('dialog').first().getByRole('button', { name: t('admin.common.close') }).first().click();
      await page.getByLabel(t('admin.orders.search')).fill('');
      await shown(page, 50);
      const boxes = page.getByRole('list', { name: t('admin.orders.list') }).getByRole('checkbox');
      for (let i = 0; i < 3; i++) await boxes.nth(i).check();
      await page.getByRole('group').getByText(t('admin.bulk.selected', { count: 3 })).waitFor();
      await page.getByLabel(t('admin.bulk.move')).selectOption({ index: 1 });
    });
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
