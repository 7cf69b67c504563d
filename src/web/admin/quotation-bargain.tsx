/**
 * The quotation sheet's bargaining lines: its revision, the farmer's counter-offer waiting for an
 * answer (the price asked, the note, when; pricing it COMPLETED answers it as the next revision), and
 * why the farmer declined it.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { formatPaisa, priceDetails } from '../../domain/money';
import type { DeclineReason } from '../../domain/quotation-status';
import type { Quotation } from '../../domain/types';
import { When } from '../shell/when';

const REASON: Record<DeclineReason, string> = {
  price_too_high: 'Price is too high',
  not_needed: 'Not needed now',
  bought_elsewhere: 'Bought elsewhere',
  other: 'Other reason',
};

export function QuotationBargain({ quotation }: { quotation: Quotation }) {
  const intl = useIntl();
  const counter = quotation.counterOffer ?? null;
  const revision = quotation.revision ?? 0;
  return (
    <>
      {revision > 0 ? (
        <p className="admin-muted admin-small">
          <FormattedMessage id="admin.quotations.revision" defaultMessage="Revision {revision}" values={{ revision }} />
        </p>
      ) : null}
      {counter ? (
        <section className="admin-counter-offer" aria-labelledby="admin-counter-title">
          <h3 id="admin-counter-title">
            <FormattedMessage id="admin.quotations.counterTitle" defaultMessage="The farmer asks for a better price" />
          </h3>
          <p>
            {quotation.previousTotalPaisa != null ? (
              <FormattedMessage id="admin.quotations.counterQuoted" defaultMessage="Quoted {amount}" values={{ amount: formatPaisa(quotation.previousTotalPaisa) }} />
            ) : (
              formatPaisa(priceDetails(quotation.skusDetail).totalPaisa)
            )}
            {' · '}
            {counter.totalPaisa !== null ? (
              <FormattedMessage id="admin.quotations.counterAsked" defaultMessage="asks {amount}" values={{ amount: formatPaisa(counter.totalPaisa) }} />
            ) : (
              <FormattedMessage id="admin.quotations.counterNoPrice" defaultMessage="no price named" />
            )}
          </p>
          {counter.note ? <p>“{counter.note}”</p> : null}
          <p className="admin-muted admin-small">
            <When at={counter.at} />
            {' · '}
            <FormattedMessage id="admin.quotations.counterHow" defaultMessage="Save it Completed with the new prices to answer." />
          </p>
        </section>
      ) : null}
      {quotation.status === 'DECLINED' && quotation.decline ? (
        <p className="admin-counter-offer">
          <FormattedMessage
            id="admin.quotations.declined"
            defaultMessage="Declined by the farmer: {reason}"
            values={{ reason: intl.formatMessage({ id: `shop.decline.reason.${quotation.decline.reason}`, defaultMessage: REASON[quotation.decline.reason] }) }}
          />
          {quotation.decline.note ? ` · “${quotation.decline.note}”` : null}
        </p>
      ) : null}
    </>
  );
}
