import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PERSIST_KEY } from '../../../machines/persistence';
import { renderApp } from '../../support/web/render';

describe('the language selection', () => {
  it('offers the three languages, each in its own script', async () => {
    renderApp({ path: '/language-selection' });
    await screen.findByRole('radio', { name: 'English' });
    screen.getByRole('radio', { name: 'हिन्दी' });
    screen.getByRole('radio', { name: 'ગુજરાતી' });
  });

  it('keeps Continue disabled until a language is chosen', async () => {
    renderApp({ path: '/language-selection' });
    const button = await screen.findByRole('button', { name: 'Continue' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('switches the screen to Hindi as soon as Hindi is chosen', async () => {
    renderApp({ path: '/language-selection' });
    fireEvent.click(await screen.findByRole('radio', { name: 'हिन्दी' }));
    await screen.findByRole('heading', { name: 'अपनी भाषा चुनें' });
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
  });

  it('stores the chosen language as its wire value in the persisted user slice', async () => {
    const app = renderApp({ path: '/language-selection' });
    fireEvent.click(await screen.findByRole('radio', { name: 'ગુજરાતી' }));
    await waitFor(() => expect(JSON.parse(app.store.data.get(PERSIST_KEY) ?? '{}').user?.preferredLanguage).toBe('gujrati'));
  });

  it('goes on to join us after Continue', async () => {
    const app = renderApp({ path: '/language-selection' });
    fireEvent.click(await screen.findByRole('radio', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.path()).toBe('/join-us'));
    await screen.findByRole('heading', { name: 'Join Us!' });
  });
});
