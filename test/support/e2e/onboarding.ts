/** What a farmer does on the onboarding screens, step by step, reading the labels in their language. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from './server';
import { screen } from './browser';
import { text, type Lang } from './text';

const ENDONYM: Record<Lang, string> = { en: 'English', hi: 'हिन्दी', gu: 'ગુજરાતી' };

/** Waits until the address bar shows `path` (the app navigates on its own). */
export async function at(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/**
 * Photographs and scans the screen once it has settled (its script and data arrived, no 'Loading...'
 * left); a serious or critical axe finding fails the journey.
 */
export async function look(page: Page, lang: Lang, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByText(text(lang, 'common.loading'), { exact: true }).count()).toBe(0);
  const serious = await screen(page, lang, name);
  expect(serious, `axe on ${lang}/${name}`).toEqual([]);
}

export async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  await page.goto('/');
  await at(page, '/language-selection');
  await look(page, 'en', 'language-selection');
  await page.getByRole('radio', { name: ENDONYM[lang] }).check();
  await page.getByRole('button', { name: text(lang, 'onboarding.language.continue') }).click();
  await at(page, '/join-us');
  await page.getByRole('heading', { name: text(lang, 'onboarding.joinUs.title') }).waitFor();
}

/** join us → phone → code from the server console → submit. */
export async function logIn(page: Page, server: TestServer, lang: Lang, mobile: string, shots = false): Promise<void> {
  if (shots) await look(page, lang, 'join-us');
  await page.getByRole('button', { name: text(lang, 'onboarding.joinUs.signUp') }).click();
  await at(page, '/auth/generate-otp');
  const getOtp = page.getByRole('button', { name: text(lang, 'onboarding.otp.getOtp') });
  await page.getByLabel(text(lang, 'onboarding.otp.phoneLabel')).fill(mobile.slice(0, 9));
  expect(await getOtp.isDisabled()).toBe(true);
  await page.getByLabel(text(lang, 'onboarding.otp.phoneLabel')).fill(mobile);
  if (shots) await look(page, lang, 'generate-otp');
  const mark = server.mark();
  await getOtp.click();
  await at(page, '/auth/verify-otp');
  const code = await server.waitForCode(mobile, mark);
  await typeCode(page, lang, code);
  if (shots) await look(page, lang, 'verify-otp');
  await page.getByRole('button', { name: text(lang, 'onboarding.otp.submit'), exact: true }).click();
}

/** Types the code digit by digit into the first box; focus moves on by itself. */
export async function typeCode(page: Page, lang: Lang, code: string): Promise<void> {
  const first = page.getByLabel(text(lang, 'onboarding.otp.digitLabel', { n: 1, total: 6 }));
  await first.click();
  await page.keyboard.type(code);
  for (let i = 0; i < 6; i++) {
    await expect.poll(() => page.getByLabel(text(lang, 'onboarding.otp.digitLabel', { n: i + 1, total: 6 })).inputValue()).toBe(code[i]);
  }
}

/** The Aadhaar step opens on its notice: the farmer reads it and taps 'I agree, continue'. */
export async function agreeToAadhaarNotice(page: Page, lang: Lang, shots = false): Promise<void> {
  await page.getByRole('heading', { name: text(lang, 'onboarding.notice.title') }).waitFor();
  if (shots) await look(page, lang, 'aadhaar-notice');
  await page.getByRole('button', { name: text(lang, 'onboarding.notice.agree') }).click();
  await page.getByRole('heading', { name: text(lang, 'onboarding.image.aadhaar.title') }).waitFor();
}

/**
 * Chooses an image on a registration step and uploads it (two taps), then sees 'Image uploaded' and
 * the next step open by itself, or skips the step. The Aadhaar card comes after its notice is agreed to.
 */
export async function imageStep(page: Page, lang: Lang, kind: 'profile' | 'aadhaar', file: Buffer | 'skip', shots = false): Promise<void> {
  if (file === 'skip') {
    if (shots) await look(page, lang, kind === 'profile' ? 'profile-photo' : 'aadhaar-notice');
    await page.getByRole('button', { name: text(lang, 'onboarding.image.skip') }).click();
    return;
  }
  if (kind === 'aadhaar') await agreeToAadhaarNotice(page, lang, shots);
  if (shots) await look(page, lang, kind === 'profile' ? 'profile-photo' : 'aadhaar-card');
  const upload = page.getByRole('button', { name: text(lang, 'onboarding.image.upload'), exact: true });
  expect(await upload.isDisabled()).toBe(true);
  await page.locator(`#image-${kind}`).setInputFiles({ name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: file });
  await upload.click();
  await page.getByText(text(lang, 'onboarding.image.uploaded')).waitFor();
  if (shots) await page.screenshot({ path: `test-results/screens/${lang}/${kind === 'profile' ? 'profile-photo' : 'aadhaar-card'}-uploaded.png` });
  await at(page, kind === 'profile' ? '/register/aadhaar-card' : '/register/personal-details');
}

export async function personalDetails(page: Page, lang: Lang, details: { name: string; address: string; age?: string }, shots = false): Promise<void> {
  await at(page, '/register/personal-details');
  await page.getByLabel(text(lang, 'onboarding.details.name')).fill(details.name);
  await page.getByRole('radio', { name: text(lang, 'onboarding.details.gender.male'), exact: true }).check();
  if (details.age) await page.getByLabel(text(lang, 'onboarding.details.age')).fill(details.age);
  await page.getByLabel(text(lang, 'onboarding.details.farmAddress')).fill(details.address);
  if (shots) await look(page, lang, 'personal-details');
  await page.getByRole('button', { name: text(lang, 'onboarding.details.submit') }).click();
  await at(page, '/under-verification');
  await page.getByRole('heading', { name: text(lang, 'onboarding.waiting.title') }).waitFor();
  if (shots) await look(page, lang, 'under-verification');
}

/** A verified farmer (made through the API) logs in through the screens and lands on /home. */
export async function verifiedLogIn(page: Page, server: TestServer, lang: Lang, mobile: string): Promise<void> {
  await chooseLanguage(page, lang);
  await logIn(page, server, lang, mobile);
  await at(page, '/home');
}
