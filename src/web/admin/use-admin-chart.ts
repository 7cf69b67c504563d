/**
 * The open admin screen's chart: the app spawns it into its one actor system while the session shows the
 * screen (machines/screen-charts.ts, DECISIONS 004), so it is undefined only for the moment before that.
 */
import type { ActorRefFrom } from 'xstate';
import type { adminOrdersMachine } from '../../../machines/admin-orders.machine';
import type { adminQuotationsMachine } from '../../../machines/admin-quotations.machine';
import type { adminSkusMachine } from '../../../machines/admin-skus.machine';
import type { adminUsersMachine } from '../../../machines/admin-users.machine';
import type { AdminChartId } from '../../../machines/screen-charts';
import { AppActorContext } from '../app-context';

export interface AdminChartRefs {
  adminUsers: ActorRefFrom<typeof adminUsersMachine>;
  adminSkus: ActorRefFrom<typeof adminSkusMachine>;
  adminQuotations: ActorRefFrom<typeof adminQuotationsMachine>;
  adminOrders: ActorRefFrom<typeof adminOrdersMachine>;
}

export function useAdminChart<K extends AdminChartId>(id: K): AdminChartRefs[K] | undefined {
  return AppActorContext.useSelector((s) => (s.children as Record<string, unknown>)[id] as AdminChartRefs[K] | undefined);
}
