/**
 * The quotation list on /request (SPEC §2, §7; paged as DECISIONS §5 rules lists): three parallel regions.
 * - `poll`: the first page of GET /quotations now and every POLL_MS (the server's ETag answers a 304
 *   while nothing changed); `paused` while the page is hidden (the injected `visibility` actor
 *   reports it); the screen stops the actor when it closes, which ends polling. A fresh first page
 *   takes the place of the rows it holds and keeps the further pages already listed below it.
 * - `more`: `list.more` (the farmer scrolled to the end, or tapped 'Load more') loads the page after
 *   the last listed row through the server's cursor; a row listed already is not listed twice.
 * - `removal`: a farmer's delete, allowed only where the quotation lifecycle lets a farmer delete
 *   (PENDING), asks for confirmation, then DELETE /quotations/{id}; a 200 marks it DELETED in place.
 *   A delete the outbox keeps for later leaves the row as it is: the outbox shows it waiting.
 * A write the outbox sent shows at once: its quotation takes its row, or heads the list when new
 * (`quotation.arrived`), or the first page is read now (`list.refresh`, after an order).
 */
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { POLL_MS } from '../src/domain/constants';
import type { WriteResult } from '../src/domain/api';
import type { Quotation } from '../src/domain/types';
import { firstPage, nextPage, type Page, type PagedRows } from './admin-list';
import type { OutboxSnapshot } from './outbox.machine';
import { farmerMayDelete, nextQuotationStatus } from './quotation-lifecycle.machine';

export interface QuotationListContext {
  /** The rows listed: the first page and every further page loaded, newest first. */
  quotations: Quotation[];
  /** Where the next page starts (the server's opaque cursor); null when every row is listed. */
  nextCursor: string | null;
  /** How many quotations the farmer has in all (the server's `total`); null before the first answer. */
  total: number | null;
  /** The quotation the confirm dialog asks about. */
  confirming: Quotation | null;
}

export type PageVisibilityEvent = { type: 'page.hidden' } | { type: 'page.visible' };

