/**
 * The events the model-based paths try in each admin chart: gestures and actor results alike. The machine
 * tests walk them for coverage; the view tests replay the same paths on the rendered screens.
 */
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { adminOrdersMachine, type SaveOrderInput } from '../../../machines/admin-orders.machine';
import { adminQuotationsMachine, type SaveQuotationInput } from '../../../machines/admin-quotations.machine';
import type { SaveOutcome } from '../../../machines/admin-sheet';
import { adminSkusMachine, type SaveSkuInput } from '../../../machines/admin-skus.machine';
import { adminUsersMachine } from '../../../machines/admin-users.machine';
import { protectedImageMachine } from '../../../machines/protected-image.machine';
import type { AuditEntry, Order, OrderStatus, Quotation, Sku, User } from '../../../src/domain/types';
import { ORDERS, QUOTATIONS, SKUS, USERS, order, page, quotation, sku } from './admin-fixtures';
import type { MoveSelectedInput, Page, PageQuery } from '../../../machines/admin-list';
import type { BulkOutcome } from '../../../src/domain/schemas/admin';

/** An effect that never settles: the paths deliver its answer as an event. */
export const never = <T, TInput = void>() => fromPromise<T, TInput>(() => new Promise<T>(() => undefined));
export const silentCallback = <TInput>() => fromCallback<AnyEventObject, TInput>(() => undefined);

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: { status: 500, data: { message: 'boom' } } });

const SAVED: SaveOutcome = { outcome: 'saved' };

/** Export a list, and its two endings. */
const EXPORT_EVENTS: AnyEventObject[] = [{ type: 'list.export' }, done('export', null), failed('export')];

/**
 * The lists open as a dashboard link opens them, with a filter set, so its chip can be removed (and the
 * quotations' "late first" set again).
 */
export const QUOTATIONS_LINK = '/admin/quotations?sort=lateFirst';
export const ORDERS_LINK = '/admin/orders?late=true';
export const USERS_LINK = '/admin/users?age=gt24h';
const CONFLICT: SaveOutcome = { outcome: 'conflict' };

/** What another admin saved meanwhile: the reload after a 409 brings these. */
export const QUOTATIONS_CHANGED: Quotation[] = [
  QUOTATIONS[0]!,
  quotation({ ...QUOTATIONS[1]!, status: 'EXPIRED', version: 4 }),
];
export const ORDERS_CHANGED: Order[] = [order({ ...ORDERS[0]!, status: 'DELIVERED', version: 2 }), ORDERS[1]!];
export const SKUS_CHANGED: Sku[] = [sku({ ...SKUS[0]!, name: 'Groundnut shell (fine)', version: 2 }), SKUS[1]!, SKUS[2]!];
/** An audit trail: the admin priced the quotation, then the clock expired it. */
export const HISTORY: AuditEntry[] = [
  { at: '2026-11-02T10:00:00.000Z', by: { _id: 'admin-1', name: 'Meena Admin', mobileNumber: '9000000001' }, changes: { status: { from: 'PENDING', to: 'COMPLETED' } } },
  { at: '2026-11-09T10:00:00.000Z', by: null, changes: { status: { from: 'COMPLETED', to: 'EXPIRED' } } },
];

/**
 * When the paths' saves are asked (the event's `now`): a quarter past midnight in India on 11 November
 * 2026, while it is still 10 November in UTC, so a date of 10 November is in the past. The screens'
 * paths set the clock to it too (vi.setSystemTime), since a tap on Update sends the phone's time.
 */
export const ORDER_MODEL_NOW = Date.UTC(2026, 10, 10, 18, 45);

/** The second page of each paged list: one more row, the last. */
export const QUOTATION_3: Quotation = quotation({ _id: 'q3', quotationDisplayId: 'QT100003' });
export const ORDER_3: Order = order({ _id: 'o3', orderDisplayId: 'OD100003', status: 'DELIVERED' });
export const USER_5: User = { ...USERS[0]!, _id: 'u5', name: 'Esha Joshi', mobileNumber: '9876500005', isVerified: true };
export const USERS_AFTER_VERIFY: User[] = USERS.map((u) => (u._id === 'u2' ? { ...u, isVerified: true } : u));

