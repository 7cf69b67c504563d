/**
 * The order lifecycle (SPEC §4 Order status, DECISIONS §1 Orders): an order starts at
 * CONFIRMATION_PENDING and an admin may set any status from any status. The admin screen and the
 * server ask this chart (`nextOrderStatus`) rather than keeping their own table.
 */
import { getNextSnapshot, setup } from 'xstate';
import { ORDER_STATUSES, type OrderStatus } from '../src/domain/types';

export type OrderLifecycleEvent = { type: 'admin.setStatus'; status: OrderStatus };

const adminMoves = {
  'admin.setStatus': ORDER_STATUSES.map((status) => ({
    guard: { type: 'isTarget' as const, params: { status } },
    target: `.${status}`,
  })),
};

export const orderLifecycleMachine = setup({
  types: { events: {} as OrderLifecycleEvent },
  guards: {
    isTarget: ({ event }, params: { status: OrderStatus }) => event.status === params.status,
  },
}).createMachine({
  id: 'orderLifecycle',
  initial: 'CONFIRMATION_PENDING',
  // Admin moves live on the root so any status can go to any status.
  on: adminMoves,
  states: {
    CONFIRMATION_PENDING: {},
    ORDER_CONFIRMED: {},
    MATERIAL_LOADED: {},
    IN_TRANSIT: {},
    DELIVERED: {},
  },
});

export function orderLifecycleAt(status: OrderStatus) {
  return orderLifecycleMachine.resolveState({ value: status });
}

/** The status `event` leads to from `status`, or null when the chart refuses the move. */
export function nextOrderStatus(status: OrderStatus, event: OrderLifecycleEvent): OrderStatus | null {
  const snapshot = orderLifecycleAt(status);
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(orderLifecycleMachine, snapshot, event).value as OrderStatus;
}
