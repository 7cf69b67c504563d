/**
 * What a thumb meets on every admin screen: the dashboard, the users list and a user's
 * details, the SKUs with a SKU's sheet, the quotations with a quotation's sheet, the orders with an
 * order's sheet (being edited, so its fields are live). At 360 and 450 px every button, link and input
 * is at least 44×44 px and axe finds no violation at all (of any impact). Photographs go to
 * test-results/layout/admin/<width>/ (top and end of each screen) and test-results/screens/admin/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminLogIn, openAdmin } from '../support/e2e/admin';
import { apiLogin, verifiedFarmer } from '../support/e2e/api';
import { axeFindings, newPhone, screen } from '../support/e2e/browser';
import { measureLayout } from '../support/e2e/layout';
import { quotationsInEachStatus } from '../support/e2e/quotations';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { text } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

const t = (id: string) => text('en', id);
const ADMIN_WIDTHS = [360, 450] as const;
const HEIGHT: Record<(typeof ADMIN_WIDTHS)[number], number> = { 360: 740, 450: 900 };

/** Measures the screen at 360 and 450 px and scans it with axe at each; returns what is wrong. */
async function check(page: Page, name: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByText(t('admin.common.loading'), { exact: true }).count()).toBe(0);
  const problems: string[] = [];
  for (const width of ADMIN_WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    const report = await measureLayout(page, `test-results/layout/admin/${width}/${name}`);
    problems.push(...report.small.map((target) => `${width}px ${name}: smaller than 44×44: ${target}`));
    const before = axeFindings.length;
    await screen(page, 'admin', `${name}@${width}`);
    // Every finding, not only the serious ones `screen` returns.
    problems.push(...axeFindings.slice(before).map((f) => `${width}px ${name}: axe ${f.impact} ${f.id} (${f.nodes}): ${f.help}`));
  }
  await page.setViewportSize({ width: 450, height: 900 });
  return problems;
}

describe('what a thumb meets on every admin screen', () => {
  const world = useWorld();

  it('keeps every button, link and input at 44×44 px or more, and axe finds nothing, at 360 and 450 px', async () => {
    const { server, browser } = world;
    const admin = await apiLogin(server, ADMIN_NUMBER);
    const farmerMobile = '9123503001';
    const token = await verifiedFarmer(server, admin, farmerMobile, 'english', 'Mohan Lal');
    const qs = await quotationsInEachStatus(server, token, admin);

    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    await adminLogIn(page, server, ADMIN_NUMBER);
    const problems: string[] = [];
    problems.push(...(await check(page, 'dashboard')));

    await openAdmin(page, 'users');
    problems.push(...(await check(page, 'users')));
    await page.getByRole('button', { name: new RegExp(farmerMobile) }).click();
    await page.getByRole('heading', { name: t('admin.history.title') }).waitFor();
    problems.push(...(await check(page, 'user-details')));

    await openAdmin(page, 'skus');
    problems.push(...(await check(page, 'skus')));
    await page.getByRole('list', { name: t('admin.skus.list') }).getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    problems.push(...(await check(page, 'sku-sheet')));

    await openAdmin(page, 'quotations');
    problems.push(...(await check(page, 'quotations')));
    await page.getByLabel(t('admin.quotations.search')).fill(qs.COMPLETED.quotationDisplayId);
    await page.getByRole('button', { name: new RegExp(qs.COMPLETED.quotationDisplayId) }).click();
    await page.getByRole('button', { name: t('admin.common.edit') }).click();
    problems.push(...(await check(page, 'quotation-sheet')));

    await openAdmin(page, 'orders');
    problems.push(...(await check(page, 'orders')));
    // The order is found by its quotation's number too.
    await page.getByLabel(t('admin.orders.search')).fill(qs.ORDERED.quotationDisplayId);
    await page.getByRole('list', { name: t('admin.orders.list') }).getByRole('button').first().click();
    await page.getByRole('button', { name: t('admin.common.edit') }).click();
    // The browser's date field writes the date its own way (mm/dd/yyyy in this en-US Chromium); the
    // sheet writes it out beside the field as an Indian admin reads it.
    await page.getByLabel(t('admin.orders.expectedDelivery')).fill('2030-12-03');
    await page.locator('output[for="admin-order-delivery-date"]').getByText('Tue, 3 December 2030', { exact: true }).waitFor();
    problems.push(...(await check(page, 'order-sheet')));
    await context.close();

    expect(problems).toEqual([]);
  });
});
