/** `/auth/verify-otp`: six boxes, the mm:ss countdown, 'Resend' at 0, Submit at six digits. Shown only while a code is out. */
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { OtpLoginActorRef } from '../../../machines/otp-login.machine';
import { COUNTRY_PREFIX } from '../../domain/constants';
import { formatCountdown } from '../../domain/otp';
import { OnboardingFrame } from '../onboarding/frame';
import { OtpBoxes } from '../onboarding/otp-boxes';
import { OtpErrorLine } from '../onboarding/otp-errors';
import { Loading } from '../shell/loading';
import { useOtpLogin } from '../shell/use-actors';

export default function VerifyOtp() {
  const otp = useOtpLogin();
  // The session shows this route only while a code is out (its route guard sends everyone else to the number).
  if (!otp) return <Loading />;
  return <CodeForm otp={otp} />;
}

function CodeForm({ otp }: { otp: OtpLoginActorRef }) {
  const phone = useSelector(otp, (s) => s.context.phone);
  const digits = useSelector(otp, (s) => s.context.code);
  const seconds = useSelector(otp, (s) => s.context.secondsLeft);
  const error = useSelector(otp, (s) => s.context.error);
  const retryAfter = useSelector(otp, (s) => s.context.retryAfterSeconds);
  const verifying = useSelector(otp, (s) => s.matches({ awaitingCode: { code: 'verifying' } }));
  const counting = useSelector(otp, (s) => s.matches({ awaitingCode: { resend: 'counting' } }));
  const canSubmit = useSelector(otp, (s) => s.can({ type: 'code.submit' }));
  const canResend = useSelector(otp, (s) => s.can({ type: 'code.resend' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    otp.send({ type: 'code.submit' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <OnboardingFrame
        onBack={() => otp.send({ type: 'phone.edit' })}
        actions={
          <button type="submit" className="btn" disabled={!canSubmit}>
            {verifying ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="onboarding.otp.submit" />
          </button>
        }
      >
        <img className="onb-hero" src="/onboarding/phone-code.svg" alt="" />
        <h1>
          <FormattedMessage id="onboarding.otp.codeTitle" />
        </h1>
        <p className="sent-to">
          <FormattedMessage id="onboarding.otp.sentTo" values={{ number: <strong>{`${COUNTRY_PREFIX} ${phone}`}</strong> }} />
          <button type="button" className="btn btn--link" onClick={() => otp.send({ type: 'phone.edit' })}>
            <FormattedMessage id="onboarding.otp.changeNumber" />
          </button>
        </p>
        <OtpBoxes
          digits={digits}
          disabled={verifying}
          onEnter={(index, value) => otp.send({ type: 'code.enter', index, value })}
          onErase={(index) => otp.send({ type: 'code.erase', index })}
        />
        <OtpErrorLine error={error} retryAfterSeconds={retryAfter} />
        <div className="resend-row">
          {counting ? (
            <span>
              <FormattedMessage
                id="onboarding.otp.resendIn"
                values={{ time: <span className="countdown" role="timer">{formatCountdown(seconds)}</span> }}
              />
            </span>
          ) : (
            <span>
              <FormattedMessage id="onboarding.otp.noCode" />
            </span>
          )}
          <button type="button" className="btn btn--link" disabled={!canResend} onClick={() => otp.send({ type: 'code.resend' })}>
            <FormattedMessage id="onboarding.otp.resend" />
          </button>
        </div>
      </OnboardingFrame>
    </form>
  );
}
