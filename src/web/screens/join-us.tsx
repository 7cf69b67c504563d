/**
 * `/join-us`: 'Join Us!', two illustrations crossfading every CAROUSEL_MS with dots marking the one
 * shown, 'Sign up' and 'Log in'. The interval is set on the element holding slides and dots, so
 * both animations read it and start together.
 */
import type { CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CAROUSEL_MS } from '../../domain/constants';
import { ROUTES } from '../../domain/routes';
import { OnboardingFrame } from '../onboarding/frame';
import { useGo } from '../shell/use-actors';

export default function JoinUs() {
  const intl = useIntl();
  const go = useGo();
  return (
    <OnboardingFrame
      actions={
        <>
          <button type="button" className="btn" onClick={() => go(ROUTES.generateOtp)}>
            <FormattedMessage id="onboarding.joinUs.signUp" />
          </button>
          <button type="button" className="btn btn--outline" onClick={() => go(ROUTES.generateOtp)}>
            <FormattedMessage id="onboarding.joinUs.logIn" />
          </button>
        </>
      }
    >
      <h1>
        <FormattedMessage id="onboarding.joinUs.title" />
      </h1>
      <p className="onb-lead">
        <FormattedMessage id="onboarding.joinUs.lead" />
      </p>
      <div className="carousel-wrap" style={{ '--carousel-ms': `${CAROUSEL_MS}ms` } as CSSProperties}>
        <div className="carousel">
          <img src="/onboarding/farmers-tractor.svg" alt={intl.formatMessage({ id: 'onboarding.joinUs.slideFarmers' })} />
          <img src="/onboarding/straw-bales.svg" alt={intl.formatMessage({ id: 'onboarding.joinUs.slideStraw' })} />
        </div>
        <div className="carousel-dots" aria-hidden="true">
          <span />
          <span />
        </div>
      </div>
    </OnboardingFrame>
  );
}
