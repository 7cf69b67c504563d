/**
 * The dashboard's figures (the `adminDashboard` chart): what waits and for how long, the orders, the
 * last 30 days' conversion and the weekly ordered totals. Every figure is a link to the list that
 * shows exactly its rows (machines/admin-dashboard.ts `dashboardLinks`).
 */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { conversionPercent, dashboardLinks, revenueBars, weekOnWeek } from '../../../machines/admin-dashboard';
import type { AdminSummary } from '../../domain/schemas/admin';
import { DECLINE_REASONS } from '../../domain/quotation-status';
import { formatPaisa } from '../../domain/money';
import { ORDER_STATUSES } from '../../domain/types';
import { WAITING_AGES } from '../../domain/waiting-age';
import { formatCount } from '../i18n/count';
import { NavLink } from '../shop/nav-link';
import { ListStatus } from './admin-parts';
import type { ChartView } from './admin-screen';
import { RevenueChart } from './revenue-chart';
import { orderStatusText } from './status-labels';
import './cockpit.css';

/** When the oldest began waiting, day first with its year (it may be months ago), in India's time. */
const oldestTime = (at: string, locale: string): string =>
  new Intl.DateTimeFormat(`${locale.split('-')[0]}-IN`, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(at));

const AGE_LABEL = { lt4h: 'Under 4 h', '4to24h': '4 to 24 h', gt24h: 'Over 24 h' } as const;
const AGE_FIELD = { lt4h: 'lt4h', '4to24h': 'from4to24h', gt24h: 'gt24h' } as const;
const REASON_LABEL = { price_too_high: 'Price is too high', not_needed: 'Not needed any more', bought_elsewhere: 'Bought elsewhere', other: 'Other' } as const;

/** One figure: its count, what it counts, and the list it opens; `alert` when it needs doing now. */
function Figure({ to, count, children, alert = false }: { to: string; count: number; children: ReactNode; alert?: boolean }) {
  const intl = useIntl();
  return (
    <li>
      <NavLink to={to} className={alert && count > 0 ? 'cockpit-figure cockpit-figure-alert' : 'cockpit-figure'}>
        <strong>{formatCount(count, intl.locale)}</strong>
        <span>{children}</span>
      </NavLink>
    </li>
  );
}

function Card({ title, total, to, children }: { title: ReactNode; total?: number; to?: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <section className="shop-card cockpit-card">
      <h2>{title}</h2>
      {total !== undefined && to ? (
        <NavLink to={to} className="cockpit-total">
          {formatCount(total, intl.locale)}
        </NavLink>
      ) : null}
      {children}
    </section>
  );
}

