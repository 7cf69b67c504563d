/**
 * Every farmer screen at 320, 360 and 450 px, in English, Hindi and Gujarati: the contact button
 * covers no button, link, input or money amount, every touch target is at least 44×44 px, the end
 * of the content scrolls clear of the bottom dock, and axe finds nothing serious at 360 px (the
 * other journeys scan at 450 px), and every stop the keyboard reaches shows the app's one focus
 * ring. Photographs go to test-results/layout/<language>/<width>/.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, verifiedFarmer } from '../support/e2e/api';
import { newPhone, screen } from '../support/e2e/browser';
import { foreignFocusRings, measureLayout, WIDTHS } from '../support/e2e/layout';
import { agreeToAadhaarNotice, at, chooseLanguage, imageStep, logIn, typeCode } from '../support/e2e/onboarding';
import { quotationsInEachStatus } from '../support/e2e/quotations';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { text, type Lang } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';
import { STEP_PAUSE_MS } from '../../machines/registration.machine';

const LANGUAGE: Record<Lang, string> = { en: 'english', hi: 'hindi', gu: 'gujrati' };
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 320: 640, 360: 740, 450: 900 };

/** Measures the screen at each width and scans it with axe at 360 px; returns what is wrong. */
async function check(page: Page, lang: Lang, name: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // Before a language is chosen the screens speak English.
  for (const shown of new Set<Lang>([lang, 'en'])) {
    await expect.poll(() => page.getByText(text(shown, 'common.loading'), { exact: true }).count()).toBe(0);
  }
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    const report = await measureLayout(page, `test-results/layout/${lang}/${width}/${name}`);
    const where = `${lang} ${width}px ${name}`;
    problems.push(...report.covered.map((t) => `${where}: the contact button covers ${t}`));
    problems.push(...report.small.map((t) => `${where}: smaller than 44×44: ${t}`));
    problems.push(...report.underDock.map((t) => `${where}: stays under the dock: ${t}`));
    if (width === 360) {
      const serious = await screen(page, lang, `${name}@360`);
      problems.push(...serious.map((f) => `${where}: axe ${f.impact} ${f.id}: ${f.help}`));
    }
  }
  await page.setViewportSize({ width: 450, height: 900 });
  problems.push(...(await foreignFocusRings(page)).map((t) => `${lang} ${name}: not the app's focus ring: ${t}`));
  return problems;
}

const png = () => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 170, b: 90 } } }).png().toBuffer();

/** A new farmer from the language screen to /under-verification, checking each screen on the way. */
async function onboardingScreens(page: Page, server: Parameters<typeof logIn>[1], lang: Lang, mobile: string): Promise<string[]> {
  const problems: string[] = [];
  await page.goto('/');
  await at(page, '/language-selection');
  problems.push(...(await check(page, lang, 'language-selection')));
  await chooseLanguage(page, lang);
  problems.push(...(await check(page, lang, 'join-us')));
  await page.getByRole('button', { name: text(lang, 'onboarding.joinUs.signUp') }).click();
  await at(page, '/auth/generate-otp');
  await page.getByLabel(text(lang, 'onboarding.otp.phoneLabel')).fill(mobile);
  problems.push(...(await check(page, lang, 'generate-otp')));
  const mark = server.mark();
  await page.getByRole('button', { name: text(lang, 'onboarding.otp.getOtp') }).click();
  await at(page, '/auth/verify-otp');
  await typeCode(page, lang, await server.waitForCode(mobile, mark));
  problems.push(...(await check(page, lang, 'verify-otp')));
  await page.getByRole('button', { name: text(lang, 'onboarding.otp.submit'), exact: true }).click();
  await at(page, '/register/profile-photo');
  problems.push(...(await check(page, lang, 'profile-photo')));
  await imageStep(page, lang, 'profile', 'skip');
  await at(page, '/register/aadhaar-card');
  // The notice comes first: read, then 'I agree, continue'.
  problems.push(...(await check(page, lang, 'aadhaar-notice')));
  await agreeToAadhaarNotice(page, lang);
  problems.push(...(await check(page, lang, 'aadhaar-card')));
  // Two taps: choose, Upload. Back during the pause keeps the farmer where Back leads.
  await page.locator('#image-aadhaar').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: await png() });
  await page.getByRole('button', { name: text(lang, 'onboarding.image.upload'), exact: true }).click();
  await page.getByText(text(lang, 'onboarding.image.uploaded')).waitFor();
  await page.getByRole('button', { name: text(lang, 'common.back') }).click();
  await at(page, '/register/profile-photo');
  await page.waitForTimeout(STEP_PAUSE_MS * 2);
  expect(new URL(page.url()).pathname).toBe('/register/profile-photo');
  // Coming back, the upload is kept: Next goes on.
  await page.goBack();
  await at(page, '/register/aadhaar-card');
  await page.getByText(text(lang, 'onboarding.image.uploaded')).waitFor();
  await page.getByRole('button', { name: text(lang, 'onboarding.image.next') }).click();
  await at(page, '/register/personal-details');
  await page.getByLabel(text(lang, 'onboarding.details.name')).fill('Kiran Bhai');
  await page.getByRole('radio', { name: text(lang, 'onboarding.details.gender.female'), exact: true }).check();
  await page.getByLabel(text(lang, 'onboarding.details.farmAddress')).fill('Survey 7, Vasad road, Anand');
  problems.push(...(await check(page, lang, 'personal-details')));
  await page.getByRole('button', { name: text(lang, 'onboarding.details.submit') }).click();
  await at(page, '/under-verification');
  await page.getByRole('heading', { name: text(lang, 'onboarding.waiting.title') }).waitFor();
  problems.push(...(await check(page, lang, 'under-verification')));
  return problems;
}

