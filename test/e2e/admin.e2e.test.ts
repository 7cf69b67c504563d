/**
 * Journey 4: the admin prices a quotation in the admin sheet; within 5 s the farmer sees Received
 * with the right totals, places the order, sees the Delivery Code and watches the tracker advance
 * as the admin moves the order through every status, and the balance change with a part payment
 * and then the full payment.
 * Journey 5: the admin adds a SKU with an image and the farmer sees it on /home; two admins save
 * the same quotation and the second is told 'Failed to save quotation.'.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { adminLogIn, openAdmin } from '../support/e2e/admin';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, look, verifiedLogIn } from '../support/e2e/onboarding';
import { ADMIN_NUMBER, SECOND_ADMIN_NUMBER, type TestServer } from '../support/e2e/server';
import { useWorld } from '../support/e2e/world';
import { text } from '../support/e2e/text';

const t = (id: string, values?: Record<string, string | number>) => text('en', id, values);
/** The farmer's screens poll every 5 s; a change shows within one poll and a request. */
const WITHIN_A_POLL = 7_000;

async function quotationFor(server: TestServer, token: string, lines: [string, number][]): Promise<Quotation> {
  const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', token)).body.data;
  const skusDetail = lines.map(([name, quantity]) => ({ skuIdentifier: skus.find((s) => s.name === name)!._id, quantity }));
  return (await call<{ data: Quotation }>(server, 'POST', '/quotations', token, { skusDetail })).body.data;
}

/** Opens a quotation in the admin sheet by searching its id, and starts editing. */
async function openQuotationSheet(page: Page, id: string): Promise<void> {
  await openAdmin(page, 'quotations');
  await page.getByLabel(t('admin.quotations.search')).fill(id);
  await page.getByRole('button', { name: new RegExp(id) }).click();
  await page.getByRole('button', { name: t('admin.common.edit') }).click();
}

async function priceLine(page: Page, product: string, goods: string, discount: string, shipping: string): Promise<void> {
  const line = page.getByRole('group', { name: product });
  await line.getByLabel(t('admin.quotations.goods')).fill(goods);
  await line.getByLabel(t('admin.quotations.discount')).fill(discount);
  await line.getByLabel(t('admin.quotations.shipping')).fill(shipping);
}

/** The farmer's tracker as "label ✓" (reached, with the time it was reached) or "label ·", top to bottom. */
async function tracker(page: Page): Promise<string[]> {
  const items = page.getByRole('region', { name: t('shop.order.trackerTitle') }).getByRole('listitem');
  const rows = await items.evaluateAll((lis) =>
    lis.map((li) => {
      const plain = li.cloneNode(true) as HTMLElement;
      plain.querySelectorAll('time').forEach((time) => time.remove());
      return { text: plain.textContent ?? '', dated: li.querySelector('time') !== null };
    }),
  );
  return rows.map(({ text, dated }) => {
    const row = text.replace(t('shop.order.stepDone'), ' ✓').replace(t('shop.order.stepPending'), ' ·').trim();
    // Every reached step shows when it was reached, Payment Status (when the amount came to cover the total) included.
    expect(dated).toBe(row.endsWith('✓'));
    return row;
  });
}

async function setOrder(page: Page, orderId: string, status: string | null, paidRupees: string | null): Promise<void> {
  await page.getByLabel(t('admin.orders.search')).fill(orderId);
  await page.getByRole('button', { name: new RegExp(orderId) }).click();
  await page.getByRole('button', { name: t('admin.common.edit') }).click();
  if (status) await page.getByLabel(t('admin.orders.status'), { exact: true }).selectOption({ label: t(`admin.orderStatus.${status}`) });
  // Delivered asks for the farmer's code; this journey delivers without one, chosen explicitly.
  if (status === 'DELIVERED') await page.getByRole('checkbox', { name: t('admin.orders.noCode') }).check();
  if (paidRupees !== null) await page.getByLabel(t('admin.orders.amountPaid')).fill(paidRupees);
  await page.getByRole('button', { name: t('admin.common.update') }).click();
  // The sheet closes after a successful save.
  await page.getByRole('button', { name: t('admin.common.update') }).waitFor({ state: 'detached' });
}

