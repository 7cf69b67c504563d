/**
 * The client's quotation slice (SPEC §4 Client state): set replaces the list, update replaces the
 * one with the same `_id` (or appends it), empty resets. It lives as the app's `quotations` child so
 * the slice is persisted and restored; the polling screens write into it and start from it.
 */
import { assign, fromCallback, setup } from 'xstate';
import type { Quotation } from '../src/domain/types';

export type QuotationStoreEvent =
  | { type: 'quotations.set'; quotations: Quotation[] }
  | { type: 'quotations.update'; quotation: Quotation }
  | { type: 'quotations.empty' };

export function upsertQuotation(list: readonly Quotation[], quotation: Quotation): Quotation[] {
  const at = list.findIndex((q) => q._id === quotation._id);
  return at === -1 ? [...list, quotation] : list.map((q, index) => (index === at ? quotation : q));
}

export const quotationStoreMachine = setup({
  types: {
    context: {} as { quotations: Quotation[] },
    events: {} as QuotationStoreEvent,
    input: {} as { quotations?: Quotation[] } | undefined,
  },
  actors: {
    // Injected: sends `quotations.empty` when the farmer logs out, so the next one sees none of them.
    logoutWatch: fromCallback(() => undefined),
  },
}).createMachine({
  id: 'quotationStore',
  context: ({ input }) => ({ quotations: input?.quotations ?? [] }),
  invoke: { id: 'logoutWatch', src: 'logoutWatch' },
  on: {
    'quotations.set': { actions: assign({ quotations: ({ event }) => event.quotations }) },
    'quotations.update': {
      actions: assign({ quotations: ({ context, event }) => upsertQuotation(context.quotations, event.quotation) }),
    },
    'quotations.empty': { actions: assign({ quotations: () => [] }) },
  },
});

/** The cached quotation a link names, by internal or display id. */
export const cachedQuotation = (quotations: readonly Quotation[], id: string): Quotation | null =>
  quotations.find((q) => q._id === id || q.quotationDisplayId === id) ?? null;
