/**
 * The events the model-based paths try in each state of the shop machines: user gestures, actor
 * answers (`xstate.done.actor.*` / `xstate.error.actor.*`) and timer ticks (`xstate.after.*`).
 * The machine tests measure transition coverage with them; the view tests drive the screens with
 * the same paths.
 */
import { fromCallback, fromPromise, type AnyEventObject, type AnyStateMachine, type NonReducibleUnknown, type SnapshotFrom } from 'xstate';
import { cartMachine } from '../../../machines/cart.machine';
import { catalogueMachine } from '../../../machines/catalogue.machine';
import { orderTrackingMachine } from '../../../machines/order-tracking.machine';
import { quotationDetailMachine } from '../../../machines/quotation-detail.machine';
import { quotationLifecycleMachine } from '../../../machines/quotation-lifecycle.machine';
import { QUOTATION_STATUSES, type Quotation } from '../../../src/domain/types';
import { quotationListMachine } from '../../../machines/quotation-list.machine';
import { quotationStoreMachine } from '../../../machines/quotation-store.machine';
import type { AppConfig } from '../../../src/domain/api';
import { line, quotation, sku } from '../shop-fixtures';

export const modelShell = sku();
export const modelStraw = sku({
  _id: 'sku-2',
  skuDisplayId: 'SKU1002',
  name: 'Paddy Straw',
  categoryName: 'Straw',
  brandName: 'Delta Farms',
  description: 'Bales of rice straw',
  skuQuantityUnit: 'bale',
});
export const modelConfig: AppConfig = {
  contactPhone: '+919812345678',
  chatUrl: 'https://wa.me/919812345678',
  upiPayeeId: 'krishi@upi',
  upiPayeeName: 'Krishi Byproducts',
  quotationReplyHours: 24,
  grievanceContact: 'Grievance officer, +91 98123 45678',
  aadhaarRetentionDays: 30,
};

const priced = [
  line({ goodsPricePaisa: 200_000, discountPaisa: 10_000, shippingPricePaisa: 5_000 }),
  line({
    skuIdentifier: { _id: 'sku-2', name: 'Paddy Straw', image: '/p.jpg', skuQuantityUnit: 'bale', minimumPrice: 4_000 },
    quantity: 4,
    goodsPricePaisa: 100_000,
    discountPaisa: 0,
    shippingPricePaisa: 5_000,
  }),
];
export const modelPending = quotation();
export const modelReceived = quotation({ _id: 'q-2', quotationDisplayId: 'QT100002', status: 'COMPLETED', skusDetail: priced });
export const modelOrdered = quotation({
  _id: 'q-3',
  quotationDisplayId: 'QT100003',
  status: 'ORDERED',
  orderStatus: 'MATERIAL_LOADED',
  deliveryOtp: '4821',
  skusDetail: priced,
  amountPaidPaisa: 100_000,
  expectedDeliveryDate: '2026-11-07',
  // Placed, then loaded straight away: Order Confirmed was passed at the same move.
  statusHistory: [
    { status: 'CONFIRMATION_PENDING', at: '2026-11-02T04:30:00.000Z' },
    { status: 'MATERIAL_LOADED', at: '2026-11-04T09:15:00.000Z' },
  ],
});
/** Expired after pricing (it keeps its quoted total), and expired never priced (no total). */
export const modelExpiredPriced = quotation({ _id: 'q-4', quotationDisplayId: 'QT100004', status: 'EXPIRED', validUntil: '2026-11-27T10:00:00.000Z', skusDetail: priced });
export const modelExpiredUnpriced = quotation({ _id: 'q-5', quotationDisplayId: 'QT100005', status: 'EXPIRED' });
/** The priced quotation after the farmer declined it, and after asking ₹2,500 for it (quoted ₹3,000). */
export const modelDeclined = {
  ...modelReceived,
  status: 'DECLINED' as const,
  revision: 1,
  pricedAt: '2026-11-19T09:00:00.000Z',
  decline: { reason: 'price_too_high' as const, note: null },
};
export const modelCountered = {
  ...modelReceived,
  status: 'PENDING' as const,
  revision: 1,
  previousTotalPaisa: 300_000,
  counterOffer: { totalPaisa: 250_000, note: 'Mandi rate is lower', at: '2026-11-20T09:00:00.000Z' },
};
/** Priced again in answer: revision 2 at ₹2,800, the ₹3,000 of revision 1 struck through. */
export const modelRevised = {
  ...modelReceived,
  revision: 2,
  previousTotalPaisa: 300_000,
  counterOffer: null,
  skusDetail: modelReceived.skusDetail.map((l, i) => (i === 0 ? { ...l, goodsPricePaisa: 180_000 } : l)),
};
export const modelPaid = {
  ...modelOrdered,
  orderStatus: 'DELIVERED' as const,
  amountPaidPaisa: 300_000,
  // The audit's time the amount paid came to cover the total: the Payment Status step's date.
  paidAt: '2026-11-05T10:20:00.000Z',
  statusHistory: [
    ...modelOrdered.statusHistory!,
    { status: 'IN_TRANSIT' as const, at: '2026-11-05T06:00:00.000Z' },
    { status: 'DELIVERED' as const, at: '2026-11-06T11:40:00.000Z' },
  ],
};

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: { status: 500, data: { message: 'x' } } });
const after = (delay: string, stateId: string) => ({ type: `xstate.after.${delay}.${stateId}` });

