/**
 * Walks the farmer journey at 360 px in English, Hindi and Gujarati, for a person to look
 * at every screen: the compiled server on a temporary SQLite database, a farmer who signs up through
 * the real screens with the dev SMS code, an admin who verifies, prices and moves the order through
 * the API, and the farmer who orders through the screens. Each screen is photographed as the phone
 * shows it into /tmp/walk/<lang>/NN-name.png, a longer one also scrolled to its end (NN-name-end.png);
 * WALK_DIR writes elsewhere.
 *
 * Run: `npm run build`, then `npx tsx scripts/walk-screens.ts` (WALK_LANGS=hi,gu for some only).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { priceDetails } from '../src/domain/money';
import type { Order, Quotation } from '../src/domain/types';
import { apiLogin, call, userId } from '../test/support/e2e/api';
import { ADMIN_NUMBER, startServer, type TestServer } from '../test/support/e2e/server';
import { text, type Lang } from '../test/support/e2e/text';

const OUT = process.env.WALK_DIR ?? '/tmp/walk';
const LANGS = (process.env.WALK_LANGS ?? 'en,hi,gu').split(',') as Lang[];
const ENDONYM: Record<Lang, string> = { en: 'English', hi: 'हिन्दी', gu: 'ગુજરાતી' };
const FARMER: Record<Lang, { mobile: string; name: string; address: string }> = {
  en: { mobile: '9123450001', name: 'Suresh Kumar', address: 'Survey 12, Gondal road, Rajkot' },
  hi: { mobile: '9123450002', name: 'रमेश यादव', address: 'गाँव रामपुर, ज़िला आनंद' },
  gu: { mobile: '9123450003', name: 'મહેશ પટેલ', address: 'ગામ ખેડા, તાલુકો આણંદ' },
};
const DAY = 86_400_000;

/** Until `probe` holds (polled), or fail naming `what`. */
async function until(what: string, probe: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const at = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });

async function jpeg(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 60 } } }).jpeg().toBuffer();
}

