/**
 * Bargaining and proof of delivery, at 360 px in Hindi: a farmer declines one priced quotation with a
 * reason and asks for a better price on another; the admin finds it among the countered ones and prices
 * it again; the farmer sees revision 2 with the old total struck through and orders; the admin delivers
 * with the farmer's code, and the farmer's tracker says so. The same screens in Gujarati are photographed.
 * Screenshots go to /tmp/shots-36/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPaisa } from '../../src/domain/money';
import type { Quotation, Sku } from '../../src/domain/types';
import { adminLogIn, openAdmin } from '../support/e2e/admin';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, look, verifiedLogIn } from '../support/e2e/onboarding';
import { quotation } from '../support/e2e/quotations';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { text, type Lang } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

const SHOTS = '/tmp/shots-36';
const PHONE = { width: 360, height: 800 };
// What the phone's screen shows (the footer's actions stay fixed over the page).
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

describe('bargaining and proof of delivery at 360 px', () => {
  const world = useWorld();
  // One admin session for the file: a second login code within the resend spacing is refused.
  let adminToken: string | undefined;
  const adminOnce = async () => (adminToken ??= await apiLogin(world.server, ADMIN_NUMBER));

  it('declines, asks for a better price, sees revision 2, orders, and is delivered with the code (Hindi)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { server, browser } = world;
    const admin = await adminOnce();
    const mobile = '9123400036';
    const farmerToken = await verifiedFarmer(server, admin, mobile, 'hindi');
    const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', farmerToken)).body.data;
    const toDecline = await quotation(server, farmerToken, admin, skus, 'COMPLETED');
    const toBargain = await quotation(server, farmerToken, admin, skus, 'COMPLETED');
    const hi = (id: string, values?: Record<string, string | number>) => text('hi', id, values);

    const phone = await newPhone(browser, server.url, PHONE);
    const page = await phone.newPage();
    await verifiedLogIn(page, server, 'hi', mobile);

    // Decline with a reason.
    await page.goto(`/quotation-details?quotation_id=${toDecline.quotationDisplayId}`);
    await page.getByRole('button', { name: hi('shop.quotation.decline'), exact: true }).click();
    const declineSheet = page.getByRole('dialog', { name: hi('shop.decline.title') });
    await declineSheet.getByRole('radio', { name: hi('shop.decline.reason.price_too_high') }).check();
    await shot(page, 'hi-decline-sheet');
    await declineSheet.getByRole('button', { name: hi('shop.decline.submit') }).click();
    await page.getByRole('heading', { level: 1, name: hi('shop.quotationTitle.DECLINED') }).waitFor();
    await page.getByText(hi('shop.decline.said', { reason: hi('shop.decline.reason.price_too_high') })).waitFor();
    await look(page, 'hi', 'quotation-declined');
    await shot(page, 'hi-declined');

    // Ask for a better price: ₹5,000 below the quoted total.
    const quoted = toBargain.skusDetail.reduce((sum, l) => sum + l.goodsPricePaisa + l.shippingPricePaisa - l.discountPaisa, 0);
    const asked = quoted - 500_000;
    await page.goto(`/quotation-details?quotation_id=${toBargain.quotationDisplayId}`);
    await page.getByRole('button', { name: hi('shop.quotation.counter'), exact: true }).click();
    const counterSheet = page.getByRole('dialog', { name: hi('shop.counter.title') });
    await counterSheet.getByLabel(hi('shop.counter.total')).fill(String(asked / 100));
    await counterSheet.getByLabel(hi('shop.bargain.note')).fill('मंडी में भाव कम है');
    await shot(page, 'hi-counter-sheet');
    await counterSheet.getByRole('button', { name: hi('shop.counter.submit') }).click();
    const sent = page.getByRole('region', { name: hi('shop.counter.sent') });
    await sent.waitFor();
    expect(await sent.textContent()).toContain(formatPaisa(asked));
    await look(page, 'hi', 'quotation-countered');
    await shot(page, 'hi-countered');

    // The admin finds it among the countered ones and prices it again.
    const adminPhone = await newPhone(browser, server.url, PHONE);
    const adminPage = await adminPhone.newPage();
    await adminLogIn(adminPage, server, ADMIN_NUMBER);
    await openAdmin(adminPage, 'quotations');
    await adminPage.getByLabel(text('en', 'admin.common.statusFilter')).selectOption('COUNTERED');
    // The filter is applied once the search settles: the declined one leaves the list, the countered one stays.
    await expect.poll(() => adminPage.getByRole('button', { name: new RegExp(toDecline.quotationDisplayId) }).count(), { timeout: 10_000 }).toBe(0);
    const row = adminPage.getByRole('button', { name: new RegExp(toBargain.quotationDisplayId) });
    await row.waitFor();
    await shot(adminPage, 'admin-countered-list');
    await row.click();
    const sheet = adminPage.getByRole('dialog').first();
    await sheet.getByRole('heading', { name: text('en', 'admin.quotations.counterTitle') }).waitFor();
    await shot(adminPage, 'admin-counter-sheet');
    await sheet.getByRole('button', { name: text('en', 'admin.common.edit') }).click();
    // ₹500 off the first line's goods.
    const goods = sheet.getByLabel(text('en', 'admin.quotations.goods')).first();
    const first = toBargain.skusDetail[0]!;
    await goods.fill(String((first.goodsPricePaisa - 50_000) / 100));
    await sheet.getByLabel(text('en', 'admin.quotations.status')).selectOption('COMPLETED');
    await sheet.getByRole('button', { name: text('en', 'admin.common.update') }).click();
    await sheet.waitFor({ state: 'detached' });

    // The farmer sees revision 2, the old total struck through, and orders.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: hi('shop.quotationTitle.COMPLETED') }).waitFor();
    const revision = page.getByRole('note').filter({ hasText: hi('shop.revision.label', { revision: 2 }) });
    await revision.waitFor();
    expect(await revision.locator('s').textContent()).toBe(formatPaisa(quoted));
    expect(await revision.locator('strong').textContent()).toBe(formatPaisa(quoted - 50_000));
    await look(page, 'hi', 'quotation-revised');
    await shot(page, 'hi-revision-2');
    await page.getByRole('button', { name: hi('shop.quotation.placeOrder'), exact: true }).click();
    await page.getByRole('dialog', { name: hi('shop.place.title') }).getByRole('button', { name: hi('shop.place.confirm') }).click();
    await at(page, '/request');

    // The admin delivers with the code the farmer gives at the handover.
    const ordered = (await call<{ data: Quotation }>(server, 'GET', `/quotations/${toBargain._id}`, farmerToken)).body.data;
    expect(ordered.deliveryOtp).toMatch(/^\d{4}$/);
    await openAdmin(adminPage, 'orders');
    await adminPage.getByRole('button', { name: new RegExp(ordered.orderDisplayId!) }).click();
    const orderSheet = adminPage.getByRole('dialog').first();
    expect(await orderSheet.textContent()).not.toContain(ordered.deliveryOtp!);
    await orderSheet.getByRole('button', { name: text('en', 'admin.common.edit') }).click();
    await orderSheet.getByLabel(text('en', 'admin.orders.status')).selectOption('DELIVERED');
    await orderSheet.getByLabel(text('en', 'admin.orders.code')).fill(ordered.deliveryOtp!);
    await shot(adminPage, 'admin-order-code');
    await orderSheet.getByRole('button', { name: text('en', 'admin.common.update') }).click();
    await orderSheet.waitFor({ state: 'detached' });

    await page.goto(`/order-status?quotation_id=${toBargain._id}`);
    await page.getByText(hi('shop.order.deliveredWithCode')).waitFor();
    await look(page, 'hi', 'order-delivered-with-code');
    await shot(page, 'hi-delivered-with-code');
  });

  it('shows the same screens in Gujarati', async () => {
    const { server, browser } = world;
    const admin = await adminOnce();
    const mobile = '9123400037';
    const token = await verifiedFarmer(server, admin, mobile, 'gujrati');
    const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', token)).body.data;
    const q = await quotation(server, token, admin, skus, 'COMPLETED');
    const gu = (id: string, values?: Record<string, string | number>) => text('gu' as Lang, id, values);
    const page = await (await newPhone(browser, server.url, PHONE)).newPage();
    await verifiedLogIn(page, server, 'gu', mobile);
    await page.goto(`/quotation-details?quotation_id=${q.quotationDisplayId}`);
    await page.getByRole('button', { name: gu('shop.quotation.counter'), exact: true }).waitFor();
    await look(page, 'gu', 'quotation-bargain-actions');
    await shot(page, 'gu-bargain-actions');
    await page.getByRole('button', { name: gu('shop.quotation.decline'), exact: true }).click();
    await page.getByRole('radio', { name: gu('shop.decline.reason.other') }).check();
    await shot(page, 'gu-decline-sheet-other');
    await page.getByRole('button', { name: gu('shop.bargain.cancel') }).click();
    await page.getByRole('button', { name: gu('shop.quotation.counter'), exact: true }).click();
    await page.getByLabel(gu('shop.bargain.note')).fill('થોડો ઓછો ભાવ આપો');
    await page.getByRole('button', { name: gu('shop.counter.submit') }).click();
    await page.getByRole('region', { name: gu('shop.counter.sent') }).waitFor();
    await shot(page, 'gu-countered');
  });
});
