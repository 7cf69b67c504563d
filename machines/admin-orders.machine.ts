/**
 * /admin/orders (SPEC §2, §3 Order admin list, §6, §8): every order, searched on the server by its number,
 * its quotation's QT number, the farmer's name or mobile (machines/admin-list.ts: debounced, paged); one
 * opens in a bottom sheet with its items read-only; after Edit the admin sets the status (any of the five),
 * the amount paid, typed in rupees and sent as a whole number of paisa, and the expected delivery date.
 *
 * The chart is `adminSheetList` (machines/admin-list.ts), the shape every sheet list shares: load, search
 * and status filter (debounced), page, open the sheet (sheet.open), edit (sheet.edit, draft.change), save
 * (sheet.save), 409 → reload → conflict → re-apply (draft.reapply). What is the order's own: its draft,
 * the body of its save, how one `draft.change` changes the draft, and its one refusal: a new expected
 * delivery date before India's today (the server's rule, src/domain/india-date.ts) is refused at the field
 * before it is sent (editing.refused, DATE_IN_PAST), as is the server's 400 with that code.
 *
 * Proof of delivery: the delivery code is the farmer's to give at the handover, and no admin answer
 * carries it. Setting an order DELIVERED asks for it: the save waits until the admin types four digits
 * or chooses "no code" explicitly (then the server records the delivery as the admin's). A wrong code
 * (400 DELIVERY_CODE_INVALID) or a locked one (409 DELIVERY_CODE_LOCKED) lands at the field.
 *
 * Bulk: the admin ticks orders on the list (selection.toggle, at most 100), chooses one status the order
 * chart lets every ticked order move to (selection.choose), and moves them (selection.move ──>
 * movingSelected ──> loading, POST /orders/update); each order is its own change, and the outcome per
 * order shows how many moved and which could not.
 */
import type { ContextFrom, EventFrom } from 'xstate';
import type { ApiErrorCode, OrderUpdateBody } from '../src/domain/api';
import { isPastDeliveryDate } from '../src/domain/india-date';
import { paisaToRupeesInput, priceDetails, rupeesToPaisa } from '../src/domain/money';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../src/domain/types';
import { adminSheetList, openRow, shownDraft, type SaveRowInput } from './admin-list';
import { changesFlat, reapplyFlat, type Refused } from './admin-sheet';
import { selectedRows } from './admin-selection';
import { nextOrderStatus } from './order-lifecycle.machine';

export interface OrderDraft {
  version: number;
  status: OrderStatus;
  /** Rupees as typed. */
  amountPaid: string;
  /** `YYYY-MM-DD` as the date field gives it; '' for none. */
  expectedDeliveryDate: string;
  /** The farmer's delivery code as typed, when setting DELIVERED. */
  deliveryCode: string;
  /** The admin chose to deliver without the code. */
  withoutCode: boolean;
}

/** One change the admin makes in the sheet's form. */
export type OrderChange =
  | { status: OrderStatus }
  | { amountPaid: string }
  | { expectedDeliveryDate: string }
  | { deliveryCode: string }
  | { withoutCode: boolean };

export type SaveOrderInput = SaveRowInput<OrderUpdateBody>;

export const orderDraftOf = (order: Order): OrderDraft => ({
  version: order.version,
  status: order.status,
  amountPaid: paisaToRupeesInput(order.amountPaidPaisa),
  expectedDeliveryDate: order.expectedDeliveryDate ?? '',
  deliveryCode: '',
  withoutCode: false,
});

const DELIVERY_CODE = /^\d{4}$/;

/** Is the draft delivering this order now, so that the form asks for the farmer's code? */
export const asksDeliveryCode = (order: Order, draft: OrderDraft): boolean => draft.status === 'DELIVERED' && order.status !== 'DELIVERED';

