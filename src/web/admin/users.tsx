/**
 * /admin/users (SPEC §2, §6): every user, searched on the server and paged, unverified first, filtered by
 * status; each expands to its details and a Verify button. The chart is the app's `adminUsers` child.
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { USER_STATUSES, visibleUsers } from '../../../machines/admin-users.machine';
import { Loading } from '../shell/loading';
import { AdminLayout } from './admin-layout';
import { Alert, LoadingLine, PageFooter, RetryButton, SearchField, StatusFilter } from './admin-parts';
import { useAdminChart, type AdminChartRefs } from './use-admin-chart';
import { UserDetails } from './user-details';

export default function AdminUsersScreen() {
  const chart = useAdminChart('adminUsers');
  return chart ? <AdminUsers chart={chart} /> : <Loading />;
}

function AdminUsers({ chart }: { chart: AdminChartRefs['adminUsers'] }) {
  const intl = useIntl();
  const snapshot = useSelector(chart, (s) => s);
  const send = chart.send;
  const users = visibleUsers(snapshot.context);
  return (
    <AdminLayout title={intl.formatMessage({ id: 'admin.users.title', defaultMessage: 'Manage Users' })}>
      <SearchField
        label={intl.formatMessage({ id: 'admin.users.search', defaultMessage: 'Search by name or mobile number' })}
        value={snapshot.context.query}
        onChange={(query) => send({ type: 'search.change', query })}
      />
      <StatusFilter
        value={snapshot.context.status}
        options={USER_STATUSES.map((status) => ({
          value: status,
          label:
            status === 'VERIFIED'
              ? intl.formatMessage({ id: 'admin.users.verified', defaultMessage: 'Verified' })
              : intl.formatMessage({ id: 'admin.users.unverified', defaultMessage: 'Not verified' }),
        }))}
        onChange={(status) => send({ type: 'status.change', status })}
      />
      {snapshot.hasTag('loading') ? <LoadingLine /> : null}
      {snapshot.hasTag('fetchFailed') ? (
        <Alert action={<RetryButton onRetry={() => send({ type: 'list.reload' })} />}>
          <FormattedMessage id="admin.users.fetchFailed" defaultMessage="Failed to fetch users." />
        </Alert>
      ) : null}
      {snapshot.hasTag('verifyFailed') ? (
        <Alert>
          <FormattedMessage id="admin.users.verifyFailed" defaultMessage="Failed to verify the user." />
        </Alert>
      ) : null}
      {snapshot.matches({ list: 'loaded' }) && users.length === 0 ? (
        <p className="admin-muted">
          <FormattedMessage id="admin.common.noMatches" defaultMessage="Nothing matches your search." />
        </p>
      ) : null}
      <ul className="shop-list" aria-label={intl.formatMessage({ id: 'admin.users.list', defaultMessage: 'Users' })}>
        {users.map((user) => {
          const expanded = snapshot.context.expandedId === user._id;
          return (
            <li key={user._id} className="shop-card admin-user">
              <button
                type="button"
                className="admin-disclosure"
                aria-expanded={expanded}
                aria-controls={`admin-user-${user._id}`}
                onClick={() => send(expanded ? { type: 'user.collapse' } : { type: 'user.expand', id: user._id })}
              >
                <span className="admin-row-main">
                  <strong>{user.name ?? intl.formatMessage({ id: 'admin.users.noName', defaultMessage: 'No name yet' })}</strong>
                  <span className="admin-muted">{user.mobileNumber}</span>
                </span>
                <span className={user.isVerified ? 'admin-status admin-status-verified' : 'admin-status admin-status-unverified'}>
                  {user.isVerified ? (
                    <FormattedMessage id="admin.users.verified" defaultMessage="Verified" />
                  ) : (
                    <FormattedMessage id="admin.users.unverified" defaultMessage="Not verified" />
                  )}
                </span>
              </button>
              {expanded ? <UserDetails id={`admin-user-${user._id}`} user={user} snapshot={snapshot} send={send} /> : null}
            </li>
          );
        })}
      </ul>
      {snapshot.matches({ list: 'loading' }) || snapshot.hasTag('fetchFailed') ? null : (
        <PageFooter snapshot={snapshot} shown={users.length} onMore={() => send({ type: 'list.more' })} />
      )}
    </AdminLayout>
  );
}
