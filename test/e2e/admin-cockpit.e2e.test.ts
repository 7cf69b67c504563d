/**
 * The back office's cockpit at 450 px: the dashboard's figures open their lists with the filter set
 * (a removable chip), Export downloads the filtered list as a CSV that parses, three farmers
 * waiting for verification are verified in one step, and three orders are moved to one status at once.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminLogIn } from '../support/e2e/admin';
import { apiLogin, call, uploadPng, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, look } from '../support/e2e/onboarding';
import { ADMIN_NUMBER, type TestServer } from '../support/e2e/server';
import { useWorld } from '../support/e2e/world';
import { text } from '../support/e2e/text';
import { parseCsv } from '../support/csv';
import { quotation } from '../support/e2e/quotations';
import type { AuditEntry, Order, Sku } from '../../src/domain/types';

const t = (id: string, values?: Record<string, string | number>) => text('en', id, values);
const SHOTS = '/tmp/shots-37';
const FARMERS = [
  ['9123400701', 'रमेश पटेल'],
  ['9123400702', 'ગીતા શાહ'],
  ['9123400703', 'Mohan Lal'],
] as const;

/** A farmer who sent the sign-up form and waits for an admin. */
async function waitingFarmer(server: TestServer, mobile: string, name: string): Promise<void> {
  const token = await apiLogin(server, mobile);
  const aadhaar = await uploadPng(server, token, 'aadhaar');
  const sent = await call(server, 'PUT', '/users/profile', token, {
    name,
    mobileNumber: mobile,
    preferredLanguage: 'hindi',
    gender: 'male',
    age: 38,
    aadhaar,
    farmAddress: 'Gondal road, Rajkot',
  });
  expect(sent.status).toBe(200);
}

/** A section of the dashboard, by its heading. */
const section = (page: Page, heading: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: heading }) });