function Figures({ summary }: { summary: AdminSummary }) {
  const intl = useIntl();
  const ages = (of: 'pending' | 'users') =>
    WAITING_AGES.map((age) => (
      <Figure
        key={age}
        to={of === 'pending' ? dashboardLinks.pendingByAge(age) : dashboardLinks.unverifiedByAge(age)}
        count={(of === 'pending' ? summary.pendingQuotations : summary.unverifiedUsers)[AGE_FIELD[age]]}
        alert={age === 'gt24h'}
      >
        <FormattedMessage id={`admin.cockpit.age.${age}`} defaultMessage={AGE_LABEL[age]} />
      </Figure>
    ));
  const since = (at: string | null) =>
    at === null ? null : (
      <p className="cockpit-note">
        <FormattedMessage
          id="admin.cockpit.oldest"
          defaultMessage="Oldest waiting since {time}"
          values={{ time: oldestTime(at, intl.locale) }}
        />
      </p>
    );
  const weeks = weekOnWeek(summary);
  const percent = conversionPercent(summary);
  return (
    <>
      <Card
        title={<FormattedMessage id="admin.cockpit.pending" defaultMessage="Waiting for a price" />}
        total={summary.pendingQuotations.total}
        to={dashboardLinks.pendingQuotations}
      >
        <ul className="cockpit-figures">
          {ages('pending')}
          <Figure to={dashboardLinks.lateQuotations} count={summary.pendingQuotations.late} alert>
            <FormattedMessage id="admin.cockpit.late" defaultMessage="Late (over {hours} h)" values={{ hours: summary.pendingQuotations.replyHours }} />
          </Figure>
        </ul>
        {since(summary.pendingQuotations.oldestAt)}
      </Card>
      <Card
        title={<FormattedMessage id="admin.cockpit.users" defaultMessage="Farmers waiting for verification" />}
        total={summary.unverifiedUsers.total}
        to={dashboardLinks.unverifiedUsers}
      >
        <ul className="cockpit-figures">{ages('users')}</ul>
        {since(summary.unverifiedUsers.oldestAt)}
      </Card>
      <Card
        title={<FormattedMessage id="admin.cockpit.awaiting" defaultMessage="Priced, waiting for the farmer" />}
        total={summary.awaitingFarmer.total}
        to={dashboardLinks.awaitingFarmer}
      >
        <ul className="cockpit-figures">
          <Figure to={dashboardLinks.expiringWithinDay} count={summary.awaitingFarmer.expiringWithinDay} alert>
            <FormattedMessage id="admin.cockpit.expiring" defaultMessage="Ending within a day" />
          </Figure>
        </ul>
      </Card>
      <Card title={<FormattedMessage id="admin.cockpit.orders" defaultMessage="Orders" />}>
        <ul className="cockpit-figures">
          <Figure to={dashboardLinks.ordersDueToday} count={summary.orders.dueToday}>
            <FormattedMessage id="admin.cockpit.dueToday" defaultMessage="Due today" />
          </Figure>
          <Figure to={dashboardLinks.lateOrders} count={summary.orders.late} alert>
            <FormattedMessage id="admin.cockpit.lateOrders" defaultMessage="Late" />
          </Figure>
          {ORDER_STATUSES.map((status) => (
            <Figure key={status} to={dashboardLinks.ordersByStatus(status)} count={summary.orders.byStatus[status]}>
              {orderStatusText(intl, status)}
            </Figure>
          ))}
        </ul>
      </Card>
      <Card title={<FormattedMessage id="admin.cockpit.conversion" defaultMessage="Priced in the last 30 days" />}>
        <p className="cockpit-note">
          <FormattedMessage
            id="admin.cockpit.conversionLine"
            defaultMessage="{priced} priced, {ordered} ordered"
            values={{ priced: formatCount(summary.conversion30d.priced, intl.locale), ordered: formatCount(summary.conversion30d.ordered, intl.locale) }}
          />
          {percent === null ? null : (
            <>
              {' · '}
              <FormattedMessage id="admin.cockpit.conversionPercent" defaultMessage="{percent}% of them ordered" values={{ percent }} />
            </>
          )}
        </p>
        <ul className="cockpit-figures">
          <Figure to={dashboardLinks.ordered} count={summary.conversion30d.ordered}>
            <FormattedMessage id="admin.cockpit.ordered" defaultMessage="Ordered" />
          </Figure>
          <Figure to={dashboardLinks.declined} count={summary.conversion30d.declined}>
            <FormattedMessage id="admin.cockpit.declined" defaultMessage="Declined" />
          </Figure>
          <Figure to={dashboardLinks.expired} count={summary.conversion30d.expired}>
            <FormattedMessage id="admin.cockpit.expired" defaultMessage="Expired" />
          </Figure>
        </ul>
        <p className="cockpit-note">
          {DECLINE_REASONS.map((reason) => `${intl.formatMessage({ id: `shop.decline.reason.${reason}`, defaultMessage: REASON_LABEL[reason] })}: ${summary.conversion30d.declineReasons[reason]}`).join(' · ')}
        </p>
      </Card>
      <Card title={<FormattedMessage id="admin.cockpit.revenue" defaultMessage="Ordered totals, last 12 weeks" />}>
        <RevenueChart bars={revenueBars(summary)} label={intl.formatMessage({ id: 'admin.cockpit.revenueChart', defaultMessage: 'Ordered totals by week, oldest first' })} />
        <div className="cockpit-weeks">
          <span>
            <FormattedMessage id="admin.cockpit.thisWeek" defaultMessage="This week: {total}" values={{ total: formatPaisa(weeks.thisWeekPaisa) }} />
          </span>
          <span className="admin-muted">
            <FormattedMessage id="admin.cockpit.lastWeek" defaultMessage="Last week: {total}" values={{ total: formatPaisa(weeks.lastWeekPaisa) }} />
          </span>
        </div>
      </Card>
    </>
  );
}

export function Cockpit({ snapshot, send }: ChartView<'adminDashboard'>) {
  const summary = snapshot.context.summary;
  return (
    <div className="cockpit" aria-busy={snapshot.hasTag('loading') || snapshot.hasTag('refreshing')}>
      <ListStatus
        loading={snapshot.hasTag('loading')}
        failed={
          !snapshot.hasTag('fetchFailed') ? null : summary ? (
            <FormattedMessage id="admin.cockpit.stale" defaultMessage="These figures may be out of date: the last update failed." />
          ) : (
            <FormattedMessage id="admin.cockpit.failed" defaultMessage="The figures could not be loaded." />
          )
        }
        empty={false}
        onRetry={() => send({ type: 'dashboard.reload' })}
      />
      {summary ? <Figures summary={summary} /> : null}
    </div>
  );
}
