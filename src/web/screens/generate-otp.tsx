/** `/auth/generate-otp`: +91 and ten digits; 'Get OTP' only at ten digits with nothing in flight. */
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { COUNTRY_PREFIX, PHONE_LENGTH } from '../../domain/constants';
import { ROUTES } from '../../domain/routes';
import { OnboardingFrame } from '../onboarding/frame';
import { OtpErrorLine } from '../onboarding/otp-errors';
import { Loading } from '../shell/loading';
import { useGo, useOtpLogin } from '../shell/use-actors';
import type { OtpLoginActorRef } from '../../../machines/otp-login.machine';

export default function GenerateOtp() {
  const otp = useOtpLogin();
  const go = useGo();
  if (!otp) return <Loading />;
  return <PhoneForm otp={otp} onBack={() => go(ROUTES.joinUs)} />;
}

function PhoneForm({ otp, onBack }: { otp: OtpLoginActorRef; onBack: () => void }) {
  const intl = useIntl();
  const phone = useSelector(otp, (s) => s.context.phone);
  const error = useSelector(otp, (s) => s.context.error);
  const retryAfter = useSelector(otp, (s) => s.context.retryAfterSeconds);
  const busy = useSelector(otp, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(otp, (s) => s.can({ type: 'phone.submit' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    otp.send({ type: 'phone.submit' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <OnboardingFrame
        onBack={onBack}
        actions={
          <button type="submit" className="btn" disabled={!canSubmit}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="onboarding.otp.getOtp" />
          </button>
        }
      >
        <img className="onb-hero" src="/onboarding/phone-code.svg" alt="" />
        <h1>
          <FormattedMessage id="onboarding.otp.phoneTitle" />
        </h1>
        <div className="field">
          <label htmlFor="phone">
            <FormattedMessage id="onboarding.otp.phoneLabel" />
          </label>
          <div className="phone-field">
            <span className="phone-prefix" aria-label={intl.formatMessage({ id: 'onboarding.otp.prefixLabel' })}>
              {COUNTRY_PREFIX}
            </span>
            <input
              id="phone"
              className="input"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={PHONE_LENGTH + 8}
              placeholder="98765 43210"
              value={phone}
              aria-describedby="phone-hint"
              onChange={(event) => otp.send({ type: 'phone.change', value: event.target.value })}
            />
          </div>
          <p id="phone-hint" className="hint">
            <FormattedMessage id="onboarding.otp.codeWillBeSent" />
          </p>
          <OtpErrorLine error={error} retryAfterSeconds={retryAfter} />
        </div>
      </OnboardingFrame>
    </form>
  );
}
