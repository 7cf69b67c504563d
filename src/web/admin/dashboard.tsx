/**
 * /admin (SPEC §2): the back office's figures (the `adminDashboard` chart, ./cockpit.tsx) above the four
 * admin sections. Each link asks the session to navigate, so the guards decide.
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ROUTES } from '../../domain/routes';
import { Loading } from '../shell/loading';
import { NavLink } from '../shop/nav-link';
import { AdminLayout } from './admin-layout';
import { Cockpit } from './cockpit';
import { useAdminChart, type AdminChartRefs } from './use-admin-chart';

function ShownCockpit({ chart }: { chart: AdminChartRefs['adminDashboard'] }) {
  const snapshot = useSelector(chart, (s) => s);
  return <Cockpit snapshot={snapshot} send={chart.send} />;
}

const SECTIONS = [
  { to: ROUTES.adminUsers, id: 'admin.dashboard.users', label: 'Manage Users', hintId: 'admin.dashboard.usersHint', hint: 'Verify farmers and see their details' },
  { to: ROUTES.adminSkus, id: 'admin.dashboard.skus', label: 'Manage SKUs', hintId: 'admin.dashboard.skusHint', hint: 'Add products and edit stock, prices and images' },
  { to: ROUTES.adminQuotations, id: 'admin.dashboard.quotations', label: 'Manage Quotations', hintId: 'admin.dashboard.quotationsHint', hint: 'Price requests and set their status' },
  { to: ROUTES.adminOrders, id: 'admin.dashboard.orders', label: 'Manage Orders', hintId: 'admin.dashboard.ordersHint', hint: 'Move orders along and record payments' },
] as const;

export default function AdminDashboardScreen() {
  const intl = useIntl();
  const chart = useAdminChart('adminDashboard');
  return (
    <AdminLayout title={intl.formatMessage({ id: 'admin.dashboard.title', defaultMessage: 'Admin Dashboard' })} up={ROUTES.home}>
      {chart ? <ShownCockpit chart={chart} /> : <Loading />}
      <nav aria-label={intl.formatMessage({ id: 'admin.dashboard.title', defaultMessage: 'Admin Dashboard' })}>
        <ul className="admin-dashboard">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} className="shop-card admin-dashboard-link">
                <strong>
                  <FormattedMessage id={section.id} defaultMessage={section.label} />
                </strong>
                <span className="admin-muted">
                  <FormattedMessage id={section.hintId} defaultMessage={section.hint} />
                </span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </AdminLayout>
  );
}
