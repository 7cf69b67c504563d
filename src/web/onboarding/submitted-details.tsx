/**
 * The sign-up details as the farmer sent them, read-only, with the time they were sent when this
 * phone sent them: what /under-verification shows while an administrator checks them.
 */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ClientUser } from '../../domain/client-user';
import { LANGUAGE_ENDONYMS } from './language-names';
import { When } from '../shell/when';

function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="sent-detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Uploaded({ url }: { url: string | null | undefined }) {
  return url ? (
    <span className="sent-tick">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <FormattedMessage id="shop.profile.aadhaarUploaded" />
    </span>
  ) : (
    <FormattedMessage id="shop.profile.aadhaarMissing" />
  );
}

export function SubmittedDetails({ user }: { user: ClientUser }) {
  const intl = useIntl();
  const none = '—';
  const sentAt = user.profileSubmittedAt ? new Date(user.profileSubmittedAt) : null;
  return (
    <section className="sent" aria-labelledby="sent-title">
      <h2 id="sent-title">
        <FormattedMessage id="onboarding.waiting.detailsTitle" />
      </h2>
      {sentAt && !Number.isNaN(sentAt.getTime()) ? (
        <p className="sent-at">
          <FormattedMessage
            id="onboarding.waiting.sentAt"
            values={{ when: <When at={sentAt.toISOString()} /> }}
          />
        </p>
      ) : null}
      <dl className="sent-list">
        <Detail label={<FormattedMessage id="shop.profile.name" />}>{user.name || none}</Detail>
        <Detail label={<FormattedMessage id="shop.profile.mobile" />}>{user.mobileNumber ? `+91 ${user.mobileNumber}` : none}</Detail>
        <Detail label={<FormattedMessage id="shop.profile.gender" />}>
          {user.gender ? intl.formatMessage({ id: `shop.gender.${user.gender}` }) : none}
        </Detail>
        <Detail label={<FormattedMessage id="shop.profile.age" />}>{user.age ?? none}</Detail>
        <Detail label={<FormattedMessage id="shop.profile.farmAddress" />}>{user.farmAddress || none}</Detail>
        <Detail label={<FormattedMessage id="shop.profile.language" />}>
          {user.preferredLanguage ? LANGUAGE_ENDONYMS[user.preferredLanguage] : none}
        </Detail>
        <Detail label={<FormattedMessage id="shop.profile.photo" />}>
          <Uploaded url={user.profilePhoto} />
        </Detail>
        <Detail label={<FormattedMessage id="shop.profile.aadhaar" />}>
          <Uploaded url={user.aadhaar} />
        </Detail>
      </dl>
    </section>
  );
}