describe('the back office cockpit in Chromium at 450 px', () => {
  const world = useWorld();

  it('opens filtered lists from the dashboard, exports a CSV, and verifies three farmers at once', async () => {
    const { server, browser } = world;
    mkdirSync(SHOTS, { recursive: true });
    const adminToken = await apiLogin(server, ADMIN_NUMBER);
    for (const [mobile, name] of FARMERS) await waitingFarmer(server, mobile, name);
    const farmerToken = await verifiedFarmer(server, adminToken, '9123400704', 'english', 'Kiran Desai');
    const skus = (await call<{ data: { _id: string }[] }>(server, 'GET', '/skus', farmerToken)).body.data;
    const asked = await call<{ data: { quotationDisplayId: string } }>(server, 'POST', '/quotations', farmerToken, {
      skusDetail: [{ skuIdentifier: skus[0]!._id, quantity: 10 }],
    });
    expect(asked.status).toBe(201);

    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    await adminLogIn(page, server, ADMIN_NUMBER);
    const waiting = section(page, t('admin.cockpit.users'));
    await waiting.getByRole('link', { name: '3', exact: true }).waitFor();
    await look(page, 'en', 'admin-cockpit');
    await page.screenshot({ path: `${SHOTS}/dashboard-450.png`, fullPage: true });

    // A pending quotation's age figure opens the list of exactly those, its filter a chip.
    await section(page, t('admin.cockpit.pending')).getByRole('link', { name: new RegExp(t('admin.cockpit.age.lt4h')) }).click();
    await page.waitForURL((url) => url.pathname === '/admin/quotations' && url.search === '?status=PENDING&age=lt4h');
    await page.getByRole('button', { name: new RegExp(asked.body.data.quotationDisplayId) }).waitFor();
    await page.getByText(t('admin.filter.age.lt4h')).waitFor();
    await page.screenshot({ path: `${SHOTS}/quotations-filtered-450.png`, fullPage: true });

    // The farmers waiting under 4 hours: the three who just sent their forms.
    await page.goto('/admin');
    await at(page, '/admin');
    await section(page, t('admin.cockpit.users')).getByRole('link', { name: new RegExp(t('admin.cockpit.age.lt4h')) }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users' && url.search === '?status=UNVERIFIED&age=lt4h');
    for (const [mobile] of FARMERS) await page.getByRole('button', { name: new RegExp(mobile) }).waitFor();
    await page.getByText(t('admin.filter.age.lt4h')).waitFor();

    // Export: the list as filtered, fetched with the token, saved as a file that parses as CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('admin.export.button') }).click()]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = readFileSync((await download.path())!, 'utf8');
    expect(file.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(file.slice(1));
    expect(rows[0]![0]).toBe('Name');
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(FARMERS.map(([, name]) => name).sort());

    // Bulk: tick the three, verify them in one step.
    for (const [, name] of FARMERS) await page.getByRole('checkbox', { name: t('admin.bulk.select', { name }) }).check();
    await page.getByRole('group').getByText(t('admin.bulk.selected', { count: 3 })).waitFor();
    await page.screenshot({ path: `${SHOTS}/users-selected-450.png`, fullPage: true });
    await page.getByRole('button', { name: t('admin.bulk.verify') }).click();
    await page.getByText(t('admin.bulk.result', { done: 3, refused: 0 })).waitFor();
    // Removing the chip lists every farmer still waiting: the three are verified, so none of them.
    await page.getByRole('button', { name: t('admin.filter.remove', { filter: t('admin.filter.age.lt4h') }) }).click();
    for (const [mobile] of FARMERS) await expect.poll(() => page.getByRole('button', { name: new RegExp(mobile) }).count()).toBe(0);
    const all = await call<{ data: { mobileNumber: string; isVerified: boolean }[] }>(server, 'GET', '/users/all?status=VERIFIED&limit=50', adminToken);
    for (const [mobile] of FARMERS) expect(all.body.data.find((u) => u.mobileNumber === mobile)?.isVerified).toBe(true);
    await page.screenshot({ path: `${SHOTS}/users-verified-450.png`, fullPage: true });
    await context.close();
  });

  it('moves three ticked orders to one status in one step, each its own audited change', async () => {
    const { server, browser } = world;
    mkdirSync(SHOTS, { recursive: true });
    const adminToken = await apiLogin(server, ADMIN_NUMBER);
    const farmerToken = await verifiedFarmer(server, adminToken, '9123400705', 'english', 'Jagdish Vora');
    const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', farmerToken)).body.data;
    const ordered = [];
    for (let i = 0; i < 3; i++) ordered.push(await quotation(server, farmerToken, adminToken, skus, 'ORDERED'));
    const orderIds = ordered.map((q) => q.orderDisplayId!);

    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    await adminLogIn(page, server, ADMIN_NUMBER);
    await page.goto('/admin/orders');
    await at(page, '/admin/orders');
    for (const id of orderIds) await page.getByRole('checkbox', { name: t('admin.bulk.select', { name: id }) }).check();
    const bar = page.getByRole('group');
    await bar.getByText(t('admin.bulk.selected', { count: 3 })).waitFor();
    // Only moves the order chart takes are offered; Apply waits for one to be chosen.
    expect(await bar.getByRole('button', { name: t('admin.bulk.apply') }).isDisabled()).toBe(true);
    await bar.getByLabel(t('admin.bulk.move')).selectOption({ label: t('admin.orderStatus.ORDER_CONFIRMED') });
    await look(page, 'en', 'admin-orders-selected');
    await page.screenshot({ path: `${SHOTS}/orders-selected-450.png`, fullPage: true });
    await bar.getByRole('button', { name: t('admin.bulk.apply') }).click();
    await page.getByText(t('admin.bulk.result', { done: 3, refused: 0 })).waitFor();
    for (const id of orderIds) {
      await expect.poll(() => page.getByRole('button', { name: new RegExp(id) }).textContent()).toContain(t('admin.orderStatus.ORDER_CONFIRMED'));
    }
    await page.screenshot({ path: `${SHOTS}/orders-moved-450.png`, fullPage: true });

    // Each order moved on its own, with its own audit row naming the admin.
    const orders = (await call<{ data: Order[] }>(server, 'GET', '/orders?limit=50', adminToken)).body.data.filter((o) => orderIds.includes(o.orderDisplayId));
    expect(orders.map((o) => o.status)).toEqual(['ORDER_CONFIRMED', 'ORDER_CONFIRMED', 'ORDER_CONFIRMED']);
    for (const o of orders) {
      const history = (await call<{ data: AuditEntry[] }>(server, 'GET', `/orders/${o._id}/history`, adminToken)).body.data;
      expect(history.at(-1)).toMatchObject({ by: { mobileNumber: ADMIN_NUMBER }, changes: { status: { from: 'CONFIRMATION_PENDING', to: 'ORDER_CONFIRMED' } } });
    }
    await context.close();
  });
});
