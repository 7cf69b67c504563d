/** /admin/orders (SPEC §2, §3 Order admin list): every order, searched by id; a tap opens the edit sheet. */
import { FormattedMessage, useIntl } from 'react-intl';
import { orderBalance, visibleOrders } from '../../../machines/admin-orders.machine';
import { isRemovedNumber } from '../../domain/constants';
import { formatPaisa } from '../../domain/money';
import { AdminLayout } from './admin-layout';
import { ListTools } from './list-tools';
import { ListStatus, PageFooter, SearchField, StatusFilter } from './admin-parts';
import { OrderSheet } from './order-sheet';
import { OrderStatusLabel, orderStatusOptions } from './status-labels';
import { adminScreen, type ChartView } from './admin-screen';

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
      <ListTools
        filters={snapshot.context.filters}
        exporting={snapshot.context.exporting}
        send={send}
        canExport={snapshot.can({ type: 'list.export' })}
        canRemove={(name) => snapshot.can({ type: 'filter.remove', name })}
       />
      <ListStatus
        loading={snapshot.hasTag('loading')}
        failed={snapshot.hasTag('fetchFailed') ? <FormattedMessage id="admin.orders.fetchFailed" defaultMessage="Failed to fetch orders." /> : null}
        empty={snapshot.matches({ browsing: 'idle' }) && orders.length === 0}
        onRetry={() => send({ type: 'list.reload' })}
      />
      <ul className="shop-list" aria-label={intl.formatMessage({ id: 'admin.orders.list', defaultMessage: 'Orders' })}>
        {orders.map((order) => (
          <li key={order._id}>
            <button
              type="button"
              className="shop-card admin-row"
              onClick={() => send({ type: 'sheet.open', id: order._id })}
              disabled={!snapshot.can({ type: 'sheet.open', id: order._id })}
            >
              <span className="admin-row-main">
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
              </span>
              <span className="admin-status">
                <OrderStatusLabel status={order.status} />
              </span>
            </button>
          </li>
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
