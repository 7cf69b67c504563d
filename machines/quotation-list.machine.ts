/**
 * The quotation list on /request (SPEC §2, §7): two parallel regions.
 * - `poll`: GET /quotations now and every POLL_MS; `paused` while the page is hidden (the injected
 *   `visibility` actor reports it); the screen stops the actor when it closes, which ends polling.
 * - `removal`: a farmer's delete, allowed only where the quotation lifecycle lets a farmer delete
 *   (PENDING), asks for confirmation, then DELETE /quotations/{id}; a 200 marks it DELETED in place.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { POLL_MS } from '../src/domain/constants';
import type { Quotation } from '../src/domain/types';
import { farmerMayDelete, nextQuotationStatus } from './quotation-lifecycle.machine';

export interface QuotationListContext {
  quotations: Quotation[];
  /** The quotation the confirm dialog asks about. */
  confirming: Quotation | null;
}

export type PageVisibilityEvent = { type: 'page.hidden' } | { type: 'page.visible' };

export type QuotationListEvent =
  | PageVisibilityEvent
  | { type: 'quotation.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

/** What a call that changes a quotation answered: its HTTP status. */
export interface StatusResult {
  status: number;
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the caller`);
};

/** May the farmer delete this quotation now (the delete icon shows only then)? */
export const mayDeleteQuotation = (quotation: Quotation): boolean =>
  quotation.skusDetail.length > 0 && farmerMayDelete(quotation.status);

/** Reports `page.hidden` / `page.visible`; the web app listens to `document.visibilityState`. */
export const silentVisibility = fromCallback<PageVisibilityEvent>(() => undefined);

export const quotationListMachine = setup({
  types: {
    context: {} as QuotationListContext,
    events: {} as QuotationListEvent,
    input: {} as { quotations?: Quotation[] } | undefined,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    fetchQuotations: fromPromise<Quotation[]>(notProvided('fetchQuotations')),
    deleteQuotation: fromPromise<StatusResult, { id: string }>(notProvided('deleteQuotation')),
    visibility: silentVisibility,
  },
  delays: { POLL: POLL_MS },
  guards: {
    mayDelete: ({ context, event }) => {
      if (event.type !== 'quotation.delete') return false;
      const quotation = context.quotations.find((q) => q._id === event.id);
      return quotation !== undefined && mayDeleteQuotation(quotation);
    },
    stillDeletable: ({ context }) => {
      const current = context.quotations.find((q) => q._id === context.confirming?._id);
      return current !== undefined && mayDeleteQuotation(current);
    },
    isOk: (_, params: { status: number }) => params.status === 200,
  },
  actions: {
    setConfirming: assign({
      confirming: ({ context, event }) =>
        event.type === 'quotation.delete' ? (context.quotations.find((q) => q._id === event.id) ?? null) : null,
    }),
    clearConfirming: assign({ confirming: null }),
    markDeleted: assign({
      quotations: ({ context }) =>
        context.quotations.map((q) => {
          if (q._id !== context.confirming?._id) return q;
          return { ...q, status: nextQuotationStatus(q.status, { type: 'farmer.delete' }) ?? q.status };
        }),
    }),
    // Injected: keeps the persisted quotation slice in step with what the server said.
    storeQuotations: (_, _params: { quotations: Quotation[] }) => {},
  },
}).createMachine({
  id: 'quotationList',
  context: ({ input }) => ({ quotations: input?.quotations ?? [], confirming: null }),
  invoke: { id: 'visibility', src: 'visibility' },
  type: 'parallel',
  states: {
    poll: {
      initial: 'fetching',
      on: { 'page.hidden': '.paused' },
      states: {
        fetching: {
          tags: ['loading'],
          invoke: {
            id: 'fetchQuotations',
            src: 'fetchQuotations',
            onDone: {
              target: 'waiting',
              actions: [
                assign({ quotations: ({ event }) => event.output }),
                { type: 'storeQuotations', params: ({ event }) => ({ quotations: event.output }) },
              ],
            },
            onError: { target: 'waiting' },
          },
        },
        waiting: { after: { POLL: 'fetching' } },
        paused: { on: { 'page.visible': 'fetching' } },
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: { on: { 'quotation.delete': { guard: 'mayDelete', target: 'confirming', actions: 'setConfirming' } } },
        confirming: {
          on: {
            // The poll may have brought a priced quotation meanwhile: then there is nothing to delete.
            'delete.confirm': [{ guard: 'stillDeletable', target: 'deleting' }, { target: 'idle', actions: 'clearConfirming' }],
            'delete.cancel': { target: 'idle', actions: 'clearConfirming' },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteQuotation',
            src: 'deleteQuotation',
            input: ({ context }) => ({ id: context.confirming?._id ?? '' }),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ status: event.output.status }) },
                target: 'idle',
                actions: ['markDeleted', 'clearConfirming'],
              },
              { target: 'idle', actions: 'clearConfirming' },
            ],
            onError: { target: 'idle', actions: 'clearConfirming' },
          },
        },
      },
    },
  },
});