/** A verified farmer's screens, with a cart item and a quotation in each status. */
async function shopScreens(page: Page, lang: Lang, qs: Awaited<ReturnType<typeof quotationsInEachStatus>>): Promise<string[]> {
  const problems: string[] = [];
  await at(page, '/home');
  await page.getByRole('heading', { name: text(lang, 'shop.home.overviewTitle') }).waitFor();
  problems.push(...(await check(page, lang, 'home')));
  await page.goto('/sku-details?sku_id=SKU1001');
  await page.getByLabel(text(lang, 'shop.sku.quantity')).fill('25');
  await page.getByRole('button', { name: text(lang, 'shop.sku.addToCart') }).click();
  await page.getByText(text(lang, 'shop.cartBar.added', { n: 1 })).waitFor();
  problems.push(...(await check(page, lang, 'sku-details')));
  await page.goto('/home');
  await page.getByRole('heading', { name: text(lang, 'shop.home.overviewTitle') }).waitFor();
  problems.push(...(await check(page, lang, 'home-cart-bar')));
  await page.goto('/cart');
  await at(page, '/cart');
  problems.push(...(await check(page, lang, 'cart')));
  await page.goto('/request');
  await page.getByText(qs.ORDERED.quotationDisplayId).waitFor();
  problems.push(...(await check(page, lang, 'request')));
  for (const [status, q] of Object.entries(qs)) {
    await page.goto(`/quotation-details?quotation_id=${q.quotationDisplayId}`);
    await page.getByRole('heading', { name: text(lang, `shop.quotationTitle.${status}`) }).waitFor();
    problems.push(...(await check(page, lang, `quotation-details-${status.toLowerCase()}`)));
  }
  await page.goto(`/order-status?quotation_id=${qs.ORDERED._id}`);
  await page.getByRole('heading', { name: text(lang, 'shop.order.deliveryCode') }).waitFor();
  problems.push(...(await check(page, lang, 'order-status')));
  await page.goto('/profile');
  await at(page, '/profile');
  problems.push(...(await check(page, lang, 'profile')));
  return problems;
}

describe('what a thumb meets on every farmer screen', () => {
  const world = useWorld();

  for (const [index, lang] of (['en', 'hi', 'gu'] as const).entries()) {
    it(`covers nothing, keeps every target 44×44 px, rings focus in green and passes axe at 360 px, in ${LANGUAGE[lang]}`, async () => {
      const { server, browser } = world;
      const admin = await apiLogin(server, ADMIN_NUMBER);
      const farmerMobile = `912350100${index}`;
      const token = await verifiedFarmer(server, admin, farmerMobile, LANGUAGE[lang], ['Mohan Lal', 'सीता देवी', 'હિતેશ પટેલ'][index]);
      const qs = await quotationsInEachStatus(server, token, admin);
      // Nothing paid yet, so /order-status shows the amounts due and 'Make Payment'.
      expect(qs.ORDERED.amountPaidPaisa).toBe(0);

      const newcomer = await newPhone(browser, server.url);
      const problems = await onboardingScreens(await newcomer.newPage(), server, lang, `912350200${index}`);
      await newcomer.close();

      const farmer = await newPhone(browser, server.url);
      const page = await farmer.newPage();
      await chooseLanguage(page, lang);
      await logIn(page, server, lang, farmerMobile);
      problems.push(...(await shopScreens(page, lang, qs)));
      await farmer.close();

      expect(problems).toEqual([]);
    });
  }
});

describe('the join us carousel', () => {
  const world = useWorld();

  /** What shows now: each slide's opacity and each dot's width and colour. */
  const carouselNow = (page: Page) =>
    page.evaluate(() => ({
      slides: [...document.querySelectorAll('.carousel img')].map((img) => ({
        opacity: Number(getComputedStyle(img).opacity),
        hidden: getComputedStyle(img).visibility === 'hidden',
      })),
      dots: [...document.querySelectorAll('.carousel-dots span')].map((dot) => ({
        width: dot.getBoundingClientRect().width,
        animation: getComputedStyle(dot).animationName,
      })),
    }));

  it('marks the slide on show with its dot, in step with the 3 s rotation, and holds still when motion is unwanted', async () => {
    const context = await newPhone(world.browser, world.server.url);
    const page = await context.newPage();
    await chooseLanguage(page, 'en');
    const seen = new Set<number>();
    // Sample across more than one full cycle (two slides of 3 s); skip the short crossfades.
    for (let i = 0; i < 14; i++) {
      const now = await carouselNow(page);
      const shown = now.slides.findIndex((s) => s.opacity > 0.95);
      if (shown >= 0) {
        seen.add(shown);
        const widest = now.dots.reduce((best, d, index) => (d.width > now.dots[best]!.width ? index : best), 0);
        expect(widest, `sample ${i}: slide ${shown} shows`).toBe(shown);
        expect(now.dots[shown]!.width).toBeGreaterThan(now.dots[1 - shown]!.width + 10);
      }
      await page.waitForTimeout(500);
    }
    expect([...seen].sort()).toEqual([0, 1]);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    const still = await carouselNow(page);
    expect(still.dots.map((d) => d.animation)).toEqual(['none', 'none']);
    expect(still.slides[0]!.opacity).toBe(1);
    expect(still.slides[1]!.hidden).toBe(true);
    expect(still.dots[0]!.width).toBeGreaterThan(still.dots[1]!.width + 10);
    await context.close();
  });
});
