/**
 * The analyst's view of real use, end to end: a farmer's sign-up on a 360 px phone reaches the server
 * as the charts' transitions; with "Help improve the app" off nothing is sent; an analyst logs in,
 * lands on /analyst at 450 px, reads the sign-up chart with its counts and the funnel, and replays
 * the sampled journey step by step. Screenshots go to /tmp/shots-38/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { at, chooseLanguage, imageStep, logIn, personalDetails, verifiedLogIn } from '../support/e2e/onboarding';
import { useWorld } from '../support/e2e/world';

const ANALYST = '8200000001';
const SHOTS = '/tmp/shots-38';
mkdirSync(SHOTS, { recursive: true });

/** The page hides (the farmer switches apps): the recorder sends what it holds. */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
}

/** A plain photo from the phone's camera. */
const photo = (shade: number) => sharp({ create: { width: 900, height: 700, channels: 3, background: { r: shade, g: 120, b: 60 } } }).jpeg().toBuffer();

/** What the server holds once every phone has sent what it had: two reads 3 s apart agree. */
async function settled(read: () => Promise<number>): Promise<number> {
  let last = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const now = await read();
    if (now === last) return now;
    last = now;
  }
}

type Traffic = { transitions: { from: string; to: string; event: string; count: number }[] };
type Totals = { chartId: string; total: number }[];

