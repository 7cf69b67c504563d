/**
 * The farmer on patchy 3G, at 360 px: a request for prices made without the network waits in the
 * outbox, shown on /request in the farmer's language, survives closing the app, and is sent exactly
 * once when the network returns, also when the answer was lost after the server had written it. A
 * queued delete is sent once when the network returns. A queued order on a quotation that expired
 * meanwhile shows the refusal, and the farmer asks the price again from it. Two tabs of the app keep
 * each other's waiting requests. Then twenty requests with the connection cut at random: how many
 * quotations the server made against how many the farmer asked.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { MOBILE_UA } from '../support/e2e/browser';
import { at, look, verifiedLogIn } from '../support/e2e/onboarding';
import { quotation } from '../support/e2e/quotations';
import { ADMIN_NUMBER, type TestServer } from '../support/e2e/server';
import { text, type Lang } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

const PHONE = { width: 360, height: 780 };
const SHOTS = '/tmp/shots-35';

async function shot(page: Page, lang: Lang, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: true });
}

/** How many quotations the farmer has on the server. */
async function quotationsOnServer(server: TestServer, token: string): Promise<number> {
  return (await call<{ total: number }>(server, 'GET', '/quotations', token)).body.total;
}

/** Puts `quantity` of a product in the cart from its page, and opens the cart. */
async function fillCart(page: Page, lang: Lang, sku: Sku, quantity: number): Promise<void> {
  await page.goto(`/sku-details?sku_id=${encodeURIComponent(sku.skuDisplayId)}`);
  const input = page.getByLabel(text(lang, 'shop.sku.quantity'));
  await input.fill(String(quantity));
  await page.getByRole('button', { name: text(lang, 'shop.sku.addToCart') }).click();
  await expect.poll(() => input.inputValue()).toBe('');
  // /request first, then the cart by the bottom menu: both screens' code is loaded (and the outbox's,
  // after the first screen) before the network goes; on a phone the service worker has them anyway.
  await page.goto('/request');
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: text(lang, 'shop.nav.cart') }).click();
  await page.getByRole('button', { name: text(lang, 'shop.cart.requestQuotation') }).waitFor();
}

const isCreate = (route: Route) => route.request().method() === 'POST' && new URL(route.request().url()).pathname === '/api/quotations';

/** The network comes back (the browser's `online` event), which sends the outbox. */
async function networkReturns(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.setOffline(false);
}

const outboxCards = (page: Page) => page.locator('[data-outbox]');

let admin: string | null = null;
/** One admin session for the file: the login code's caps apply to tests too. */
const adminToken = async (server: TestServer) => (admin ??= await apiLogin(server, ADMIN_NUMBER));

/** A verified farmer made through the API, with the admin's and the farmer's tokens and the catalogue. */
async function aFarmer(server: TestServer, mobile: string, language: string): Promise<{ admin: string; token: string; skus: Sku[] }> {
  const admin = await adminToken(server);
  const token = await verifiedFarmer(server, admin, mobile, language);
  const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', token)).body.data;
  return { admin, token, skus };
}

/**
 * A 360 px phone whose service worker is blocked: the journeys cut the connection with routes, which
 * requests the worker made itself would pass by.
 */
async function phone(browser: Browser, server: TestServer): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1, userAgent: MOBILE_UA, locale: 'en-IN', serviceWorkers: 'block' });
  context.setDefaultTimeout(15_000);
  return context;
}

