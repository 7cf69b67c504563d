/**
 * What the farmer sees while the app itself is still arriving (issue 9 item 2): the brand splash of
 * index.html (its inline styles, class `boot-splash`), never a lone 'Loading...'.
 * - BootSplash: before the session runs and the texts have loaded, the very markup index.html
 *   painted, with the product name its inline script chose from the saved language.
 * - ScreenFallback: while a screen's script loads (Suspense), the same splash, translated, with a
 *   spinner and the loading line.
 */
import { FormattedMessage } from 'react-intl';

/** The product name index.html shows, read before React replaces that markup (English without it). */
const BOOT_NAME = (typeof document === 'undefined' ? null : document.getElementById('boot-name')?.textContent) || 'Krishi By-products';

export function BootSplash() {
  return (
    <main className="boot-splash" aria-busy="true">
      <img src="/onboarding/logo.svg" width="120" height="120" alt="" />
      <h1>{BOOT_NAME}</h1>
    </main>
  );
}

export function ScreenFallback() {
  return (
    <main className="boot-splash" aria-busy="true">
      <img src="/onboarding/logo.svg" width="120" height="120" alt="" />
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
