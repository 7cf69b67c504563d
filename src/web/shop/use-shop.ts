/** Hooks the shop screens use to reach the app's shop children, the open screen's chart and the user. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { cartMachine } from '../../../machines/cart.machine';
import type { outboxMachine } from '../../../machines/outbox.machine';
import type { catalogueMachine } from '../../../machines/catalogue.machine';
import type { orderTrackingMachine } from '../../../machines/order-tracking.machine';
import type { quotationDetailMachine } from '../../../machines/quotation-detail.machine';
import type { quotationListMachine } from '../../../machines/quotation-list.machine';
import type { quotationStoreMachine } from '../../../machines/quotation-store.machine';
import type { ScreenChartId } from '../../../machines/screen-charts';
import type { ClientUser } from '../../domain/client-user';
import { AppActorContext } from '../app-context';
import { useSession } from '../shell/use-actors';

export type CartActorRef = ActorRefFrom<typeof cartMachine>;
export type CatalogueActorRef = ActorRefFrom<typeof catalogueMachine>;
export type QuotationStoreActorRef = ActorRefFrom<typeof quotationStoreMachine>;

function useChild<T>(systemId: string): T {
  const ref = AppActorContext.useSelector((s) => (s.children as Record<string, unknown>)[systemId]);
  if (!ref) throw new Error(`The ${systemId} actor is not running`);
  return ref as T;
}

export const useCart = (): CartActorRef => useChild<CartActorRef>('cart');
export const useCatalogue = (): CatalogueActorRef => useChild<CatalogueActorRef>('catalogue');
export const useQuotationStore = (): QuotationStoreActorRef => useChild<QuotationStoreActorRef>('quotations');
export type OutboxActorRef = ActorRefFrom<typeof outboxMachine>;
/** The outbox, once the app has loaded it after the first screen (undefined until then). */
export const useOutbox = (): OutboxActorRef | undefined =>
  AppActorContext.useSelector((s) => Object.values(s.children as Record<string, { systemId?: string } | undefined>).find((c) => c?.systemId === 'outbox') as OutboxActorRef | undefined);

export interface ScreenChartRefs {
  quotationList: ActorRefFrom<typeof quotationListMachine>;
  quotationDetail: ActorRefFrom<typeof quotationDetailMachine>;
  orderTracking: ActorRefFrom<typeof orderTrackingMachine>;
}

/**
 * The open screen's chart: the app spawns it into its system when the session shows the screen
 * (machines/screen-charts.ts), so it is undefined only for the moment before that.
 */
export function useScreenChart<K extends ScreenChartId>(id: K): ScreenChartRefs[K] | undefined {
  return AppActorContext.useSelector((s) => (s.children as Record<string, unknown>)[id] as ScreenChartRefs[K] | undefined);
}

export function useUser(): ClientUser {
  return useSelector(useSession(), (s) => s.context.user);
}
