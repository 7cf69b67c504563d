/**
 * /admin/orders (SPEC §2, §3 Order admin list, §6, §8): every order, searched by id; one opens in a bottom
 * sheet with its items read-only; after Edit the admin sets the status (any of the five) and the amount paid,
 * typed in rupees and sent as a whole number of paisa.
 *
 *   loading ─┬─> browsing ──open──> sheet.viewing ──edit──> sheet.editing ──save──> sheet.saving
 *            └─> loadFailed ──reload──> loading
 *   saving: saved → loading (the list reloads, the sheet closes); 409 → sheet.reloading → sheet.conflict
 *   (the reloaded order, 'Failed to save order.', and the admin's own changes to re-apply); any other failure →
 *   sheet.editing.failed with the draft intact.
 */
import { assign, setup } from 'xstate';
import type { OrderUpdateBody } from '../src/domain/api';
import { paisaToRupeesInput, priceDetails, rupeesToPaisa } from '../src/domain/money';
import type { Order, OrderStatus } from '../src/domain/types';
import { changesFlat, matchesId, notProvided, reapplyFlat, wasConflict, type Refused, type SaveOutcome } from './admin-sheet';

export interface OrderDraft {
  version: number;
  status: OrderStatus;
  /** Rupees as typed. */
  amountPaid: string;
}

export interface AdminOrdersContext {
  orders: Order[];
  query: string;
  openId: string | null;
  draft: OrderDraft | null;
  /** The values the current edit started from: what the admin changed is the draft's difference to them. */
  editBase: OrderDraft | null;
  /** The save a 409 refused, kept beside the reloaded order until re-applied or dropped. */
  refused: Refused<OrderDraft> | null;
}

export type AdminOrdersEvent =
  | { type: 'search.change'; query: string }
  | { type: 'list.reload' }
  | { type: 'order.open'; id: string }
  | { type: 'sheet.close' }
  | { type: 'order.edit' }
  | { type: 'draft.status'; status: OrderStatus }
  | { type: 'draft.amountPaid'; value: string }
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
});

/** `PATCH /orders/update/{id}` `{status, amountPaidPaisa, version}`; null while the amount is not an amount. */
export function orderUpdateBody(draft: OrderDraft): OrderUpdateBody | null {
  const amountPaidPaisa = rupeesToPaisa(draft.amountPaid);
  return amountPaidPaisa === null ? null : { status: draft.status, amountPaidPaisa, version: draft.version };
}

/** Total, paid (as typed, zero until it reads as an amount) and what is still due, for the sheet. */
export function orderBalance(order: Order, draft: OrderDraft | null) {
  const totalPaisa = priceDetails(order.quotationDetail.skusDetail).totalPaisa;
  const paidPaisa = draft ? (rupeesToPaisa(draft.amountPaid) ?? 0) : order.amountPaidPaisa;
  return { totalPaisa, paidPaisa, pendingPaisa: Math.max(0, totalPaisa - paidPaisa) };
}

const ORDER_FIELDS = ['status', 'amountPaid'] as const;
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

export const visibleOrders = (context: AdminOrdersContext): Order[] =>
  context.orders.filter((o) => matchesId(o, o.orderDisplayId, context.query));

export const adminOrdersMachine = setup({
  types: {
    context: {} as AdminOrdersContext,
    events: {} as AdminOrdersEvent,
    tags: {} as 'loading' | 'fetchFailed' | 'saving' | 'saveFailed' | 'editing',
  },
  actors: {
    loadOrders: notProvided<Order[]>(CHART, 'loadOrders'),
    saveOrder: notProvided<SaveOutcome, SaveOrderInput>(CHART, 'saveOrder'),
  },
  guards: {
    isListed: ({ context, event }) => event.type === 'order.open' && visibleOrders(context).some((o) => o._id === event.id),
    draftIsComplete: ({ context }) => context.draft !== null && orderUpdateBody(context.draft) !== null,
    wasConflict: (_, output: SaveOutcome) => wasConflict(output),
  },
  actions: {
    setOrders: assign({ orders: (_, orders: Order[]) => orders }),
    setQuery: assign({ query: ({ event }) => (event.type === 'search.change' ? event.query : '') }),
    openSheet: assign({ openId: ({ event }) => (event.type === 'order.open' ? event.id : null) }),
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
  context: { orders: [], query: '', openId: null, draft: null, editBase: null, refused: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        onDone: { target: 'browsing', actions: { type: 'setOrders', params: ({ event }) => event.output } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      tags: ['fetchFailed'],
      on: { 'list.reload': 'loading' },
    },
    browsing: {
      on: {
        'search.change': { actions: 'setQuery' },
        'order.open': { guard: 'isListed', target: 'sheet', actions: 'openSheet' } },
    },
    sheet: {
      initial: 'viewing',
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
            onDone: { target: 'conflict', actions: { type: 'setOrders', params: ({ event }) => event.output } },
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
