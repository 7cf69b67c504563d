/** /admin/orders (SPEC §2, §3 Order admin list): every order, searched by id; a tap opens the edit sheet. */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { orderBalance, visibleOrders } from '../../../machines/admin-orders.machine';
import { formatPaisa } from '../../domain/money';
import { Loading } from '../shell/loading';
import { AdminLayout } from './admin-layout';
import { Alert, LoadingLine, PageFooter, RetryButton, SearchField, StatusFilter } from './admin-parts';
import { OrderSheet } from './order-sheet';
import { OrderStatusLabel, orderStatusOptions } from './status-labels';
import { useAdminChart, type AdminChartRefs } from './use-admin-chart';

export default function AdminOrdersScreen() {
  const chart = useAdminChart('adminOrders');
  return chart ? <AdminOrders chart={chart} /> : <Loading />;
}

function AdminOrders({ chart }: { chart: AdminChartRefs['adminOrders'] }) {
  const intl = useIntl();
  const snapshot = useSelector(chart, (s) => s);
  const send = chart.send;
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
      {snapshot.hasTag('loading') ? <LoadingLine /> : null}
      {snapshot.hasTag('fetchFailed') ? (
        <Alert action={<RetryButton onRetry={() => send({ type: 'list.reload' })} />}>
          <FormattedMessage id="admin.orders.fetchFailed" defaultMessage="Failed to fetch orders." />
        </Alert>
      ) : null}
      {snapshot.matches({ browsing: 'idle' }) && orders.length === 0 ? (
        <p className="admin-muted">
          <FormattedMessage id="admin.common.noMatches" defaultMessage="Nothing matches your search." />
        </p>
      ) : null}
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
                  {order.userDetails.name ?? order.userDetails.mobileNumber}
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