export const quotationEvents: AnyEventObject[] = [
  done('load', page(QUOTATIONS, 'c2', 3)),
  done('more', page([QUOTATION_3], null, 3)),
  failed('more'),
  { type: 'list.more' },
  { type: 'xstate.after.SEARCH_DELAY.adminQuotations.browsing.debouncing' },
  failed('load'),
  { type: 'list.reload' },
  { type: 'search.change', query: 'qt100002' },
  { type: 'sheet.open', id: 'q2' },
  done('history', HISTORY),
  failed('history'),
  { type: 'sheet.edit' },
  { type: 'draft.change', change: { status: 'COMPLETED' } },
  { type: 'status.change', status: 'COMPLETED' },
  { type: 'draft.change', change: { line: 0, field: 'goods', value: '12500.50' } },
  { type: 'sheet.save', now: ORDER_MODEL_NOW },
  done('save', SAVED),
  done('save', CONFLICT),
  failed('save'),
  done('reload', page([QUOTATIONS_CHANGED[1]!])),
  failed('reload'),
  { type: 'draft.reapply' },
  { type: 'sheet.close' },
  { type: 'filter.remove', name: 'sort' },
  { type: 'filter.set', name: 'sort', value: 'lateFirst' },
  ...EXPORT_EVENTS,
];

/** The server's answer to a date before India's today. */
export const DATE_IN_PAST_ANSWER = { status: 400, data: { code: 'DATE_IN_PAST', message: "expectedDeliveryDate must not be before today's date in India" } };

export const orderEvents: AnyEventObject[] = [
  done('load', page(ORDERS, 'c2', 3)),
  done('more', page([ORDER_3], null, 3)),
  failed('more'),
  { type: 'list.more' },
  { type: 'xstate.after.SEARCH_DELAY.adminOrders.browsing.debouncing' },
  failed('load'),
  { type: 'list.reload' },
  { type: 'search.change', query: 'od100001' },
  { type: 'sheet.open', id: 'o1' },
  done('history', HISTORY),
  failed('history'),
  { type: 'sheet.edit' },
  { type: 'draft.change', change: { status: 'ORDER_CONFIRMED' } },
  { type: 'status.change', status: 'DELIVERED' },
  { type: 'draft.change', change: { amountPaid: '5000.5' } },
  // Today in UTC, yesterday in India: refused at the field (a save with no new date goes through).
  { type: 'draft.change', change: { expectedDeliveryDate: '2026-11-10' } },
  { type: 'sheet.save', now: ORDER_MODEL_NOW },
  done('save', SAVED),
  done('save', CONFLICT),
  failed('save'),
  { type: 'xstate.error.actor.save', error: DATE_IN_PAST_ANSWER },
  done('reload', page([ORDERS_CHANGED[0]!])),
  failed('reload'),
  { type: 'draft.reapply' },
  { type: 'sheet.close' },
  { type: 'filter.remove', name: 'late' },
  ...EXPORT_EVENTS,
  // Ticking orders and moving them to one status (o1 is CONFIRMATION_PENDING, o2 IN_TRANSIT).
  { type: 'selection.toggle', id: 'o1' },
  { type: 'selection.toggle', id: 'o2' },
  { type: 'selection.choose', status: 'IN_TRANSIT' },
  { type: 'selection.move' },
  { type: 'selection.clear' },
  done('moveSelected', [
    { _id: 'o1', ok: true },
    { _id: 'o2', ok: false, code: 'CONFLICT' },
  ]),
  failed('moveSelected'),
];

/**
 * The history effect answers once per opened sheet: its answers are offered only while it is pending
 * (the walk would otherwise deliver a second answer to an effect that already settled).
 */
export const whileHistoryPending =
  (events: readonly AnyEventObject[]) =>
  (snapshot: { context: { history: unknown; historyFailed: boolean } }): AnyEventObject[] =>
    events.filter(
      (e) => !/^xstate\.(done|error)\.actor\.(\w+History|history)$/.test(e.type) || (snapshot.context.history === null && !snapshot.context.historyFailed),
    );

/**
 * The events of a sheet list (quotations, orders) in a state: history answers only while it is pending,
 * and a search or status filter names another value than the one set (the same text typed again, or the
 * same option chosen again, is no change on the screen): after one, the next clears it.
 */
export const sheetListEventsIn =
  (events: readonly AnyEventObject[]) =>
  (snapshot: { context: { history: unknown; historyFailed: boolean; query: string; status: string | null } }): AnyEventObject[] =>
    whileHistoryPending(events)(snapshot).filter(plainOnly(snapshot.context)).map((e) => {
      if (e.type === 'search.change' && snapshot.context.query !== '') return { type: 'search.change', query: '' };
      if (e.type === 'status.change' && snapshot.context.status !== null) return { type: 'status.change', status: null };
      return e;
    });

