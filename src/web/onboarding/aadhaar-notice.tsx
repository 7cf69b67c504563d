/**
 * The Aadhaar notice (DPDP Act 2023 §5–6, UIDAI guidance), shown before the card is asked for: why
 * it is asked for, who sees it, how long it is kept, how to withdraw and whom to complain to. The
 * texts ship with the app, so the notice reads offline; the retention days and the grievance contact
 * come from the server's public config, with a plain line in their place until it has arrived.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { AppActorContext } from '../app-context';
import type { CatalogueActorRef } from '../shop/use-shop';

function Point({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{title}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function AadhaarNotice() {
  // The catalogue child holds the public config; reached here without the shop's hooks, which load with the shop screens.
  const catalogue = AppActorContext.useSelector((s) => s.children.catalogue as CatalogueActorRef | undefined);
  const config = useSelector(catalogue, (s) => s?.context.config ?? null);
  return (
    <section className="aadhaar-notice" aria-labelledby="aadhaar-notice-title">
      <h1 id="aadhaar-notice-title">
        <FormattedMessage id="onboarding.notice.title" />
      </h1>
      <dl>
        <Point title={<FormattedMessage id="onboarding.notice.whyTitle" />}>
          <FormattedMessage id="onboarding.notice.why" />
        </Point>
        <Point title={<FormattedMessage id="onboarding.notice.whoTitle" />}>
          <FormattedMessage id="onboarding.notice.who" />
        </Point>
        <Point title={<FormattedMessage id="onboarding.notice.keepTitle" />}>
          {config ? (
            <FormattedMessage id="onboarding.notice.keep" values={{ days: config.aadhaarRetentionDays }} />
          ) : (
            <FormattedMessage id="onboarding.notice.keepUnknown" />
          )}
        </Point>
        <Point title={<FormattedMessage id="onboarding.notice.withdrawTitle" />}>
          <FormattedMessage id="onboarding.notice.withdraw" />
        </Point>
        <Point title={<FormattedMessage id="onboarding.notice.grievanceTitle" />}>
          {config ? <span className="aadhaar-notice-contact">{config.grievanceContact}</span> : <FormattedMessage id="onboarding.notice.grievanceUnknown" />}
        </Point>
      </dl>
    </section>
  );
}
