import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LOCALES, projectRoot, readLocale } from './locales.ts';

/**
 * index.html's inline splash shows the product name in the saved language before any script
 * arrives: its inline script (allowed by hash in the CSP) picks one of these attributes, filled here
 * from the locales so the names never drift from `onboarding.splash.title`. The splash's retry, when
 * the texts themselves could not download, reads its reason and label the same way, by locale
 * (`data-failed-<locale>`, `data-retry-<locale>`: BootSplash).
 * The splash's logo (369 bytes) is inlined as a data address (`%SPLASH_LOGO%`): it is the largest
 * thing of the first paint, Lighthouse's LCP element on `/` and `/home`, and fetched it painted only
 * after the boot's first tasks had run (issue 9: about 1 s of LCP "render delay" on a slow phone).
 */
export function splashNames({ root = projectRoot } = {}): Plugin {
  const logo = `data:image/svg+xml,${encodeURIComponent(readFileSync(join(root, 'public', 'onboarding', 'logo.svg'), 'utf8').trim())}`;
  const message = (locale: string, key: string) => {
    const text = readLocale(root, locale)[key];
    if (!text) throw new Error(`locales/${locale}.json has no ${key}`);
    return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  };
  const name = (language: string, locale: string) =>
    `data-${language}="${message(locale, 'onboarding.splash.title')}" data-lang-${language}="${locale}"`;
  const retry = (locale: string) =>
    `data-failed-${locale}="${message(locale, 'common.splashFailed')}" data-retry-${locale}="${message(locale, 'common.tryAgain')}"`;
  return {
    name: 'splash-names',
    transformIndexHtml: (html) =>
      html
        .replace('%SPLASH_NAMES%', [name('hindi', 'hi'), name('gujrati', 'gu'), ...LOCALES.map(retry)].join(' '))
        .replace('%SPLASH_LOGO%', logo),
  };
}