export type QuotationListEvent =
  | PageVisibilityEvent
  | { type: 'list.more' }
  | { type: 'quotation.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** The outbox sent a write and the server answered with this quotation (made, or deleted). */
  | { type: 'quotation.arrived'; quotation: Quotation }
  /** The outbox sent a write whose answer is no quotation (an order): the first page is read now. */
  | { type: 'list.refresh' };

/** What a page load asks GET /quotations: null for the first page. */
export interface QuotationPageRequest {
  cursor: string | null;
}


const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the caller`);
};

/** May the farmer delete this quotation now (the chart's `quotation.delete` guard)? */
export const mayDeleteQuotation = (quotation: Quotation): boolean =>
  quotation.skusDetail.length > 0 && farmerMayDelete(quotation.status);

/**
 * A fresh first page over the rows listed: its rows replace theirs at the top; rows listed beyond it
 * (further pages the farmer loaded) stay below, and so does the cursor after them. Rows beyond it
 * stay only with a way on after them, a cursor or every row listed: the rows the phone restored (the
 * last first page stored, a quotation just made or opened) came without their cursor, so with them
 * the fresh page is taken whole and its own cursor leads on.
 */
export function refreshFirstPage<T extends { _id: string }>(listed: PagedRows<T>, page: Page<T>): PagedRows<T> {
  const merged = nextPage(page.data, { data: listed.rows, nextCursor: listed.nextCursor, total: page.total });
  const leadsOn = merged.nextCursor !== null || merged.rows.length >= page.total;
  return merged.rows.length > page.data.length && leadsOn ? merged : firstPage(page);
}

const listedOf = (context: QuotationListContext): PagedRows<Quotation> => ({
  rows: context.quotations,
  nextCursor: context.nextCursor,
  total: context.total ?? 0,
});

const rowsToContext = (rows: PagedRows<Quotation>) => ({ quotations: rows.rows, nextCursor: rows.nextCursor, total: rows.total });

/** Reports `page.hidden` / `page.visible`; the web app listens to `document.visibilityState`. */
export const silentVisibility = fromCallback<PageVisibilityEvent>(() => undefined);

export const quotationListMachine = setup({
  types: {
    context: {} as QuotationListContext,
    events: {} as QuotationListEvent,
    input: {} as { quotations?: Quotation[] } | undefined,
    tags: {} as 'loading' | 'loadingMore' | 'moreFailed' | 'busy',
  },
  actors: {
    fetchQuotations: fromPromise<Page<Quotation>, QuotationPageRequest>(notProvided('fetchQuotations')),
    deleteQuotation: fromPromise<WriteResult, { id: string }>(notProvided('deleteQuotation')),
    visibility: silentVisibility,
  },
  delays: { POLL: POLL_MS },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    mayDelete: ({ context, event }) => {
      if (event.type !== 'quotation.delete') return false;
      const quotation = context.quotations.find((q) => q._id === event.id);
      return quotation !== undefined && mayDeleteQuotation(quotation);
    },
    stillDeletable: ({ context }) => {
      const current = context.quotations.find((q) => q._id === context.confirming?._id);
      return current !== undefined && mayDeleteQuotation(current);
    },
    // A delete kept in the outbox is not done yet: the card stays as the server has it, the outbox shows the wait.
    isDoneOnServer: (_, params: WriteResult) => params.outcome === 'done' && params.queued !== true,
  },
  actions: {
    setConfirming: assign({
      confirming: ({ context, event }) =>
        event.type === 'quotation.delete' ? (context.quotations.find((q) => q._id === event.id) ?? null) : null,
    }),
    clearConfirming: assign({ confirming: null }),
    takeArrived: assign(({ context, event }) => {
      if (event.type !== 'quotation.arrived') return {};
      const listed = context.quotations.some((q) => q._id === event.quotation._id);
      return listed
        ? { quotations: context.quotations.map((q) => (q._id === event.quotation._id ? event.quotation : q)) }
        : { quotations: [event.quotation, ...context.quotations], total: context.total === null ? null : context.total + 1 };
    }),
    markDeleted: assign({
      quotations: ({ context }) =>
        context.quotations.map((q) => {
          if (q._id !== context.confirming?._id) return q;
          return { ...q, status: nextQuotationStatus(q.status, { type: 'farmer.delete' }) ?? q.status };
        }),
    }),
    // Injected: keeps the persisted quotation slice in step with the first page the server sent.
    storeQuotations: (_, _params: { quotations: Quotation[] }) => {},
  },
}).createMachine({
  id: 'quotationList',
  context: ({ input }) => ({ quotations: input?.quotations ?? [], nextCursor: null, total: null, confirming: null }),
  invoke: { id: 'visibility', src: 'visibility' },
  on: { 'quotation.arrived': { actions: 'takeArrived' } },
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
            input: { cursor: null },
            onDone: {
              target: 'waiting',
              actions: [
                assign(({ context, event }) => rowsToContext(refreshFirstPage(listedOf(context), event.output))),
                { type: 'storeQuotations', params: ({ event }) => ({ quotations: event.output.data }) },
              ],
            },
            onError: { target: 'waiting' },
          },
        },
        waiting: { after: { POLL: 'fetching' }, on: { 'list.refresh': 'fetching' } },
        paused: { on: { 'page.visible': 'fetching' } },
      },
    },
    more: {
      initial: 'idle',
      states: {
        idle: { on: { 'list.more': { guard: 'hasMore', target: 'loading' } } },
        loading: {
          tags: ['loadingMore'],
          invoke: {
            id: 'fetchMoreQuotations',
            src: 'fetchQuotations',
            input: ({ context }) => ({ cursor: context.nextCursor }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => rowsToContext(nextPage(context.quotations, event.output))),
            },
            onError: { target: 'failed' },
          },
        },
        // The farmer may try again ('Load more' stays on screen).
        failed: { tags: ['moreFailed'], on: { 'list.more': { guard: 'hasMore', target: 'loading' } } },
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
                guard: { type: 'isDoneOnServer', params: ({ event }) => event.output },
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

type QuotationListSnapshot = SnapshotFrom<typeof quotationListMachine>;

/** The count /request shows: the server's total once it answered, until then the rows listed. */
export const quotationCount = (snapshot: QuotationListSnapshot): number => snapshot.context.total ?? snapshot.context.quotations.length;

/** Are there rows the server holds beyond those listed ('Load more' and the scroll sentinel show then)? */
export const hasMoreQuotations = (snapshot: QuotationListSnapshot): boolean => snapshot.context.nextCursor !== null;

/** Does the card offer its delete icon: the chart allows it and no delete or order for it waits in the outbox. */
export const offersDeleteOf = (list: QuotationListSnapshot, outbox: OutboxSnapshot | undefined, id: string): boolean =>
  list.can({ type: 'quotation.delete', id }) && !(outbox?.context.items.some((i) => i.quotationId === id) ?? false);

/**
 * The line /request shows where the list is empty: 'loading' while the first page is on its way,
 * 'empty' ("No quotations yet") once the server says there are none, and nothing while the outbox
 * shows the farmer's writes waiting for the network: a request the farmer just made is no "none".
 */
export const emptyListNote = (list: QuotationListSnapshot, outbox: OutboxSnapshot | undefined): 'loading' | 'empty' | null => {
  if (list.context.quotations.length > 0 || (outbox?.context.items.length ?? 0) > 0) return null;
  return list.hasTag('loading') ? 'loading' : 'empty';
};
