/**
 * Journey 8: the network goes away on /request. The app says it is offline, does not crash, and
 * picks up the admin's change once the network is back (polling resumes). Offline, 'Request
 * Quotation' puts the request into the outbox, which says it waits; back online it is sent.
 */
import { describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, look, verifiedLogIn } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { useWorld } from '../support/e2e/world';
import { text } from '../support/e2e/text';

const t = (id: string, values?: Record<string, string | number>) => text('en', id, values);

describe('a farmer on a patchy network', () => {
  const world = useWorld();

  it('shows the offline line, survives, and resumes polling and requesting when the network returns', async () => {
    const { server, browser } = world;
    const admin = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400009';
    const token = await verifiedFarmer(server, admin, mobile);
    const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', token)).body.data;
    const q = (
      await call<{ data: Quotation }>(server, 'POST', '/quotations', token, { skusDetail: [{ skuIdentifier: skus[0]!._id, quantity: 10 }] })
    ).body.data;

    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));
    await verifiedLogIn(page, server, 'en', mobile);
    await page.goto('/request');
    await at(page, '/request');
    const card = page.getByRole('listitem').filter({ hasText: q.quotationDisplayId });
    await card.getByText(t('shop.status.PENDING')).waitFor();

    await context.setOffline(true);
    const offline = page.getByRole('status').filter({ hasText: t('common.offline') });
    await offline.waitFor();
    await look(page, 'en', 'request-offline');

    // While the farmer is offline, the admin prices the quotation.
    const priced = await call(server, 'PATCH', `/quotations/${q._id}`, admin, {
      ...q,
      status: 'COMPLETED',
      skusDetail: q.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: 90_000, discountPaisa: 0, shippingPricePaisa: 10_000 })),
    });
    expect(priced.status).toBe(200);
    await card.getByText(t('shop.status.PENDING')).waitFor();

    await context.setOffline(false);
    await offline.waitFor({ state: 'detached' });
    await card.getByText(t('shop.status.COMPLETED')).waitFor({ timeout: 7_000 });
    await card.getByText('₹1,000.00').waitFor();

    // A quotation request that cannot reach the server.
    await page.goto('/home');
    await page.getByRole('link', { name: skus[1]!.name }).click();
    await page.getByLabel(t('shop.sku.quantity')).fill('4');
    await page.getByRole('button', { name: t('shop.sku.addToCart') }).click();
    await page.goto('/cart');
    const request = page.getByRole('button', { name: t('shop.cart.requestQuotation') });
    await request.waitFor();
    await context.setOffline(true);
    // Offline, the screen says the request will wait on the phone; tapped, it goes into the outbox.
    await page.getByText(t('outbox.cartOffline')).waitFor();
    const line = page.getByRole('spinbutton', { name: t('shop.cart.quantityOf', { name: skus[1]!.name }) });
    expect(await line.inputValue()).toBe('4');
    await look(page, 'en', 'cart-offline');
    await request.click();
    await at(page, '/request');
    await page.locator('[data-outbox]').filter({ hasText: t('outbox.queued') }).filter({ hasText: skus[1]!.name }).waitFor();

    await context.setOffline(false);
    await offline.waitFor({ state: 'detached' });
    await page.getByRole('listitem').filter({ hasText: skus[1]!.name }).filter({ hasText: /QT\d+/ }).getByText(t('shop.status.PENDING')).waitFor();
    expect(await page.locator('[data-outbox]').count()).toBe(0);
    expect(crashes).toEqual([]);
    await context.close();
  });
});
