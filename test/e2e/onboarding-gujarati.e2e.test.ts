/**
 * Journey 2: a new farmer signs up in Gujarati and skips the photo. On the way: a wrong code, an
 * expired code (this server's codes live 6 s), and the resend countdown run down to 0 (the phone's
 * clock run two minutes on) before a fresh code lets them in.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newPhone } from '../support/e2e/browser';
import { at, chooseLanguage, imageStep, look, personalDetails, typeCode } from '../support/e2e/onboarding';
import { useWorld } from '../support/e2e/world';
import { text } from '../support/e2e/text';

const TTL_SECONDS = 6;
const g = (id: string, values?: Record<string, string | number>) => text('gu', id, values);

describe('a new farmer signs up in Gujarati', () => {
  const world = useWorld({ OTP_TTL_SECONDS: String(TTL_SECONDS) });

  it('gets past a wrong code, an expired code and the resend countdown, skips the photo and waits for verification', async () => {
    const { server, browser } = world;
    const mobile = '9123400002';
    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    await page.clock.install();
    await chooseLanguage(page, 'gu');
    await look(page, 'gu', 'join-us');
    await page.getByRole('button', { name: g('onboarding.joinUs.logIn') }).click();
    await at(page, '/auth/generate-otp');
    await page.getByLabel(g('onboarding.otp.phoneLabel')).fill(mobile);
    await look(page, 'gu', 'generate-otp');
    const mark = server.mark();
    await page.getByRole('button', { name: g('onboarding.otp.getOtp') }).click();
    await at(page, '/auth/verify-otp');
    const sentAt = Date.now();
    const code = await server.waitForCode(mobile, mark);
    await page.getByRole('timer').filter({ hasText: /^0[12]:\d\d$/ }).waitFor();

    // A wrong code: the short line says so, and the farmer can try again.
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    await typeCode(page, 'gu', wrong);
    const submit = page.getByRole('button', { name: g('onboarding.otp.submit'), exact: true });
    await submit.click();
    await page.getByText(g('onboarding.otp.error.OTP_INVALID')).waitFor();
    await look(page, 'gu', 'verify-otp-wrong-code');

    // The right code, but after its life is over.
    const expiry = sentAt + TTL_SECONDS * 1000 + 500;
    await new Promise((r) => setTimeout(r, Math.max(0, expiry - Date.now())));
    await typeCode(page, 'gu', code);
    await submit.click();
    await page.getByText(g('onboarding.otp.error.OTP_EXPIRED')).waitFor();
    await look(page, 'gu', 'verify-otp-expired');

    // 'Resend' waits for the countdown; two minutes later it reaches 00:00 and a new code can be asked for.
    const resend = page.getByRole('button', { name: g('onboarding.otp.resend'), exact: true });
    expect(await resend.isDisabled()).toBe(true);
    await page.clock.runFor('02:01');
    await expect.poll(() => resend.isEnabled()).toBe(true);
    expect(await page.getByRole('timer').count()).toBe(0);
    await look(page, 'gu', 'verify-otp-resend');
    const again = server.mark();
    await resend.click();
    const fresh = await server.waitForCode(mobile, again);
    // The countdown starts again from 02:00.
    await page.getByRole('timer').filter({ hasText: /^0[12]:\d\d$/ }).waitFor();
    await typeCode(page, 'gu', fresh);
    await submit.click();

    await at(page, '/register/profile-photo');
    await imageStep(page, 'gu', 'profile', 'skip', true);
    await at(page, '/register/aadhaar-card');
    const card = await sharp({ create: { width: 1000, height: 640, channels: 3, background: '#d9c9a3' } }).jpeg().toBuffer();
    await imageStep(page, 'gu', 'aadhaar', card, true);
    await personalDetails(page, 'gu', { name: 'ભાવના પટેલ', address: 'ખેતર નં. ૭, ધોરાજી' }, true);
    expect(await page.locator('html').getAttribute('lang')).toBe('gu');
    await context.close();
  });
});