async function walk(browser: Browser, server: TestServer, admin: string, lang: Lang): Promise<void> {
  const dir = join(OUT, lang);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const t = (id: string, values?: Record<string, string | number>) => text(lang, id, values);
  const farmer = FARMER[lang];
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
    locale: 'en-IN',
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  let n = 0;
  /** Once the screen settled (no request in flight, no 'Loading...'), the whole page. */
  const shot = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await until(`${name} to load`, async () => (await page.getByText(t('common.loading'), { exact: true }).count()) === 0);
    // Past the images' fade-in and the carousel's first move.
    await page.waitForTimeout(400);
    n += 1;
    // As the phone shows it (fixed header, bottom bar and contact button where they are); a longer
    // page again scrolled to its end.
    const file = join(dir, `${String(n).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file });
    console.log(`${lang}: ${file}`);
    if (await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 8)) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
      await page.screenshot({ path: file.replace(/\.png$/, '-end.png') });
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  };

  // / → the language choice, then Join Us, the phone number and the code from the server's SMS log.
  await page.goto('/');
  await at(page, '/language-selection');
  await shot('language-selection');
  await page.getByRole('radio', { name: ENDONYM[lang] }).check();
  await page.getByRole('button', { name: t('onboarding.language.continue') }).click();
  await at(page, '/join-us');
  await page.getByRole('heading', { name: t('onboarding.joinUs.title') }).waitFor();
  await shot('join-us');
  await page.getByRole('button', { name: t('onboarding.joinUs.signUp') }).click();
  await at(page, '/auth/generate-otp');
  await page.getByLabel(t('onboarding.otp.phoneLabel')).fill(farmer.mobile);
  await shot('generate-otp');
  const mark = server.mark();
  await page.getByRole('button', { name: t('onboarding.otp.getOtp') }).click();
  await at(page, '/auth/verify-otp');
  const code = await server.waitForCode(farmer.mobile, mark);
  await page.getByLabel(t('onboarding.otp.digitLabel', { n: 1, total: 6 })).click();
  await page.keyboard.type(code);
  await shot('verify-otp');
  await page.getByRole('button', { name: t('onboarding.otp.submit'), exact: true }).click();

  // Registration: photo and Aadhaar (choose, upload; the step moves on by itself), then the details.
  const image = await jpeg();
  for (const kind of ['profile', 'aadhaar'] as const) {
    await at(page, kind === 'profile' ? '/register/profile-photo' : '/register/aadhaar-card');
    await shot(kind === 'profile' ? 'profile-photo' : 'aadhaar-card');
    await page.locator(`#image-${kind}`).setInputFiles({ name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: image });
    await page.getByRole('button', { name: t('onboarding.image.upload'), exact: true }).click();
    await page.getByText(t('onboarding.image.uploaded')).waitFor();
    await shot(`${kind === 'profile' ? 'profile-photo' : 'aadhaar-card'}-uploaded`);
  }
  await at(page, '/register/personal-details');
  await page.getByLabel(t('onboarding.details.name')).fill(farmer.name);
  await page.getByRole('radio', { name: t('onboarding.details.gender.male'), exact: true }).check();
  await page.getByRole('textbox', { name: t('onboarding.details.age'), exact: true }).fill('45');
  await page.getByLabel(t('onboarding.details.farmAddress')).fill(farmer.address);
  await shot('personal-details');
  await page.getByRole('button', { name: t('onboarding.details.submit') }).click();
  await at(page, '/under-verification');
  await page.getByRole('heading', { name: t('onboarding.waiting.title') }).waitFor();
  await shot('under-verification');

  // The admin verifies (API); the farmer opens the app again and lands on /home.
  const verified = await call(server, 'PATCH', `/users/verify/${await userId(server, admin, farmer.mobile)}`, admin);
  if (verified.status !== 200) throw new Error(`verify ${verified.status}`);
  await page.reload();
  await at(page, '/home');
  await page.getByRole('heading', { name: t('shop.home.overviewTitle') }).first().waitFor();
  await shot('home');

  // A product: 2.5 of the first one that takes decimals is refused when it is sold whole; 3 is added.
  await page.locator('a[href*="sku-details"]').first().click();
  await at(page, '/sku-details');
  const quantity = page.getByLabel(t('shop.sku.quantity'));
  await quantity.fill('2.5');
  await shot('sku-details');
  await quantity.fill('3');
  await page.getByRole('button', { name: t('shop.sku.addToCart') }).click();
  await page.getByRole('link', { name: t('shop.nav.cart') }).first().click();
  await at(page, '/cart');
  await shot('cart');
  await page.getByRole('button', { name: t('shop.cart.requestQuotation') }).click();
  await at(page, '/request');
  await shot('request');

  await page.locator('a[href*="quotation-details"]').first().click();
  await at(page, '/quotation-details');
  await shot('quotation-details-pending');

  // The admin prices it (API); the screen's poll brings the price.
  const mine = (await call<{ data: Quotation[] }>(server, 'GET', `/quotations/all?q=${farmer.mobile}`, admin)).body.data[0]!;
  const priced = await call(server, 'PATCH', `/quotations/${mine._id}`, admin, {
    ...mine,
    status: 'COMPLETED',
    skusDetail: mine.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: 185_050, discountPaisa: 10_000, shippingPricePaisa: 45_000 })),
  });
  if (priced.status !== 200) throw new Error(`price ${priced.status} ${JSON.stringify(priced.body)}`);
  const placeOrder = page.getByRole('button', { name: t('shop.quotation.placeOrder') });
  await placeOrder.waitFor({ timeout: 30_000 });
  await shot('quotation-details-priced');
  // Ordered, the app shows the list again; the quotation now offers Track Order.
  await placeOrder.click();
  await at(page, '/request');
  await page.locator('a[href*="quotation-details"]').first().click();
  await at(page, '/quotation-details');
  await page.getByRole('button', { name: t('shop.quotation.trackOrder') }).click();
  await at(page, '/order-status');
  await shot('order-status-placed');

  // The admin confirms it, takes part of the money, loads it, takes the rest and sets a date (API).
  const orders = (await call<{ data: Order[] }>(server, 'GET', `/orders?q=${farmer.mobile}`, admin)).body.data;
  const order = orders[0]!;
  const total = priceDetails((await call<{ data: Quotation }>(server, 'GET', `/quotations/${mine._id}`, admin)).body.data.skusDetail).totalPaisa;
  const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
  for (const move of [
    { status: 'ORDER_CONFIRMED', amountPaidPaisa: 100_000 },
    { status: 'MATERIAL_LOADED', amountPaidPaisa: 100_000, expectedDeliveryDate: tomorrow },
  ]) {
    const res = await call(server, 'PATCH', `/orders/update/${order._id}`, admin, move);
    if (res.status !== 200) throw new Error(`order ${res.status} ${JSON.stringify(res.body)}`);
  }
  await page.reload();
  await at(page, '/order-status');
  await page.getByRole('button', { name: t('shop.order.makePayment') }).waitFor();
  await shot('order-status-part-paid');
  const paid = await call(server, 'PATCH', `/orders/update/${order._id}`, admin, { status: 'DELIVERED', amountPaidPaisa: total });
  if (paid.status !== 200) throw new Error(`delivered ${paid.status} ${JSON.stringify(paid.body)}`);
  await page.reload();
  await at(page, '/order-status');
  await until('the delivered card', async () => (await page.getByRole('button', { name: t('shop.order.makePayment') }).count()) === 0, 30_000);
  await shot('order-status-delivered');

  await page.getByRole('link', { name: t('shop.nav.profile') }).first().click();
  await at(page, '/profile');
  await shot('profile');
  await context.close();
}

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const admin = await apiLogin(server, ADMIN_NUMBER);
    for (const lang of LANGS) await walk(browser, server, admin, lang);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
