/**
 * Journey 3: a verified farmer shops in English — search, a product, quantities added twice (they
 * add up), quantities changed in the cart, a quotation requested and seen Pending; a second
 * quotation deleted through the confirm dialog.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, look, verifiedLogIn } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { useWorld } from '../support/e2e/world';
import { text } from '../support/e2e/text';

const t = (id: string, values?: Record<string, string | number>) => text('en', id, values);

async function search(page: Page, query: string): Promise<void> {
  await page.getByRole('searchbox', { name: t('shop.home.searchLabel') }).or(page.getByLabel(t('shop.home.searchLabel'))).first().fill(query);
}

/** The quotation card on /request that lists this product. */
export const card = (page: Page, product: string) =>
  page.getByRole('listitem').filter({ hasText: /QT\d+/ }).filter({ hasText: product });

async function addToCart(page: Page, product: string, quantity: number): Promise<void> {
  const input = page.getByLabel(t('shop.sku.quantity'));
  await input.fill(String(quantity));
  await page.getByRole('button', { name: t('shop.sku.addToCart') }).click();
  // The input resets to 0 after adding.
  await expect.poll(() => input.inputValue()).toBe('');
  void product;
}

describe('a verified farmer shops in English', () => {
  const world = useWorld();

  it('searches, adds to the cart twice, changes quantities, requests a quotation and deletes another', async () => {
    const { server, browser } = world;
    const admin = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400003';
    await verifiedFarmer(server, admin, mobile);
    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    await verifiedLogIn(page, server, 'en', mobile);
    await page.getByRole('link', { name: 'Groundnut Shell' }).waitFor();
    await look(page, 'en', 'home');

    await search(page, 'STRAW');
    await expect.poll(() => page.getByRole('link', { name: 'Groundnut Shell' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Paddy Straw' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Wheat Straw (Loose)' }).count()).toBe(1);
    await look(page, 'en', 'home-search');

    await page.getByRole('link', { name: 'Paddy Straw' }).click();
    await at(page, '/sku-details');
    expect(new URL(page.url()).searchParams.get('sku_id')).toMatch(/^SKU\d+$/);
    await page.getByRole('heading', { name: 'Paddy Straw' }).waitFor();
    await look(page, 'en', 'sku-details');
    await addToCart(page, 'Paddy Straw', 3);
    await page.getByText(t('shop.cartBar.added', { n: 1 })).waitFor();
    await addToCart(page, 'Paddy Straw', 2);
    await look(page, 'en', 'sku-details-cart-bar');

    await page.goBack();
    await at(page, '/home');
    await search(page, '');
    await page.getByRole('link', { name: 'Groundnut Shell' }).click();
    await at(page, '/sku-details');
    await addToCart(page, 'Groundnut Shell', 50);
    await page.getByText(t('shop.cartBar.added', { n: 2 })).waitFor();

    await page.getByRole('link', { name: t('shop.nav.cart') }).first().click();
    await at(page, '/cart');
    // Each item's quantity box, between − and +, named for the item.
    const paddy = page.getByRole('spinbutton', { name: t('shop.cart.quantityOf', { name: 'Paddy Straw' }) });
    // 3 + 2: the second add added to the first.
    await expect.poll(() => paddy.inputValue()).toBe('5');
    // Paddy straw is sold by the quintal: + adds half a quintal (src/domain/quantity.ts).
    await page.getByRole('button', { name: t('shop.cart.increase', { name: 'Paddy Straw' }) }).click();
    await expect.poll(() => paddy.inputValue()).toBe('5.5');
    await page.getByRole('button', { name: t('shop.cart.decrease', { name: 'Groundnut Shell' }) }).click();
    await expect.poll(() => page.getByRole('spinbutton', { name: t('shop.cart.quantityOf', { name: 'Groundnut Shell' }) }).inputValue()).toBe('49');
    await look(page, 'en', 'cart');

    await page.getByRole('button', { name: t('shop.cart.requestQuotation') }).click();
    await at(page, '/request');
    const first = card(page, 'Paddy Straw');
    await first.getByText(t('shop.status.PENDING')).waitFor();
    await expect.poll(() => first.textContent()).toMatch(/QT\d+/);
    await look(page, 'en', 'request');
    // The cart is empty again, so the cart bar is gone.
    expect(await page.getByText(t('shop.cartBar.added', { n: 2 })).count()).toBe(0);

    // A second quotation, deleted through the confirm dialog.
    await page.getByRole('link', { name: t('shop.nav.home') }).first().click();
    await page.getByRole('link', { name: 'Bagasse' }).click();
    await addToCart(page, 'Bagasse', 200);
    await page.getByRole('link', { name: t('shop.nav.cart') }).first().click();
    await page.getByRole('button', { name: t('shop.cart.requestQuotation') }).click();
    await at(page, '/request');
    const second = card(page, 'Bagasse');
    await second.getByText(t('shop.status.PENDING')).waitFor();
    const secondId = /QT\d+/.exec((await second.textContent()) ?? '')![0];
    await page.getByRole('button', { name: t('shop.request.delete', { id: secondId }) }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(t('shop.confirm.question')).waitFor();
    await dialog.getByText(secondId).waitFor();
    await look(page, 'en', 'request-confirm');
    await dialog.getByRole('button', { name: t('shop.confirm.yes') }).click();
    await second.getByText(t('shop.status.DELETED')).waitFor();
    // Deleted quotations stay in the list without a delete icon; the first is still Pending.
    expect(await page.getByRole('button', { name: t('shop.request.delete', { id: secondId }) }).count()).toBe(0);
    await first.getByText(t('shop.status.PENDING')).waitFor();
    await context.close();
  });
});
