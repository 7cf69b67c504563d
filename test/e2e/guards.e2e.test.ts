/**
 * Journey 6: for each role and state, every route typed into the address bar lands where the guard
 * table of DECISIONS §1 says (src/domain/route-chain.ts settles it); unknown paths go to `/`.
 * Journey 7: the cart survives a reload mid-shopping, and a corrupted `persist:root` still starts.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settleRoute } from '../../src/domain/route-chain';
import { ALL_ROUTES, ROUTES, startupRoute, type GuardFlags } from '../../src/domain/routes';
import { adminLogIn } from '../support/e2e/admin';
import { apiLogin, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, chooseLanguage, imageStep, logIn, look, personalDetails, verifiedLogIn } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { useWorld } from '../support/e2e/world';
import { text } from '../support/e2e/text';

const flags = (f: Partial<GuardFlags>): GuardFlags => ({
  hasLanguage: false,
  isLoggedIn: false,
  profileUpdated: false,
  isVerified: false,
  isAdmin: false,
  isAnalyst: false,
  ...f,
});

/** Where typing `path` ends for a person with these flags: a path sent to `/` goes on from the splash. */
function expected(path: string, f: GuardFlags): string {
  const settled = settleRoute(path, f).path;
  return settled === ROUTES.entry ? settleRoute(startupRoute(f), f).path : settled;
}

async function visitEveryRoute(page: Page, f: GuardFlags): Promise<Record<string, string>> {
  const landed: Record<string, string> = {};
  for (const path of [...ALL_ROUTES, '/no-such-page']) {
    const want = expected(path, f);
    await page.goto(path);
    await at(page, want);
    landed[path] = new URL(page.url()).pathname;
  }
  return landed;
}

describe('route guards and persistence in the browser', () => {
  const world = useWorld();
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await apiLogin(world.server, ADMIN_NUMBER);
  });

  it('sends every route to the right place for each role and state', async () => {
    const { server, browser } = world;
    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    const visited: string[] = [];
    const check = async (state: string, f: GuardFlags) => {
      const landed = await visitEveryRoute(page, f);
      visited.push(`${state}: ${Object.keys(landed).length} routes`);
    };

    // A first visit: no language yet.
    await check('new visitor', flags({}));
    // A language, not logged in.
    await chooseLanguage(page, 'en');
    await check('language chosen', flags({ hasLanguage: true }));
    // Logged in, profile not sent.
    await logIn(page, server, 'en', '9123400006');
    await at(page, '/register/profile-photo');
    await check('logged in', flags({ hasLanguage: true, isLoggedIn: true }));
    // Profile sent, waiting for verification.
    await page.goto('/register/profile-photo');
    await imageStep(page, 'en', 'profile', 'skip');
    const card = Buffer.from(
      await (await import('sharp')).default({ create: { width: 300, height: 200, channels: 3, background: '#6b8f3a' } }).jpeg().toBuffer(),
    );
    await imageStep(page, 'en', 'aadhaar', card);
    await personalDetails(page, 'en', { name: 'Asha Ben', address: 'Near the well, Morbi' });
    await check('waiting for verification', flags({ hasLanguage: true, isLoggedIn: true, profileUpdated: true }));
    await context.close();

    // A verified farmer.
    const farmerContext = await newPhone(browser, server.url);
    const farmer = await farmerContext.newPage();
    await verifiedFarmer(server, adminToken, '9123400007');
    await verifiedLogIn(farmer, server, 'en', '9123400007');
    const landedFarmer = await visitEveryRoute(farmer, flags({ hasLanguage: true, isLoggedIn: true, profileUpdated: true, isVerified: true }));
    visited.push(`verified farmer: ${Object.keys(landedFarmer).length} routes`);
    expect(landedFarmer['/admin']).toBe('/home');
    expect(landedFarmer['/order-status']).toBe('/order-status');
    await farmerContext.close();

    // An admin.
    const adminContext = await newPhone(browser, server.url);
    const admin = await adminContext.newPage();
    await adminLogIn(admin, server, ADMIN_NUMBER);
    const landed = await visitEveryRoute(admin, flags({ hasLanguage: true, isLoggedIn: true, profileUpdated: true, isVerified: true, isAdmin: true }));
    visited.push(`admin: ${Object.keys(landed).length} routes`);
    expect(landed['/admin/orders']).toBe('/admin/orders');
    expect(landed['/no-such-page']).toBe('/home');
    await adminContext.close();
    expect(visited).toEqual(['new visitor', 'language chosen', 'logged in', 'waiting for verification', 'verified farmer', 'admin'].map((s) => `${s}: 24 routes`));
  });

  it('keeps the cart through a reload, and starts cleanly from corrupted saved state', async () => {
    const { server, browser } = world;
    await verifiedFarmer(server, adminToken, '9123400008');
    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    await verifiedLogIn(page, server, 'en', '9123400008');
    await page.getByRole('link', { name: 'Corn Cobs' }).click();
    await page.getByLabel(text('en', 'shop.sku.quantity')).fill('30');
    await page.getByRole('button', { name: text('en', 'shop.sku.addToCart') }).click();
    await page.getByText(text('en', 'shop.cartBar.added', { n: 1 })).waitFor();

    await page.reload();
    await page.getByText(text('en', 'shop.cartBar.added', { n: 1 })).waitFor();
    await page.goto('/cart');
    const corn = page.getByRole('spinbutton', { name: text('en', 'shop.cart.quantityOf', { name: 'Corn Cobs' }) });
    await expect.poll(() => corn.inputValue()).toBe('30');

    // Corrupt what the app saved: it must still start, clean, and not crash.
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.evaluate(() => localStorage.setItem('persist:root', '{"user": {broken'));
    await page.reload();
    await page.waitForURL((url) => ['/language-selection', '/join-us', '/home'].includes(url.pathname));
    await look(page, 'en', 'after-corrupt-storage');
    expect(errors).toEqual([]);
    await page.evaluate(() => localStorage.setItem('persist:root', JSON.stringify({ user: 42, cart: 'x', skus: null, quotations: [{}] })));
    await page.reload();
    await page.waitForURL((url) => ['/language-selection', '/join-us', '/home'].includes(url.pathname));
    expect(errors).toEqual([]);
    await context.close();
  });
});
