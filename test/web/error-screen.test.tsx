import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import hi from '../../locales/hi.json';
import { loadScreen } from '../../src/web/routes';
import { ChunkLoadError, ErrorScreen } from '../../src/web/shell/error-screen';
import { afterPendingWork } from '../support/after-pending-work';

function Boom({ error }: { error: Error }): never {
  throw error;
}

function renderFailing(error: Error, locale = 'en', messages: Record<string, string> = en) {
  // React reports the caught error on the console; this test expects exactly that.
  const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  render(
    <IntlProvider locale={locale} messages={messages}>
      <ErrorScreen>
        <Boom error={error} />
      </ErrorScreen>
    </IntlProvider>,
  );
  return reported;
}

afterEach(() => vi.useRealTimers());

describe('the error screen', () => {
  it("says 'Unexpected Application Error!' when a screen throws, with a way to try again", () => {
    renderFailing(new Error('bad state'));
    expect(screen.getByRole('alert').textContent).toContain('Unexpected Application Error!');
    screen.getByRole('button', { name: 'Try again' });
  });

  it("says in plain words that the page could not load when a screen's script could not be fetched, never the chunk's code name", () => {
    renderFailing(new ChunkLoadError('order-status'));
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('This page could not load');
    expect(text).toContain(en['common.pageFailedHelp']);
    expect(text).not.toContain('order-status');
    expect(text).not.toContain('chunk');
  });

  it("tells a Hindi reader in Hindi that the page failed and offers a retry, never the chunk's code name", () => {
    renderFailing(new ChunkLoadError('request'), 'hi', hi);
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain(hi['common.pageFailed']);
    expect(text).toContain(hi['common.pageFailedHelp']);
    expect(text).not.toContain('request');
    expect(text).not.toMatch(/[A-Za-z]/);
    screen.getByRole('button', { name: hi['common.tryAgain'] });
  });

  it('shows the screen itself when nothing failed', () => {
    render(
      <IntlProvider locale="en" messages={en}>
        <ErrorScreen>
          <p>All well</p>
        </ErrorScreen>
      </IntlProvider>,
    );
    screen.getByText('All well');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("loading a screen's script", () => {
  const Screen = () => null;

  it('hands over the screen when the script arrives', async () => {
    await expect(loadScreen('home', async () => ({ default: Screen }))).resolves.toEqual({ default: Screen });
  });

  it('fails as a chunk error naming the screen when the fetch fails', async () => {
    await expect(loadScreen('cart', () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Loading chunk cart failed',
    });
  });

  it('gives up after the chunk time-out on a line that never answers', async () => {
    vi.useFakeTimers();
    const pending = loadScreen('request', () => new Promise(() => undefined));
    const outcome = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.catch(() => (settled = true));
    await afterPendingWork();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });
});
