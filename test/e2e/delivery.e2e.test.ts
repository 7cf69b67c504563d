/**
 * Where and when, problems, Share and Order again, at 360 px in Hindi: the farmer shares a priced
 * quotation (the phone's share sheet stubbed to record the text), places the order to another place on a
 * preferred date, sees the expected date the admin set, reports a problem with a photo once delivered,
 * and reads the admin's answer; the admin reads the place and the problem with its photo on the order
 * sheet and closes it with a note; the farmer orders the same again. The same screens in Gujarati, the
 * admin's in Hindi and Gujarati too. Screenshots go to /tmp/shots-36/.
 */
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { indiaToday } from '../../src/domain/india-date';
import type { Order, Quotation, Sku } from '../../src/domain/types';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, look, verifiedLogIn } from '../support/e2e/onboarding';
import { quotation } from '../support/e2e/quotations';
import { ADMIN_NUMBER, type TestServer } from '../support/e2e/server';
import { text, type Lang } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

const SHOTS = '/tmp/shots-36';
const PHONE = { width: 360, height: 800 };
const DAY = 86_400_000;
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** The phone's share sheet, recording what the app gives it (window.shared). */
async function recordShares(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shared: string[] = [];
    (window as unknown as { shared: string[] }).shared = shared;
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: { text?: string }) => void shared.push(data.text ?? '') });
  });
}
const sharedTexts = (page: Page) => page.evaluate(() => (window as unknown as { shared: string[] }).shared);

async function photoPng(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 110, b: 60 } } }).png().toBuffer();
}

/** The order of a quotation, as an admin reads it. */
async function orderOf(server: TestServer, admin: string, q: Quotation): Promise<Order> {
  const farmerView = (await call<{ data: Quotation }>(server, 'GET', `/quotations/${q._id}`, admin)).body.data;
  const list = await call<{ data: Order[] }>(server, 'GET', `/orders?q=${farmerView.orderDisplayId}`, admin);
  return list.body.data[0]!;
}

/** The admin picks this language on the phone, logs in and opens the orders list. */
async function adminIn(page: Page, lang: Lang, server: TestServer): Promise<void> {
  await verifiedLogIn(page, server, lang, ADMIN_NUMBER);
  await page.goto('/admin/orders');
  await at(page, '/admin/orders');
}

/** A sheet scrolled to its end, for the screenshot of what is below the fold. */
const scrollSheet = (sheet: Locator) => sheet.evaluate((el) => el.scrollTo(0, el.scrollHeight));