/** Actors that never settle: the paths deliver their answers as events. */
const pending = <TOutput, TInput = NonReducibleUnknown>() => fromPromise<TOutput, TInput>(() => new Promise<never>(() => undefined));
const silent = <TEvent extends AnyEventObject>() => fromCallback<TEvent>(() => undefined);

export const catalogueModel = {
  // The location watch is replaced by the screen events it would send (home.open, home.close, sku.open).
  machine: catalogueMachine.provide({ actors: { fetchSkus: pending(), fetchConfig: pending(), locationWatch: silent() } }) as AnyStateMachine,
  input: { skus: [] },
  events: [
    { type: 'catalogue.load' },
    { type: 'home.open' },
    { type: 'home.close' },
    { type: 'search.change', query: 'straw' },
    { type: 'sku.open', skuDisplayId: 'SKU1002' },
    done('fetchSkus', [modelShell, modelStraw]),
    error('fetchSkus'),
    done('fetchConfig', modelConfig),
    error('fetchConfig'),
    after('SKU_REFRESH', 'catalogue.refresh.on'),
    after('DEBOUNCE', 'catalogue.search.debouncing'),
    after('CONFIG_RETRY', 'catalogue.contact.unavailable'),
  ] as AnyEventObject[],
};

const shellItem = { _id: 'sku-1', name: 'Groundnut Shell', image: '/img/groundnut.jpg', skuQuantityUnit: 'kg' };
export const cartModel = {
  machine: cartMachine.provide({ actors: { requestQuotation: pending() } }) as AnyStateMachine,
  input: { items: [] },
  events: [
    { type: 'draft.change', skuId: 'sku-1', unit: 'kg', text: '2' },
    // 2.5 kg: refused, kept as typed.
    { type: 'draft.change', skuId: 'sku-1', unit: 'kg', text: '2.5' },
    { type: 'draft.increment', skuId: 'sku-1', unit: 'kg' },
    { type: 'draft.decrement', skuId: 'sku-1', unit: 'kg' },
    { type: 'cart.add', item: shellItem },
    { type: 'cart.update', item: { ...shellItem, _id: 'sku-2', name: 'Paddy Straw', skuQuantityUnit: 'bale', quantity: 1 } },
    { type: 'cart.increment', id: 'sku-1' },
    { type: 'cart.decrement', id: 'sku-1' },
    // Typed in the cart: 3 kg is the item's at once; 2.5 kg is refused, kept as typed, and holds the cart.
    { type: 'cart.type', id: 'sku-1', text: '3' },
    { type: 'cart.type', id: 'sku-1', text: '2.5' },
    { type: 'cart.remove', id: 'sku-2' },
    // Order again: 2 kg more of the shell, as Add to Cart would add it.
    { type: 'cart.addAll', items: [{ ...shellItem, quantity: 2 }] },
    { type: 'cart.clear' },
    { type: 'quotation.request' },
    done('requestQuotation', { outcome: 'done' }),
    done('requestQuotation', { outcome: 'refused' }),
    error('requestQuotation'),
  ] as AnyEventObject[],
  // Quantities above 3 behave like 3: keeps the state space finite.
  serializeState: (s: SnapshotFrom<AnyStateMachine>) =>
    JSON.stringify([
      s.value,
      s.context.draft && [s.context.draft.skuId, Math.min(s.context.draft.quantity ?? -1, 3), s.context.draft.refusal],
      (s.context.items as { _id: string; quantity: number }[]).map((i) => [i._id, Math.min(i.quantity, 3)]),
      s.context.edits,
    ]),
};

