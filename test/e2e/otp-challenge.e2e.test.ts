/**
 * Past the hour's budgets for new numbers, a farmer on a cheap phone still gets their code: the
 * login screen solved the proof of work in a worker while they typed (or right after the server
 * asked for it), and the refusal never reached the screen. The server's budgets are one code an
 * hour, service-wide and per address, and a setup call has already spent them.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, chooseLanguage, typeCode } from '../support/e2e/onboarding';
import { useWorld } from '../support/e2e/world';
import { text } from '../support/e2e/text';

describe('a new number past the budgets', () => {
  const world = useWorld({ OTP_NEW_NUMBERS_PER_HOUR: '1', OTP_NEW_NUMBERS_PER_IP_HOUR: '1' });

  it('gets its code on a 4× throttled phone at 360 px without the farmer seeing a refusal', async () => {
    const { server, browser } = world;
    // The budgets are spent: one new number got its code, the next is asked for a proof of work.
    expect((await call(server, 'POST', '/auth/request-otp', null, { mobileNumber: '9555500001' })).status).toBe(200);
    const refused = await call<{ code: string }>(server, 'POST', '/auth/request-otp', null, { mobileNumber: '9555500002' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('CHALLENGE_REQUIRED');

    const phone = await newPhone(browser, server.url);
    const page = await phone.newPage();
    await page.setViewportSize({ width: 360, height: 780 });
    const cdp = await phone.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/request-otp')) answers.push(response.status());
    });
    await chooseLanguage(page, 'en');
    await page.getByRole('button', { name: text('en', 'onboarding.joinUs.logIn') }).click();
    await at(page, '/auth/generate-otp');
    // Any alert the screen shows from here on is recorded, however briefly it shows.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { alertsSeen: string[] }).alertsSeen = seen;
      new MutationObserver(() => {
        for (const alert of document.querySelectorAll('[role="alert"]')) if (alert.textContent) seen.push(alert.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const mobile = '9555500003';
    await page.getByLabel(text('en', 'onboarding.otp.phoneLabel')).pressSequentially(mobile, { delay: 120 });
    const mark = server.mark();
    await page.getByRole('button', { name: text('en', 'onboarding.otp.getOtp') }).click();
    await at(page, '/auth/verify-otp');
    const code = await server.waitForCode(mobile, mark);
    expect(answers.at(-1)).toBe(200);
    expect(answers.filter((status) => status === 429).length).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => (window as unknown as { alertsSeen: string[] }).alertsSeen)).toEqual([]);

    await typeCode(page, 'en', code);
    await page.getByRole('button', { name: text('en', 'onboarding.otp.submit'), exact: true }).click();
    await at(page, '/register/profile-photo');
    await phone.close();
  });
});
