/**
 * "Delete my account" on /profile and on /under-verification: the question in the farmer's language
 * says what closing does before anything is sent; Yes closes the account and the app starts again
 * as after logout (the cart and cached quotations emptied, no token); a failure offers Try again; offline, Yes
 * waits with the reason.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import hi from '../../../locales/hi.json';
import { DEFAULT_CLIENT_USER } from '../../../src/domain/client-user';
import { pendingQ, shellInCart } from '../../support/shop-fixtures';
import { renderApp } from '../../support/web/render';
import { renderShop } from '../../support/web/shop-harness';

const FACTS = [
  'Your photo and your Aadhaar card image are deleted.',
  'Your name, address and other details are erased.',
  'Your quotations and orders stay in our account books.',
  'If you log in again with this number, you start a new account.',
];

async function openQuestion() {
  const button = (await screen.findByRole('button', { name: 'Delete my account' })) as HTMLButtonElement;
  // Enabled once the session has restored the account.
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  // The question's script arrives when asked.
  return screen.findByRole('alertdialog', { name: 'Delete your account?' });
}

describe('delete my account, on the profile', () => {
  it('asks first, saying what happens, and No leaves the account as it was', async () => {
    const view = renderShop({ path: '/profile' });
    const dialog = await openQuestion();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(FACTS);
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, keep my account' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(view.onboarding.deleteAccount.calls).toHaveLength(0);
    expect(view.path()).toBe('/profile');
  });

  it('closes the account on Yes, then starts again as after logout', async () => {
    const view = renderShop({ path: '/profile', persisted: { cart: [shellInCart], quotations: [pendingQ] } });
    const dialog = await openQuestion();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    expect(view.onboarding.deleteAccount.calls).toHaveLength(1);
    within(dialog).getByText('Deleting your account…');
    expect((within(dialog).getByRole('button', { name: 'Yes, delete my account' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'No, keep my account' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => view.onboarding.deleteAccount.last().resolve());
    await waitFor(() => expect(view.path()).toBe('/join-us'));
    expect(view.app().system.get('cart')?.getSnapshot().context.items).toEqual([]);
    const saved = JSON.parse(view.store.data.get('persist:root') ?? '{}');
    expect(saved.user).toMatchObject({ isLoggedIn: false, preferredLanguage: 'english' });
    expect(saved.user.name).toBeUndefined();
    expect([saved.cart, saved.quotations]).toEqual([[], []]);
  });

  it('says so when the account could not be closed, and tries again on request', async () => {
    const view = renderShop({ path: '/profile' });
    const dialog = await openQuestion();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await act(async () => view.onboarding.deleteAccount.last().reject(new Error('server error')));
    expect(within(dialog).getByRole('alert').textContent).toBe('Your account could not be deleted. Please try again.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(view.onboarding.deleteAccount.calls).toHaveLength(2);
    await act(async () => view.onboarding.deleteAccount.last().resolve());
    await waitFor(() => expect(view.path()).toBe('/join-us'));
  });

  it('keeps Yes disabled offline, with the reason, like every write', async () => {
    const view = renderShop({ path: '/profile' });
    const dialog = await openQuestion();
    act(() => void window.dispatchEvent(new Event('offline')));
    await within(dialog).findByRole('note');
    expect((within(dialog).getByRole('button', { name: 'Yes, delete my account' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Yes, delete my account' }) as HTMLButtonElement).disabled).toBe(false));
    expect(view.onboarding.deleteAccount.calls).toHaveLength(0);
  });

  it('asks in Hindi for a farmer who reads Hindi', async () => {
    renderShop({ path: '/profile', language: 'hindi' });
    const button = (await screen.findByRole('button', { name: hi['shop.profile.delete.button'] })) as HTMLButtonElement;
    // Enabled once the session has restored the account.
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: hi['shop.profile.delete.title'] });
    expect(dialog.textContent).toContain(hi['shop.profile.delete.books']);
    within(dialog).getByRole('button', { name: hi['shop.profile.delete.confirm'] });
  });
});

describe('while waiting for verification', () => {
  const waiting = { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' as const, isLoggedIn: true, profileUpdated: true, name: 'Savita Patel' };

  it('offers the same way out', async () => {
    const app = renderApp({ path: '/under-verification', hasToken: true, persisted: { user: waiting } });
    await waitFor(() => expect(app.actors.fetchProfile.calls).toHaveLength(1));
    await act(async () => app.actors.fetchProfile.last().reject(new Error('offline')));
    const dialog = await openQuestion();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await act(async () => app.actors.deleteAccount.last().resolve());
    await waitFor(() => expect(app.path()).toBe('/join-us'));
    expect(app.tokens.at(-1)).toBeNull();
  });

  it('says why a verified farmer waits again after changing the name or Aadhaar, and only then', async () => {
    const line = 'You changed your name or Aadhaar, so our team is checking your details again.';
    renderApp({ path: '/under-verification', hasToken: true, persisted: { user: { ...waiting, detailsChangedAt: '2026-11-25T08:00:00.000Z' } } });
    const shown = await screen.findByText(line);
    expect(shown.getAttribute('role')).toBe('note');
  });

  it('says nothing of a change when there was none', async () => {
    renderApp({ path: '/under-verification', hasToken: true, persisted: { user: { ...waiting, detailsChangedAt: null } } });
    await screen.findByRole('heading', { name: 'Please wait, Your Account is under Verification' });
    expect(screen.queryByText(/You changed your name or Aadhaar/)).toBeNull();
  });
});
