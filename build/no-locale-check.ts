import type { Plugin } from 'vite';

/**
 * formatjs's `createIntl` (run by every IntlProvider) asks `Intl.NumberFormat.supportedLocalesOf` and
 * `Intl.DateTimeFormat.supportedLocalesOf` for the locale only to report missing locale data through
 * `onError`. A page's first Intl call sets up ICU: 80–120 ms in this machine's Chromium, some 400 ms
 * at a cheap phone's 4× slowdown, and on `/` (the language choice, no price, no date) that check was
 * the only Intl call left (issue 9). The production bundle drops the check; en, hi and gu are in
 * every Chromium's ICU (the e2e suite renders all three), and tests keep the check. The build fails
 * if formatjs's text changes, so the patch cannot silently stop applying.
 */
const LOCALE_CHECK = /else if \(!Intl\.NumberFormat\.supportedLocalesOf\(locale\)\.length && onError\)[^\n]*\n\s*else if \(!Intl\.DateTimeFormat\.supportedLocalesOf\(locale\)\.length && onError\)[^\n]*\n/;

/** @formatjs/intl's index.js without createIntl's locale-data check, or null when the check is not found. */
export function withoutLocaleCheck(code: string): string | null {
  return LOCALE_CHECK.test(code) ? code.replace(LOCALE_CHECK, '\n') : null;
}

export function noLocaleCheck(): Plugin {
  return {
    name: 'no-locale-check',
    apply: 'build',
    transform(code, id) {
      if (!/[/\\]@formatjs[/\\]intl[/\\]index\.js$/.test(id)) return null;
      const patched = withoutLocaleCheck(code);
      if (patched === null) this.error('@formatjs/intl: createIntl\'s locale-data check was not found (build/no-locale-check.ts)');
      return { code: patched, map: null };
    },
  };
}
