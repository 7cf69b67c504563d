/**
 * /admin/orders (SPEC §2, §3 Order admin list, §6, §8): every order, searched on the server by its number,
 * its quotation's QT number, the farmer's name or mobile (machines/admin-list.ts: debounced, paged); one
 * opens in a bottom sheet with its items read-only; after Edit the admin sets the status (any of the five),
 * the amount paid, typed in rupees and sent as a whole number of paisa, and the expected delivery date.
 *
 *   loading ─┬─> browsing ──open──> sheet.viewing ──edit──> sheet.editing ──save──> sheet.saving
 *            └─> loadFailed ──reload──> loading
 *   browsing: idle ──more──> more (next page appended); search → debouncing ──500 ms──> loading
 *   saving: saved → loading (the list reloads, the sheet closes); 409 → sheet.reloading (the order is
 *   found again by its number) → sheet.conflict (the reloaded order, 'Failed to save order.', and the admin's own changes to re-apply); any other failure →
 *   sheet.editing.failed with the draft intact.
 */
import { assign, setup } from 'xstate';
import type { OrderUpdateBody } from '../src/domain/api';
import { paisaToRupeesInput, priceDetails, rupeesToPaisa } from '../src/domain/money';
import type { AuditEntry, Order, OrderStatus } from '../src/domain/types';
import { firstPage, nextPage, refreshRows, SEARCH_DELAY_MS, type Page, type PageQuery } from './admin-list';
import { changesFlat, notProvided, reapplyFlat, wasConflict, type Refused, type SaveOutcome } from './admin-sheet';

export interface OrderDraft {
  version: number;
  status: OrderStatus;
  /** Rupees as typed. */
  amountPaid: string;
  /** `YYYY-MM-DD` as the date field gives it; '' for none. */
  expectedDeliveryDate: string;
}

export interface AdminOrdersContext {
  orders: Order[];
  /** The next page's cursor (null at the end) and how many orders the search finds in all. */
  nextCursor: string | null;
  total: number;
  query: string;
  openId: string | null;
  /** The open order's audit trail, oldest first (null while it loads), and whether it failed to load. */
  history: AuditEntry[] | null;
  historyFailed: boolean;
  draft: OrderDraft | null;
  /** The values the current edit started from: what the admin changed is the draft's difference to them. */
  editBase: OrderDraft | null;
  /** The save a 409 refused, kept beside the reloaded order until re-applied or dropped. */
  refused: Refused<OrderDraft> | null;
}

export type AdminOrdersEvent =
  | { type: 'search.change'; query: string }
  | { type: 'list.reload' }
  | { type: 'list.more' }
  | { type: 'order.open'; id: string }
  | { type: 'sheet.close' }
  | { type: 'order.edit' }
  | { type: 'draft.status'; status: OrderStatus }
  | { type: 'draft.amountPaid'; value: string }
  | { type: 'draft.expectedDelivery'; value: string }
  | { type: 'order.save' }
  | { type: 'draft.reapply' };

export interface SaveOrderInput {
  id: string;
  body: OrderUpdateBody;
}

const CHART = 'adminOrders';

export const orderDraftOf = (order: Order): OrderDraft => ({
  version: order.version,
  status: order.status,
  amountPaid: paisaToRupeesInput(order.amountPaidPaisa),
  expectedDeliveryDate: order.expectedDeliveryDate ?? '',
});

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `PATCH /orders/update/{id}` `{status, amountPaidPaisa, expectedDeliveryDate, version}` (an empty date
 * clears it); null while the amount is not an amount or the date not a date. The server refuses a new
 * date before its today.
 */
export function orderUpdateBody(draft: OrderDraft): OrderUpdateBody | null {
  const amountPaidPaisa = rupeesToPaisa(draft.amountPaid);
  const date = draft.expectedDeliveryDate;
  if (amountPaidPaisa === null || (date !== '' && !CALENDAR_DATE.test(date))) return null;
  return { status: draft.status, amountPaidPaisa, expectedDeliveryDate: date === '' ? null : date, version: draft.version };
}

/** Total, paid (as typed, zero until it reads as an amount) and what is still due, for the sheet. */
export function orderBalance(order: Order, draft: OrderDraft | null) {
  const totalPaisa = priceDetails(order.quotationDetail.skusDetail).totalPaisa;
  const paidPaisa = draft ? (rupeesToPaisa(draft.amountPaid) ?? 0) : order.amountPaidPaisa;
  return { totalPaisa, paidPaisa, pendingPaisa: Math.max(0, totalPaisa - paidPaisa) };
}

