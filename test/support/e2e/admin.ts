/** What an admin does in the admin screens (English). */
import type { Page } from 'playwright-core';
import type { TestServer } from './server';
import { at, chooseLanguage, logIn, look } from './onboarding';
import { text, type Lang } from './text';

export async function adminLogIn(page: Page, server: TestServer, mobile: string): Promise<void> {
  await chooseLanguage(page, 'en');
  await logIn(page, server, 'en', mobile);
  await at(page, '/home');
  await page.getByRole('button', { name: text('en', 'shop.home.adminDashboard') }).or(page.getByRole('link', { name: text('en', 'shop.home.adminDashboard') })).click();
  await at(page, '/admin');
}

export async function openAdmin(page: Page, section: 'users' | 'skus' | 'quotations' | 'orders', shots = false, lang: Lang = 'en'): Promise<void> {
  const label = { users: 'admin.dashboard.users', skus: 'admin.dashboard.skus', quotations: 'admin.dashboard.quotations', orders: 'admin.dashboard.orders' }[section];
  await page.goto('/admin');
  await at(page, '/admin');
  if (shots) await look(page, lang, 'admin');
  await page.getByRole('link', { name: text(lang, label) }).or(page.getByRole('button', { name: text(lang, label) })).first().click();
  await at(page, `/admin/${section}`);
}

/** Expands the user with this mobile number and presses Verify. */
export async function verifyUser(page: Page, mobile: string, shots = false): Promise<void> {
  await openAdmin(page, 'users', shots);
  const row = page.getByRole('button', { name: new RegExp(mobile) });
  await row.click();
  if (shots) await look(page, 'en', 'admin-users-expanded');
  const verify = page.getByRole('button', { name: text('en', 'admin.users.verify'), exact: true });
  await verify.click();
  await page.getByRole('button', { name: new RegExp(`${mobile}.*${text('en', 'admin.users.verified')}`) }).waitFor();
}
