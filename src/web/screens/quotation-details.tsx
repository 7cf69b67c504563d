/**
 * /quotation-details?quotation_id={display id} (SPEC §2): the title by status, the items, the price
 * panel for COMPLETED and ORDERED, and the action the lifecycle offers: 'Delete Request' (with the
 * confirm dialog), 'Place Order', 'Track Order', or none. Polled every POLL_MS while open.
 */
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { quotationAction, quotationDetailMachine } from '../../../machines/quotation-detail.machine';
import { cachedQuotation } from '../../../machines/quotation-store.machine';
import { QUOTATION_TITLE, showsPrices } from '../../domain/quotation-status';
import { ConfirmDialog } from '../shop/confirm-dialog';
import { PricePanel } from '../shop/price-panel';
import { ProductImage } from '../shop/product-image';
import { useScreenActors } from '../shop/screen-actors';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { StatusBadge } from '../shop/status-badge';
import { useQuotationStore } from '../shop/use-shop';
import { useSession } from '../shell/use-actors';

export default function QuotationDetailsScreen() {
  const quotationId = new URLSearchParams(useSearch()).get('quotation_id') ?? '';
  const store = useQuotationStore();
  const session = useSession();
  const actors = useScreenActors();
  const intl = useIntl();
  const detail = useActorRef(
    quotationDetailMachine.provide({
      actors: { fetchQuotation: actors.fetchQuotation, deleteQuotation: actors.deleteQuotation, placeOrder: actors.placeOrder, visibility: actors.visibility },
      actions: {
        navigate: (_, params) => session.send({ type: 'nav.go', to: params.to }),
        storeQuotation: (_, params) => store.send({ type: 'quotations.update', quotation: params.quotation }),
      },
    }),
    { input: { quotationId, cached: cachedQuotation(store.getSnapshot().context.quotations, quotationId) } },
  );
  const quotation = useSelector(detail, (s) => s.context.quotation);
  const missing = useSelector(detail, (s) => s.context.missing);
  const busy = useSelector(detail, (s) => s.hasTag('busy'));
  const confirming = useSelector(detail, (s) => s.matches({ active: { action: 'confirmingDelete' } }) || s.matches({ active: { action: 'deleting' } }));
  const can = useSelector(detail, (s) => ({
    delete: s.can({ type: 'quotation.delete' }),
    placeOrder: s.can({ type: 'order.place' }),
    track: s.can({ type: 'order.track' }),
  }), shallowEqual);

  const title = quotation
    ? intl.formatMessage({ id: `shop.quotationTitle.${quotation.status}`, defaultMessage: QUOTATION_TITLE[quotation.status] })
    : intl.formatMessage({ id: 'shop.quotationTitle.loading', defaultMessage: 'Quotation' });

  if (!quotation) {
    return (
      <ShopLayout header={<BackHeader title={title} />}>
        <p className="shop-empty" role="status">
          {missing ? <FormattedMessage id="shop.quotation.notFound" defaultMessage="This quotation was not found" /> : <FormattedMessage id="common.loading" defaultMessage="Loading..." />}
        </p>
      </ShopLayout>
    );
  }

  const action = quotationAction(quotation.status);
  const footer =
    action === 'delete' ? (
      <button type="button" className="shop-button shop-button-danger shop-button-block" disabled={!can.delete || busy} onClick={() => detail.send({ type: 'quotation.delete' })}>
        <FormattedMessage id="shop.quotation.delete" defaultMessage="Delete Request" />
      </button>
    ) : action === 'placeOrder' ? (
      <button type="button" className="shop-button shop-button-primary shop-button-block" disabled={!can.placeOrder || busy} onClick={() => detail.send({ type: 'order.place' })}>
        <FormattedMessage id="shop.quotation.placeOrder" defaultMessage="Place Order" />
      </button>
    ) : action === 'track' ? (
      <button type="button" className="shop-button shop-button-primary shop-button-block" disabled={!can.track} onClick={() => detail.send({ type: 'order.track' })}>
        <FormattedMessage id="shop.quotation.trackOrder" defaultMessage="Track Order" />
      </button>
    ) : undefined;

  return (
    <ShopLayout header={<BackHeader title={title} />} footer={footer}>
      <div className="shop-quotation-head shop-card">
        <strong className="shop-display-id">{quotation.quotationDisplayId}</strong>
        <StatusBadge status={quotation.status} />
      </div>
      <section aria-labelledby="shop-items-title">
        <h2 id="shop-items-title" className="shop-section-title">
          <FormattedMessage id="shop.quotation.items" defaultMessage="Items" />
        </h2>
        <ul className="shop-list">
          {quotation.skusDetail.map((line, index) => (
            <li key={`${line.skuIdentifier._id}-${index}`} className="shop-card shop-line">
              <ProductImage src={line.skuIdentifier.image} alt="" size="thumb" />
              <div className="shop-line-body">
                <strong>{line.skuIdentifier.name}</strong>
                <span className="shop-muted">
                  {line.quantity} {line.skuIdentifier.skuQuantityUnit}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {showsPrices(quotation.status) ? <PricePanel lines={quotation.skusDetail} /> : null}
      {confirming ? (
        <ConfirmDialog
          displayId={quotation.quotationDisplayId}
          busy={busy}
          onYes={() => detail.send({ type: 'delete.confirm' })}
          onNo={() => detail.send({ type: 'delete.cancel' })}
        />
      ) : null}
    </ShopLayout>
  );
}
