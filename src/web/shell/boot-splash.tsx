/**
 * What the farmer sees while the app itself is still arriving on a slow connection: the brand splash of
 * index.html (its inline styles, class `boot-splash`), never a lone 'Loading...'.
 * - BootSplash: before the session runs and the texts have loaded, the very markup index.html
 *   painted, with the product name its inline script chose from the saved language. When the texts
 *   could not download (the first open on a dropped connection), a reason and a retry in that
 *   language: there are no texts yet, so both come from index.html (build/splash-names.ts).
 * - ScreenFallback: while a screen's script loads (Suspense), the same splash, translated, with a
 *   spinner and the loading line.
 */
import { FormattedMessage } from 'react-intl';

const bootName = typeof document === 'undefined' ? null : document.getElementById('boot-name');
/** The product name index.html shows, read before React replaces that markup (English without it). */
const BOOT_NAME = bootName?.textContent || 'Krishi By-products';
/** The saved language's locale, as index.html's inline script set it (English without one). */
const BOOT_LOCALE = (typeof document === 'undefined' ? null : document.documentElement.lang) || 'en';
const bootText = (what: 'failed' | 'retry', english: string) =>
  bootName?.getAttribute(`data-${what}-${BOOT_LOCALE}`) ?? bootName?.getAttribute(`data-${what}-en`) ?? english;
const FAILED = bootText('failed', 'The app could not load. Check the internet and try again.');
const RETRY = bootText('retry', 'Try again');
/** The logo as index.html inlined it (a data address, build/splash-names.ts): drawn again, not fetched. */
const BOOT_LOGO = (typeof document === 'undefined' ? null : document.querySelector('#boot img'))?.getAttribute('src') ?? '/onboarding/logo.svg';

export function BootSplash({ failed = false }: { failed?: boolean }) {
  return (
    <main className="boot-splash" aria-busy={!failed}>
      <img src={BOOT_LOGO} width="120" height="120" alt="" />
      <h1>{BOOT_NAME}</h1>
      {failed ? (
        <>
          <p role="alert">{FAILED}</p>
          <button type="button" className="boot-retry" onClick={() => window.location.reload()}>
            {RETRY}
          </button>
        </>
      ) : null}
    </main>
  );
}

export function ScreenFallback() {
  return (
    <main className="boot-splash" aria-busy="true">
      <img src={BOOT_LOGO} width="120" height="120" alt="" />
      <h1>
        <FormattedMessage id="onboarding.splash.title" />
      </h1>
      <p className="boot-status" role="status">
        <span className="spinner spinner--light" aria-hidden="true" />
        <FormattedMessage id="common.loading" />
      </p>
    </main>
  );
}
