/**
 * The Aadhaar notice on a 360 px phone, in Hindi and in Gujarati: a new farmer skips the photo and
 * meets the notice before the card: why it is asked for, who sees it, the days it is kept (the
 * server's AADHAAR_RETENTION_DAYS), how to withdraw and the grievance contact (GRIEVANCE_CONTACT).
 * It fits the screen with nothing wider than it; 'I agree' opens the picker and the card goes up
 * with the farmer's consent, which the farmer's history then records.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiLogin, call, userId } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, chooseLanguage, imageStep, logIn, look, personalDetails } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { text, type Lang } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

const RETENTION_DAYS = 45;
const GRIEVANCE = 'Grievance officer: Meena Shah, +91 98250 12345';
const PHONE_360 = { width: 360, height: 740 };

describe('the Aadhaar notice at 360 px', () => {
  const world = useWorld({ AADHAAR_RETENTION_DAYS: String(RETENTION_DAYS), GRIEVANCE_CONTACT: GRIEVANCE });

  for (const [lang, mobile, name] of [
    ['hi', '9123400071', 'रमेश यादव'],
    ['gu', '9123400072', 'ભાવના પટેલ'],
  ] as const satisfies readonly (readonly [Lang, string, string])[]) {
    it(`reads in ${lang === 'hi' ? 'Hindi' : 'Gujarati'} before the card, fits the screen, and the card goes up with consent`, async () => {
      const { server, browser } = world;
      const context = await newPhone(browser, server.url, PHONE_360);
      const page = await context.newPage();
      await chooseLanguage(page, lang);
      await logIn(page, server, lang, mobile);
      await at(page, '/register/profile-photo');
      await imageStep(page, lang, 'profile', 'skip');
      await at(page, '/register/aadhaar-card');

      const notice = page.getByRole('region', { name: text(lang, 'onboarding.notice.title') });
      await notice.waitFor();
      for (const key of ['whyTitle', 'why', 'whoTitle', 'who', 'keepTitle', 'withdrawTitle', 'withdraw', 'grievanceTitle']) {
        await notice.getByText(text(lang, `onboarding.notice.${key}`), { exact: true }).waitFor();
      }
      await notice.getByText(text(lang, 'onboarding.notice.keep', { days: RETENTION_DAYS }), { exact: true }).waitFor();
      await notice.getByText(GRIEVANCE, { exact: true }).waitFor();
      // Nothing on the screen is wider than the phone: no sideways scrolling to read it.
      const widest = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
      expect(widest).toBeLessThanOrEqual(PHONE_360.width);
      const agree = page.getByRole('button', { name: text(lang, 'onboarding.notice.agree') });
      const box = await agree.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_360.width);
      await look(page, lang, 'aadhaar-notice-360');
      await page.screenshot({ path: `/tmp/aadhaar-notice-${lang}-360.png`, fullPage: true });
      expect(await page.locator('#image-aadhaar').count()).toBe(0);

      const card = await sharp({ create: { width: 1000, height: 640, channels: 3, background: '#d9c9a3' } }).jpeg().toBuffer();
      await imageStep(page, lang, 'aadhaar', card);
      await personalDetails(page, lang, { name, address: 'Survey 9, Rajkot' });

      // The farmer's history records the consent to this notice's version, by the farmer.
      const admin = await apiLogin(server, ADMIN_NUMBER);
      const id = await userId(server, admin, mobile);
      const history = await call<{ data: { by: { _id: string } | null; changes: Record<string, { to: unknown }> }[] }>(server, 'GET', `/users/${id}/history`, admin);
      const consent = history.body.data.find((entry) => 'aadhaarConsent' in entry.changes);
      expect(consent?.changes.aadhaarConsent?.to).toBe('aadhaar-v1');
      expect(consent?.by?._id).toBe(id);
      await context.close();
    });
  }
});
