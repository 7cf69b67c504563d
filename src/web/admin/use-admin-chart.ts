/**
 * The open admin screen's chart: the app spawns it into its one actor system while the session shows the
 * screen (machines/screen-charts.ts, DECISIONS 004), once the admin charts have loaded: undefined until then.
 */
import type { ActorRefFrom } from 'xstate';
import type { adminDashboardMachine } from '../../../machines/admin-dashboard.machine';
import type { adminOrdersMachine } from '../../../machines/admin-orders.machine';
import type { adminQuotationsMachine } from '../../../machines/admin-quotations.machine';
import type { adminSkusMachine } from '../../../machines/admin-skus.machine';
import type { adminUsersMachine } from '../../../machines/admin-users.machine';
import type { AdminChartId } from '../../../machines/screen-charts';
import { AppActorContext } from '../app-context';

export interface AdminChartRefs {
  adminDashboard: ActorRefFrom<typeof adminDashboardMachine>;
  adminUsers: ActorRefFrom<typeof adminUsersMachine>;
  adminSkus: ActorRefFrom<typeof adminSkusMachine>;
  adminQuotations: ActorRefFrom<typeof adminQuotationsMachine>;
  adminOrders: ActorRefFrom<typeof adminOrdersMachine>;
}

export function useAdminChart<K extends AdminChartId>(id: K): AdminChartRefs[K] | undefined {
  const app = AppActorContext.useActorRef();
  // The app runs the screen's chart under its systemId once the admin charts have loaded.
  const running = AppActorContext.useSelector((s) => s.context.adminScreen === id);
  return running ? (app.system.get(id) as AdminChartRefs[K] | undefined) : undefined;
}
