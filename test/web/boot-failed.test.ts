/**
 * When a boot step's script could not download, the inline splash itself shows the reason and a
 * retry in the saved language, from index.html's attributes, without React (main.tsx, first-paint.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { nextTask, showBootFailed } from '../../src/web/shell/first-paint';

const SPLASH = `<main id="boot" class="boot-splash"><img src="/onboarding/logo.svg" alt="" /><h1 id="boot-name"
  data-failed-en="The app could not load. Check the internet and try again." data-retry-en="Try again"
  data-failed-hi="ऐप लोड नहीं हो पाया। इंटरनेट देखकर फिर कोशिश करें।" data-retry-hi="फिर से कोशिश करें">कृषि उपज बाज़ार</h1></main>`;

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
});

describe('showBootFailed', () => {
  it('adds the reason and a retry in the saved language to the inline splash, once', () => {
    document.body.innerHTML = SPLASH;
    document.documentElement.lang = 'hi';
    showBootFailed();
    showBootFailed();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('ऐप लोड नहीं हो पाया। इंटरनेट देखकर फिर कोशिश करें।');
    const retries = document.querySelectorAll('button.boot-retry');
    expect(retries).toHaveLength(1);
    expect(retries[0]?.textContent).toBe('फिर से कोशिश करें');
  });

  it('falls back to English for a locale index.html has no texts for', () => {
    document.body.innerHTML = SPLASH;
    document.documentElement.lang = 'gu';
    showBootFailed();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('The app could not load. Check the internet and try again.');
    expect(document.querySelector('button.boot-retry')?.textContent).toBe('Try again');
  });

  it('does nothing once React has replaced the splash', () => {
    document.body.innerHTML = '<main class="app-frame"></main>';
    showBootFailed();
    expect(document.querySelector('button')).toBeNull();
  });
});

describe('nextTask', () => {
  it('resolves in a later task, not in a microtask', async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push('task'));
    await Promise.resolve().then(() => order.push('microtask'));
    await task;
    expect(order).toEqual(['microtask', 'task']);
  });
});
