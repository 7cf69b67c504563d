import { act, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CLIENT_USER } from '../../../src/domain/client-user';
import { MAX_LAYOUT_WIDTH } from '../../../src/domain/constants';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/web/render';

describe('the app shell', () => {
  it('shows the loading screen at /loading', async () => {
    renderApp({ path: '/loading' });
    await screen.findByText('Loading...', { selector: '.loading' });
  });

  it('sends an unknown path to the entry page', async () => {
    const app = renderApp({ path: '/no-such-page' });
    await waitFor(() => expect(app.path()).toBe('/'));
  });

  it('sends a visitor without a language from an inner page to the language selection', async () => {
    const app = renderApp({ path: '/cart' });
    await waitFor(() => expect(app.path()).toBe('/language-selection'));
  });

  it('applies the guards to the back button and typed addresses too', async () => {
    const waiting = { ...DEFAULT_CLIENT_USER, preferredLanguage: 'english' as const, isLoggedIn: true, profileUpdated: true };
    const app = renderApp({ path: '/loading', hasToken: true, persisted: { user: waiting } });
    await screen.findByText('Loading...', { selector: '.loading' });
    act(() => app.memory.navigate('/cart'));
    await waitFor(() => expect(app.path()).toBe('/under-verification'));
    await screen.findByRole('heading', { name: 'Please wait, Your Account is under Verification' });
  });

  it('renders every screen inside the frame the stylesheet keeps within 450 px, centred', async () => {
    renderApp({ path: '/loading' });
    const line = await screen.findByText('Loading...', { selector: '.loading' });
    expect(line.closest('.app-frame')).toBeTruthy();
    const css = readFileSync(join(process.cwd(), 'src/web/styles.css'), 'utf8');
    const frame = css.match(/\.app-frame \{([^}]*)\}/)?.[1] ?? '';
    expect(frame).toContain(`max-width: ${MAX_LAYOUT_WIDTH}px`);
    expect(frame).toContain('margin: 0 auto');
  });
});
