/**
 * The order edit sheet: the farmer (tap the number to call), the items read-only, the balance, and after
 * Edit the status, the amount paid in rupees and the expected delivery date the farmer sees. Update is enabled exactly when the chart accepts a save.
 * No delivery code is shown: it is the farmer's to give at the handover. Choosing Delivered asks for it,
 * with "no code" as an explicit choice; how a delivered order was delivered is said beside its status.
 * Where and when to deliver (the place with a map link, the farmer's preferred date) and the farmer's
 * problem with the delivery, closed here with a note, are ./order-delivery.tsx.
 */
import type { EventFrom, SnapshotFrom } from 'xstate';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  adminOrdersMachine,
  asksDeliveryCode,
  DATE_IN_PAST,
  DELIVERY_CODE_INVALID,
  DELIVERY_CODE_LOCKED,
  openOrder,
  orderBalance,
  orderDraftChanges,
  shownOrderDraft,
} from '../../../machines/admin-orders.machine';
import { COUNTRY_PREFIX, isRemovedNumber } from '../../domain/constants';
import { formatCalendarDay } from '../../domain/india-date';
import { formatPaisa, priceDetails, rupeesToPaisa } from '../../domain/money';
import type { OrderStatus } from '../../domain/types';
import { PhoneIcon } from '../shop/icons';
import { AmountRows, SelectField, TextField } from './admin-parts';
import { ListSheet } from './list-sheet';
import { DeliveryFacts, ProblemPanel } from './order-delivery';
import { orderStatusOptions, orderStatusText } from './status-labels';

type Snapshot = SnapshotFrom<typeof adminOrdersMachine>;
type Send = (event: EventFrom<typeof adminOrdersMachine>) => void;