const ORDER_FIELDS = ['status', 'amountPaid', 'expectedDeliveryDate'] as const;
const sameOrderValue = (field: (typeof ORDER_FIELDS)[number], a: string, b: string) =>
  field === 'amountPaid' && rupeesToPaisa(a) !== null ? rupeesToPaisa(a) === rupeesToPaisa(b) : a === b;

/** Each value the admin changed, with what they typed and what the reloaded order holds now. */
export const orderDraftChanges = (refused: Refused<OrderDraft>, order: Order) =>
  changesFlat(refused, orderDraftOf(order), ORDER_FIELDS, sameOrderValue);

/** The admin's own changes laid over the reloaded order, with its version. */
export const reapplyOrderDraft = (refused: Refused<OrderDraft>, order: Order): OrderDraft =>
  reapplyFlat(refused, orderDraftOf(order), ORDER_FIELDS, sameOrderValue);

export const openOrder = (context: AdminOrdersContext): Order | undefined =>
  context.orders.find((o) => o._id === context.openId);

/** What the sheet's form shows: the draft while there is one, else the open order as saved. */
export const shownOrderDraft = (context: AdminOrdersContext): OrderDraft | null => {
  const order = openOrder(context);
  return context.draft ?? (order ? orderDraftOf(order) : null);
};

/** The orders the server found for the search (by order number or its quotation's QT number, name, mobile). */
export const visibleOrders = (context: AdminOrdersContext): Order[] => context.orders;

