import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_USER } from '../../../src/domain/client-user';
import { renderApp } from '../../support/web/render';

const persisted = { user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' as const } };

describe('the offline line', () => {
  it('is not shown while the phone is online', async () => {
    renderApp({ path: '/join-us', persisted });
    await screen.findByRole('heading', { name: 'Join Us!' });
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('appears when the network goes and leaves when it comes back', async () => {
    renderApp({ path: '/join-us', persisted });
    await screen.findByRole('heading', { name: 'Join Us!' });
    act(() => void window.dispatchEvent(new Event('offline')));
    await screen.findByText('You are offline. Check your internet connection.');
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(/You are offline/)).toBeNull());
  });
});
