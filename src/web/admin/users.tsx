/**
 * /admin/users (SPEC §2, §6): every user, searched on the server and paged, unverified first, filtered by
 * status; each expands to its details and a Verify button. The chart is the app's `adminUsers` child.
 * A farmer who changed the name or Aadhaar after being verified carries a badge saying so (the reason
 * they are back among the unverified); a closed account says it is closed.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { listToolsOf } from '../../../machines/admin-list';
import { USER_STATUSES, visibleUsers } from '../../../machines/admin-users.machine';
import { AdminLayout } from './admin-layout';
import { Alert, ListStatus, PageFooter, SearchField, StatusFilter } from './admin-parts';
import { adminScreen, type ChartView } from './admin-screen';
import { ListTools } from './list-tools';
import { RowTick, SelectionBar } from './selection-bar';
import { UserDetails } from './user-details';

function AdminUsers({ snapshot, send }: ChartView<'adminUsers'>) {
  const intl = useIntl();
  const users = visibleUsers(snapshot.context);
  return (
    <AdminLayout title={intl.formatMessage({ id: 'admin.users.title', defaultMessage: 'Manage Users' })}>
      <SearchField
        label={intl.formatMessage({ id: 'admin.users.search', defaultMessage: 'Search by name or mobile number' })}
        value={snapshot.context.query}
        onChange={(query) => send({ type: 'search.change', query })}
        disabled={!snapshot.can({ type: 'search.change', query: snapshot.context.query })}
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
        disabled={!snapshot.can({ type: 'status.change', status: snapshot.context.status })}
      />
      <ListTools tools={listToolsOf(snapshot)} send={send} />
      <SelectionBar selection={snapshot.context} failed={snapshot.matches({ list: 'verifySelectedFailed' })} onClear={() => send({ type: 'selection.clear' })}>
        <button
          type="button"
          className="shop-button shop-button-primary shop-button-small"
          onClick={() => send({ type: 'selection.verify' })}
          disabled={!snapshot.can({ type: 'selection.verify' })}
        >
          {snapshot.matches({ list: 'verifyingSelected' }) ? (
            <FormattedMessage id="admin.bulk.working" defaultMessage="Working..." />
          ) : (
            <FormattedMessage id="admin.bulk.verify" defaultMessage="Verify selected" />
          )}
        </button>
      </SelectionBar>
      <ListStatus
        loading={snapshot.hasTag('loading')}
        failed={snapshot.hasTag('fetchFailed') ? <FormattedMessage id="admin.users.fetchFailed" defaultMessage="Failed to fetch users." /> : null}
        empty={snapshot.matches({ list: { browsing: 'idle' } }) && users.length === 0}
        onRetry={() => send({ type: 'list.reload' })}
      />
      {snapshot.hasTag('verifyFailed') ? (
        <Alert>
          <FormattedMessage id="admin.users.verifyFailed" defaultMessage="Failed to verify the user." />
        </Alert>
      ) : null}
      <ul className="shop-list" aria-label={intl.formatMessage({ id: 'admin.users.list', defaultMessage: 'Users' })}>
        {users.map((user) => {
          const expanded = snapshot.context.expandedId === user._id;
          return (
            <li key={user._id} className="shop-card admin-user">
              <RowTick
                ticked={snapshot.context.selected.includes(user._id)}
                offered={snapshot.can({ type: 'selection.toggle', id: user._id })}
                onToggle={() => send({ type: 'selection.toggle', id: user._id })}
                label={intl.formatMessage({ id: 'admin.bulk.select', defaultMessage: 'Select {name}' }, { name: user.name ?? user.mobileNumber })}
              />
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
                  {user.detailsChangedAt ? (
                    <span className="admin-badge admin-badge-changed">
                      <FormattedMessage id="admin.users.detailsChanged" defaultMessage="Changed after verification" />
                    </span>
                  ) : null}
                  {user.removedAt ? (
                    <span className="admin-badge">
                      <FormattedMessage id="admin.users.closed" defaultMessage="Account closed" />
                    </span>
                  ) : null}
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

export default adminScreen('adminUsers', AdminUsers);
