/**
 * The words farmers use, in the browser at 360 px: the login SMS ends with its Web OTP line and the
 * login screens say OTP; a Hindi farmer finds groundnut shells by छिलका and सींग, a Gujarati farmer by
 * સીંગ and coconut husk by નારિયેળ; the speaker button reads the product in the farmer's
 * language (the phone's voices stubbed: headless Chromium has none), and is hidden without a voice.
 * Screens are photographed under test-results/screens/<language>/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, chooseLanguage, logIn, look } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { text, type Lang } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

const PHONE = { width: 360, height: 760 };

/** A phone whose speech has one voice for `lang` (or none), recording what it is asked to say. */
const stubVoices = (voiceLang: string | null) => `
  window.__spoken = [];
  const voices = ${voiceLang ? `[{ lang: '${voiceLang}', voiceURI: 'test-${voiceLang}', name: 'test' }]` : '[]'};
  Object.defineProperty(window, 'speechSynthesis', { value: {
    getVoices: () => voices,
    speak: (u) => { window.__spoken.push({ text: u.text, lang: u.lang }); setTimeout(() => u.onend && u.onend(), 10); },
    cancel: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } });
  window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
`;

/** Types the query into the home search; then the products it shows and hides, by name. */
async function search(page: Page, lang: Lang, query: string, shows: string[], hides: string[] = []): Promise<void> {
  await page.getByLabel(text(lang, 'shop.home.searchLabel')).fill(query);
  for (const name of hides) await expect.poll(() => page.getByRole('link', { name }).count()).toBe(0);
  for (const name of shows) await expect.poll(() => page.getByRole('link', { name }).count()).toBeGreaterThan(0);
}

describe('the words farmers use', () => {
  const world = useWorld();

  it('a Hindi farmer logs in with an OTP, finds groundnut shells by the plain word and hears the product read aloud', async () => {
    const { server, browser } = world;
    const admin = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400311';
    await verifiedFarmer(server, admin, mobile, 'hindi', 'रामलाल यादव');
    const context = await newPhone(browser, server.url, PHONE);
    await context.addInitScript(stubVoices('hi-IN'));
    const page = await context.newPage();
    await chooseLanguage(page, 'hi');
    const mark = server.mark();
    await logIn(page, server, 'hi', mobile, true);
    // The SMS's last line is Chrome's Web OTP line for this host, with the same code.
    const sms = [...server.output().slice(mark).matchAll(new RegExp(`\\[sms\\] to=\\+91${mobile} text=(.*)`, 'g'))].map((m) => m[1]!).at(-1)!;
    expect(sms).toMatch(/^कृषि: आपका OTP (\d{6}) है। किसी को न बताएँ।\\n@127\.0\.0\.1 #\1$/);
    await at(page, '/home');

    const shells = 'मूँगफली के छिलके';
    const cobs = 'मक्के की गुल्ली';
    await search(page, 'hi', 'छिलका', [shells], [cobs]);
    await search(page, 'hi', 'सींग', [shells], [cobs]);
    await search(page, 'hi', 'मक्का', [cobs], [shells]);
    await look(page, 'hi', 'words-search-makka');

    await search(page, 'hi', 'छिलका', [shells]);
    await page.getByRole('link', { name: shells }).first().click();
    await at(page, '/sku-details');
    await page.getByLabel(text('hi', 'shop.sku.quantity')).fill('25');
    await look(page, 'hi', 'words-sku-read-aloud');
    await page.getByRole('button', { name: text('hi', 'shop.speak.button') }).click();
    const spoken = await page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string }[] }).__spoken);
    expect(spoken).toHaveLength(1);
    expect(spoken[0]!.lang).toBe('hi-IN');
    expect(spoken[0]!.text).toContain(shells);
    expect(spoken[0]!.text).toContain('मात्रा: 25 किलो');
    await context.close();
  });

  it('a Gujarati farmer finds products by the words a neighbour would say, and sees no speaker button on a phone without a Gujarati voice', async () => {
    const { server, browser } = world;
    const admin = await apiLogin(server, ADMIN_NUMBER);
    const mobile = '9123400312';
    await verifiedFarmer(server, admin, mobile, 'gujrati', 'કાનજીભાઈ પટેલ');
    const context = await newPhone(browser, server.url, PHONE);
    await context.addInitScript(stubVoices('en-US'));
    const page = await context.newPage();
    await chooseLanguage(page, 'gu');
    await logIn(page, server, 'gu', mobile, true);
    await at(page, '/home');
    const [groundnut, wheat, coconut] = ['મગફળીનાં ફોતરાં', 'ઘઉંનું ભૂસું', 'નાળિયેરનાં છોતરાં'];
    await search(page, 'gu', 'સીંગ', [groundnut], [wheat, coconut]);
    await search(page, 'gu', 'ભુસુ', [wheat], [groundnut, coconut]);
    await search(page, 'gu', 'નારિયેળ', [coconut], [groundnut, wheat]);
    await look(page, 'gu', 'words-search-nariyel');
    await page.getByRole('link', { name: coconut }).first().click();
    await at(page, '/sku-details');
    await page.getByRole('heading', { name: 'નાળિયેરનાં છોતરાં' }).waitFor();
    expect(await page.getByRole('button', { name: text('gu', 'shop.speak.button') }).count()).toBe(0);
    await look(page, 'gu', 'words-sku-no-voice');
    await context.close();
  });
});
