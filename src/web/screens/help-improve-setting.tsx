/**
 * "Help improve the app" on /profile: the switch, and the notice of what is recorded while it is on.
 * The setting is the phone's (shell/help-improve.ts); the recorder asks it before keeping or sending
 * anything, so turning it off stops recording at once.
 */
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { helpImproveOn, privacyControlOn, setHelpImprove } from '../shell/help-improve';

export function HelpImproveSetting() {
  const [on, setOn] = useState(() => helpImproveOn());
  const blocked = privacyControlOn();
  return (
    <section className="shop-card shop-help-improve" aria-labelledby="shop-help-improve-title">
      <label className="shop-help-improve-switch">
        <input
          type="checkbox"
          checked={on && !blocked}
          disabled={blocked}
          onChange={(event) => {
            setHelpImprove(event.target.checked);
            setOn(event.target.checked);
          }}
        />
        <span id="shop-help-improve-title" className="shop-section-title">
          <FormattedMessage id="shop.profile.helpImprove.title" defaultMessage="Help improve the app" />
        </span>
      </label>
      <p className="shop-muted">
        <FormattedMessage
          id="shop.profile.helpImprove.notice"
          defaultMessage="When this is on, the app sends which screens and steps you go through and when, so we can see where people get stuck. It never sends your name, number, photos, Aadhaar, quotations or orders."
        />
      </p>
      {blocked && (
        <p className="shop-muted">
          <FormattedMessage id="shop.profile.helpImprove.gpc" defaultMessage="Your browser asks apps not to track you, so nothing is sent." />
        </p>
      )}
    </section>
  );
}