/**
 * The chips, the export and the ticks are tried only on the list as it opened (no search or status
 * typed, no sheet or details open, the link's filter still set), and each detour is walked only to its
 * end: while an export runs only its endings, after it failed only another try; with the chip removed
 * only the reload and setting it again; with users ticked only the ticks and the bulk verification's
 * endings. Every one of their transitions is taken so, and they do not multiply the rest of the walk.
 */
const plainOnly =
  (context: {
    query: string;
    status: string | null;
    filters?: Readonly<Record<string, string>>;
    openId?: string | null;
    expandedId?: string | null;
    exporting?: string;
    selected?: string[];
    bulkOutcomes?: unknown;
  }) =>
  (e: AnyEventObject): boolean => {
    const isExportEnd = /^xstate\.(done|error)\.actor\.export$/.test(e.type);
    if (context.exporting === 'running') return isExportEnd;
    if (isExportEnd) return false;
    if (context.exporting === 'failed') return e.type === 'list.export';
    if (Object.keys(context.filters ?? {}).length === 0) {
      return e.type === 'filter.set' || /^xstate\.(done|error)\.actor\.load$/.test(e.type) || e.type.startsWith('xstate.after.SEARCH_DELAY');
    }
    // The link's filter is set: setting it again is no gesture on the screen.
    if (e.type === 'filter.set') return false;
    // After a bulk verification only its reload and clearing the outcome; before, the ticks and the bulk verification.
    if ((context.bulkOutcomes ?? null) !== null) return e.type === 'selection.clear' || e.type === 'xstate.done.actor.load';
    if ((context.selected ?? []).length > 0) {
      return e.type.startsWith('selection.') || /^xstate\.(done|error)\.actor\.(verifyUsers|moveSelected)$/.test(e.type) || e.type === 'list.more' || e.type === 'xstate.done.actor.more';
    }
    const plain = context.query === '' && context.status === null && (context.openId ?? null) === null && (context.expandedId ?? null) === null;
    if (e.type === 'list.export' || e.type.startsWith('filter.') || e.type.startsWith('selection.')) return plain;
    return true;
  };

/**
 * The orders' events in a state, as `sheetListEventsIn`, with the past date kept small: it is typed only
 * into a draft that changes nothing else yet, with no search or filter and the history answered, and the server's DATE_IN_PAST (a phone whose clock is behind
 * the server's) answers only a save whose date the chart let through unchanged.
 */
export const orderEventsIn = (snapshot: SnapshotFrom<typeof ordersModel>): AnyEventObject[] => {
  const { draft, editBase, query, status, history } = snapshot.context;
  // Searches, filters and the history's answer multiply every state: the date paths run with none of them.
  const plain = query === '' && status === null && history !== null;
  return sheetListEventsIn(orderEvents)(snapshot).filter((e) => {
    if (e.type === 'draft.change' && 'expectedDeliveryDate' in e.change) {
      return plain && draft !== null && editBase !== null && draft.status === editBase.status && draft.amountPaid === editBase.amountPaid;
    }
    if (e.type === 'xstate.error.actor.save' && e.error === DATE_IN_PAST_ANSWER) {
      return plain && draft?.expectedDeliveryDate === editBase?.expectedDeliveryDate;
    }
    return true;
  });
};

/** A tiny PNG, the file an admin picks for a SKU image. */
export const SKU_IMAGE_FILE = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

export const skuEvents: AnyEventObject[] = [
  done('load', page(SKUS)),
  failed('load'),
  { type: 'list.reload' },
  { type: 'search.change', query: 'groundnut' },
  { type: 'sheet.open', id: 's1' },
  done('history', HISTORY),
  failed('history'),
  { type: 'sheet.add' },
  { type: 'draft.change', change: { field: 'name', value: 'Wheat straw (loose)' } },
  { type: 'image.choose', file: SKU_IMAGE_FILE },
  done('prepareImage', SKU_IMAGE_FILE),
  failed('prepareImage'),
  done('uploadImage', '/api/uploads/newskuimage1'),
  failed('uploadImage'),
  { type: 'sheet.save', now: ORDER_MODEL_NOW },
  done('save', SAVED),
  done('save', CONFLICT),
  failed('save'),
  done('reload', page(SKUS_CHANGED)),
  failed('reload'),
  { type: 'draft.reapply' },
  { type: 'sheet.edit' },
  { type: 'sheet.close' },
];