describe('the analyst view of real use', () => {
  const world = useWorld({ ANALYST_MOBILE_NUMBERS: ANALYST });
  let analystToken = '';
  const totals = async () => (await call<{ data: Totals }>(world.server, 'GET', '/analytics/charts?days=7', analystToken)).body.data;
  const sum = (t: Totals) => t.reduce((n, c) => n + c.total, 0);
  const traffic = async (chart: string) => (await call<{ data: Traffic }>(world.server, 'GET', `/analytics/charts/${chart}?days=7`, analystToken)).body.data;
  const count = (t: Traffic, from: string, to: string, event: string) => t.transitions.find((x) => x.from === from && x.to === to && x.event === event)?.count ?? 0;

  it("records a farmer's sign-up at 360 px as the charts' transitions on the server", async () => {
    const { server, browser } = world;
    analystToken = await apiLogin(server, ANALYST);
    expect(sum(await totals())).toBe(0);

    const phone = await newPhone(browser, server.url, { width: 360, height: 780 });
    const page = await phone.newPage();
    await chooseLanguage(page, 'en');
    await logIn(page, server, 'en', '9123400381');
    await at(page, '/register/profile-photo');
    await imageStep(page, 'en', 'profile', await photo(90));
    await imageStep(page, 'en', 'aadhaar', await photo(160));
    await personalDetails(page, 'en', { name: 'Kanji Solanki', address: 'Village Bhadran, Anand' });

    // The recorder arrives with the page's first hiding and sends at once; each hiding after sends what it holds.
    await expect.poll(async () => (await hide(page), sum(await totals())), { timeout: 30_000, interval: 1_000 }).toBeGreaterThan(0);
    await hide(page);
    await expect
      .poll(async () => count(await traffic('registration'), 'registration.filling.details.editing', 'registration.filling.details.submitting', 'details.submit'), { timeout: 15_000 })
      .toBe(1);
    const otp = await traffic('otpLogin');
    expect(count(otp, 'otpLogin.enteringPhone', 'otpLogin.requestingCode', 'phone.submit')).toBe(1);
    expect(count(otp, 'otpLogin.awaitingCode.code.verifying', 'otpLogin.loggedIn', 'xstate.done.actor.verifyOtp')).toBe(1);
    const funnel = (await call<{ data: { steps: { step: string; count: number }[] } }>(server, 'GET', '/analytics/funnel?days=7', analystToken)).body.data.steps;
    expect(Object.fromEntries(funnel.map((s) => [s.step, s.count]))).toMatchObject({ language: 1, phone: 1, code: 1, photo: 1, details: 1, submitted: 1, verified: 0 });
    await phone.close();
  });

  it('sends nothing once the farmer turns "Help improve the app" off in /profile', async () => {
    const { server, browser } = world;
    const admin = await apiLogin(server, ADMIN_NUMBER);
    await verifiedFarmer(server, admin, '9123400382');
    const phone = await newPhone(browser, server.url, { width: 360, height: 780 });
    const page = await phone.newPage();
    await verifiedLogIn(page, server, 'en', '9123400382');
    await page.goto('/profile');
    await at(page, '/profile');
    const help = page.getByRole('checkbox', { name: 'Help improve the app' });
    await expect.poll(() => help.isChecked()).toBe(true);
    await help.uncheck();
    await page.screenshot({ path: `${SHOTS}/profile-help-improve-off.png`, fullPage: true });
    const before = await settled(async () => sum(await totals()));
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/analytics/transitions')) beacons.push(request.url());
    });
    await page.goto('/home');
    await at(page, '/home');
    await page.waitForTimeout(6_000);
    await hide(page);
    await page.waitForTimeout(1_000);
    expect(beacons).toEqual([]);
    expect(sum(await totals())).toBe(before);
    // Turned on again, what happens next is sent (here: logging out) when the page hides.
    await page.goto('/profile');
    await help.check();
    await page.waitForTimeout(6_000);
    await page.getByRole('button', { name: 'Log out' }).click();
    await at(page, '/join-us');
    await hide(page);
    await expect.poll(async () => sum(await totals()), { timeout: 15_000 }).toBeGreaterThan(before);
    await phone.close();
  });

  it('shows an analyst the sign-up chart with its counts and the funnel at 450 px, and replays a journey step by step', async () => {
    const { server, browser } = world;
    const phone = await newPhone(browser, server.url);
    const page = await phone.newPage();
    await chooseLanguage(page, 'en');
    await logIn(page, server, 'en', ANALYST);
    await at(page, '/analyst');
    const diagram = page.getByTestId('analyst-diagram');
    await diagram.locator('svg').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: /^registration: \d+ transitions in 30 days$/ }).waitFor();
    // The transitions the farmer took carry their count; those never taken are dashed.
    await expect.poll(() => diagram.locator('.edgeLabel', { hasText: /details\.submit.* · 1$/ }).count()).toBeGreaterThan(0);
    expect(await diagram.locator('.analyst-edge-never').count()).toBeGreaterThan(0);
    expect(await diagram.locator('.analyst-edge-taken').count()).toBeGreaterThan(0);
    const funnel = page.locator('.analyst-funnel li');
    await expect.poll(() => funnel.count()).toBe(8);
    expect(await page.locator('[data-step="submitted"] .analyst-funnel-count').textContent()).toBe('1');
    await page.screenshot({ path: `${SHOTS}/analyst-registration.png`, fullPage: true });

    await page.getByRole('button', { name: /^Journey 1: \d+ transitions$/ }).click();
    const stepText = page.getByTestId('analyst-step');
    await expect.poll(() => stepText.textContent()).toMatch(/^Step 0 of \d+/);
    await page.getByRole('button', { name: 'Forward' }).click();
    await expect.poll(() => stepText.textContent()).toMatch(/^Step 1 of \d+: /);
    const first = await stepText.textContent();
    await page.getByRole('button', { name: 'Forward' }).click();
    await page.getByRole('button', { name: 'Forward' }).click();
    await expect.poll(() => stepText.textContent()).toMatch(/^Step 3 of /);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => stepText.textContent()).toBe(first);
    // Each step shows on its chart's diagram, its state marked.
    await diagram.locator('svg').waitFor();
    await page.screenshot({ path: `${SHOTS}/analyst-replay.png`, fullPage: true });
    // An analyst reaches no farmer's or admin's screen.
    await page.goto('/home');
    await at(page, '/analyst');
    await page.goto('/admin/users');
    await at(page, '/analyst');
    await phone.close();
  });
});
