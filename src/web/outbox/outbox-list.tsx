/**
 * The writes waiting in the outbox, at the top of /request: each says it will be sent when the phone
 * is online, with what the farmer asked for, and can be cancelled until it is being sent; a write the
 * server refused says why, in the farmer's words, and offers the way on the chart allows (ask again
 * for prices with the same products, open the quotation) beside OK.
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { mayCancel, outboxHeading, outboxWriteFor, refusalShown, type OutboxItem } from '../../../machines/outbox.machine';
import { ROUTES } from '../../domain/routes';
import { skuName, unitText } from '../../domain/sku-text';
import { cachedQuotation } from '../../../machines/quotation-store.machine';
import { NavLink } from '../shop/nav-link';
import { useOutbox, useQuotationStore, type OutboxActorRef } from '../shop/use-shop';

const TITLE = {
  'quotation.request': 'outbox.request',
  'quotation.delete': 'outbox.delete',
  'order.place': 'outbox.order',
} as const;

export function OutboxList() {
  const outbox = useOutbox();
  return outbox ? <OutboxItems outbox={outbox} /> : null;
}

function OutboxItems({ outbox }: { outbox: OutboxActorRef }) {
  const items = useSelector(outbox, (s) => s.context.items);
  const heading = useSelector(outbox, outboxHeading);
  if (items.length === 0) return null;
  return (
    <section className="shop-outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="shop-small shop-muted">
        <FormattedMessage id={heading} />
      </h2>
      <ul className="shop-list">
        {items.map((item) => (
          <OutboxCard key={item.key} item={item} outbox={outbox} />
        ))}
      </ul>
    </section>
  );
}

/** On a quotation's own page: the delete or order for it that waits in the outbox (or was refused), without its products (the page lists them). */
export function OutboxWriteFor({ quotationId }: { quotationId: string }) {
  const outbox = useOutbox();
  return outbox ? <WriteFor outbox={outbox} quotationId={quotationId} /> : null;
}

function WriteFor({ outbox, quotationId }: { outbox: OutboxActorRef; quotationId: string }) {
  const item = useSelector(outbox, (s) => outboxWriteFor(s, quotationId));
  if (!item) return null;
  return (
    <ul className="shop-list shop-outbox">
      <OutboxCard item={item} outbox={outbox} where="quotation" />
    </ul>
  );
}

function OutboxCard({ item, outbox, where = 'list' }: { item: OutboxItem; outbox: OutboxActorRef; where?: 'list' | 'quotation' }) {
  const intl = useIntl();
  const cancellable = useSelector(outbox, (s) => mayCancel(s, item.key));
  // The farmer knows a quotation by its display id (QT…), which the phone's list has.
  const shownId = useSelector(useQuotationStore(), (s) => (item.quotationId === null ? '' : (cachedQuotation(s.context.quotations, item.quotationId)?.quotationDisplayId ?? '')));
  const sending = !cancellable;
  const refused = refusalShown(item, where);
  const quotationLink = `${ROUTES.quotationDetails}?quotation_id=${encodeURIComponent(shownId || (item.quotationId ?? ''))}`;
  return (
    <li className="shop-card shop-outbox-item" data-outbox={item.refusal === null ? 'queued' : 'refused'}>
      <div className="shop-quotation-body">
        <strong>
          <FormattedMessage id={TITLE[item.kind]} values={{ id: shownId }} />
        </strong>
        {item.items.length > 0 && where === 'list' ? (
          <ul className="shop-quotation-items">
            {item.items.map((line) => (
              <li key={line._id}>
                {skuName(line, intl.locale)} · {line.quantity} {unitText(line.skuQuantityUnit, intl)}
              </li>
            ))}
          </ul>
        ) : null}
        {refused === null ? (
          <p className="shop-small shop-muted" role="status">
            {sending ? <FormattedMessage id="outbox.sending" /> : <FormattedMessage id="outbox.queued" />}
          </p>
        ) : (
          <p className="shop-small shop-danger" role="alert">
            <FormattedMessage id={refused.text} />
          </p>
        )}
      </div>
      <div className="shop-outbox-actions">
        {refused?.askAgain ? (
          // A new request, with its own key made at this tap, as every write's is.
          <button
            type="button"
            className="shop-button shop-button-primary shop-button-small"
            onClick={() => outbox.send({ type: 'outbox.askAgain', key: item.key, newKey: crypto.randomUUID(), at: Date.now() })}
          >
            <FormattedMessage id="outbox.askAgain" />
          </button>
        ) : null}
        {refused?.openQuotation ? (
          <NavLink to={quotationLink} className="shop-button shop-button-outline shop-button-small">
            <FormattedMessage id="outbox.openQuotation" />
          </NavLink>
        ) : null}
        {cancellable ? (
          <button type="button" className="shop-button shop-button-outline shop-button-small" onClick={() => outbox.send({ type: 'outbox.cancel', key: item.key })}>
            {refused === null ? <FormattedMessage id="outbox.cancel" /> : <FormattedMessage id="outbox.dismiss" />}
          </button>
        ) : null}
      </div>
    </li>
  );
}
