/**
 * /profile (SPEC §2): the farmer's details, read-only, the preferred language the farmer may change
 * (saved through PUT /users/profile with the language alone; the screens, the catalogue and later SMS
 * follow it), 'Log out', and at the very bottom 'Delete my account' (its question and steps live in
 * the session chart; see onboarding/delete-account.tsx).
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { aadhaarStatus } from '../../domain/client-user';
import { LANGUAGES } from '../../domain/types';
import type { ReactNode } from 'react';
import { CheckIcon } from '../shop/icons';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { UserAvatar } from '../shop/user-avatar';
import { useUser } from '../shop/use-shop';
import { useSession } from '../shell/use-actors';
import { DeleteAccount } from '../onboarding/delete-account';
import { HelpImproveSetting } from './help-improve-setting';

const LANGUAGE_NAMES = { english: 'English', hindi: 'हिन्दी', gujrati: 'ગુજરાતી' } as const;
/** Each language's name is written in itself: `lang` lets a screen reader read it right. */
const LANGUAGE_TAGS = { english: 'en', hindi: 'hi', gujrati: 'gu' } as const;

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function ProfileScreen() {
  const user = useUser();
  const session = useSession();
  const intl = useIntl();
  const savingLanguage = useSelector(session, (s) => s.matches({ account: { active: 'savingLanguage' } }));
  const none = '—';
  return (
    <ShopLayout header={<BackHeader title={intl.formatMessage({ id: 'shop.profile.title', defaultMessage: 'My Profile' })} />}>
      <div className="shop-profile-head">
        <UserAvatar
          name={user.name ?? ''}
          size={96}
          alt={intl.formatMessage({ id: 'shop.profile.photo', defaultMessage: 'Profile photo' })}
        />
        <h2>{user.name}</h2>
      </div>
      <dl className="shop-card shop-rows shop-profile">
        <Row label={<FormattedMessage id="shop.profile.name" defaultMessage="Name" />}>{user.name ?? none}</Row>
        <Row label={<FormattedMessage id="shop.profile.mobile" defaultMessage="Mobile Number" />}>{user.mobileNumber ? `+91 ${user.mobileNumber}` : none}</Row>
        <Row label={<FormattedMessage id="shop.profile.aadhaar" defaultMessage="Aadhaar Card" />}>
          {aadhaarStatus(user) === 'missing' ? (
            <FormattedMessage id="shop.profile.aadhaarMissing" defaultMessage="Not uploaded" />
          ) : (
            <span className="shop-tick">
              <CheckIcon />
              {aadhaarStatus(user) === 'uploaded' ? (
                <FormattedMessage id="shop.profile.aadhaarUploaded" defaultMessage="Uploaded" />
              ) : (
                <FormattedMessage id="shop.profile.aadhaarChecked" defaultMessage="Checked, then deleted" />
              )}
            </span>
          )}
        </Row>
        <Row label={<FormattedMessage id="shop.profile.gender" defaultMessage="Gender" />}>
          {user.gender ? intl.formatMessage({ id: `shop.gender.${user.gender}`, defaultMessage: user.gender }) : none}
        </Row>
        <Row label={<FormattedMessage id="shop.profile.age" defaultMessage="Age" />}>{user.age ?? none}</Row>
        <Row label={<FormattedMessage id="shop.profile.farmAddress" defaultMessage="Farm Address" />}>{user.farmAddress ?? none}</Row>
        <Row label={<FormattedMessage id="shop.profile.language" defaultMessage="Preferred Language" />}>
          {user.preferredLanguage ? LANGUAGE_NAMES[user.preferredLanguage] : none}
        </Row>
      </dl>
      <section className="shop-card shop-language" aria-labelledby="shop-language-title" aria-busy={savingLanguage}>
        <h2 id="shop-language-title" className="shop-section-title">
          <FormattedMessage id="shop.profile.changeLanguage" defaultMessage="Change language" />
        </h2>
        <div className="shop-language-choices" role="group" aria-labelledby="shop-language-title">
          {LANGUAGES.map((language) => (
            <button
              key={language}
              type="button"
              lang={LANGUAGE_TAGS[language]}
              className={language === user.preferredLanguage ? 'shop-button shop-button-small shop-button-primary' : 'shop-button shop-button-small shop-button-outline'}
              aria-pressed={language === user.preferredLanguage}
              disabled={savingLanguage}
              onClick={() => session.send({ type: 'language.choose', language })}
            >
              {LANGUAGE_NAMES[language]}
            </button>
          ))}
        </div>
        {savingLanguage ? (
          <p className="shop-muted" role="status">
            <FormattedMessage id="shop.profile.languageSaving" defaultMessage="Saving…" />
          </p>
        ) : null}
      </section>
      <HelpImproveSetting />
      <button type="button" className="shop-button shop-button-outline shop-button-block shop-logout" onClick={() => session.send({ type: 'session.logout' })}>
        <FormattedMessage id="shop.profile.logout" defaultMessage="Log out" />
      </button>
      <DeleteAccount className="shop-button shop-button-danger-outline shop-button-block shop-delete-account" />
    </ShopLayout>
  );
}
