/**
 * The catalogue in the farmer's language, in the browser: the admin adds a SKU with Hindi and Gujarati names in the sheet; a Gujarati
 * farmer reads Gujarati product names from /home to /order-status (search in Gujarati and English,
 * units from the vocabulary), and the server console shows the login code, the priced quotation and
 * the delivery in Gujarati. A Hindi farmer on a 360 px phone finds paddy straw by धान and reads the
 * catalogue in Hindi. Every screen is photographed under test-results/screens/<language>/.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order, Quotation } from '../../src/domain/types';
import { adminLogIn, openAdmin } from '../support/e2e/admin';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, chooseLanguage, logIn, look } from '../support/e2e/onboarding';
import { ADMIN_NUMBER, type TestServer } from '../support/e2e/server';
import { text, type Lang } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

const t = (id: string, values?: Record<string, string | number>) => text('en', id, values);
const WITHIN_A_POLL = 7_000;

const MUSTARD = { en: 'Mustard Husk', hi: 'सरसों की भूसी', gu: 'રાયડાનું ભૂસું' };
const PADDY = { en: 'Paddy Straw', hi: 'धान का पुआल (पराली)', gu: 'ડાંગરનું પરાળ' };
const GROUNDNUT = { en: 'Groundnut Shell', hi: 'मूँगफली के छिलके', gu: 'મગફળીનાં ફોતરાં' };

/** The SMS lines the server printed to this number after `since`. */
const smsTo = (server: TestServer, mobile: string, since = 0) =>
  [...server.output().slice(since).matchAll(new RegExp(`\\[sms\\] to=\\+91${mobile} text=(.*)`, 'g'))].map((m) => m[1]!);

async function search(page: Page, lang: Lang, query: string): Promise<void> {
  await page.getByLabel(text(lang, 'shop.home.searchLabel')).fill(query);
}

/** What the screen says, for "no English product name left" checks. */
const shown = (page: Page) => page.locator('main').innerText();

async function farmerLogIn(page: Page, server: TestServer, lang: Lang, mobile: string): Promise<void> {
  await chooseLanguage(page, lang);
  await logIn(page, server, lang, mobile);
  await at(page, '/home');
}

