/**
 * Journey 1: a new farmer signs up in Hindi — language, join us, phone, code from the server's
 * console, a real photo larger than 800×800 resized in the browser, Aadhaar, details — and waits;
 * an admin verifies them in the admin screen, and the farmer lands on /home in Hindi.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminLogIn, verifyUser } from '../support/e2e/admin';
import { call } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, chooseLanguage, imageStep, logIn, look, personalDetails } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { useWorld } from '../support/e2e/world';
import { text } from '../support/e2e/text';

/** A camera-sized JPEG: 2000×1500 of noisy colour, well over 800×800 and 500 KB. */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const width = 2000;
  const height = 1500;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (i % 3 === 1 ? 120 : 60) + (x % 96);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}

describe('a new farmer signs up in Hindi', () => {
  const world = useWorld();

  it('goes from the language screen to /home in Hindi once an admin verifies them', async () => {
    const { server, browser } = world;
    const mobile = '9123400001';
    const photo = await cameraPhoto(1);
    expect((await sharp(photo).metadata()).width).toBe(2000);
    expect(photo.length).toBeGreaterThan(800 * 1024);

    const farmer = await newPhone(browser, server.url);
    const page = await farmer.newPage();

    await chooseLanguage(page, 'hi');
    await logIn(page, server, 'hi', mobile, true);
    await at(page, '/register/profile-photo');
    await imageStep(page, 'hi', 'profile', photo, true);
    await at(page, '/register/aadhaar-card');
    await imageStep(page, 'hi', 'aadhaar', await cameraPhoto(2), true);
    await personalDetails(page, 'hi', { name: 'रमेश पटेल', address: 'गाँव सरसा, ज़िला आनंद', age: '46' }, true);

    // The browser resized both images before sending them: the server keeps up to 1600 px, so a
    // stored side of at most 800 px shows the resize happened on the phone.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const profile = await call<{ user: { profilePhoto: string; aadhaar: string } }>(server, 'GET', '/users/profile', token);
    for (const url of [profile.body.user.profilePhoto, profile.body.user.aadhaar]) {
      const image = Buffer.from(await (await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
      const meta = await sharp(image).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(800);
    }

    // Reloading while unverified keeps the farmer waiting.
    await page.reload();
    await at(page, '/under-verification');

    const adminContext = await newPhone(browser, server.url);
    const admin = await adminContext.newPage();
    await adminLogIn(admin, server, ADMIN_NUMBER);
    await verifyUser(admin, mobile, true);
    await adminContext.close();

    await page.reload();
    await at(page, '/home');
    await page.getByRole('heading', { name: text('hi', 'shop.home.overviewTitle') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await look(page, 'hi', 'home');
    await farmer.close();
  });
});
