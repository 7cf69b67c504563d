/**
 * Every screen in every language, photographed under test-results/screens/<language>/ and scanned
 * with axe-core (no serious or critical finding allowed): the farmer's screens with quotations in
 * each status, the Contact Us sheet, and the admin screens with their sheets open.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation } from '../../src/domain/types';
import { adminLogIn, openAdmin } from '../support/e2e/admin';
import { apiLogin, verifiedFarmer } from '../support/e2e/api';
import { newPhone, screensSeen } from '../support/e2e/browser';
import { quotationsInEachStatus } from '../support/e2e/quotations';
import { at, chooseLanguage, logIn, look } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { useWorld } from '../support/e2e/world';
import { text, type Lang } from '../support/e2e/text';

const LANGUAGE: Record<Lang, string> = { en: 'english', hi: 'hindi', gu: 'gujrati' };

/** The sample product as each language's catalogue names it: a farmer reads the shop in their own language. */
const PADDY_STRAW: Record<Lang, string> = { en: 'Paddy Straw', hi: 'धान का पुआल (पराली)', gu: 'ડાંગરનું પરાળ' };

async function farmerScreens(page: Page, lang: Lang, qs: Record<'PENDING' | 'COMPLETED' | 'ORDERED', Quotation>): Promise<void> {
  await at(page, '/home');
  await page.getByRole('link', { name: PADDY_STRAW[lang] }).waitFor();
  await look(page, lang, 'home');
  await page.getByRole('link', { name: PADDY_STRAW[lang] }).click();
  await at(page, '/sku-details');
  await look(page, lang, 'sku-details');
  await page.goto('/cart');
  await at(page, '/cart');
  await look(page, lang, 'cart-empty');
  await page.goto('/sku-details?sku_id=SKU1001');
  await page.getByLabel(text(lang, 'shop.sku.quantity')).fill('25');
  await page.getByRole('button', { name: text(lang, 'shop.sku.addToCart') }).click();
  await page.getByText(text(lang, 'shop.cartBar.added', { n: 1 })).waitFor();
  await look(page, lang, 'sku-details-cart-bar');
  await page.goto('/cart');
  await look(page, lang, 'cart');
  await page.goto('/request');
  await page.getByText(qs.ORDERED.quotationDisplayId).waitFor();
  await look(page, lang, 'request');
  for (const [status, q] of Object.entries(qs)) {
    await page.goto(`/quotation-details?quotation_id=${q.quotationDisplayId}`);
    await page.getByRole('heading', { name: text(lang, `shop.quotationTitle.${status}`) }).waitFor();
    await look(page, lang, `quotation-details-${status.toLowerCase()}`);
  }
  await page.goto(`/order-status?quotation_id=${qs.ORDERED._id}`);
  await page.getByRole('heading', { name: text(lang, 'shop.order.deliveryCode') }).waitFor();
  await look(page, lang, 'order-status');
  await page.getByRole('button', { name: text(lang, 'shop.order.makePayment') }).click();
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).first().waitFor();
  await look(page, lang, 'contact-us');
  await page.goto('/profile');
  await at(page, '/profile');
  await look(page, lang, 'profile');
}

async function adminScreens(page: Page, lang: Lang): Promise<void> {
  await openAdmin(page, 'users', true, lang);
  await look(page, lang, 'admin-users');
  await page.getByRole('button', { name: /9123401/ }).first().click();
  await look(page, lang, 'admin-users-expanded');
  await openAdmin(page, 'skus', false, lang);
  await look(page, lang, 'admin-skus');
  await page.getByRole('button', { name: text(lang, 'admin.skus.add') }).click();
  await look(page, lang, 'admin-sku-sheet');
  await openAdmin(page, 'quotations', false, lang);
  await look(page, lang, 'admin-quotations');
  await page.getByRole('button', { name: /QT\d+/ }).first().click();
  await look(page, lang, 'admin-quotation-sheet');
  await openAdmin(page, 'orders', false, lang);
  await look(page, lang, 'admin-orders');
  await page.getByRole('button', { name: /OD\d+/ }).first().click();
  await look(page, lang, 'admin-order-sheet');
}

describe('every screen in every language', () => {
  const world = useWorld();
  let admin: string;
  beforeAll(async () => {
    admin = await apiLogin(world.server, ADMIN_NUMBER);
  });
  afterAll(() => {
    console.log(`screens photographed and scanned: ${screensSeen.size}`);
  });

  for (const [index, lang] of (['en', 'hi', 'gu'] as const).entries()) {
    it(`shows the farmer's and the admin's screens in ${LANGUAGE[lang]}`, async () => {
      const { server, browser } = world;
      const mobile = `912340100${index}`;
      const token = await verifiedFarmer(server, admin, mobile, LANGUAGE[lang], ['Mohan Lal', 'सीता देवी', 'હિતેશ પટેલ'][index]);
      const qs = await quotationsInEachStatus(server, token, admin);
      expect(qs.ORDERED.status).toBe('ORDERED');

      const farmerContext = await newPhone(browser, server.url);
      const farmer = await farmerContext.newPage();
      await chooseLanguage(farmer, lang);
      await logIn(farmer, server, lang, mobile);
      await farmerScreens(farmer, lang, qs);
      await farmerContext.close();

      const adminContext = await newPhone(browser, server.url);
      const adminPage = await adminContext.newPage();
      if (lang === 'en') {
        await adminLogIn(adminPage, server, ADMIN_NUMBER);
      } else {
        await chooseLanguage(adminPage, lang);
        await logIn(adminPage, server, lang, ADMIN_NUMBER);
        await at(adminPage, '/home');
      }
      await adminScreens(adminPage, lang);
      await adminContext.close();
    });
  }
});