export const adminOrdersMachine = setup({
  types: {
    context: {} as AdminOrdersContext,
    events: {} as AdminOrdersEvent,
    tags: {} as 'loading' | 'loadingMore' | 'moreFailed' | 'fetchFailed' | 'saving' | 'saveFailed' | 'editing',
  },
  actors: {
    loadOrders: notProvided<Page<Order>, PageQuery>(CHART, 'loadOrders'),
    saveOrder: notProvided<SaveOutcome, SaveOrderInput>(CHART, 'saveOrder'),
    /** `GET /orders/{id}/history`: who changed what, and when. */
    loadHistory: notProvided<AuditEntry[], { id: string }>(CHART, 'loadHistory'),
  },
  guards: {
    isListed: ({ context, event }) => event.type === 'order.open' && visibleOrders(context).some((o) => o._id === event.id),
    draftIsComplete: ({ context }) => context.draft !== null && orderUpdateBody(context.draft) !== null,
    wasConflict: (_, output: SaveOutcome) => wasConflict(output),
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  delays: { SEARCH_DELAY: SEARCH_DELAY_MS },
  actions: {
    setFirstPage: assign((_, page: Page<Order>) => {
      const { rows, nextCursor, total } = firstPage(page);
      return { orders: rows, nextCursor, total };
    }),
    appendPage: assign(({ context }, page: Page<Order>) => {
      const { rows, nextCursor, total } = nextPage(context.orders, page);
      return { orders: rows, nextCursor, total };
    }),
    refreshOrders: assign({ orders: ({ context }, page: Page<Order>) => refreshRows(context.orders, page) }),
    setQuery: assign({ query: ({ event }) => (event.type === 'search.change' ? event.query : '') }),
    openSheet: assign({ openId: ({ event }) => (event.type === 'order.open' ? event.id : null), history: null, historyFailed: false }),
    setHistory: assign({ history: (_, history: AuditEntry[]) => history }),
    markHistoryFailed: assign({ historyFailed: true }),
    closeSheet: assign({ openId: null, draft: null, editBase: null, refused: null }),
    startDraft: assign(({ context }) => {
      const order = openOrder(context);
      const draft = order ? orderDraftOf(order) : null;
      return { draft, editBase: draft, refused: null };
    }),
    setDraftStatus: assign({
      draft: ({ context, event }) =>
        context.draft && event.type === 'draft.status' ? { ...context.draft, status: event.status } : context.draft,
    }),
    setDraftAmountPaid: assign({
      draft: ({ context, event }) =>
        context.draft && event.type === 'draft.amountPaid' ? { ...context.draft, amountPaid: event.value } : context.draft,
    }),
    setDraftExpectedDelivery: assign({
      draft: ({ context, event }) =>
        context.draft && event.type === 'draft.expectedDelivery' ? { ...context.draft, expectedDeliveryDate: event.value } : context.draft,
    }),
    keepRefusedDraft: assign(({ context }) => ({
      refused: context.draft && context.editBase ? { base: context.editBase, mine: context.draft } : null,
      draft: null,
    })),
    reapplyRefusedDraft: assign(({ context }) => {
      const order = openOrder(context);
      if (!order || !context.refused) return { refused: null };
      return { draft: reapplyOrderDraft(context.refused, order), editBase: orderDraftOf(order), refused: null };
    }),
  },
}).createMachine({
  id: 'adminOrders',
  context: { orders: [], nextCursor: null, total: 0, query: '', openId: null, history: null, historyFailed: false, draft: null, editBase: null, refused: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        input: ({ context }) => ({ q: context.query, cursor: null }),
        onDone: { target: 'browsing', actions: { type: 'setFirstPage', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
      on: { 'search.change': { target: 'browsing.debouncing', actions: 'setQuery' } },
    },
    loadFailed: {
      tags: ['fetchFailed'],
      on: { 'list.reload': 'loading', 'search.change': { target: 'browsing.debouncing', actions: 'setQuery' } },
    },
    browsing: {
      initial: 'idle',
      on: {
        'search.change': { target: '.debouncing', reenter: true, actions: 'setQuery' },
        'order.open': { guard: 'isListed', target: 'sheet', actions: 'openSheet' },
      },
      states: {
        idle: { on: { 'list.more': { guard: 'hasMore', target: 'more' } } },
        debouncing: { after: { SEARCH_DELAY: '#adminOrders.loading' } },
        more: {
          tags: ['loadingMore'],
          invoke: {
            id: 'moreOrders',
            src: 'loadOrders',
            input: ({ context }) => ({ q: context.query, cursor: context.nextCursor }),
            onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => event.output } },
            onError: 'moreFailed',
          },
        },
        moreFailed: { tags: ['moreFailed'], on: { 'list.more': 'more' } },
      },
    },
    sheet: {
      initial: 'viewing',
      // The audit trail shows under the form for as long as the sheet is open.
      invoke: {
        id: 'orderHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ id: context.openId! }),
        onDone: { actions: { type: 'setHistory', params: ({ event }) => event.output } },
        onError: { actions: 'markHistoryFailed' },
      },
      states: {
        viewing: {
          on: {
            'order.edit': { target: 'editing', actions: 'startDraft' },
            'sheet.close': { target: '#adminOrders.browsing', actions: 'closeSheet' },
          },
        },
        editing: {
          tags: ['editing'],
          initial: 'fresh',
          states: {
            fresh: {},
            failed: { tags: ['saveFailed'] },
          },
          on: {
            'draft.status': { actions: 'setDraftStatus' },
            'draft.amountPaid': { actions: 'setDraftAmountPaid' },
            'draft.expectedDelivery': { actions: 'setDraftExpectedDelivery' },
            'order.save': { guard: 'draftIsComplete', target: 'saving' },
            'sheet.close': { target: '#adminOrders.browsing', actions: 'closeSheet' },
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveOrder',
            src: 'saveOrder',
            input: ({ context }) => ({ id: context.openId!, body: orderUpdateBody(context.draft!)! }),
            onDone: [
              {
                guard: { type: 'wasConflict', params: ({ event }) => event.output },
                target: 'reloading',
                actions: 'keepRefusedDraft',
              },
              { target: '#adminOrders.loading', actions: 'closeSheet' },
            ],
            onError: 'editing.failed',
          },
        },
        reloading: {
          tags: ['saving'],
          invoke: {
            id: 'reloadOrders',
            src: 'loadOrders',
            input: ({ context }) => ({ q: openOrder(context)?.orderDisplayId ?? '', cursor: null }),
            onDone: { target: 'conflict', actions: { type: 'refreshOrders', params: ({ event }) => event.output } },
            // Without the reloaded order the refused draft goes back into the form, so nothing typed is lost.
            onError: { target: 'editing.failed', actions: 'reapplyRefusedDraft' },
          },
        },
        conflict: {
          tags: ['saveFailed'],
          on: {
            'draft.reapply': { target: 'editing', actions: 'reapplyRefusedDraft' },
            'order.edit': { target: 'editing', actions: 'startDraft' },
            'sheet.close': { target: '#adminOrders.browsing', actions: 'closeSheet' },
          },
        },
      },
    },
  },
});
