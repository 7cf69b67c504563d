/**
 * The quotation lifecycle (SPEC §4, DECISIONS §1): one chart for every status and every move.
 * A farmer may delete a PENDING quotation and order from a COMPLETED one; an admin may set any status.
 * The server checks every move against this chart (`nextQuotationStatus`), and the views ask it what
 * a farmer may do (`snapshot.can`), so both read the same rules.
 */
import { getNextSnapshot, setup } from 'xstate';
import type { QuotationStatus } from '../src/domain/types';

export type QuotationLifecycleEvent =
  | { type: 'farmer.delete' }
  | { type: 'farmer.placeOrder' }
  | { type: 'admin.setStatus'; status: QuotationStatus };

const adminMoves = {
  'admin.setStatus': [
    { guard: { type: 'isTarget', params: { status: 'PENDING' } }, target: '.PENDING' },
    { guard: { type: 'isTarget', params: { status: 'COMPLETED' } }, target: '.COMPLETED' },
    { guard: { type: 'isTarget', params: { status: 'ORDERED' } }, target: '.ORDERED' },
    { guard: { type: 'isTarget', params: { status: 'DELETED' } }, target: '.DELETED' },
    { guard: { type: 'isTarget', params: { status: 'EXPIRED' } }, target: '.EXPIRED' },
  ],
} as const;

export const quotationLifecycleMachine = setup({
  types: {
    events: {} as QuotationLifecycleEvent,
  },
  guards: {
    isTarget: ({ event }, params: { status: QuotationStatus }) =>
      event.type === 'admin.setStatus' && event.status === params.status,
  },
}).createMachine({
  id: 'quotationLifecycle',
  initial: 'PENDING',
  // Admin moves live on the root so any status can go to any status.
  on: adminMoves,
  states: {
    PENDING: { on: { 'farmer.delete': 'DELETED' } },
    COMPLETED: { on: { 'farmer.placeOrder': 'ORDERED' } },
    ORDERED: {},
    DELETED: {},
    EXPIRED: {},
  },
});

/** The snapshot of the lifecycle standing at `status`. */
export function quotationLifecycleAt(status: QuotationStatus) {
  return quotationLifecycleMachine.resolveState({ value: status });
}

/** The status `event` leads to from `status`, or null when the chart refuses the move. */
export function nextQuotationStatus(status: QuotationStatus, event: QuotationLifecycleEvent): QuotationStatus | null {
  const snapshot = quotationLifecycleAt(status);
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(quotationLifecycleMachine, snapshot, event).value as QuotationStatus;
}

/** May a farmer send this move now? The views use it to show or hide the action. */
export const farmerMayDelete = (status: QuotationStatus) => quotationLifecycleAt(status).can({ type: 'farmer.delete' });
export const farmerMayPlaceOrder = (status: QuotationStatus) =>
  quotationLifecycleAt(status).can({ type: 'farmer.placeOrder' });
