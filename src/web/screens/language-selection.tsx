/** `/language-selection`: English, Hindi or Gujarati; the app switches at once, then /join-us. */
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { LANGUAGES, type Language } from '../../domain/types';
import { ROUTES } from '../../domain/routes';
import { OnboardingFrame } from '../onboarding/frame';
import { useSession } from '../shell/use-actors';

/** Each language named in its own script, so anyone finds theirs whatever is showing. */
const ENDONYM: Record<Language, string> = { english: 'English', hindi: 'हिन्दी', gujrati: 'ગુજરાતી' };
const LANG_ATTR: Record<Language, string> = { english: 'en', hindi: 'hi', gujrati: 'gu' };

export default function LanguageSelection() {
  const session = useSession();
  const chosen = useSelector(session, (s) => s.context.user.preferredLanguage);
  return (
    <OnboardingFrame
      actions={
        <button
          type="button"
          className="btn"
          disabled={chosen === null}
          onClick={() => session.send({ type: 'nav.go', to: ROUTES.joinUs })}
        >
          <FormattedMessage id="onboarding.language.continue" />
        </button>
      }
    >
      <img className="onb-hero" src="/onboarding/logo.svg" alt="" width="96" height="96" style={{ maxHeight: 96 }} />
      <h1 id="language-title">
        <FormattedMessage id="onboarding.language.title" />
      </h1>
      <p className="onb-lead">
        <FormattedMessage id="onboarding.language.lead" />
      </p>
      <fieldset className="choice-list" aria-labelledby="language-title">
        {LANGUAGES.map((language) => (
          <label key={language} className="choice" lang={LANG_ATTR[language]}>
            <input
              type="radio"
              name="language"
              value={language}
              checked={chosen === language}
              onChange={() => session.send({ type: 'language.choose', language })}
            />
            {ENDONYM[language]}
          </label>
        ))}
      </fieldset>
    </OnboardingFrame>
  );
}