describe('admins and farmers together', () => {
  // One farmer's 500 quotations for the paging journey: the fair-use cap is raised for this file's server.
  const world = useWorld({ QUOTATION_HOURLY_LIMIT: '500', QUOTATION_DAILY_LIMIT: '500' });

  it('prices a quotation, and the farmer orders it and follows it to delivery and full payment', async () => {
    const { server, browser } = world;
    const adminToken = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400004';
    const farmerToken = await verifiedFarmer(server, adminToken, mobile, 'english', 'Kiran Desai');
    const q = await quotationFor(server, farmerToken, [['Paddy Straw', 5], ['Groundnut Shell', 50]]);

    const farmerContext = await newPhone(browser, server.url);
    const farmer = await farmerContext.newPage();
    await verifiedLogIn(farmer, server, 'en', mobile);
    await farmer.getByRole('link', { name: t('shop.nav.request') }).first().click();
    await at(farmer, '/request');
    const farmerCard = farmer.getByRole('listitem').filter({ hasText: q.quotationDisplayId });
    await farmerCard.getByText(t('shop.status.PENDING')).waitFor();

    const adminContext = await newPhone(browser, server.url);
    const admin = await adminContext.newPage();
    await adminLogIn(admin, server, ADMIN_NUMBER);
    await openQuotationSheet(admin, q.quotationDisplayId);
    await admin.getByLabel(t('admin.quotations.status'), { exact: true }).selectOption({ label: t('admin.quotationStatus.COMPLETED') });
    await priceLine(admin, 'Paddy Straw', '2500', '100', '150');
    await priceLine(admin, 'Groundnut Shell', '400.50', '0', '49.50');
    await look(admin, 'en', 'admin-quotation-sheet');
    await admin.getByRole('button', { name: t('admin.common.update') }).click();
    await admin.getByRole('button', { name: t('admin.common.update') }).waitFor({ state: 'detached' });

    // Within one poll the farmer's card says Received, with the total.
    await farmerCard.getByText(t('shop.status.COMPLETED')).waitFor({ timeout: WITHIN_A_POLL });
    await farmerCard.getByText('₹3,000.00').waitFor();
    await farmerCard.click();
    await at(farmer, '/quotation-details');
    await farmer.getByRole('heading', { name: t('shop.quotationTitle.COMPLETED') }).waitFor();
    const panel = farmer.getByRole('region', { name: t('shop.price.title') });
    const rows = (await panel.textContent()) ?? '';
    expect(rows).toContain('₹2,900.50'); // Total MRP: 2,500 + 400.50
    expect(rows).toContain('₹100.00'); // Discount on MRP
    expect(rows).toContain('₹199.50'); // Shipping: 150 + 49.50
    expect(rows).toContain('₹3,000.00'); // Total Amount
    await look(farmer, 'en', 'quotation-details-completed');

    await farmer.getByRole('button', { name: t('shop.quotation.placeOrder') }).click();
    // Where and when: the farm of the profile, any day.
    await farmer.getByRole('dialog', { name: t('shop.place.title') }).getByRole('button', { name: t('shop.place.confirm') }).click();
    await at(farmer, '/request');
    await farmerCard.getByText(t('shop.status.ORDERED')).waitFor();
    await farmerCard.click();
    await at(farmer, '/quotation-details');
    await farmer.getByRole('button', { name: t('shop.quotation.trackOrder') }).or(farmer.getByRole('link', { name: t('shop.quotation.trackOrder') })).click();
    await at(farmer, '/order-status');
    await farmer.getByRole('heading', { name: t('shop.order.deliveryCode') }).waitFor();
    await farmer.getByText(/^\d{4}$/).waitFor();
    expect(await tracker(farmer)).toEqual([
      'Confirmation Pending ✓',
      'Order Confirmed ·',
      'Material Loaded ·',
      'In Transit ·',
      'Delivered ·',
      'Payment Status ·',
    ]);
    await look(farmer, 'en', 'order-status');

    const orders = (await call<{ data: { _id: string; orderDisplayId: string; quotationDetail: { _id: string } }[] }>(server, 'GET', '/orders', adminToken)).body.data;
    const orderId = orders.find((o) => o.quotationDetail._id === q._id)!.orderDisplayId;
    await openAdmin(admin, 'orders');
    // The farmer reads out the QT number they see: the admin finds the order by it.
    await admin.getByLabel(t('admin.orders.search')).fill(q.quotationDisplayId);
    await admin.getByRole('button', { name: new RegExp(orderId) }).waitFor();
    const steps = ['ORDER_CONFIRMED', 'MATERIAL_LOADED', 'IN_TRANSIT', 'DELIVERED'] as const;
    for (const [index, status] of steps.entries()) {
      await setOrder(admin, orderId, status, null);
      await expect.poll(() => tracker(farmer), { timeout: WITHIN_A_POLL }).toContain(`${t(`shop.orderStatus.${status}`)} ✓`);
      const done = (await tracker(farmer)).filter((s) => s.endsWith('✓')).length;
      expect(done).toBe(index + 2);
    }
    await look(admin, 'en', 'admin-orders');

    // A part payment: the balance panel shows what is still due.
    await setOrder(admin, orderId, null, '1000');
    const balance = farmer.getByRole('region', { name: t('shop.order.balanceTitle') });
    await expect.poll(async () => (await balance.textContent()) ?? '', { timeout: WITHIN_A_POLL }).toContain('₹2,000.00');
    expect(await balance.textContent()).toContain('₹1,000.00');
    await farmer.getByRole('button', { name: t('shop.order.makePayment') }).waitFor();
    await look(farmer, 'en', 'order-status-part-paid');

    // The full payment: Payment Status moves first and complete; nothing is due.
    await setOrder(admin, orderId, null, '3000');
    await expect.poll(() => tracker(farmer), { timeout: WITHIN_A_POLL }).toEqual([
      'Payment Status ✓',
      'Confirmation Pending ✓',
      'Order Confirmed ✓',
      'Material Loaded ✓',
      'In Transit ✓',
      'Delivered ✓',
    ]);
    expect(await farmer.getByRole('button', { name: t('shop.order.makePayment') }).count()).toBe(0);
    await look(farmer, 'en', 'order-status-paid');
    await farmerContext.close();
    await adminContext.close();
  });

  it('adds a SKU with an image that farmers then see, and tells the second of two admins saving one quotation that it failed', async () => {
    const { server, browser } = world;
    const adminToken = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400005';
    const farmerToken = await verifiedFarmer(server, adminToken, mobile);
    const q = await quotationFor(server, farmerToken, [['Coconut Husk', 100]]);

    const adminContext = await newPhone(browser, server.url);
    const admin = await adminContext.newPage();
    await adminLogIn(admin, server, ADMIN_NUMBER);
    await openAdmin(admin, 'skus', true);
    await look(admin, 'en', 'admin-skus');
    await admin.getByRole('button', { name: t('admin.skus.add') }).click();
    const fields: [string, string][] = [
      ['admin.skus.field.name', 'Rice Husk'],
      ['admin.skus.field.description', 'Clean dry husk from the rice mill, good as bedding and fuel.'],
      ['admin.skus.field.categoryName', 'Husk'],
      ['admin.skus.field.brandName', 'Anand Mills'],
      ['admin.skus.field.availableQty', '400'],
      ['admin.skus.field.minimumPrice', '9.50'],
      ['admin.skus.field.skuQuantityUnit', 'kg'],
    ];
    for (const [label, value] of fields) await admin.getByLabel(t(label), { exact: true }).fill(value);
    const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 196, g: 164, b: 96 } } }).jpeg().toBuffer();
    await admin.locator('input[type=file]').setInputFiles({ name: 'rice-husk.jpg', mimeType: 'image/jpeg', buffer: picture });
    await look(admin, 'en', 'admin-sku-sheet');
    await admin.getByRole('button', { name: t('admin.skus.save') }).click();
    await admin.getByRole('button', { name: t('admin.skus.save') }).waitFor({ state: 'detached' });
    await admin.getByText('Rice Husk').waitFor();

    const farmerContext = await newPhone(browser, server.url);
    const farmer = await farmerContext.newPage();
    await verifiedLogIn(farmer, server, 'en', mobile);
    const tile = farmer.getByRole('link', { name: 'Rice Husk' });
    await tile.waitFor();
    // Its picture is the uploaded one, served to the farmer.
    const src = await tile.locator('img').getAttribute('src');
    const image = await fetch(`${server.url}${src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    await farmerContext.close();

    // Two admins open the same quotation; the first saves; the second's save is refused.
    const secondContext = await newPhone(browser, server.url);
    const second = await secondContext.newPage();
    await adminLogIn(second, server, SECOND_ADMIN_NUMBER);
    await openQuotationSheet(admin, q.quotationDisplayId);
    await openQuotationSheet(second, q.quotationDisplayId);
    await priceLine(admin, 'Coconut Husk', '700', '0', '100');
    await admin.getByRole('button', { name: t('admin.common.update') }).click();
    await admin.getByRole('button', { name: t('admin.common.update') }).waitFor({ state: 'detached' });
    await priceLine(second, 'Coconut Husk', '650', '20', '80');
    await second.getByRole('button', { name: t('admin.common.update') }).click();
    await second.getByRole('alert').filter({ hasText: 'Failed to save quotation.' }).waitFor();
    await look(second, 'en', 'admin-quotation-conflict');
    // The first admin's change stands.
    const stored = (await call<{ data: Quotation }>(server, 'GET', `/quotations/${q._id}`, adminToken)).body.data;
    expect(stored.skusDetail[0]).toMatchObject({ goodsPricePaisa: 70_000, discountPaisa: 0, shippingPricePaisa: 10_000 });
    await adminContext.close();
    await secondContext.close();
  });

  it('pages through 500 quotations of one farmer, found on the server by their mobile number', async () => {
    const { server, browser } = world;
    // The first admin's number has had its hourly codes (OTP_MAX_PER_HOUR) in the journeys above.
    const adminToken = await apiLogin(server, SECOND_ADMIN_NUMBER);
    const mobile = '9123400777';
    const farmerToken = await verifiedFarmer(server, adminToken, mobile, 'english', 'Paging Farmer');
    const created: string[] = [];
    for (let batch = 0; batch < 25; batch += 1) {
      const quotations = await Promise.all(Array.from({ length: 20 }, () => quotationFor(server, farmerToken, [['Paddy Straw', 1]])));
      created.push(...quotations.map((q) => q.quotationDisplayId));
    }

    const adminContext = await newPhone(browser, server.url);
    const admin = await adminContext.newPage();
    await adminLogIn(admin, server, SECOND_ADMIN_NUMBER);
    await openAdmin(admin, 'quotations');
    await admin.getByLabel(t('admin.quotations.search')).fill(mobile);
    const list = admin.getByRole('list', { name: t('admin.quotations.list') });
    const shown = (n: number) => admin.getByText(t('admin.common.shownOfTotal', { shown: n, total: 500 }));
    await shown(50).waitFor();
    await look(admin, 'en', 'admin-quotations-paged');
    // Scrolling to the end of the list loads the next page, until the server has no more.
    const rows = list.getByRole('button');
    const footerButton = admin.locator('.admin-page-footer button');
    let listed = await rows.count();
    while ((await footerButton.count()) > 0) {
      await footerButton.scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(listed);
      listed = await rows.count();
    }
    await shown(500).waitFor();
    const ids = await rows.locator('strong').allTextContents();
    expect(ids).toHaveLength(500);
    expect(new Set(ids)).toEqual(new Set(created));
    await look(admin, 'en', 'admin-quotations-paged-end');
    await adminContext.close();
  });
});
