/**
 * The admin screens' charts, by the id each runs under (./screen-charts). Only an admin's session
 * loads this module: the app chart imports it when the session first shows an admin screen, so a
 * farmer's phone never downloads or evaluates these charts.
 */
import type { AnyActorLogic } from 'xstate';
import { adminDashboardMachine } from './admin-dashboard.machine';
import { adminOrdersMachine } from './admin-orders.machine';
import { adminQuotationsMachine } from './admin-quotations.machine';
import { adminSkusMachine } from './admin-skus.machine';
import { adminUsersMachine } from './admin-users.machine';
import type { AdminChartId } from './screen-charts';

export type AdminCharts = Readonly<Record<AdminChartId, AnyActorLogic>>;

export const adminCharts = {
  adminDashboard: adminDashboardMachine,
  adminUsers: adminUsersMachine,
  adminSkus: adminSkusMachine,
  adminQuotations: adminQuotationsMachine,
  adminOrders: adminOrdersMachine,
} satisfies AdminCharts;