export const quotationListModel = {
  machine: quotationListMachine.provide({ actors: { fetchQuotations: pending(), deleteQuotation: pending(), visibility: silent() } }) as AnyStateMachine,
  input: { quotations: [] },
  events: [
    { type: 'page.hidden' },
    { type: 'page.visible' },
    // The first page of five quotations; the rest are on the next page.
    done('fetchQuotations', { data: [modelPending, modelReceived], nextCursor: 'after-q-2', total: 5 }),
    // The admin priced the pending one meanwhile.
    done('fetchQuotations', { data: [{ ...modelPending, status: 'COMPLETED' }, modelReceived], nextCursor: 'after-q-2', total: 5 }),
    error('fetchQuotations'),
    { type: 'list.more' },
    // q-2 again (listed once), then the older ones.
    done('fetchMoreQuotations', { data: [modelReceived, modelOrdered, modelExpiredPriced, modelExpiredUnpriced], nextCursor: null, total: 5 }),
    error('fetchMoreQuotations'),
    after('POLL', 'quotationList.poll.waiting'),
    { type: 'quotation.delete', id: 'q-1' },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    done('deleteQuotation', { outcome: 'done' }),
    done('deleteQuotation', { outcome: 'refused' }),
    error('deleteQuotation'),
    // The outbox sent a request (a new row) and its answer came; then an order, answered with no quotation.
    { type: 'quotation.arrived', quotation: { ...modelPending, _id: 'q-9', quotationDisplayId: 'QT100009' } },
    { type: 'list.refresh' },
  ] as AnyEventObject[],
};

