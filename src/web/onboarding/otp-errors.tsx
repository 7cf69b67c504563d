import { FormattedMessage } from 'react-intl';
import type { OtpErrorCode } from '../../../machines/otp-login.machine';
import { formatCountdown } from '../../domain/otp';

/** The short translated line for an OTP failure (DECISIONS §1 Error feedback). */
export function OtpErrorLine({ error, retryAfterSeconds }: { error: OtpErrorCode | null; retryAfterSeconds: number | null }) {
  if (!error) return null;
  return (
    <p className="error-line" role="alert">
      <FormattedMessage
        id={`onboarding.otp.error.${error}`}
        values={{ wait: formatCountdown(retryAfterSeconds ?? 0) }}
      />
    </p>
  );
}
