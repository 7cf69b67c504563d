/**
 * The order lifecycle (SPEC §4 Order status, DECISIONS §1 Orders): an order starts at
 * CONFIRMATION_PENDING and an admin may set any status from any status. The admin screen and the
 * server ask this chart (`nextOrderStatus`) rather than keeping their own table. A delivered order is
 * where the farmer may report a problem (`farmerMayReportProblem`).
 */
import { getNextSnapshot, setup } from 'xstate';
import { ORDER_STATUSES, type OrderStatus, type OrderStatusChange } from '../src/domain/types';

export type OrderLifecycleEvent = { type: 'admin.setStatus'; status: OrderStatus };

const adminMoves = {
  'admin.setStatus': ORDER_STATUSES.map((status) => ({
    guard: { type: 'isTarget' as const, params: { status } },
    target: `.${status}`,
  })),
};

export const orderLifecycleMachine = setup({
  types: { events: {} as OrderLifecycleEvent, tags: {} as 'problemReportable' },
  guards: {
    isTarget: ({ event }, params: { status: OrderStatus }) => event.status === params.status,
  },
}).createMachine({
  id: 'orderLifecycle',
  initial: 'CONFIRMATION_PENDING',
  // Admin moves live on the root so any status can go to any status.
  on: adminMoves,
  // Each status's English name (SPEC §4), the one the farmer's tracker shows untranslated.
  states: {
    CONFIRMATION_PENDING: { meta: { label: 'Confirmation Pending' } },
    ORDER_CONFIRMED: { meta: { label: 'Order Confirmed' } },
    MATERIAL_LOADED: { meta: { label: 'Material Loaded' } },
    IN_TRANSIT: { meta: { label: 'In Transit' } },
    // Only what has arrived can be short, wet or wrong: the farmer reports a problem from here.
    DELIVERED: { meta: { label: 'Delivered' }, tags: ['problemReportable'] },
  },
});

/** The status's English name, from the chart's state. */
export const orderStatusLabel = (status: OrderStatus): string =>
  (orderLifecycleMachine.states[status]!.meta as { label: string }).label;

/**
 * When each status now reached was reached, from the order's moves (oldest first): a move to a status
 * dates every step up to it not dated yet (an admin may skip steps), and undoes the dates of the steps
 * after it (an admin may move an order back). Steps never dated are absent.
 */
export function reachedAt(history: readonly OrderStatusChange[]): Partial<Record<OrderStatus, string>> {
  const dates: Partial<Record<OrderStatus, string>> = {};
  for (const move of history) {
    const reached = ORDER_STATUSES.indexOf(move.status);
    ORDER_STATUSES.forEach((status, index) => {
      if (index > reached) delete dates[status];
      else dates[status] ??= move.at;
    });
  }
  return dates;
}

export function orderLifecycleAt(status: OrderStatus) {
  return orderLifecycleMachine.resolveState({ value: status });
}

/** The status `event` leads to from `status`, or null when the chart refuses the move. */
export function nextOrderStatus(status: OrderStatus, event: OrderLifecycleEvent): OrderStatus | null {
  const snapshot = orderLifecycleAt(status);
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(orderLifecycleMachine, snapshot, event).value as OrderStatus;
}

/** May the farmer report a problem with an order at `status` (the server's rule and the tracker's button)? */
export const farmerMayReportProblem = (status: OrderStatus): boolean => orderLifecycleAt(status).hasTag('problemReportable');
