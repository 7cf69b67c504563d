/**
 * Quantity entry in the browser: a Hindi farmer on a 360 px phone meets − and + beside the
 * quantity (each at least 44×44 px), sees 2.5 kg refused in Hindi with the box left as typed, asks
 * for 2.5 quintal of paddy straw, steps it in the cart, types 2.25 there and is refused, and the
 * quotation holds 2.5 quintal.
 * The screens are photographed under test-results/screens/hi/quantity-*.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Quotation } from '../../src/domain/types';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, chooseLanguage, logIn, look } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { text } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

const PADDY = 'धान का पुआल (पराली)';
const GROUNDNUT = 'मूँगफली के छिलके';
const hi = (id: string, values?: Record<string, string | number>) => text('hi', id, values);

async function atLeast44(target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
}

describe('quantity entry in Hindi at 360 px', () => {
  const world = useWorld();

  it('refuses 2.5 kg with a Hindi reason, keeps 2.5 quintal, and steps it in the cart', async () => {
    const { server, browser } = world;
    const adminToken = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400301';
    await verifiedFarmer(server, adminToken, mobile, 'hindi', 'Ramesh Yadav');
    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 780 });
    await chooseLanguage(page, 'hi');
    await logIn(page, server, 'hi', mobile);
    await at(page, '/home');

    await page.getByRole('link', { name: GROUNDNUT }).click();
    await at(page, '/sku-details');
    const quantity = page.getByLabel(hi('shop.sku.quantity'));
    const plus = (name: string) => page.getByRole('button', { name: hi('shop.cart.increase', { name }) });
    const minus = (name: string) => page.getByRole('button', { name: hi('shop.cart.decrease', { name }) });
    await atLeast44(plus(GROUNDNUT));
    await atLeast44(minus(GROUNDNUT));
    await quantity.fill('2.5');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(hi('shop.quantity.refused.wholeOnly', { unit: hi('unit.kg') }));
    expect(await quantity.inputValue()).toBe('2.5');
    expect(await page.getByRole('button', { name: hi('shop.sku.addToCart') }).isDisabled()).toBe(true);
    await look(page, 'hi', 'quantity-sku-refused-360');
    await quantity.fill('3');
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: hi('shop.sku.addToCart') }).click();

    await page.goBack();
    await at(page, '/home');
    await page.getByRole('link', { name: PADDY }).click();
    await at(page, '/sku-details');
    await page.getByRole('heading', { name: PADDY }).waitFor();
    await quantity.fill('2.5');
    await plus(PADDY).click();
    expect(await quantity.inputValue()).toBe('3');
    await minus(PADDY).click();
    expect(await quantity.inputValue()).toBe('2.5');
    await look(page, 'hi', 'quantity-sku-quintal-360');
    await page.getByRole('button', { name: hi('shop.sku.addToCart') }).click();

    await page.getByRole('link', { name: hi('shop.nav.cart') }).first().click();
    await at(page, '/cart');
    await page.getByText(`2.5 ${hi('unit.quintal')}`).waitFor();
    await page.getByText(`3 ${hi('unit.kg')}`).waitFor();
    await atLeast44(plus(PADDY));
    await atLeast44(minus(PADDY));
    await plus(PADDY).click();
    await page.getByText(`3 ${hi('unit.quintal')}`).waitFor();
    await minus(PADDY).click();
    await page.getByText(`2.5 ${hi('unit.quintal')}`).waitFor();
    // Typed in the cart's box: 2.25 quintal is refused in Hindi, kept as typed, and holds the request.
    const inCart = page.getByRole('spinbutton', { name: hi('shop.cart.quantityOf', { name: PADDY }) });
    await atLeast44(inCart);
    expect(await inCart.inputValue()).toBe('2.5');
    await inCart.fill('2.25');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(hi('shop.quantity.refused.oneDecimal', { unit: hi('unit.quintal') }));
    expect(await inCart.inputValue()).toBe('2.25');
    expect(await page.getByRole('button', { name: hi('shop.cart.requestQuotation') }).isDisabled()).toBe(true);
    await look(page, 'hi', 'quantity-cart-refused-360');
    await inCart.fill('4');
    await page.getByText(`4 ${hi('unit.quintal')}`).waitFor();
    await inCart.fill('2.5');
    await page.getByText(`2.5 ${hi('unit.quintal')}`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await look(page, 'hi', 'quantity-cart-360');
    await page.getByRole('button', { name: hi('shop.cart.requestQuotation') }).click();
    await at(page, '/request');

    const all = (await call<{ data: Quotation[] }>(server, 'GET', '/quotations/all', adminToken)).body.data;
    const mine = all.find((q) => q.skusDetail.some((l) => l.skuIdentifier.skuQuantityUnit === 'quintal' && l.quantity === 2.5));
    expect(mine?.skusDetail.map((l) => l.quantity)).toEqual([3, 2.5]);
    await context.close();
  });
});
