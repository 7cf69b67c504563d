import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render';

describe('the app shell', () => {
  it('shows the loading screen at /loading', async () => {
    renderApp({ path: '/loading' });
    expect(await screen.findByText('Loading...', { selector: '.loading' })).toBeTruthy();
  });

  it('sends an unknown path to the entry page', async () => {
    const app = renderApp({ path: '/no-such-page' });
    await waitFor(() => expect(app.path()).toBe('/'));
  });

  it('sends a visitor without a language from an inner page to the language selection', async () => {
    const app = renderApp({ path: '/cart' });
    await waitFor(() => expect(app.path()).toBe('/language-selection'));
  });
});
