/**
 * The right to leave, end to end: a verified farmer opens /profile, taps 'Delete my account', reads
 * what happens in Hindi, says Yes, and lands at the start as after logout. The old session is gone
 * (401), the photo and the card with it; logging in again with the same number starts a fresh
 * account at the photo step.
 */
import { describe, expect, it } from 'vitest';
import { apiLogin, call, verifiedFarmer } from '../support/e2e/api';
import { newPhone } from '../support/e2e/browser';
import { at, logIn, look, verifiedLogIn } from '../support/e2e/onboarding';
import { ADMIN_NUMBER } from '../support/e2e/server';
import { text } from '../support/e2e/text';
import { useWorld } from '../support/e2e/world';

describe('delete my account', () => {
  const world = useWorld();

  it('closes the account after saying what happens, ends the session, and the same number starts afresh', async () => {
    const { server, browser } = world;
    const mobile = '9123400081';
    const admin = await apiLogin(server, ADMIN_NUMBER);
    const apiToken = await verifiedFarmer(server, admin, mobile, 'hindi', 'सुरेश कुमार');
    const before = await call<{ user: { aadhaar: string } }>(server, 'GET', '/users/profile', apiToken);
    const card = before.body.user.aadhaar;
    expect(card).toBeTruthy();

    const context = await newPhone(browser, server.url);
    const page = await context.newPage();
    await verifiedLogIn(page, server, 'hi', mobile);
    await page.goto('/profile');
    await at(page, '/profile');
    await page.getByRole('button', { name: text('hi', 'shop.profile.delete.button') }).click();
    const dialog = page.getByRole('alertdialog', { name: text('hi', 'shop.profile.delete.title') });
    await dialog.waitFor();
    for (const fact of ['photo', 'details', 'books', 'again']) {
      await dialog.getByText(text('hi', `shop.profile.delete.${fact}`), { exact: true }).waitFor();
    }
    await look(page, 'hi', 'profile-delete-question');
    await page.screenshot({ path: '/tmp/delete-account-hi.png' });

    // No keeps everything; the question opens again.
    await dialog.getByRole('button', { name: text('hi', 'shop.profile.delete.keep') }).click();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect((await call(server, 'GET', '/users/profile', apiToken)).status).toBe(200);
    await page.getByRole('button', { name: text('hi', 'shop.profile.delete.button') }).click();
    await dialog.getByRole('button', { name: text('hi', 'shop.profile.delete.confirm') }).click();

    // The start again, as after logout, in the language this phone chose.
    await at(page, '/join-us');
    await page.getByRole('heading', { name: text('hi', 'onboarding.joinUs.title') }).waitFor();
    // Every session of the account ended, and the card is no longer served.
    expect((await call(server, 'GET', '/users/profile', apiToken)).status).toBe(401);
    const stillServed = await fetch(`${server.url}${card}`, { headers: { authorization: `Bearer ${admin}` } });
    expect([404, 410]).toContain(stillServed.status);

    // The same number again: a fresh account, asked for its photo.
    await logIn(page, server, 'hi', mobile);
    await at(page, '/register/profile-photo');
    const users = await call<{ data: { mobileNumber: string; name: string | null; aadhaar: string | null; isVerified: boolean }[] }>(
      server,
      'GET',
      `/users/all?q=${mobile}`,
      admin,
    );
    expect(users.body.data.filter((user) => user.mobileNumber === mobile)).toEqual([
      expect.objectContaining({ name: null, aadhaar: null, isVerified: false }),
    ]);
    await context.close();
  });
});
