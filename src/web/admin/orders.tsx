/**
 * /admin/orders (SPEC §2, §3 Order admin list): every order, searched by id; a tap opens the edit sheet.
 * Orders are ticked to move several to one status at once (the chart's selection).
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { listToolsOf } from '../../../machines/admin-list';
import { offeredMoves, orderBalance, visibleOrders } from '../../../machines/admin-orders.machine';
import { bulkRefusalOf } from '../../../machines/admin-selection';
import { isRemovedNumber } from '../../domain/constants';
import { formatPaisa } from '../../domain/money';
import type { OrderStatus } from '../../domain/types';
import { AdminLayout } from './admin-layout';
import { ListTools } from './list-tools';
import { ListStatus, PageFooter, SearchField, StatusFilter } from './admin-parts';
import { OrderSheet } from './order-sheet';
import { ListRow } from './list-row';
import { RowTick, SelectionBar } from './selection-bar';
import { OrderStatusLabel, orderStatusOptions, orderStatusText } from './status-labels';
import { adminScreen, type ChartView } from './admin-screen';

/** The ticked orders' move: one status the order chart lets each of them take, then Move. */
function MoveSelected({ snapshot, send }: ChartView<'adminOrders'>) {
  const intl = useIntl();
  const moving = snapshot.hasTag('moving');
  return (
    <>
      <select
        className="admin-input admin-move-to"
        aria-label={intl.formatMessage({ id: 'admin.bulk.move', defaultMessage: 'Move selected to' })}
        value={snapshot.context.moveTo ?? ''}
        onChange={(e) => send({ type: 'selection.choose', status: e.target.value as OrderStatus })}
        disabled={moving}
      >
        <option value="" disabled>
          {intl.formatMessage({ id: 'admin.bulk.chooseStatus', defaultMessage: 'Choose a status' })}
        </option>
        {offeredMoves(snapshot.context).map((status) => (
          <option key={status} value={status}>
            {orderStatusText(intl, status)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="shop-button shop-button-primary shop-button-small"
        onClick={() => send({ type: 'selection.move' })}
        disabled={!snapshot.can({ type: 'selection.move' })}
      >
        {moving ? <FormattedMessage id="admin.bulk.working" defaultMessage="Working..." /> : <FormattedMessage id="admin.bulk.apply" defaultMessage="Apply" />}
      </button>
    </>
  );
}

function AdminOrders({ snapshot, send }: ChartView<'adminOrders'>) {
  const intl = useIntl();
  const orders = visibleOrders(snapshot.context);
  return (
    <AdminLayout title={intl.formatMessage({ id: 'admin.orders.title', defaultMessage: 'Manage Orders' })}>
      <SearchField
        label={intl.formatMessage({ id: 'admin.orders.search', defaultMessage: 'Search by order id' })}
        value={snapshot.context.query}
        onChange={(query) => send({ type: 'search.change', query })}
        disabled={!snapshot.can({ type: 'search.change', query: '' })}
      />
      <StatusFilter
        value={snapshot.context.status}
        options={orderStatusOptions(intl)}
        onChange={(status) => send({ type: 'status.change', status })}
        disabled={!snapshot.can({ type: 'status.change', status: null })}
      />
      <ListTools tools={listToolsOf(snapshot)} send={send} />
      <SelectionBar selection={snapshot.context} failed={snapshot.hasTag('moveFailed')} onClear={() => send({ type: 'selection.clear' })}>
        <MoveSelected snapshot={snapshot} send={send} />
      </SelectionBar>
      <ListStatus
        loading={snapshot.hasTag('loading')}
        failed={snapshot.hasTag('fetchFailed') ? <FormattedMessage id="admin.orders.fetchFailed" defaultMessage="Failed to fetch orders." /> : null}
        empty={snapshot.matches({ browsing: 'idle' }) && orders.length === 0}
        onRetry={() => send({ type: 'list.reload' })}
      />
      <ul className="shop-list" aria-label={intl.formatMessage({ id: 'admin.orders.list', defaultMessage: 'Orders' })}>
        {orders.map((order) => (
          <ListRow
            key={order._id}
            onOpen={snapshot.can({ type: 'sheet.open', id: order._id }) ? () => send({ type: 'sheet.open', id: order._id }) : null}
            status={<OrderStatusLabel status={order.status} />}
            tick={
              <RowTick
                ticked={snapshot.context.selected.includes(order._id)}
                offered={snapshot.can({ type: 'selection.toggle', id: order._id })}
                onToggle={() => send({ type: 'selection.toggle', id: order._id })}
                label={intl.formatMessage({ id: 'admin.bulk.select', defaultMessage: 'Select {name}' }, { name: order.orderDisplayId })}
              />
            }
          >
            <strong>{order.orderDisplayId}</strong>
            <span className="admin-muted">
              {order.userDetails.name ??
                (isRemovedNumber(order.userDetails.mobileNumber)
                  ? intl.formatMessage({ id: 'admin.users.closed', defaultMessage: 'Account closed' })
                  : order.userDetails.mobileNumber)}
              {' · '}
              <FormattedMessage
                id="admin.orders.paidOf"
                defaultMessage="{paid} paid of {total}"
                values={{
                  paid: formatPaisa(order.amountPaidPaisa),
                  total: formatPaisa(orderBalance(order, null).totalPaisa),
                }}
              />
            </span>
            {bulkRefusalOf(snapshot.context, order._id) ? (
              <span className="admin-late">
                <FormattedMessage id="admin.bulk.notMoved" defaultMessage="Not moved" />
              </span>
            ) : null}
          </ListRow>
        ))}
      </ul>
      {snapshot.matches('browsing') || snapshot.matches('sheet') ? (
        <PageFooter snapshot={snapshot} shown={orders.length} onMore={() => send({ type: 'list.more' })} />
      ) : null}
      {snapshot.matches('sheet') ? <OrderSheet snapshot={snapshot} send={send} /> : null}
    </AdminLayout>
  );
}

export default adminScreen('adminOrders', AdminOrders);
