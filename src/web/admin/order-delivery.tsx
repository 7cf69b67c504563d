/**
 * The order sheet's delivery facts and the farmer's problem: where to deliver (the address, a map link
 * for the pin) and the farmer's preferred date; the problem the farmer reported, with the photo, and
 * while it is open a note and 'Close problem' (machines/problem-close.machine.ts, which the app runs in
 * its one actor system while the problem is shown, as `problemClose:<order>`). The photo is fetched
 * with the admin's token (the protected-image chart, run there as `problemPhoto:<order>`), as a
 * profile photo is.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { FormattedMessage, useIntl } from 'react-intl';
import type { problemCloseMachine } from '../../../machines/problem-close.machine';
import type { protectedImageMachine } from '../../../machines/protected-image.machine';
import { mapLink, PROBLEM_KIND_TEXT, PROBLEM_NOTE_MAX } from '../../domain/delivery';
import { formatCalendarDay } from '../../domain/india-date';
import type { Order, OrderProblem } from '../../domain/types';
import { usePartChart } from '../shell/use-lazy-chart';
import { When } from '../shell/when';
import { TextField } from './admin-parts';


/** Where and when: the address's parts on their lines, the pin as a map link, the preferred date. */
export function DeliveryFacts({ order }: { order: Order }) {
  const intl = useIntl();
  const address = order.deliveryAddress;
  const parts = address ? [address.line, address.landmark, address.village, address.taluka, address.district, address.pinCode].filter(Boolean) : [];
  return (
    <>
      <div className="admin-fact-wide">
        <dt>
          <FormattedMessage id="admin.orders.deliverTo" defaultMessage="Deliver to" />
        </dt>
        <dd className="admin-address">
          {parts.length > 0 ? parts.join(', ') : '—'}
          {order.deliveryLocation ? (
            <>
              {' '}
              <a className="admin-map-link" href={mapLink(order.deliveryLocation)} target="_blank" rel="noopener noreferrer">
                <FormattedMessage id="admin.orders.map" defaultMessage="Open in map" />
              </a>
            </>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="admin.orders.preferredDate" defaultMessage="Farmer's preferred date" />
        </dt>
        <dd>{order.preferredDate ? formatCalendarDay(order.preferredDate, intl.locale) : <FormattedMessage id="admin.orders.anyDay" defaultMessage="Any day" />}</dd>
      </div>
    </>
  );
}

function ProblemPhoto({ orderId, url }: { orderId: string; url: string }) {
  const intl = useIntl();
  const photo = usePartChart<ActorRefFrom<typeof protectedImageMachine>>('problemPhoto', orderId, { url });
  const src = useSelector(photo, (s) => s?.context.src);
  return src ? <img className="admin-problem-photo" src={src} alt={intl.formatMessage({ id: 'admin.orders.problemPhoto', defaultMessage: "The farmer's photo of the problem" })} /> : null;
}

type CloseRef = ActorRefFrom<typeof problemCloseMachine>;

function CloseForm({ close }: { close: CloseRef }) {
  const intl = useIntl();
  const note = useSelector(close, (s) => s.context.note);
  const busy = useSelector(close, (s) => s.hasTag('busy'));
  const refusal = useSelector(close, (s) => s.context.refusal);
  const canClose = useSelector(close, (s) => s.can({ type: 'close.submit' }));
  return (
    <div className="admin-problem-close">
      <TextField
        id="admin-problem-note"
        label={intl.formatMessage({ id: 'admin.orders.problemNote', defaultMessage: 'What was done (the farmer reads this)' })}
        value={note}
        multiline
        disabled={busy}
        invalid={refusal !== null}
        hint={
          refusal === 'refused'
            ? intl.formatMessage({ id: 'admin.orders.problemAlreadyClosed', defaultMessage: 'This problem was already closed.' })
            : intl.formatMessage({ id: 'admin.orders.problemCloseFailed', defaultMessage: 'Failed to close the problem.' })
        }
        onChange={(value) => close.send({ type: 'close.note', note: value.slice(0, PROBLEM_NOTE_MAX) })}
      />
      <button type="button" className="shop-button shop-button-primary shop-button-block" disabled={busy || !canClose} onClick={() => close.send({ type: 'close.submit' })}>
        <FormattedMessage id="admin.orders.closeProblem" defaultMessage="Close problem" />
      </button>
    </div>
  );
}

/**
 * The farmer's problem with the delivery: what, when, the note and photo, and the admin's answer or the
 * form to give it. Once closed here, the server's answer shows until the list is read again.
 */
export function ProblemPanel({ order }: { order: Order }) {
  return order.problem ? <Problem orderId={order._id} reported={order.problem} /> : null;
}

function Problem({ orderId, reported }: { orderId: string; reported: OrderProblem }) {
  const intl = useIntl();
  const close = usePartChart<CloseRef>('problemClose', orderId, { orderId });
  const closed = useSelector(close, (s) => s?.context.closed?.problem);
  const problem = closed ?? reported;
  const open = problem.status === 'open';
  return (
    <section className={open ? 'admin-problem admin-problem-open' : 'admin-problem'} aria-labelledby="admin-problem-title">
      <h3 id="admin-problem-title">
        {open ? (
          <FormattedMessage id="admin.orders.problemOpen" defaultMessage="Problem reported" />
        ) : (
          <FormattedMessage id="admin.orders.problemClosed" defaultMessage="Problem closed" />
        )}
        {': '}
        {intl.formatMessage({ id: `admin.orders.problemKind.${problem.kind}`, defaultMessage: PROBLEM_KIND_TEXT[problem.kind] })}
      </h3>
      <p className="admin-problem-when">
        <When at={problem.createdAt} />
      </p>
      {problem.note ? <p>“{problem.note}”</p> : null}
      {problem.photo ? <ProblemPhoto orderId={orderId} url={problem.photo} /> : null}
      {open ? (
        close ? <CloseForm close={close} /> : null
      ) : (
        <p>
          <FormattedMessage id="admin.orders.problemAnswer" defaultMessage="Answer: {note}" values={{ note: problem.adminNote ?? '—' }} />
        </p>
      )}
    </section>
  );
}