export function OrderSheet({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const intl = useIntl();
  const order = openOrder(snapshot.context);
  const form = shownOrderDraft(snapshot.context);
  if (!order || !form) return null;
  const editing = snapshot.hasTag('editing');
  const balance = orderBalance(order, snapshot.context.draft);
  const refused = snapshot.context.refused;
  const refusal = snapshot.hasTag('refused') ? snapshot.context.refusal : null;
  // The browser's date field writes the date in its own locale (mm/dd/yyyy in an en-US Chromium): the
  // date is also written out beside it as the admin's language writes it in India.
  const readDate = (date: string) => (date ? formatCalendarDay(date, intl.locale) : '—');
  const statusLabel = intl.formatMessage({ id: 'admin.orders.status', defaultMessage: 'Status' });
  const paidLabel = intl.formatMessage({ id: 'admin.orders.amountPaid', defaultMessage: 'Amount paid (₹)' });
  const dateLabel = intl.formatMessage({ id: 'admin.orders.expectedDelivery', defaultMessage: 'Expected delivery date' });
  const changeRows = refused
    ? orderDraftChanges(refused, order).map((change) =>
        change.field === 'status'
          ? {
              key: change.field,
              label: statusLabel,
              mine: orderStatusText(intl, change.mine as OrderStatus),
              now: orderStatusText(intl, change.now as OrderStatus),
            }
          : change.field === 'amountPaid'
            ? { key: change.field, label: paidLabel, mine: change.mine || '—', now: change.now || '—' }
            : { key: change.field, label: dateLabel, mine: readDate(change.mine), now: readDate(change.now) },
      )
    : [];

  return (
    <ListSheet
      snapshot={snapshot}
      send={send}
      titleId="admin-order-title"
      title={intl.formatMessage({ id: 'admin.orders.sheetTitle', defaultMessage: 'Order {id}' }, { id: order.orderDisplayId })}
      saveFailed={<FormattedMessage id="admin.orders.saveFailed" defaultMessage="Failed to save order." />}
      changeRows={changeRows}
    >
      <dl className="shop-rows admin-facts">
        <div>
          <dt>
            <FormattedMessage id="admin.orders.farmer" defaultMessage="Farmer" />
          </dt>
          <dd>{order.userDetails.name ?? '—'}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="admin.orders.mobile" defaultMessage="Mobile number" />
          </dt>
          <dd>
            {isRemovedNumber(order.userDetails.mobileNumber) ? (
              // The farmer closed the account: the order stays for the books, with no number to call.
              <FormattedMessage id="admin.users.closed" defaultMessage="Account closed" />
            ) : (
              <a
                className="admin-tel"
                href={`tel:${COUNTRY_PREFIX}${order.userDetails.mobileNumber}`}
                aria-label={intl.formatMessage(
                  { id: 'admin.orders.call', defaultMessage: 'Call {number}' },
                  { number: order.userDetails.mobileNumber },
                )}
              >
                <PhoneIcon />
                {order.userDetails.mobileNumber}
              </a>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="admin.orders.quotation" defaultMessage="Quotation" />
          </dt>
          <dd>{order.quotationDetail.quotationDisplayId}</dd>
        </div>
        <DeliveryFacts order={order} />
        {order.deliveredWith ? (
          <div>
            <dt>
              <FormattedMessage id="admin.orders.deliveredHow" defaultMessage="Delivery" />
            </dt>
            <dd>
              {order.deliveredWith === 'code' ? (
                <FormattedMessage id="admin.orders.deliveredWithCode" defaultMessage="Confirmed with the farmer's code" />
              ) : (
                <FormattedMessage id="admin.orders.deliveredByAdmin" defaultMessage="Marked delivered without the code" />
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      <ProblemPanel key={order._id} order={order} />
      <section aria-labelledby="admin-order-items">
        <h3 id="admin-order-items" className="admin-subtitle">
          <FormattedMessage id="admin.orders.items" defaultMessage="Items" />
        </h3>
        <ul className="admin-items">
          {order.quotationDetail.skusDetail.map((line) => (
            <li key={line.skuIdentifier._id}>
              <span>
                {line.skuIdentifier.name} · {line.quantity} {line.skuIdentifier.skuQuantityUnit}
              </span>
              <span>{formatPaisa(priceDetails([line]).totalPaisa)}</span>
            </li>
          ))}
        </ul>
      </section>
      <SelectField<OrderStatus>
        id="admin-order-status"
        label={statusLabel}
        value={form.status}
        options={orderStatusOptions(intl)}
        disabled={!editing}
        onChange={(status) => send({ type: 'draft.change', change: { status } })}
      />
      {editing && asksDeliveryCode(order, form) ? (
        <fieldset className="admin-fieldset admin-delivery-code">
          <legend>
            <FormattedMessage id="admin.orders.codeTitle" defaultMessage="The farmer's delivery code" />
          </legend>
          <TextField
            id="admin-order-code"
            label={intl.formatMessage({ id: 'admin.orders.code', defaultMessage: 'Delivery code (4 digits)' })}
            value={form.deliveryCode}
            inputMode="numeric"
            disabled={form.withoutCode}
            invalid={refusal === DELIVERY_CODE_INVALID || refusal === DELIVERY_CODE_LOCKED}
            hint={
              refusal === DELIVERY_CODE_LOCKED ? (
                <FormattedMessage id="admin.orders.codeLocked" defaultMessage="Too many wrong codes. Choose “No code” to deliver it." />
              ) : (
                <FormattedMessage id="admin.orders.codeInvalid" defaultMessage="That is not this order's delivery code." />
              )
            }
            onChange={(value) => send({ type: 'draft.change', change: { deliveryCode: value } })}
          />
          <label className="admin-check">
            <input type="checkbox" checked={form.withoutCode} onChange={(event) => send({ type: 'draft.change', change: { withoutCode: event.target.checked } })} />
            <FormattedMessage id="admin.orders.noCode" defaultMessage="No code: the farmer could not give it" />
          </label>
          {order.deliveryCodeLocked ? (
            <p className="admin-hint">
              <FormattedMessage id="admin.orders.codeLocked" defaultMessage="Too many wrong codes. Choose “No code” to deliver it." />
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <TextField
        id="admin-order-paid"
        label={paidLabel}
        value={form.amountPaid}
        inputMode="decimal"
        disabled={!editing}
        invalid={rupeesToPaisa(form.amountPaid) === null}
        hint={<FormattedMessage id="admin.hint.amount" defaultMessage="Enter rupees, e.g. 1250.50." />}
        onChange={(value) => send({ type: 'draft.change', change: { amountPaid: value } })}
      />
      <TextField
        id="admin-order-delivery-date"
        label={dateLabel}
        value={form.expectedDeliveryDate}
        date
        disabled={!editing}
        invalid={refusal === DATE_IN_PAST}
        hint={<FormattedMessage id="admin.orders.dateInPast" defaultMessage="The expected delivery date cannot be before today." />}
        onChange={(value) => send({ type: 'draft.change', change: { expectedDeliveryDate: value } })}
      />
      {form.expectedDeliveryDate ? (
        <output className="admin-date-read" htmlFor="admin-order-delivery-date">
          {readDate(form.expectedDeliveryDate)}
        </output>
      ) : null}
      <AmountRows
        className="shop-rows admin-totals"
        rows={[
          { key: 'total', label: <FormattedMessage id="admin.orders.total" defaultMessage="Total amount" />, amount: formatPaisa(balance.totalPaisa) },
          { key: 'paid', label: <FormattedMessage id="admin.orders.paid" defaultMessage="Amount paid" />, amount: formatPaisa(balance.paidPaisa) },
          { key: 'pending', label: <FormattedMessage id="admin.orders.pending" defaultMessage="Pending amount" />, amount: formatPaisa(balance.pendingPaisa) },
        ]}
      />
    </ListSheet>
  );
}