describe('where and when, problems, Share and Order again at 360 px', () => {
  const world = useWorld();
  let adminToken: string | undefined;
  const adminOnce = async () => (adminToken ??= await apiLogin(world.server, ADMIN_NUMBER));

  it('shares, orders to another place on a date, reports a problem with a photo, reads the answer and orders again (Hindi)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { server, browser } = world;
    const admin = await adminOnce();
    const mobile = '9123400046';
    const token = await verifiedFarmer(server, admin, mobile, 'hindi');
    const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', token)).body.data;
    const q = await quotation(server, token, admin, skus, 'COMPLETED');
    const hi = (id: string, values?: Record<string, string | number>) => text('hi', id, values);

    const phone = await newPhone(browser, server.url, PHONE);
    await recordShares(phone);
    const page = await phone.newPage();
    await verifiedLogIn(page, server, 'hi', mobile);
    // Home first, as a farmer comes: the catalogue is what Order again reads today's products from.
    await page.goto('/home');
    await page.getByRole('searchbox').waitFor();

    // Share the priced quotation.
    await page.goto(`/quotation-details?quotation_id=${q.quotationDisplayId}`);
    await page.getByRole('button', { name: hi('shop.share.button'), exact: true }).click();
    await expect.poll(() => sharedTexts(page)).toHaveLength(1);
    const [summary] = await sharedTexts(page);
    expect(summary!.split('\n')[0]).toBe(hi('shop.share.quotationHeading', { quotation: q.quotationDisplayId }));
    expect(summary).toContain(hi('unit.kg'));
    expect(summary).toContain(`${server.url}/`);
    await look(page, 'hi', 'quotation-share');
    await shot(page, 'hi-quotation-share-and-order');

    // Place Order: another place, a bad PIN code said, then a right one, and a date.
    await page.getByRole('button', { name: hi('shop.quotation.placeOrder'), exact: true }).click();
    const sheet = page.getByRole('dialog', { name: hi('shop.place.title') });
    await sheet.waitFor();
    await shot(page, 'hi-place-order-sheet');
    await sheet.getByRole('radio', { name: new RegExp(hi('shop.place.other')) }).check();
    await sheet.getByLabel(hi('shop.place.field.line'), { exact: false }).fill('खेत नंबर 12, गोंडल रोड');
    await sheet.getByLabel(hi('shop.place.field.village')).fill('जसदण');
    await sheet.getByLabel(hi('shop.place.field.district')).fill('राजकोट');
    await sheet.getByLabel(hi('shop.place.field.pinCode')).fill('36005');
    await sheet.getByText(hi('shop.place.refusal.pinCode')).waitFor();
    expect(await sheet.getByRole('button', { name: hi('shop.place.confirm') }).isDisabled()).toBe(true);
    await sheet.getByLabel(hi('shop.place.field.pinCode')).fill('360050');
    await sheet.getByLabel(hi('shop.place.field.landmark')).fill('हनुमान मंदिर के पास');
    const preferred = indiaToday(Date.now() + 3 * DAY);
    await sheet.getByLabel(hi('shop.place.date')).fill(preferred);
    await look(page, 'hi', 'place-order-other-place');
    await shot(page, 'hi-place-order-other-place');
    await scrollSheet(sheet);
    await shot(page, 'hi-place-order-other-place-below');
    await sheet.getByRole('button', { name: hi('shop.place.confirm') }).click();
    await at(page, '/request');

    // The admin reads the place and the farmer's date; sets the expected date the farmer then sees.
    const order = await orderOf(server, admin, q);
    expect(order).toMatchObject({
      deliveryAddress: { line: 'खेत नंबर 12, गोंडल रोड', village: 'जसदण', district: 'राजकोट', pinCode: '360050', landmark: 'हनुमान मंदिर के पास' },
      preferredDate: preferred,
    });
    const expected = indiaToday(Date.now() + 4 * DAY);
    const set = await call(server, 'PATCH', `/orders/update/${order._id}`, admin, { status: 'ORDER_CONFIRMED', amountPaidPaisa: 0, expectedDeliveryDate: expected });
    expect(set.status).toBe(200);
    await page.goto(`/order-status?quotation_id=${q._id}`);
    await page.getByText(new RegExp(hi('shop.order.expectedDelivery', { date: 'X' }).replace('X', '.+'))).waitFor();
    await look(page, 'hi', 'order-expected-date');
    await shot(page, 'hi-order-expected-date');

    // Delivered with the farmer's code; the farmer reports a problem with a photo.
    const code = (await call<{ data: Quotation }>(server, 'GET', `/quotations/${q._id}`, token)).body.data.deliveryOtp!;
    expect((await call(server, 'PATCH', `/orders/update/${order._id}`, admin, { status: 'DELIVERED', amountPaidPaisa: 0, deliveryOtp: code })).status).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: hi('shop.problem.report') }).click();
    const problemSheet = page.getByRole('dialog', { name: hi('shop.problem.title') });
    await problemSheet.getByRole('radio', { name: hi('shop.problem.kind.wet') }).check();
    await problemSheet.getByLabel(hi('shop.bargain.note')).fill('नीचे की गाँठें भीगी हुई थीं');
    await problemSheet.locator('input[type=file]').setInputFiles({ name: 'gila.png', mimeType: 'image/png', buffer: await photoPng() });
    await problemSheet.getByRole('img').waitFor();
    await look(page, 'hi', 'problem-sheet');
    await shot(page, 'hi-problem-sheet');
    await scrollSheet(problemSheet);
    await shot(page, 'hi-problem-sheet-below');
    await problemSheet.getByRole('button', { name: hi('shop.problem.send') }).click();
    const reported = page.getByRole('region', { name: hi('shop.problem.open', { kind: hi('shop.problem.kind.wet') }) });
    await reported.waitFor();
    await look(page, 'hi', 'problem-reported');
    await shot(page, 'hi-problem-reported');

    // The admin reads the place, the problem and its photo on the order sheet (in Hindi), and closes it with a note.
    const adminPage = await (await newPhone(browser, server.url, PHONE)).newPage();
    await adminIn(adminPage, 'hi', server);
    await adminPage.getByRole('button', { name: new RegExp(order.orderDisplayId) }).click();
    const orderSheet = adminPage.getByRole('dialog').first();
    await orderSheet.getByText('हनुमान मंदिर के पास', { exact: false }).waitFor();
    const problemPanel = orderSheet.getByRole('region', { name: new RegExp(text('hi', 'admin.orders.problemOpen')) });
    await problemPanel.getByRole('img', { name: text('hi', 'admin.orders.problemPhoto') }).waitFor();
    await shot(adminPage, 'admin-hi-order-sheet');
    await problemPanel.scrollIntoViewIfNeeded();
    await shot(adminPage, 'admin-hi-order-problem');
    await problemPanel.getByLabel(text('hi', 'admin.orders.problemNote')).fill('दो गाँठें बदल दीं');
    await shot(adminPage, 'admin-hi-problem-close');
    await problemPanel.getByRole('button', { name: text('hi', 'admin.orders.closeProblem') }).click();
    await orderSheet.getByText(text('hi', 'admin.orders.problemAnswer', { note: 'दो गाँठें बदल दीं' })).waitFor();
    await shot(adminPage, 'admin-hi-problem-closed');

    // The farmer reads the answer, shares the order, and orders the same again.
    await page.reload();
    await page.getByRole('region', { name: hi('shop.problem.closed', { kind: hi('shop.problem.kind.wet') }) }).waitFor();
    await page.getByText(hi('shop.problem.answer', { note: 'दो गाँठें बदल दीं' })).waitFor();
    await look(page, 'hi', 'problem-answered');
    await shot(page, 'hi-problem-answered');
    await page.getByRole('button', { name: hi('shop.share.button'), exact: true }).click();
    await expect.poll(async () => (await sharedTexts(page)).length).toBe(1);
    expect((await sharedTexts(page))[0]!.split('\n')[0]).toBe(hi('shop.share.orderHeading', { order: order.orderDisplayId, quotation: q.quotationDisplayId }));

    await page.goto(`/quotation-details?quotation_id=${q.quotationDisplayId}`);
    await page.getByRole('button', { name: hi('shop.quotation.orderAgain') }).click();
    await at(page, '/cart');
    for (const line of q.skusDetail) {
      const box = page.getByRole('spinbutton', { name: hi('shop.cart.quantityOf', { name: line.skuIdentifier.translations?.hindi?.name ?? line.skuIdentifier.name }) });
      expect(await box.inputValue()).toBe(String(line.quantity));
    }
    await look(page, 'hi', 'order-again-cart');
    await shot(page, 'hi-order-again-cart');
  });

  it('shows the same screens in Gujarati, the admin sheet too', async () => {
    const { server, browser } = world;
    const admin = await adminOnce();
    const mobile = '9123400047';
    const token = await verifiedFarmer(server, admin, mobile, 'gujrati');
    // The farm's pin, as "use my location" at sign-up gives it: the order to the profile's place carries it.
    const me = (await call<{ user: Record<string, unknown> }>(server, 'GET', '/users/profile', token)).body.user;
    const pinned = await call(server, 'PUT', '/users/profile', token, {
      ...Object.fromEntries(['name', 'mobileNumber', 'preferredLanguage', 'gender', 'age', 'aadhaar', 'farmAddress'].map((k) => [k, me[k]])),
      geocoordinate: { lat: 21.9612, long: 70.7939, accuracy: 20 },
    });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
    const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', token)).body.data;
    const q = await quotation(server, token, admin, skus, 'COMPLETED');
    const gu = (id: string, values?: Record<string, string | number>) => text('gu' as Lang, id, values);
    const phone = await newPhone(browser, server.url, PHONE);
    await recordShares(phone);
    const page = await phone.newPage();
    await verifiedLogIn(page, server, 'gu', mobile);
    await page.goto(`/quotation-details?quotation_id=${q.quotationDisplayId}`);
    await page.getByRole('button', { name: gu('shop.share.button'), exact: true }).waitFor();
    await shot(page, 'gu-quotation-share-and-order');
    await page.getByRole('button', { name: gu('shop.quotation.placeOrder'), exact: true }).click();
    const sheet = page.getByRole('dialog', { name: gu('shop.place.title') });
    await sheet.getByLabel(gu('shop.place.date')).fill(indiaToday(Date.now() + 2 * DAY));
    await look(page, 'gu', 'place-order-sheet');
    await shot(page, 'gu-place-order-sheet');
    await sheet.getByRole('radio', { name: new RegExp(gu('shop.place.other')) }).check();
    await sheet.getByLabel(gu('shop.place.field.pinCode')).fill('36005');
    await shot(page, 'gu-place-order-other-place');
    await scrollSheet(sheet);
    await shot(page, 'gu-place-order-other-place-below');
    await sheet.getByRole('radio', { name: new RegExp(gu('shop.place.profile')) }).check();
    await sheet.getByRole('button', { name: gu('shop.place.confirm') }).click();
    await at(page, '/request');

    const order = await orderOf(server, admin, q);
    expect(order.deliveryAddress).toEqual({ line: 'Survey 12, Gondal road, Rajkot' });
    expect(order.deliveryLocation).toEqual({ lat: 21.9612, long: 70.7939 });
    const code = (await call<{ data: Quotation }>(server, 'GET', `/quotations/${q._id}`, token)).body.data.deliveryOtp!;
    expect((await call(server, 'PATCH', `/orders/update/${order._id}`, admin, { status: 'DELIVERED', amountPaidPaisa: 0, deliveryOtp: code })).status).toBe(200);
    await page.goto(`/order-status?quotation_id=${q._id}`);
    await page.getByRole('button', { name: gu('shop.problem.report') }).click();
    const problemSheet = page.getByRole('dialog', { name: gu('shop.problem.title') });
    await problemSheet.getByRole('radio', { name: gu('shop.problem.kind.short_weight') }).check();
    await problemSheet.getByLabel(gu('shop.bargain.note')).fill('બે ગાંસડી ઓછી આવી');
    await shot(page, 'gu-problem-sheet');
    await problemSheet.getByRole('button', { name: gu('shop.problem.send') }).click();
    await page.getByRole('region', { name: gu('shop.problem.open', { kind: gu('shop.problem.kind.short_weight') }) }).waitFor();
    await look(page, 'gu', 'problem-reported');
    await shot(page, 'gu-problem-reported');

    const adminPage = await (await newPhone(browser, server.url, PHONE)).newPage();
    await adminIn(adminPage, 'gu', server);
    await adminPage.getByRole('button', { name: new RegExp(order.orderDisplayId) }).click();
    const orderSheet = adminPage.getByRole('dialog').first();
    await orderSheet.getByRole('region', { name: new RegExp(text('gu', 'admin.orders.problemOpen')) }).waitFor();
    const map = orderSheet.getByRole('link', { name: text('gu', 'admin.orders.map') });
    expect(await map.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=21.961200,70.793900');
    await shot(adminPage, 'admin-gu-order-problem');
    await scrollSheet(orderSheet);
    await shot(adminPage, 'admin-gu-order-problem-below');
  });
});