export const userEvents: AnyEventObject[] = [
  done('load', page(USERS, 'c2', 5)),
  failed('load'),
  done('more', page([USER_5], null, 5)),
  failed('more'),
  { type: 'list.more' },
  { type: 'xstate.after.SEARCH_DELAY.adminUsers.list.browsing.debouncing' },
  { type: 'list.reload' },
  { type: 'search.change', query: 'shah' },
  { type: 'user.expand', id: 'u2' },
  done('userHistory', HISTORY),
  failed('userHistory'),
  { type: 'user.expand', id: 'u3' },
  { type: 'user.collapse' },
  { type: 'status.change', status: 'UNVERIFIED' },
  { type: 'user.verify', id: 'u2' },
  done('verifyUser', null),
  failed('verifyUser'),
  { type: 'filter.remove', name: 'age' },
  ...EXPORT_EVENTS,
  { type: 'selection.toggle', id: 'u2' },
  { type: 'selection.clear' },
  { type: 'selection.verify' },
  done('verifyUsers', [{ _id: 'u2', ok: true }]),
  failed('verifyUsers'),
];

/**
 * The admin charts' states multiply (list pages and search, sheet, history, the users chart's two images):
 * they number a few thousand, beyond the walk's default bound.
 */
export const MODEL_LIMIT = 30_000;
/** The users chart's list and details regions multiply each other's states. */
export const USERS_MODEL_LIMIT = 60_000;

/** After a verification the list reloads with the verified user; the paths answer with this list then. */
export const userEventsIn = (snapshot: {
  context: { rows: User[]; query: string; status: string | null; filters: Readonly<Record<string, string>>; history: AuditEntry[] | null; historyFailed: boolean; expandedId: string | null; exporting: string; selected: string[]; bulkOutcomes: unknown };
}): AnyEventObject[] =>
  whileHistoryPending(userEvents)(snapshot).filter(plainOnly(snapshot.context)).map((e) => {
    // Only the first load has a second page: later loads (after a verification or a search) are one page.
    if (e.type === 'xstate.done.actor.load' && snapshot.context.rows.length > 0) return done('load', page(USERS_AFTER_VERIFY));
    // Typing changes the text: after a search the next one clears it; likewise the status filter.
    if (e.type === 'search.change' && snapshot.context.query !== '') return { type: 'search.change', query: '' };
    if (e.type === 'status.change' && snapshot.context.status !== null) return { type: 'status.change', status: null };
    return e;
  });

/**
 * The sheet lists' clock reads the time once, as the list opens (the app's reads it again each minute):
 * every path replays with the clock read, and the walk's states are not doubled by a reading.
 */
export const clockAt = (now: number) =>
  fromCallback<AnyEventObject>(({ sendBack }) => {
    sendBack({ type: 'clock.tick', now });
  });

/** The production charts with effects that never settle: the paths deliver every answer as an event. */
export const quotationsModel = adminQuotationsMachine.provide({
  actors: {
    clock: clockAt(ORDER_MODEL_NOW),
    loadPage: never<Page<Quotation>, PageQuery>(),
    saveRow: never<SaveOutcome, SaveQuotationInput>(),
    loadHistory: never<AuditEntry[], { id: string }>(),
    exportList: never<unknown, PageQuery>(),
  },
});
export const ordersModel = adminOrdersMachine.provide({
  actors: {
    clock: clockAt(ORDER_MODEL_NOW),
    loadPage: never<Page<Order>, PageQuery>(),
    saveRow: never<SaveOutcome, SaveOrderInput>(),
    loadHistory: never<AuditEntry[], { id: string }>(),
    exportList: never<unknown, PageQuery>(),
    moveSelected: never<BulkOutcome[], MoveSelectedInput<OrderStatus>>(),
  },
});
export const skusModel = adminSkusMachine.provide({
  actors: { clock: clockAt(ORDER_MODEL_NOW), loadPage: never<Page<Sku>, PageQuery>(), saveRow: never<SaveOutcome, SaveSkuInput>(),
    prepareImage: never<Blob, { file: Blob }>(),
    uploadImage: never<string, { file: Blob }>(),
    loadHistory: never<AuditEntry[], { id: string }>(), },
});
export const usersModel = adminUsersMachine.provide({
  actors: { loadUsers: never<Page<User>, PageQuery>(), verifyUser: never<unknown, { id: string }>(),
    verifyUsers: never<BulkOutcome[], { ids: string[] }>(),
    exportList: never<unknown, PageQuery>(),
    loadHistory: never<AuditEntry[], { id: string }>(),
    image: protectedImageMachine.provide({ actors: { fetchImage: silentCallback<{ url: string }>() } }), },
});