/** A calendar date as the date field gives it (`YYYY-MM-DD`). */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `PATCH /orders/update/{id}` `{status, amountPaidPaisa, expectedDeliveryDate, version}`; null while the amount is not an amount or the date not a date. */
export function orderUpdateBody(draft: OrderDraft, order?: Order): OrderUpdateBody | null {
  const amountPaidPaisa = rupeesToPaisa(draft.amountPaid);
  const date = draft.expectedDeliveryDate;
  if (amountPaidPaisa === null || (date !== '' && !CALENDAR_DATE.test(date))) return null;
  const body = { status: draft.status, amountPaidPaisa, expectedDeliveryDate: date === '' ? null : date, version: draft.version };
  if (!order || !asksDeliveryCode(order, draft) || draft.withoutCode) return body;
  // Delivering asks for the farmer's code, or for "no code" chosen explicitly.
  return DELIVERY_CODE.test(draft.deliveryCode) ? { ...body, deliveryOtp: draft.deliveryCode } : null;
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

/** The code of a new expected delivery date before India's today, the chart's and the server's (400). */
export const DATE_IN_PAST = 'DATE_IN_PAST' satisfies ApiErrorCode;
/** The server's refusals of a delivery code: wrong (400), or locked after five wrong ones (409). */
export const DELIVERY_CODE_INVALID = 'DELIVERY_CODE_INVALID' satisfies ApiErrorCode;
export const DELIVERY_CODE_LOCKED = 'DELIVERY_CODE_LOCKED' satisfies ApiErrorCode;

/** DATE_IN_PAST when the draft sets a new date before India's today at `now`; the stored one may stay however old. */
export const orderRefusal = (order: Order, draft: OrderDraft, now: number): string | null =>
  isPastDeliveryDate(draft.expectedDeliveryDate || null, order.expectedDeliveryDate ?? null, now) ? DATE_IN_PAST : null;

/** The filters a dashboard link may open the orders list with (GET /orders `late`, `due`, `problem`). */
export const ORDER_FILTERS = ['late', 'due', 'problem'] as const;

/**
 * The statuses the ticked orders may all be moved to in one step: those the order chart takes from
 * every ticked order's status, less one they all have already (a move that changes nothing).
 */
export const bulkMoves = (orders: readonly Pick<Order, 'status'>[]): OrderStatus[] =>
  orders.length === 0
    ? []
    : ORDER_STATUSES.filter(
        (to) => orders.every((o) => nextOrderStatus(o.status, { type: 'admin.setStatus', status: to }) !== null) && orders.some((o) => o.status !== to),
      );

export const adminOrdersMachine = adminSheetList<Order, OrderDraft, OrderUpdateBody, OrderStatus, OrderChange>({
  id: 'adminOrders',
  displayIdOf: (order) => order.orderDisplayId,
  draftOf: orderDraftOf,
  bodyOf: (order, draft) => orderUpdateBody(draft, order ?? undefined),
  change: (draft, change) => ({ ...draft, ...change }),
  reapply: reapplyOrderDraft,
  refusalOf: orderRefusal,
  refusalCodes: [DATE_IN_PAST, DELIVERY_CODE_INVALID, DELIVERY_CODE_LOCKED],
  statuses: ORDER_STATUSES,
  filterNames: ORDER_FILTERS,
  exportable: true,
  bulk: { moves: bulkMoves },
});

export type AdminOrdersContext = ContextFrom<typeof adminOrdersMachine>;
export type AdminOrdersEvent = EventFrom<typeof adminOrdersMachine>;

export const openOrder = (context: AdminOrdersContext): Order | undefined => openRow(context);

/** What the sheet's form shows: the draft while there is one, else the open order as saved. */
export const shownOrderDraft = (context: AdminOrdersContext): OrderDraft | null => shownDraft(context, orderDraftOf);

/** The orders the server found for the search and status (by order number or its quotation's QT number, name, mobile). */
export const visibleOrders = (context: AdminOrdersContext): Order[] => context.rows;

/** The statuses offered for the ticked orders (the bulk move's choice). */
export const offeredMoves = (context: AdminOrdersContext): OrderStatus[] => bulkMoves(selectedRows(context));
