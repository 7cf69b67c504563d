/**
 * /order-status?quotation_id={internal id}, My Order (SPEC §2): the Delivery Code, the vertical
 * tracker, and while money is due the balance panel with 'Make Payment' (a UPI link when the
 * server names a payee, otherwise the Contact Us sheet, which the tracking chart holds). Share
 * sends the order's summary. Once delivered, the farmer may report a problem (its sheet loads then)
 * and sees where it stands. Polled every POLL_MS while open.
 */
import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { contactSheetOpen, deliveryNote, orderBalance, orderSteps, problemReportableOrder } from '../../../machines/order-tracking.machine';
import { ShareButton } from '../shop/share-button';
import { orderSpeech } from '../../../machines/read-aloud';
import { ReadAloudButton, useSpokenWords } from '../shop/read-aloud-button';
import { ProblemStatus } from '../shop/problem-status';
import { formatPaisa } from '../../domain/money';
import { CheckIcon } from '../shop/icons';
import { When } from '../shell/when';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { Loading } from '../shell/loading';
import { useCatalogue, useScreenChart, type ScreenChartRefs } from '../shop/use-shop';

// The problem sheet and its chart load only for a delivered order.
const ProblemReport = lazy(() => import('../shop/problem-report'));

/** A calendar date (`YYYY-MM-DD`) is the same day everywhere: read and shown in UTC. */
const CALENDAR_DAY = { dateStyle: 'medium', timeZone: 'UTC' } as const;

export default function OrderStatusScreen() {
  const tracking = useScreenChart('orderTracking');
  return tracking ? <OrderStatus tracking={tracking} /> : <Loading />;
}