export const quotationDetailModel = {
  machine: quotationDetailMachine.provide({
    actors: {
      fetchQuotation: pending(),
      deleteQuotation: pending(),
      placeOrder: pending(),
      declineQuotation: pending(),
      counterQuotation: pending(),
      visibility: silent(),
    },
  }) as AnyStateMachine,
  input: { quotationId: 'QT100001' },
  // The quotation shown by its id, status and revision; the farmer's draft only while a sheet holds it
  // (opening a sheet starts a fresh one), so the walk stays within its bound.
  serializeState: (snapshot: SnapshotFrom<AnyStateMachine>) => {
    const { quotation: q, missing, bargain, order } = snapshot.context as {
      quotation: Quotation | null;
      missing: boolean;
      bargain: unknown;
      order: { place: string; address: { line: string }; preferredDate: string; location: unknown };
    };
    const value = JSON.stringify(snapshot.value);
    const sheetOpen = /composingDecline|composingCounter|declining|countering/.test(value);
    const orderOpen = /composingOrder|placingOrder/.test(value);
    return JSON.stringify({
      value: snapshot.value,
      q: q && [q._id, q.status, q.revision ?? 0],
      missing,
      bargain: sheetOpen ? bargain : null,
      order: orderOpen ? [order.place, order.address.line !== '', order.preferredDate, order.location !== null] : null,
    });
  },
  // About 330 states with some 30 events each: the bound counts the walk's steps, not its states.
  limit: 20_000,
  events: [
    { type: 'page.hidden' },
    { type: 'page.visible' },
    done('fetchQuotation', modelPending),
    done('fetchQuotation', modelReceived),
    done('fetchQuotation', modelOrdered),
    done('fetchQuotation', modelExpiredPriced),
    done('fetchQuotation', modelExpiredUnpriced),
    done('fetchQuotation', null),
    error('fetchQuotation'),
    after('POLL', 'quotationDetail.active.poll.waiting'),
    { type: 'quotation.delete' },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'order.place' },
    { type: 'order.track' },
    done('deleteQuotation', { outcome: 'done' }),
    done('deleteQuotation', { outcome: 'refused' }),
    error('deleteQuotation'),
    done('placeOrder', { outcome: 'done' }),
    done('placeOrder', { outcome: 'refused' }),
    error('placeOrder'),
    done('fetchQuotation', modelRevised),
    { type: 'quotation.decline' },
    { type: 'quotation.counter' },
    { type: 'bargain.reason', reason: 'other' },
    { type: 'bargain.reason', reason: 'price_too_high' },
    { type: 'bargain.note', note: 'Mandi rate is lower' },
    { type: 'bargain.total', total: '2500' },
    { type: 'bargain.submit' },
    { type: 'bargain.cancel' },
    done('declineQuotation', modelDeclined),
    done('declineQuotation', null),
    error('declineQuotation'),
    done('counterQuotation', modelCountered),
    done('counterQuotation', null),
    error('counterQuotation'),
    { type: 'order.placeKind', place: 'other' },
    { type: 'order.placeKind', place: 'profile' },
    { type: 'order.address', field: 'line', value: 'Behind the dairy' },
    { type: 'order.date', date: '2026-12-01' },
    { type: 'order.location', location: { lat: 22.0365, long: 71.2052 } },
    { type: 'order.confirm' },
    { type: 'order.cancel' },
    // Order again with the catalogue of today: the straw of the priced lines is in it.
    { type: 'quotation.orderAgain', skus: [modelShell, modelStraw] },
  ] as AnyEventObject[],
};

/** The quotation lifecycle's moves, and its revision capped where more repeat what 2 and 3 show. */
export const quotationLifecycleModel = {
  machine: quotationLifecycleMachine as AnyStateMachine,
  events: [
    { type: 'farmer.delete' },
    { type: 'farmer.placeOrder' },
    { type: 'farmer.decline', now: 1, validUntil: 2 },
    { type: 'farmer.counter', now: 1, validUntil: 2 },
    { type: 'clock.tick', now: 2, validUntil: 1 },
    ...QUOTATION_STATUSES.map((status) => ({ type: 'admin.setStatus', status })),
  ] as AnyEventObject[],
  serializeState: (s: SnapshotFrom<AnyStateMachine>) =>
    JSON.stringify({ value: s.value, countered: s.context.countered, revision: Math.min(s.context.revision as number, 3) }),
};

export const orderTrackingModel = {
  machine: orderTrackingMachine.provide({ actors: { fetchQuotation: pending(), visibility: silent() } }) as AnyStateMachine,
  input: { quotationId: 'q-3' },
  events: [
    { type: 'page.hidden' },
    { type: 'page.visible' },
    done('fetchQuotation', modelOrdered),
    done('fetchQuotation', modelPaid),
    done('fetchQuotation', null),
    error('fetchQuotation'),
    after('POLL', 'orderTracking.poll.waiting'),
    { type: 'payment.make', config: modelConfig },
    { type: 'payment.make', config: { ...modelConfig, upiPayeeId: null } },
    { type: 'contact.open' },
    { type: 'contact.close' },
  ] as AnyEventObject[],
};

export const quotationStoreModel = {
  machine: quotationStoreMachine as AnyStateMachine,
  input: { quotations: [] },
  events: [
    { type: 'quotations.set', quotations: [modelPending] },
    { type: 'quotations.update', quotation: { ...modelPending, status: 'DELETED' } },
    { type: 'quotations.empty' },
  ] as AnyEventObject[],
};