describe('the catalogue, the messages and the words in Hindi and Gujarati', () => {
  const world = useWorld();

  it('the admin adds a SKU in three languages; a Gujarati farmer reads Gujarati from /home to /order-status and gets Gujarati SMS', async () => {
    const { server, browser } = world;
    const adminToken = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400101';
    await verifiedFarmer(server, adminToken, mobile, 'gujrati', 'Kanjibhai Patel');

    // The admin's sheet: English fields, then the Hindi and Gujarati sections.
    const adminContext = await newPhone(browser, server.url);
    const admin = await adminContext.newPage();
    await adminLogIn(admin, server, ADMIN_NUMBER);
    await openAdmin(admin, 'skus');
    await admin.getByRole('button', { name: t('admin.skus.add') }).click();
    const fields: [string, string][] = [
      ['admin.skus.field.name', MUSTARD.en],
      ['admin.skus.field.description', 'Husk left after mustard threshing, a dry fodder filler and fuel.'],
      ['admin.skus.field.categoryName', 'Shells & Husks'],
      ['admin.skus.field.brandName', 'Bharatpur Agro'],
      ['admin.skus.field.availableQty', '300'],
      ['admin.skus.field.minimumPrice', '120'],
      ['admin.skus.field.skuQuantityUnit', 'bag'],
    ];
    for (const [label, value] of fields) await admin.getByLabel(t(label), { exact: true }).fill(value);
    const translated = (field: string, language: 'hindi' | 'gujrati') => `${t(`admin.skus.field.${field}`)} · ${t(`admin.skus.lang.${language}`)}`;
    await admin.getByLabel(translated('name', 'hindi'), { exact: true }).fill(MUSTARD.hi);
    await admin.getByLabel(translated('description', 'hindi'), { exact: true }).fill('सरसों की दावन के बाद बची भूसी, सूखे चारे में मिलाने और जलाने के लिए।');
    await admin.getByLabel(translated('name', 'gujrati'), { exact: true }).fill(MUSTARD.gu);
    await admin.getByLabel(translated('description', 'gujrati'), { exact: true }).fill('રાયડો ઝૂડ્યા પછીનું ભૂસું, સૂકા ચારામાં ભેળવવા અને બળતણ માટે.');
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 170, b: 90 } } }).jpeg().toBuffer();
    await admin.locator('input[type=file]').setInputFiles({ name: 'mustard-husk.jpg', mimeType: 'image/jpeg', buffer: picture });
    await admin.getByRole('group', { name: t('admin.skus.lang.gujrati') }).scrollIntoViewIfNeeded();
    await look(admin, 'en', 'admin-sku-sheet-translations');
    await admin.getByRole('button', { name: t('admin.skus.save') }).click();
    await admin.getByRole('button', { name: t('admin.skus.save') }).waitFor({ state: 'detached' });
    await admin.getByText(MUSTARD.en).first().waitFor();
    await adminContext.close();

    // The Gujarati farmer: the login code in Gujarati.
    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    const beforeLogin = server.mark();
    await farmerLogIn(page, server, 'gu', mobile);
    expect(smsTo(server, mobile, beforeLogin).at(-1)).toMatch(/^કૃષિ: તમારો OTP \d{6} છે\./);

    await page.getByRole('link', { name: MUSTARD.gu }).waitFor();
    expect(await page.getByRole('link', { name: PADDY.gu }).count()).toBe(1);
    expect(await shown(page)).not.toContain(PADDY.en);
    await look(page, 'gu', 'catalogue-home');

    for (const query of ['પરાળ', 'paddy', 'धान']) {
      await search(page, 'gu', query);
      await expect.poll(() => page.getByRole('link', { name: GROUNDNUT.gu }).count()).toBe(0);
      expect(await page.getByRole('link', { name: PADDY.gu }).count()).toBe(1);
    }
    await look(page, 'gu', 'catalogue-search');
    await search(page, 'gu', '');

    await page.getByRole('link', { name: MUSTARD.gu }).click();
    await at(page, '/sku-details');
    await page.getByRole('heading', { name: MUSTARD.gu }).waitFor();
    await page.getByText('ગૂણી', { exact: true }).waitFor();
    await page.getByText('રાયડો ઝૂડ્યા પછીનું ભૂસું', { exact: false }).waitFor();
    await look(page, 'gu', 'catalogue-sku-details');
    await page.getByLabel(text('gu', 'shop.sku.quantity')).fill('2');
    await page.getByRole('button', { name: text('gu', 'shop.sku.addToCart') }).click();
    await page.getByText(text('gu', 'shop.cartBar.added', { n: 1 })).waitFor();

    await page.getByRole('link', { name: text('gu', 'shop.nav.cart') }).first().click();
    await at(page, '/cart');
    await page.getByText(MUSTARD.gu, { exact: true }).waitFor();
    await page.getByText('2 ગૂણી').waitFor();
    await look(page, 'gu', 'catalogue-cart');
    await page.getByRole('button', { name: text('gu', 'shop.cart.requestQuotation') }).click();
    await at(page, '/request');
    await page.getByText(`${MUSTARD.gu} · 2 ગૂણી`).waitFor();
    expect(await shown(page)).not.toContain(MUSTARD.en);
    await look(page, 'gu', 'catalogue-request');

    // The admin prices it: the farmer's SMS says so in Gujarati, with the id and the total.
    const all = (await call<{ data: Quotation[] }>(server, 'GET', '/quotations/all', adminToken)).body.data;
    const q = all.find((x) => x.skusDetail[0]?.skuIdentifier.name === MUSTARD.en)!;
    expect(q.skusDetail[0]!.skuIdentifier.translations).toEqual({ hindi: { name: MUSTARD.hi }, gujrati: { name: MUSTARD.gu } });
    const beforePricing = server.mark();
    const priced = await call(server, 'PATCH', `/quotations/${q._id}`, adminToken, {
      ...q,
      status: 'COMPLETED',
      skusDetail: q.skusDetail.map((l) => ({ ...l, skuIdentifier: l.skuIdentifier._id, goodsPricePaisa: 30_000, shippingPricePaisa: 5_000 })),
    });
    expect(priced.status).toBe(200);
    await expect
      .poll(() => smsTo(server, mobile, beforePricing), { timeout: 10_000 })
      .toEqual([`કૃષિ: ભાવપત્ર ${q.quotationDisplayId} નો કુલ ભાવ ₹350. ઍપમાં ઑર્ડર કરો.`]);

    await page.getByText(text('gu', 'shop.status.COMPLETED')).waitFor({ timeout: WITHIN_A_POLL });
    await page.getByText(q.quotationDisplayId).click();
    await at(page, '/quotation-details');
    await page.getByRole('heading', { name: text('gu', 'shop.quotationTitle.COMPLETED') }).waitFor();
    await page.getByText(MUSTARD.gu, { exact: true }).waitFor();
    await look(page, 'gu', 'catalogue-quotation-details');
    await page.getByRole('button', { name: text('gu', 'shop.quotation.placeOrder') }).click();
    await page.getByRole('dialog', { name: text('gu', 'shop.place.title') }).getByRole('button', { name: text('gu', 'shop.place.confirm') }).click();
    await at(page, '/request');
    await page.getByText(q.quotationDisplayId).click();
    await at(page, '/quotation-details');
    await page.getByRole('button', { name: text('gu', 'shop.quotation.trackOrder') }).or(page.getByRole('link', { name: text('gu', 'shop.quotation.trackOrder') })).click();
    await at(page, '/order-status');
    await page.getByText(text('gu', 'shop.orderStatus.CONFIRMATION_PENDING')).waitFor();
    await look(page, 'gu', 'catalogue-order-status');

    // The admin delivers: the farmer's SMS says so in Gujarati.
    const orders = (await call<{ data: Order[] }>(server, 'GET', '/orders', adminToken)).body.data;
    const order = orders.find((o) => o.quotationDetail._id === q._id)!;
    const beforeDelivery = server.mark();
    const delivered = await call(server, 'PATCH', `/orders/update/${order._id}`, adminToken, { status: 'DELIVERED', amountPaidPaisa: 35_000, version: order.version });
    expect(delivered.status).toBe(200);
    await expect
      .poll(() => smsTo(server, mobile, beforeDelivery), { timeout: 10_000 })
      .toEqual([`કૃષિ: તમારા ઑર્ડર ${q.quotationDisplayId} નો માલ પહોંચી ગયો છે.`]);
    await page.getByText(text('gu', 'shop.orderStatus.DELIVERED')).first().waitFor({ timeout: WITHIN_A_POLL });
    await look(page, 'gu', 'catalogue-order-delivered');
    await context.close();
  });

  it('a Hindi farmer on a 360 px phone gets the code in Hindi, finds paddy straw by धान and reads the catalogue in Hindi', async () => {
    const { server, browser } = world;
    const adminToken = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400102';
    await verifiedFarmer(server, adminToken, mobile, 'hindi', 'Ramesh Yadav');
    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 780 });
    const beforeLogin = server.mark();
    await farmerLogIn(page, server, 'hi', mobile);
    expect(smsTo(server, mobile, beforeLogin).at(-1)).toMatch(/^कृषि: आपका OTP \d{6} है।/);
    await page.getByRole('link', { name: PADDY.hi }).waitFor();
    expect(await shown(page)).not.toContain(GROUNDNUT.en);
    await look(page, 'hi', 'catalogue-home-360');
    await search(page, 'hi', 'धान');
    await expect.poll(() => page.getByRole('link', { name: GROUNDNUT.hi }).count()).toBe(0);
    await page.getByRole('link', { name: PADDY.hi }).click();
    await at(page, '/sku-details');
    await page.getByRole('heading', { name: PADDY.hi }).waitFor();
    await page.getByText('क्विंटल', { exact: true }).waitFor();
    await look(page, 'hi', 'catalogue-sku-details-360');
    await page.getByLabel(text('hi', 'shop.sku.quantity')).fill('3');
    await page.getByRole('button', { name: text('hi', 'shop.sku.addToCart') }).click();
    await page.getByRole('link', { name: text('hi', 'shop.nav.cart') }).first().click();
    await at(page, '/cart');
    await page.getByText('3 क्विंटल').waitFor();
    await look(page, 'hi', 'catalogue-cart-360');
    await page.getByRole('button', { name: text('hi', 'shop.cart.requestQuotation') }).click();
    await at(page, '/request');
    await page.getByText(`${PADDY.hi} · 3 क्विंटल`).waitFor();
    await look(page, 'hi', 'catalogue-request-360');

    const mine = (await call<{ data: Quotation[] }>(server, 'GET', '/quotations/all', adminToken)).body.data;
    const q = mine.find((x) => x.skusDetail[0]?.skuIdentifier.name === PADDY.en && x.status === 'PENDING')!;
    const beforePricing = server.mark();
    await call(server, 'PATCH', `/quotations/${q._id}`, adminToken, {
      ...q,
      status: 'COMPLETED',
      skusDetail: q.skusDetail.map((l) => ({ ...l, skuIdentifier: l.skuIdentifier._id, goodsPricePaisa: 135_000, shippingPricePaisa: 15_000 })),
    });
    await expect
      .poll(() => smsTo(server, mobile, beforePricing), { timeout: 10_000 })
      .toEqual([`कृषि: भाव-पत्र ${q.quotationDisplayId} का कुल भाव ₹1,500। ऐप में ऑर्डर करें।`]);
    await page.getByText(text('hi', 'shop.status.COMPLETED')).waitFor({ timeout: WITHIN_A_POLL });
    await page.getByText(q.quotationDisplayId).click();
    await at(page, '/quotation-details');
    await page.getByText(PADDY.hi, { exact: true }).waitFor();
    await look(page, 'hi', 'catalogue-quotation-details-360');
    await page.getByRole('button', { name: text('hi', 'shop.quotation.placeOrder') }).click();
    await page.getByRole('dialog', { name: text('hi', 'shop.place.title') }).getByRole('button', { name: text('hi', 'shop.place.confirm') }).click();
    await at(page, '/request');
    await page.getByText(q.quotationDisplayId).click();
    await page.getByRole('button', { name: text('hi', 'shop.quotation.trackOrder') }).or(page.getByRole('link', { name: text('hi', 'shop.quotation.trackOrder') })).click();
    await at(page, '/order-status');
    await page.getByText(text('hi', 'shop.orderStatus.CONFIRMATION_PENDING')).waitFor();
    await look(page, 'hi', 'catalogue-order-status-360');

    // Changing the language on /profile: the screens and the catalogue follow, and so does the next SMS.
    await page.getByRole('link', { name: text('hi', 'shop.nav.profile') }).first().click();
    await at(page, '/profile');
    await page.getByRole('button', { name: 'ગુજરાતી' }).click();
    await page.getByRole('heading', { name: text('gu', 'shop.profile.title') }).waitFor();
    await look(page, 'gu', 'profile-language-changed-360');
    await expect
      .poll(async () => (await call<{ user: { preferredLanguage: string } }>(server, 'GET', '/users/profile', await apiLogin(server, mobile))).body.user.preferredLanguage)
      .toBe('gujrati');
    expect(smsTo(server, mobile).at(-1)).toMatch(/^કૃષિ: તમારો OTP \d{6} છે\./);
    await context.close();
  });
});