describe('the outbox on a patchy network', () => {
  // This journey is about the network, not the server's load: load shedding stays off on a busy test machine.
  const world = useWorld({ OVERLOAD_EVENT_LOOP_DELAY_MS: '0' });

  it('keeps an offline request, shows it queued in Hindi, and sends it exactly once, also after a lost answer', async () => {
    const { server, browser } = world;
    const mobile = '9123400351';
    const { token, skus } = await aFarmer(server, mobile, 'hindi');
    const context = await phone(browser, server);
    // Every request for prices passes through here: dropped before the server while `drop`, cut after
    // the server wrote it (the answer lost) once while `cutAfter`.
    let mode: 'pass' | 'drop' | 'cutAfter' = 'pass';
    let cut = 0;
    let dropped = 0;
    await context.route('**/api/quotations', async (route) => {
      if (!isCreate(route) || mode === 'pass') return route.continue();
      if (mode === 'drop') return (dropped++, route.abort('connectionreset'));
      mode = 'pass';
      cut += 1;
      await route.fetch();
      return route.abort('connectionreset');
    });
    let page = await context.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));
    await verifiedLogIn(page, server, 'hi', mobile);

    // Offline, Request Quotation takes the request into the outbox and says so.
    await fillCart(page, 'hi', skus[1]!, 4);
    await context.setOffline(true);
    await page.getByText(text('hi', 'outbox.cartOffline')).waitFor();
    await shot(page, 'hi', 'cart-offline');
    await page.getByRole('button', { name: text('hi', 'shop.cart.requestQuotation') }).click();
    await at(page, '/request');
    const queued = outboxCards(page).filter({ hasText: text('hi', 'outbox.queued') });
    await queued.waitFor();
    expect(await queued.textContent()).toContain('4');
    // A request waiting is no "none yet".
    expect(await page.getByText(text('hi', 'shop.request.empty')).count()).toBe(0);
    await shot(page, 'hi', 'request-queued');
    expect(await quotationsOnServer(server, token)).toBe(0);

    // The app is closed and opened again while the server cannot be reached: still queued.
    mode = 'drop';
    await context.setOffline(false);
    // The open app tries as soon as the network is back; the server never sees it.
    await expect.poll(() => dropped).toBeGreaterThan(0);
    await page.close();
    page = await context.newPage();
    page.on('pageerror', (e) => crashes.push(e.message));
    await page.goto('/request');
    await outboxCards(page).filter({ hasText: text('hi', 'outbox.queued') }).waitFor();
    expect(await quotationsOnServer(server, token)).toBe(0);
    await look(page, 'hi', 'request-queued-reopened');

    // Online: sent once; the queued card gives way to the quotation.
    mode = 'pass';
    await networkReturns(context);
    await expect.poll(() => outboxCards(page).count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('listitem').filter({ hasText: /QT\d+/ }).first().waitFor();
    expect(await quotationsOnServer(server, token)).toBe(1);

    // The server writes, then the answer is lost on the way: the request is queued with its key and
    // sent again, and the server answers the first answer again instead of writing twice.
    await fillCart(page, 'hi', skus[2]!, 3);
    mode = 'cutAfter';
    await page.getByRole('button', { name: text('hi', 'shop.cart.requestQuotation') }).click();
    await at(page, '/request');
    expect(cut).toBe(1);
    expect(await quotationsOnServer(server, token)).toBe(2);
    await networkReturns(context);
    await expect.poll(() => outboxCards(page).count(), { timeout: 20_000 }).toBe(0);
    expect(await quotationsOnServer(server, token)).toBe(2);
    expect(crashes).toEqual([]);
    await context.close();
  });

  it('shows a queued order on a quotation that expired meanwhile as refused, with the reason, and asks the price again from it', async () => {
    const { server, browser } = world;
    const mobile = '9123400352';
    const { admin, token, skus } = await aFarmer(server, mobile, 'hindi');
    const priced = await quotation(server, token, admin, skus, 'COMPLETED');
    const context = await phone(browser, server);
    const page = await context.newPage();
    await verifiedLogIn(page, server, 'hi', mobile);
    // /request first (its code loaded, and the outbox's), then the quotation from its card.
    await page.goto('/request');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link').filter({ hasText: priced.quotationDisplayId }).click();
    await at(page, '/quotation-details');
    const place = page.getByRole('button', { name: text('hi', 'shop.quotation.placeOrder') });
    await place.waitFor();
    await context.setOffline(true);
    await place.click();
    // Where the order asks where and when to deliver, the farm is the place.
    const confirm = page.getByRole('button', { name: text('hi', 'shop.place.confirm') });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await at(page, '/request');
    await outboxCards(page).filter({ hasText: text('hi', 'outbox.order', { id: priced.quotationDisplayId }) }).or(outboxCards(page).filter({ hasText: text('hi', 'outbox.queued') })).first().waitFor();

    // Meanwhile the price runs out.
    const expired = await call(server, 'PATCH', `/quotations/${priced._id}`, admin, {
      ...priced,
      status: 'EXPIRED',
      skusDetail: priced.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: l.goodsPricePaisa, discountPaisa: l.discountPaisa, shippingPricePaisa: l.shippingPricePaisa })),
    });
    expect(expired.status).toBe(200);
    await context.setOffline(false);
    const refused = outboxCards(page).filter({ hasText: text('hi', 'outbox.refused.order') });
    await refused.waitFor({ timeout: 20_000 });
    // The way on: ask the price again for the same products, or open the quotation.
    await refused.getByRole('link', { name: text('hi', 'outbox.openQuotation') }).waitFor();
    await shot(page, 'hi', 'order-refused');
    const orders = (await call<{ data: Quotation }>(server, 'GET', `/quotations/${priced._id}`, token)).body.data;
    expect(orders.status).toBe('EXPIRED');
    expect(await quotationsOnServer(server, token)).toBe(1);
    await refused.getByRole('button', { name: text('hi', 'outbox.askAgain') }).click();
    await expect.poll(() => outboxCards(page).count(), { timeout: 20_000 }).toBe(0);
    // One new request for prices, with the expired quotation's products and quantities.
    const list = (await call<{ data: Quotation[]; total: number }>(server, 'GET', '/quotations', token)).body;
    expect(list.total).toBe(2);
    const asked = list.data.find((q) => q._id !== priced._id)!;
    expect(asked.status).toBe('PENDING');
    const lines = (q: Quotation) => q.skusDetail.map((l) => [l.skuIdentifier._id, l.quantity]);
    expect(lines(asked)).toEqual(lines(priced));
    await page.getByRole('listitem').filter({ hasText: asked.quotationDisplayId }).waitFor();
    await context.close();
  });

  it('keeps a delete made offline, and deletes once when the network returns', async () => {
    const { server, browser } = world;
    const mobile = '9123400355';
    const { admin, token, skus } = await aFarmer(server, mobile, 'gujrati');
    const pending = await quotation(server, token, admin, skus, 'PENDING');
    const context = await phone(browser, server);
    // Every answer the server gave to a delete: exactly one, and it deleted.
    const answers: number[] = [];
    context.on('response', (response) => {
      if (response.request().method() === 'DELETE') answers.push(response.status());
    });
    const page = await context.newPage();
    await verifiedLogIn(page, server, 'gu', mobile);
    await page.goto('/request');
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.getByRole('button', { name: text('gu', 'shop.request.delete', { id: pending.quotationDisplayId }) }).click();
    await page.getByRole('button', { name: text('gu', 'shop.confirm.yes') }).click();
    const queued = outboxCards(page).filter({ hasText: text('gu', 'outbox.delete', { id: pending.quotationDisplayId }) });
    await queued.filter({ hasText: text('gu', 'outbox.queued') }).waitFor();
    await shot(page, 'gu', 'delete-queued');
    expect((await call<{ data: Quotation }>(server, 'GET', `/quotations/${pending._id}`, token)).body.data.status).toBe('PENDING');

    await context.setOffline(false);
    await expect.poll(() => outboxCards(page).count(), { timeout: 20_000 }).toBe(0);
    expect((await call<{ data: Quotation }>(server, 'GET', `/quotations/${pending._id}`, token)).body.data.status).toBe('DELETED');
    // Sent once (the first try, offline, never left the phone), and the card no longer offers a delete.
    expect(answers).toEqual([200]);
    await page.getByRole('listitem').filter({ hasText: pending.quotationDisplayId }).getByText(text('gu', 'shop.status.DELETED')).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: text('gu', 'shop.request.delete', { id: pending.quotationDisplayId }) }).count()).toBe(0);
    await context.close();
  });

  it("keeps what each of two open tabs put in the outbox: one tab's change does not wipe the other's request", async () => {
    const { server, browser } = world;
    const mobile = '9123400356';
    const { token, skus } = await aFarmer(server, mobile, 'hindi');
    const context = await phone(browser, server);
    const first = await context.newPage();
    await verifiedLogIn(first, server, 'hi', mobile);
    await fillCart(first, 'hi', skus[1]!, 4);
    // A second tab of the app, its outbox loaded before the first tab queues anything.
    const second = await context.newPage();
    await fillCart(second, 'hi', skus[2]!, 3);

    await context.setOffline(true);
    await first.getByRole('button', { name: text('hi', 'shop.cart.requestQuotation') }).click();
    await at(first, '/request');
    await outboxCards(first).first().waitFor();
    await second.getByRole('button', { name: text('hi', 'shop.cart.requestQuotation') }).click();
    await at(second, '/request');
    await outboxCards(second).first().waitFor();

    // Both tabs closed; the app opened again while the server cannot be reached: both requests wait.
    await first.close();
    await second.close();
    let mode: 'drop' | 'pass' = 'drop';
    await context.route('**/api/quotations', (route) => (isCreate(route) && mode === 'drop' ? route.abort('connectionreset') : route.continue()));
    await context.setOffline(false);
    const page = await context.newPage();
    await page.goto('/request');
    await outboxCards(page).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await outboxCards(page).count()).toBe(2);

    mode = 'pass';
    await networkReturns(context);
    await expect.poll(() => outboxCards(page).count(), { timeout: 30_000 }).toBe(0);
    expect(await quotationsOnServer(server, token)).toBe(2);
    await context.close();
  });

  it('keeps a request made offline through closing and opening the app with no network, and a background sync sends it with no page of the app open', async () => {
    const { server, browser } = world;
    const mobile = '9123400357';
    const { token, skus } = await aFarmer(server, mobile, 'hindi');
    // A phone with its service worker, as a farmer's is after the first visit.
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1, userAgent: MOBILE_UA, locale: 'en-IN' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await verifiedLogIn(page, server, 'hi', mobile);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await fillCart(page, 'hi', skus[1]!, 4);
    await context.setOffline(true);
    await page.getByRole('button', { name: text('hi', 'shop.cart.requestQuotation') }).click();
    await at(page, '/request');
    await outboxCards(page).filter({ hasText: text('hi', 'outbox.queued') }).waitFor();

    // Closed and opened again with no network at all (the service worker serves the app): still waiting.
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/request');
    await outboxCards(reopened).filter({ hasText: text('hi', 'outbox.queued') }).waitFor();
    await shot(reopened, 'hi', 'reopened-offline');

    // The farmer closes the app in the field. A blank page, not the app's, is how the test reaches the browser.
    const blank = await context.newPage();
    await reopened.close();
    await context.setOffline(false);
    const cdp = await context.newCDPSession(blank);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(server.url) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    // The network is back: the browser fires the sync the app asked for (the test fires it, as DevTools does).
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: new URL(server.url).origin, registrationId: await registration, tag: 'krishi-outbox', lastChance: false });
    await expect.poll(() => quotationsOnServer(server, token), { timeout: 20_000 }).toBe(1);
    expect(await quotationsOnServer(server, token)).toBe(1);

    // Opened again, the app has nothing waiting, and the quotation is listed.
    const again = await context.newPage();
    await again.goto('/request');
    await again.getByRole('listitem').filter({ hasText: /QT\d+/ }).first().waitFor();
    await again.waitForLoadState('networkidle');
    expect(await outboxCards(again).count()).toBe(0);
    expect(await quotationsOnServer(server, token)).toBe(1);
    await context.close();
  });

  it('shows the queued request in Gujarati too', async () => {
    const { server, browser } = world;
    const mobile = '9123400353';
    const { token, skus } = await aFarmer(server, mobile, 'gujrati');
    const context = await phone(browser, server);
    const page = await context.newPage();
    await verifiedLogIn(page, server, 'gu', mobile);
    await fillCart(page, 'gu', skus[0]!, 50);
    await context.setOffline(true);
    await shot(page, 'gu', 'cart-offline');
    await page.getByRole('button', { name: text('gu', 'shop.cart.requestQuotation') }).click();
    await at(page, '/request');
    const queued = outboxCards(page).filter({ hasText: text('gu', 'outbox.queued') });
    await queued.waitFor();
    await shot(page, 'gu', 'request-queued');
    // Cancelled before it is sent: nothing reaches the server.
    await queued.getByRole('button', { name: text('gu', 'outbox.cancel') }).click();
    await expect.poll(() => outboxCards(page).count()).toBe(0);
    await context.setOffline(false);
    expect(await quotationsOnServer(server, token)).toBe(0);
    await context.close();
  });

  it('makes exactly as many quotations as the farmer asked for, with the connection cut at random twenty times', async () => {
    const { server, browser } = world;
    const mobile = '9123400354';
    const { token, skus } = await aFarmer(server, mobile, 'hindi');
    const context = await phone(browser, server);
    const page = await context.newPage();
    await verifiedLogIn(page, server, 'hi', mobile);

    // A fixed seed: the same cuts every run. Each request goes through, is cut before the server
    // has it, or is cut after the server wrote it (the answer lost).
    let seed = 35;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const fates = { through: 0, cutBefore: 0, cutAfter: 0 };
    await context.route('**/api/quotations', async (route) => {
      if (!isCreate(route)) return route.continue();
      const roll = random();
      if (roll < 1 / 3) {
        fates.through += 1;
        return route.continue();
      }
      if (roll < 2 / 3) {
        fates.cutBefore += 1;
        return route.abort('connectionreset');
      }
      fates.cutAfter += 1;
      await route.fetch();
      return route.abort('connectionreset');
    });
    const asked = 20;
    for (let i = 0; i < asked; i++) {
      await fillCart(page, 'hi', skus[i % 4]!, 1 + (i % 3));
      await page.getByRole('button', { name: text('hi', 'shop.cart.requestQuotation') }).click();
      await at(page, '/request');
    }
    await context.unroute('**/api/quotations');
    await networkReturns(context);
    await expect.poll(() => outboxCards(page).count(), { timeout: 60_000, interval: 1_000 }).toBe(0);
    const created = await quotationsOnServer(server, token);
    console.info(`flaky network: ${asked} asked, ${created} created (${JSON.stringify(fates)})`);
    expect(created).toBe(asked);
    await context.close();
  });
});