function OrderStatus({ tracking }: { tracking: ScreenChartRefs['orderTracking'] }) {
  const catalogue = useCatalogue();
  const intl = useIntl();
  // The chart holds the Contact Us sheet: Make Payment opens it when there is no UPI payee to pay.
  const contact = {
    open: useSelector(tracking, contactSheetOpen),
    show: () => tracking.send({ type: 'contact.open' }),
    hide: () => tracking.send({ type: 'contact.close' }),
  };
  const quotation = useSelector(tracking, (s) => s.context.quotation);
  const missing = useSelector(tracking, (s) => s.context.missing);
  const steps = useSelector(tracking, orderSteps);
  const note = useSelector(tracking, deliveryNote);
  const balance = useSelector(tracking, orderBalance);
  const config = useSelector(catalogue, (s) => s.context.config);
  const canPay = useSelector(tracking, (s) => s.can({ type: 'payment.make', config }));
  const reportable = useSelector(tracking, problemReportableOrder);
  const words = useSpokenWords();
  const spoken = useSelector(tracking, (s) => orderSpeech(s, words));

  const header = <BackHeader title={intl.formatMessage({ id: 'shop.order.title', defaultMessage: 'My Order' })} />;
  if (!quotation || !balance || !note) {
    return (
      <ShopLayout header={header} contact={contact}>
        <p className="shop-empty" role="status">
          {missing ? <FormattedMessage id="shop.quotation.notFound" defaultMessage="This quotation was not found" /> : <FormattedMessage id="common.loading" defaultMessage="Loading..." />}
        </p>
      </ShopLayout>
    );
  }

  return (
    <ShopLayout header={header} contact={contact}>
      <section className="shop-card shop-otp" aria-labelledby="shop-otp-title">
        <h2 id="shop-otp-title" className="shop-muted">
          <FormattedMessage id="shop.order.deliveryCode" defaultMessage="Delivery Code" />
        </h2>
        <p className="shop-otp-code">{quotation.deliveryOtp ?? '—'}</p>
        {note.kind === 'delivered' ? (
          <p className="shop-small">
            {note.at ? (
              <FormattedMessage
                id="shop.order.deliveredOn"
                defaultMessage="Delivered on {date}"
                values={{ date: <When at={note.at} /> }}
              />
            ) : (
              <FormattedMessage id="shop.orderStatus.DELIVERED" defaultMessage="Delivered" />
            )}
            {note.proof === null ? null : <br />}
            {note.proof === 'code' ? (
              <span className="shop-proof">
                <FormattedMessage id="shop.order.deliveredWithCode" defaultMessage="Delivered, confirmed with your code" />
              </span>
            ) : note.proof === 'provider' ? (
              <span className="shop-proof">
                <FormattedMessage id="shop.order.deliveredByProvider" defaultMessage="Marked delivered by the provider" />
              </span>
            ) : null}
          </p>
        ) : (
          <>
            <p className="shop-muted shop-small">
              <FormattedMessage id="shop.order.deliveryCodeHint" defaultMessage="Tell this code to the driver when your order arrives." />
            </p>
            {note.expectedDeliveryDate ? (
              <p className="shop-small">
                <FormattedMessage
                  id="shop.order.expectedDelivery"
                  defaultMessage="Expected delivery: {date}"
                  values={{
                    date: <time dateTime={note.expectedDeliveryDate}>{intl.formatDate(`${note.expectedDeliveryDate}T00:00:00Z`, CALENDAR_DAY)}</time>,
                  }}
                />
              </p>
            ) : null}
          </>
        )}
        <p className="shop-small">
          {quotation.orderDisplayId ? `${quotation.orderDisplayId} · ` : null}
          {quotation.quotationDisplayId}
        </p>
      </section>

      <div className="shop-share-row">
        <ShareButton quotation={quotation} />
        <ReadAloudButton text={spoken} />
      </div>

      {reportable !== null ? (
        <Suspense fallback={quotation.problem ? <ProblemStatus problem={quotation.problem} /> : null}>
          <ProblemReport orderId={reportable} problem={quotation.problem ?? null} />
        </Suspense>
      ) : quotation.problem ? (
        <ProblemStatus problem={quotation.problem} />
      ) : null}

      <section className="shop-card" aria-labelledby="shop-tracker-title">
        <h2 id="shop-tracker-title" className="shop-section-title">
          <FormattedMessage id="shop.order.trackerTitle" defaultMessage="Order Status" />
        </h2>
        <ol className="shop-tracker">
          {steps.map((step) => (
            <li key={step.key} className={step.complete ? 'shop-step shop-step-done' : 'shop-step'}>
              <span className="shop-step-dot" aria-hidden="true">
                {step.complete ? <CheckIcon size={14} /> : null}
              </span>
              <span className="shop-step-label">
                {intl.formatMessage(step.label)}
                {step.at ? (
                  <When className="shop-step-time shop-muted shop-small" at={step.at} />
                ) : null}
              </span>
              <span className="shop-visually-hidden">
                {step.complete
                  ? intl.formatMessage({ id: 'shop.order.stepDone', defaultMessage: 'completed' })
                  : intl.formatMessage({ id: 'shop.order.stepPending', defaultMessage: 'not yet' })}
              </span>
            </li>
          ))}
        </ol>
      </section>

      {canPay ? (
        <section className="shop-card shop-panel" aria-labelledby="shop-balance-title">
          <h2 id="shop-balance-title" className="shop-section-title">
            <FormattedMessage id="shop.order.balanceTitle" defaultMessage="Payment" />
          </h2>
          <dl className="shop-rows">
            <div>
              <dt>
                <FormattedMessage id="shop.price.total" defaultMessage="Total Amount" />
              </dt>
              <dd>{formatPaisa(balance.totalPaisa)}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="shop.order.amountPaid" defaultMessage="Amount Paid" />
              </dt>
              <dd>{formatPaisa(balance.paidPaisa)}</dd>
            </div>
            <div className="shop-rows-total">
              <dt>
                <FormattedMessage id="shop.order.pendingAmount" defaultMessage="Pending Amount" />
              </dt>
              <dd>{formatPaisa(balance.pendingPaisa)}</dd>
            </div>
          </dl>
          <button type="button" className="shop-button shop-button-primary shop-button-block" onClick={() => tracking.send({ type: 'payment.make', config })}>
            <FormattedMessage id="shop.order.makePayment" defaultMessage="Make Payment" />
          </button>
        </section>
      ) : null}
    </ShopLayout>
  );
}
