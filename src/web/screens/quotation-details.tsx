/**
 * /quotation-details?quotation_id={display id} (SPEC §2): the title by status, the items, the money the
 * lifecycle lets it show (the price panel once priced; while PENDING an estimate "from ₹…" per line and
 * in total, with the usual reply time from GET /api/config), and the action the chart offers:
 * 'Delete Request' (a secondary button, with the confirm dialog), 'Place Order', 'Track Order', or none.
 * Beside Place Order, the bargaining the chart allows: 'Ask for a better price' and 'Decline', each a
 * sheet; and where the bargaining stands (shop/bargain.tsx). Place Order opens the sheet of where and
 * when to deliver (shop/place-order-sheet.tsx). A priced quotation or an order can be shared; any
 * quotation but a pending one can be ordered again. Polled every POLL_MS while open. A delete or an
 * order for it waiting in the outbox shows under its number, and the action waits with it.
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailTotal, offeredActionWith, offersOrderAgain } from '../../../machines/quotation-detail.machine';
import { OutboxWriteFor } from '../outbox/outbox-list';
import { PlaceOrderSheet } from '../shop/place-order-sheet';
import { locateHere } from '../shop/locate-here';
import { ShareButton } from '../shop/share-button';
import { quotationSpeech } from '../../../machines/read-aloud';
import { ReadAloudButton, useSpokenWords } from '../shop/read-aloud-button';
import { shareSubjectOf } from '../../../machines/share-summary';
import { BargainStatus, CounterSheet, DeclineSheet } from '../shop/bargain';
import { lineEstimatePaisa, shownValidUntil } from '../../../machines/quotation-lifecycle.machine';
import { formatPaisa, priceDetails } from '../../domain/money';
import { QUOTATION_TITLE } from '../../domain/quotation-status';
import { ConfirmDialog } from '../shop/confirm-dialog';
import { EstimatePanel, PricePanel } from '../shop/price-panel';
import { ProductImage } from '../shop/product-image';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { StatusBadge } from '../shop/status-badge';
import { skuName, unitText } from '../../domain/sku-text';
import { OfflineWriteReason } from '../shell/offline-line';
import { useWritesBlocked } from '../shell/use-connection';
import { Loading } from '../shell/loading';
import { When } from '../shell/when';
import { useCatalogue, useOutbox, useScreenChart, useUser, type ScreenChartRefs } from '../shop/use-shop';

export default function QuotationDetailsScreen() {
  const detail = useScreenChart('quotationDetail');
  return detail ? <QuotationDetails detail={detail} /> : <Loading />;
}

function QuotationDetails({ detail }: { detail: ScreenChartRefs['quotationDetail'] }) {
  const intl = useIntl();
  const quotation = useSelector(detail, (s) => s.context.quotation);
  const words = useSpokenWords();
  const spoken = useSelector(detail, (s) => quotationSpeech(s, words));
  const missing = useSelector(detail, (s) => s.context.missing);
  const busy = useSelector(detail, (s) => s.hasTag('busy'));
  const confirming = useSelector(detail, (s) => s.matches({ active: { action: 'confirmingDelete' } }) || s.matches({ active: { action: 'deleting' } }));
  const offline = useWritesBlocked();
  const outbox = useSelector(useOutbox(), (s) => s);
  const action = useSelector(detail, (s) => offeredActionWith(s, outbox));
  const total = useSelector(detail, detailTotal, shallowEqual);
  const catalogue = useCatalogue();
  const replyHours = useSelector(catalogue, (s) => s.context.config?.quotationReplyHours ?? null);
  const skus = useSelector(catalogue, (s) => s.context.skus);
  const orderAgain = useSelector(detail, (s) => offersOrderAgain(s, skus));
  const farmAddress = useUser().farmAddress ?? null;
  const can = useSelector(detail, (s) => ({
    delete: s.can({ type: 'quotation.delete' }),
    placeOrder: s.can({ type: 'order.place' }),
    track: s.can({ type: 'order.track' }),
    decline: s.can({ type: 'quotation.decline' }),
    counter: s.can({ type: 'quotation.counter' }),
    submit: s.can({ type: 'bargain.submit' }),
    confirmOrder: s.can({ type: 'order.confirm' }),
  }), shallowEqual);
  const sheet = useSelector(detail, (s) =>
    s.matches({ active: { action: 'composingDecline' } }) || s.matches({ active: { action: 'declining' } })
      ? 'decline'
      : s.matches({ active: { action: 'composingCounter' } }) || s.matches({ active: { action: 'countering' } })
        ? 'counter'
        : s.matches({ active: { action: 'composingOrder' } }) || s.matches({ active: { action: 'placingOrder' } })
          ? 'order'
          : null,
  );
  const draft = useSelector(detail, (s) => s.context.bargain);
  const orderDraft = useSelector(detail, (s) => s.context.order);

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

  const writing = action === 'delete' || action === 'placeOrder';
  const validUntil = shownValidUntil(quotation);
  const button =
    action === 'delete' ? (
      <button type="button" className="shop-button shop-button-danger-outline shop-button-block" disabled={!can.delete || busy} onClick={() => detail.send({ type: 'quotation.delete' })}>
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
  // Shown while the chart allows bargaining (a priced quotation), whether or not it can be sent this moment.
  const bargaining = action === 'placeOrder' ? (
    <div className="shop-bargain-actions">
      <button type="button" className="shop-button shop-button-outline shop-button-small" disabled={!can.counter || busy || offline} onClick={() => detail.send({ type: 'quotation.counter' })}>
        <FormattedMessage id="shop.quotation.counter" defaultMessage="Ask for a better price" />
      </button>
      <button type="button" className="shop-button shop-button-danger-outline shop-button-small" disabled={!can.decline || busy || offline} onClick={() => detail.send({ type: 'quotation.decline' })}>
        <FormattedMessage id="shop.quotation.decline" defaultMessage="Decline" />
      </button>
    </div>
  ) : null;
  // Delete and Place Order wait in the outbox when the network is gone; only bargaining needs it now.
  const footer = writing ? (
    <>
      {bargaining ? <OfflineWriteReason /> : null}
      {bargaining}
      {button}
    </>
  ) : (
    button
  );
  const sheetProps = {
    ...draft,
    busy,
    canSubmit: can.submit && !offline,
    onReason: (reason: Parameters<typeof DeclineSheet>[0]['reason'] & string) => detail.send({ type: 'bargain.reason', reason }),
    onNote: (note: string) => detail.send({ type: 'bargain.note', note }),
    onTotal: (total: string) => detail.send({ type: 'bargain.total', total }),
    onSubmit: () => detail.send({ type: 'bargain.submit' }),
    onCancel: () => detail.send({ type: 'bargain.cancel' }),
  };

  return (
    <ShopLayout header={<BackHeader title={title} />} footer={footer}>
      <div className="shop-quotation-head shop-card">
        <strong className="shop-display-id">
          {quotation.quotationDisplayId}
          {quotation.orderDisplayId ? ` · ${quotation.orderDisplayId}` : null}
        </strong>
        <StatusBadge status={quotation.status} />
        <ReadAloudButton text={spoken} />
      </div>
      {/* A delete or an order for it waiting for the network (or refused): what happened, and its Cancel. */}
      <OutboxWriteFor quotationId={quotation._id} />
      {validUntil ? (
        <p className="shop-muted shop-small">
          {/* To the minute: the quotation expires at its pricing time 7 days on, not at the day's end. */}
          <FormattedMessage
            id="shop.quotation.validUntil"
            defaultMessage="Valid until {date}"
            values={{ date: <When at={validUntil} /> }}
          />
        </p>
      ) : null}
      {/* Where the bargaining stands comes first: it is what changed since the farmer last looked. */}
      <BargainStatus quotation={quotation} />
      <section aria-labelledby="shop-items-title">
        <h2 id="shop-items-title" className="shop-section-title">
          <FormattedMessage id="shop.quotation.items" defaultMessage="Items" />
        </h2>
        <ul className="shop-list">
          {quotation.skusDetail.map((line, index) => (
            <li key={`${line.skuIdentifier._id}-${index}`} className="shop-card shop-line">
              <ProductImage src={line.skuIdentifier.image} alt="" size="thumb" />
              <div className="shop-line-body">
                <strong>{skuName(line.skuIdentifier, intl.locale)}</strong>
                <span className="shop-muted">
                  {line.quantity} {unitText(line.skuIdentifier.skuQuantityUnit, intl)}
                </span>
                {total?.kind === 'estimate' ? (
                  <span className="shop-small shop-estimate-line">
                    <FormattedMessage id="shop.estimate.from" defaultMessage="from {amount}" values={{ amount: formatPaisa(lineEstimatePaisa(line)) }} />
                  </span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
      {total?.kind === 'quoted' ? <PricePanel lines={quotation.skusDetail} /> : null}
      {total?.kind === 'estimate' ? <EstimatePanel totalPaisa={total.paisa} replyHours={replyHours} /> : null}
      {orderAgain || shareSubjectOf(quotation) !== null ? (
        <div className="shop-share-row">
          <ShareButton quotation={quotation} />
          {orderAgain ? (
            <button type="button" className="shop-button shop-button-outline shop-button-small" onClick={() => detail.send({ type: 'quotation.orderAgain', skus })}>
              <FormattedMessage id="shop.quotation.orderAgain" defaultMessage="Order again" />
            </button>
          ) : null}
        </div>
      ) : null}
      {sheet === 'order' ? (
        <PlaceOrderSheet
          draft={orderDraft}
          farmAddress={farmAddress}
          busy={busy}
          // Offline, the order waits in the outbox (src/web/outbox) and goes when the network returns.
          canConfirm={can.confirmOrder}
          onPlace={(place) => detail.send({ type: 'order.placeKind', place })}
          onAddress={(field, value) => detail.send({ type: 'order.address', field, value })}
          onDate={(date) => detail.send({ type: 'order.date', date })}
          onLocate={() => locateHere((location) => detail.send({ type: 'order.location', location }))}
          onConfirm={() => detail.send({ type: 'order.confirm' })}
          onCancel={() => detail.send({ type: 'order.cancel' })}
        />
      ) : null}
      {sheet === 'decline' ? <DeclineSheet {...sheetProps} /> : null}
      {sheet === 'counter' ? <CounterSheet {...sheetProps} quotedPaisa={priceDetails(quotation.skusDetail).totalPaisa} /> : null}
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
