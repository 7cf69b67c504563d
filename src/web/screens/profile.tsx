/** /profile (SPEC §2): the farmer's details, read-only, and 'Log out'. */
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { CheckIcon } from '../shop/icons';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { UserAvatar } from '../shop/user-avatar';
import { useUser } from '../shop/use-shop';
import { useSession } from '../shell/use-actors';

const LANGUAGE_NAMES = { english: 'English', hindi: 'हिन्दी', gujrati: 'ગુજરાતી' } as const;

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
  const none = '—';
  return (
    <ShopLayout header={<BackHeader title={intl.formatMessage({ id: 'shop.profile.title', defaultMessage: 'My Profile' })} />}>
      <div className="shop-profile-head">
        <UserAvatar
          photo={user.profilePhoto ?? null}
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
          {user.aadhaar ? (
            <span className="shop-tick">
              <CheckIcon />
              <FormattedMessage id="shop.profile.aadhaarUploaded" defaultMessage="Uploaded" />
            </span>
          ) : (
            <FormattedMessage id="shop.profile.aadhaarMissing" defaultMessage="Not uploaded" />
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
      <button type="button" className="shop-button shop-button-outline shop-button-block shop-logout" onClick={() => session.send({ type: 'session.logout' })}>
        <FormattedMessage id="shop.profile.logout" defaultMessage="Log out" />
      </button>
    </ShopLayout>
  );
}
