/**
 * `/under-verification`: the wait for an administrator; the session refreshes the profile on arrival.
 * While waiting the farmer can reach us (the Contact Us sheet: Call, Chat with us) and read back the
 * details they sent, with the time they sent them. A verified farmer who changed the name or Aadhaar
 * reads why they wait again; a farmer who no longer wants to wait may delete the account here too.
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { DeleteAccount } from '../onboarding/delete-account';
import { OnboardingFrame } from '../onboarding/frame';
import { SubmittedDetails } from '../onboarding/submitted-details';
import { useSession } from '../shell/use-actors';
import { ContactSheet } from '../shop/contact';
import { HeadsetIcon } from '../shop/icons';
import { useContactSheet } from '../shop/shop-layout';

export default function UnderVerification() {
  const session = useSession();
  const checking = useSelector(session, (s) => s.matches({ account: { active: 'refreshing' } }));
  const canCheck = useSelector(session, (s) => s.can({ type: 'profile.refresh' }));
  const canLogOut = useSelector(session, (s) => s.can({ type: 'session.logout' }));
  const user = useSelector(session, (s) => s.context.user);
  const contact = useContactSheet();
  return (
    <OnboardingFrame
      className="waiting"
      actions={
        <>
          <button type="button" className="btn btn--outline" disabled={!canCheck} onClick={() => session.send({ type: 'profile.refresh' })}>
            {checking ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="onboarding.waiting.checkAgain" />
          </button>
          <button type="button" className="btn btn--outline" onClick={contact.show}>
            <HeadsetIcon />
            <FormattedMessage id="shop.contact.title" />
          </button>
          <button type="button" className="btn btn--link" disabled={!canLogOut} onClick={() => session.send({ type: 'session.logout' })}>
            <FormattedMessage id="onboarding.waiting.logOut" />
          </button>
          <DeleteAccount className="btn btn--link btn--danger" />
        </>
      }
    >
      <img className="onb-hero" src="/onboarding/verification.svg" alt="" />
      <h1>
        <FormattedMessage id="onboarding.waiting.title" />
      </h1>
      {user.detailsChangedAt ? (
        <p className="onb-lead onb-changed" role="note">
          <FormattedMessage id="onboarding.waiting.detailsChanged" />
        </p>
      ) : null}
      <p className="onb-lead">
        <FormattedMessage id="onboarding.waiting.lead" />
      </p>
      <SubmittedDetails user={user} />
      {contact.open ? <ContactSheet onClose={contact.hide} /> : null}
    </OnboardingFrame>
  );
}
