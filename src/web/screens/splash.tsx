import { FormattedMessage, useIntl } from 'react-intl';
import '../onboarding/onboarding.css';

/** `/`: the brand for SPLASH_MS; the session then routes as startup says. */
export default function Splash() {
  const intl = useIntl();
  return (
    <main className="splash">
      <img src="/onboarding/logo.svg" alt={intl.formatMessage({ id: 'onboarding.splash.logoAlt' })} />
      <h1>
        <FormattedMessage id="onboarding.splash.title" />
      </h1>
      <p>
        <FormattedMessage id="onboarding.splash.tagline" />
      </p>
    </main>
  );
}
