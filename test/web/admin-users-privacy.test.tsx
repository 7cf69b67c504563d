/**
 * /admin/users and the personal-data facts: a farmer who changed the name or Aadhaar after being
 * verified carries a badge and, opened, a line saying when; a closed account says so; the user's
 * history reads the consent, the admin views of the card, its erasure by the clock and the closure.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USERS, page, user } from '../support/machines/admin-fixtures';
import { answer, calledAt, renderAdmin } from '../support/web/admin-harness';

const done = (output: unknown) => ({ type: 'xstate.done.actor.x', output });
const changed = user({ _id: 'u9', name: 'Gita Desai', mobileNumber: '9876500009', detailsChangedAt: '2026-11-25T08:00:00.000Z' });
const closed = user({ _id: 'u8', name: null, mobileNumber: 'removed:u8', profileUpdated: false, removedAt: '2026-11-26T08:00:00.000Z' });

describe('a farmer who changed details after verification', () => {
  it('shows a badge in the list and, opened, when the change was made', async () => {
    const admin = renderAdmin('/admin/users');
    await calledAt(admin.effects.loadUsers);
    await answer(admin.effects.loadUsers, done(page([changed, USERS[0]!, closed])));
    const list = within(await screen.findByRole('list', { name: 'Users' }));
    const row = (name: RegExp) => list.getByRole('button', { name });
    expect(row(/Gita Desai/).textContent).toContain('Changed after verification');
    expect(row(/Asha Verma/).textContent).not.toContain('Changed after verification');
    expect(row(/removed:u8/).textContent).toContain('Account closed');
    expect(row(/Asha Verma/).textContent).not.toContain('Account closed');
    await userEvent.click(row(/Gita Desai/));
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/^Changed the name or Aadhaar on .+, after being verified\. Check the details again\.$/);
    expect(note.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-25T08:00:00.000Z');
  });

  it('reads the new history rows: consent, a view of the card, its erasure by the clock, the closure', async () => {
    const admin = renderAdmin('/admin/users');
    await calledAt(admin.effects.loadUsers);
    await answer(admin.effects.loadUsers, done(page([changed])));
    await userEvent.click(await screen.findByRole('button', { name: /Gita Desai/ }));
    await calledAt(admin.effects.userHistory);
    const by = { _id: 'a1', name: 'Admin Ravi', mobileNumber: '9000000001' };
    await answer(
      admin.effects.userHistory,
      done([
        { at: '2026-11-20T08:00:00.000Z', by: { _id: 'u9', name: 'Gita Desai', mobileNumber: '9876500009' }, changes: { aadhaarConsent: { from: null, to: 'aadhaar-v1' } } },
        { at: '2026-11-21T08:00:00.000Z', by, changes: { aadhaarViewed: { from: null, to: 'img123' } } },
        { at: '2026-12-21T08:00:00.000Z', by: null, changes: { aadhaar: { from: 'img123', to: null } } },
        { at: '2026-12-22T08:00:00.000Z', by: { _id: 'u9', name: null, mobileNumber: 'removed:u9' }, changes: { account: { from: 'open', to: 'closed' } } },
      ]),
    );
    const history = within(screen.getByRole('region', { name: 'History' }));
    const lines = history.getAllByRole('listitem').filter((item) => !item.querySelector('li')).map((item) => item.textContent);
    expect(lines).toEqual([
      'Aadhaar notice agreed: — → aadhaar-v1',
      'Aadhaar image viewed: — → Viewed',
      'Aadhaar image: On file → —',
      'Account: Open → Closed',
    ]);
    // The erasure was the clock's, not a person's.
    history.getByText(/Automatic/);
    expect(history.queryByText(/img123/)).toBeNull();
  });
});
