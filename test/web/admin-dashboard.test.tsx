import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUMMARY } from '../support/machines/admin-summary';
import { answer, calledAt, renderAdmin } from '../support/web/admin-harness';

const done = (output: unknown) => ({ type: 'xstate.done.actor.x', output });
const failed = { type: 'xstate.error.actor.x', error: { status: 500, data: { message: 'down' } } };

describe("the admin dashboard's figures", () => {
  it('shows every figure as a link to its filtered list, above the four sections', async () => {
    const admin = renderAdmin('/admin');
    await answer(admin.effects.loadSummary, done(SUMMARY));
    const pending = (await screen.findByRole('heading', { name: 'Waiting for a price' })).closest('section')!;
    expect(within(pending).getByRole('link', { name: '6' }).getAttribute('href')).toBe('/admin/quotations?status=PENDING&sort=lateFirst');
    expect(within(pending).getByRole('link', { name: /Over 24 h/ }).getAttribute('href')).toBe('/admin/quotations?status=PENDING&age=gt24h');
    expect(within(pending).getByRole('link', { name: /Late \(over 24 h\)/ }).getAttribute('href')).toBe('/admin/quotations?status=PENDING&late=true');
    const users = screen.getByRole('heading', { name: 'Farmers waiting for verification' }).closest('section')!;
    expect(within(users).getByRole('link', { name: /4 to 24 h/ }).getAttribute('href')).toBe('/admin/users?status=UNVERIFIED&age=4to24h');
    const orders = screen.getByRole('heading', { name: 'Orders' }).closest('section')!;
    expect(within(orders).getByRole('link', { name: /Due today/ }).textContent).toContain('1');
    expect(within(orders).getByRole('link', { name: /^1\s*Late$/ }).getAttribute('href')).toBe('/admin/orders?late=true');
    screen.getByText('12 priced, 3 ordered', { exact: false });
    screen.getByRole('img', { name: 'Ordered totals by week, oldest first' });
    screen.getByText('This week: ₹400.00');
    screen.getByText('Last week: ₹200.00');
    // The four sections stay below.
    within(screen.getByRole('navigation', { name: 'Admin Dashboard' })).getByRole('link', { name: /Manage Users/ });
    await userEvent.click(within(pending).getByRole('link', { name: /Over 24 h/ }));
    await waitFor(() => expect(admin.path()).toBe('/admin/quotations?status=PENDING&age=gt24h'));
  });

  it('offers to try again when the figures could not be loaded', async () => {
    const admin = renderAdmin('/admin', 'gujrati');
    await answer(admin.effects.loadSummary, failed);
    await screen.findByText('આંકડા લોડ ન થઈ શક્યા.');
    await userEvent.click(screen.getByRole('button', { name: 'ફરી પ્રયાસ કરો' }));
    await calledAt(admin.effects.loadSummary);
    await answer(admin.effects.loadSummary, done(SUMMARY));
    await screen.findByRole('heading', { name: 'ભાવની રાહ' });
  });
});
