/**
 * One quotation on /quotation-details (SPEC §2, §7): two parallel regions.
 * - `poll`: GET /quotations/{id} now and every POLL_MS, paused while the page is hidden; the screen
 *   stops the actor when it closes.
 * - `action`: what the farmer may do, as the quotation lifecycle allows it: delete a PENDING one
 *   (after the confirm dialog), place an order from a COMPLETED one, track an ORDERED one. Place Order
 *   opens a sheet first: the place (the profile's, or another address) and a preferred date
 *   (./order-place-draft.ts). A successful delete (200) or order (201) goes to /request and ends the
 *   chart (`left`, polling stops); anything else brings the button (or the sheet) back. A past
 *   quotation (ordered, declined, expired, deleted) may be ordered again: its items still in the catalogue go into the cart (the
 *   cart's `cart.addAll`, quantities added as Add to Cart adds them) and the farmer goes to /cart.
 *   On a COMPLETED one the farmer may also bargain:
 *   decline it with a reason (`other` needs a note) or ask for a better price (an optional total
 *   below the quoted one, and a note); the server's answer replaces the quotation shown, and a
 *   refusal (409: it expired or changed meanwhile) brings the buttons back for the next poll to explain.
 */
import { assign, enqueueActions, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { POLL_MS } from '../src/domain/constants';
import { quotationPollStates } from './quotation-poll';
import type { WriteResult } from '../src/domain/api';
import { reorderItems } from '../src/domain/cart';
import { ROUTES } from '../src/domain/routes';
import { priceDetails, rupeesToPaisa } from '../src/domain/money';
import { BARGAIN_NOTE_MAX, type DeclineReason } from '../src/domain/quotation-status';
import type { PlaceOrderBody, Quotation, QuotationStatus, Sku } from '../src/domain/types';
import type { CartEvent } from './cart.machine';
import type { OutboxSnapshot } from './outbox.machine';
import { NO_ORDER_DRAFT, placeOrderBody, type AddressField, type OrderPlaceDraft } from './order-place-draft';
import { farmerMayCounter, farmerMayDecline, farmerMayDelete, farmerMayPlaceOrder, shownTotal } from './quotation-lifecycle.machine';
import { silentVisibility, type PageVisibilityEvent } from './quotation-list.machine';

export interface QuotationDetailContext {
  /** The display id (or internal id) the screen's query names. */
  quotationId: string;
  quotation: Quotation | null;
  /** The server said no such quotation (404). */
  missing: boolean;
  /** What the farmer is writing in the decline or better-price sheet. */
  bargain: BargainDraft;
  /** Where and when, in the Place Order sheet. */
  order: OrderPlaceDraft;
}

export interface BargainDraft {
  reason: DeclineReason | null;
  note: string;
  /** The total the farmer would pay, in rupees as typed; empty for none. */
  total: string;
}

const NO_DRAFT: BargainDraft = { reason: null, note: '', total: '' };

/** POST /quotations/{id}/decline or /counter: the quotation as the server now has it, or null when it refused (409). */
export type BargainOutput = Quotation | null;

export type QuotationDetailEvent =
  | PageVisibilityEvent
  | { type: 'quotation.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'order.place' }
  | { type: 'order.placeKind'; place: OrderPlaceDraft['place'] }
  | { type: 'order.address'; field: AddressField; value: string }
  | { type: 'order.date'; date: string }
  /** "Use my location" for another place: the phone is finding it, could not, or found it. */
  | { type: 'order.location'; location: OrderPlaceDraft['location'] }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' }
  | { type: 'order.track' }
  /** Order again, with the catalogue as it is today. */
  | { type: 'quotation.orderAgain'; skus: readonly Sku[] }
  | { type: 'quotation.decline' }
  | { type: 'quotation.counter' }
  | { type: 'bargain.reason'; reason: DeclineReason }
  | { type: 'bargain.note'; note: string }
  | { type: 'bargain.total'; total: string }
  | { type: 'bargain.submit' }
  | { type: 'bargain.cancel' };

/** GET /quotations/{id}: the quotation, or null when the server has none by that id. */
export type FetchQuotationResult = Quotation | null;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the caller`);
};

export type QuotationAction = 'delete' | 'placeOrder' | 'track' | null;

/** The action button a status offers, read from the lifecycle chart (and ORDERED → Track Order). */
export function quotationAction(status: QuotationStatus): QuotationAction {
  if (farmerMayDelete(status)) return 'delete';
  if (farmerMayPlaceOrder(status)) return 'placeOrder';
  if (status === 'ORDERED') return 'track';
  return null;
}

const actionOf = (context: QuotationDetailContext): QuotationAction =>
  context.quotation && context.quotation.skusDetail.length > 0 ? quotationAction(context.quotation.status) : null;

/** May the farmer bargain on the quotation shown (by status; the server adds the clock)? */
const mayBargainOn = (context: QuotationDetailContext): boolean =>
  context.quotation !== null && context.quotation.skusDetail.length > 0 && farmerMayDecline(context.quotation.status) && farmerMayCounter(context.quotation.status);

/** The better price asked, paisa: null for none; NaN when what was typed is no amount below the quoted total. */
export function counterTotalPaisa(context: QuotationDetailContext): number | null {
  if (context.bargain.total.trim() === '') return null;
  const paisa = rupeesToPaisa(context.bargain.total);
  const quoted = context.quotation ? priceDetails(context.quotation.skusDetail).totalPaisa : 0;
  return paisa !== null && paisa > 0 && paisa < quoted ? paisa : Number.NaN;
}

/**
 * Order again: a past quotation (ordered, declined, expired or deleted; a pending or priced one is still
 * under way), with at least one of its items still in the catalogue.
 */
const mayOrderAgainWith = (context: QuotationDetailContext, skus: readonly Sku[]): boolean =>
  context.quotation !== null && !UNDER_WAY.includes(context.quotation.status) && reorderItems(context.quotation, skus).length > 0;
const UNDER_WAY: readonly QuotationStatus[] = ['PENDING', 'COMPLETED'];

const noteOf = (draft: BargainDraft): string | undefined => (draft.note.trim() === '' ? undefined : draft.note.trim());

export const quotationDetailMachine = setup({
  types: {
    context: {} as QuotationDetailContext,
    events: {} as QuotationDetailEvent,
    input: {} as { quotationId: string; cached?: Quotation | null },
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    fetchQuotation: fromPromise<FetchQuotationResult, { id: string }>(notProvided('fetchQuotation')),
    deleteQuotation: fromPromise<WriteResult, { id: string }>(notProvided('deleteQuotation')),
    placeOrder: fromPromise<WriteResult, { id: string; body?: PlaceOrderBody }>(notProvided('placeOrder')),
    declineQuotation: fromPromise<BargainOutput, { id: string; reason: DeclineReason; note?: string }>(notProvided('declineQuotation')),
    counterQuotation: fromPromise<BargainOutput, { id: string; totalPaisa?: number; note?: string }>(notProvided('counterQuotation')),
    visibility: silentVisibility,
  },
  delays: { POLL: POLL_MS },
  guards: {
    isFound: (_, params: { found: boolean }) => params.found,
    mayDelete: ({ context }) => actionOf(context) === 'delete',
    mayPlaceOrder: ({ context }) => actionOf(context) === 'placeOrder',
    mayTrack: ({ context }) => actionOf(context) === 'track',
    isDone: (_, params: WriteResult) => params.outcome === 'done',
    mayBargain: ({ context }) => mayBargainOn(context),
    // `other` says why in a note; every reason takes a note up to the bound.
    isDeclineReady: ({ context }) =>
      context.bargain.reason !== null && context.bargain.note.length <= BARGAIN_NOTE_MAX && (context.bargain.reason !== 'other' || noteOf(context.bargain) !== undefined),
    isCounterReady: ({ context }) => context.bargain.note.length <= BARGAIN_NOTE_MAX && !Number.isNaN(counterTotalPaisa(context)),
    isAnswered: (_, params: { output: BargainOutput }) => params.output !== null,
    isOrderReady: ({ context }) => placeOrderBody(context.order) !== null,
    isOtherPlace: ({ context }) => context.order.place === 'other',
    mayOrderAgain: ({ context, event }) => event.type === 'quotation.orderAgain' && mayOrderAgainWith(context, event.skus),
  },
  actions: {
    // Injected: asks the session to go to a route.
    navigate: (_, _params: { to: string }) => {},
    // Injected: keeps the persisted quotation slice in step.
    storeQuotation: (_, _params: { quotation: Quotation }) => {},
    keepQuotation: assign({ quotation: (_, params: { quotation: Quotation }) => params.quotation, missing: false }),
    markMissing: assign({ quotation: null, missing: true }),
  },
}).createMachine({
  id: 'quotationDetail',
  context: ({ input }) => ({ quotationId: input.quotationId, quotation: input.cached ?? null, missing: false, bargain: NO_DRAFT, order: NO_ORDER_DRAFT }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      invoke: { id: 'visibility', src: 'visibility' },
      states: {
        poll: {
          initial: 'fetching',
          on: { 'page.hidden': '.paused' },
          states: quotationPollStates,
        },
        action: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'quotation.delete': { guard: 'mayDelete', target: 'confirmingDelete' },
                'order.place': { guard: 'mayPlaceOrder', target: 'composingOrder', actions: assign({ order: NO_ORDER_DRAFT }) },
                'quotation.orderAgain': {
                  guard: 'mayOrderAgain',
                  actions: [
                    // The cart is a peer in the actor system; it adds each item as Add to Cart does.
                    enqueueActions(({ context, event, system, enqueue }) => {
                      const cart = system.get('cart');
                      if (cart && event.type === 'quotation.orderAgain' && context.quotation) {
                        const addAll: CartEvent = { type: 'cart.addAll', items: reorderItems(context.quotation, event.skus) };
                        enqueue.sendTo(cart, addAll);
                      }
                    }),
                    { type: 'navigate', params: { to: ROUTES.cart } },
                  ],
                },
                'quotation.decline': { guard: 'mayBargain', target: 'composingDecline', actions: assign({ bargain: NO_DRAFT }) },
                'quotation.counter': { guard: 'mayBargain', target: 'composingCounter', actions: assign({ bargain: NO_DRAFT }) },
                'order.track': {
                  guard: 'mayTrack',
                  actions: {
                    type: 'navigate',
                    params: ({ context }) => ({ to: `/order-status?quotation_id=${encodeURIComponent(context.quotation?._id ?? '')}` }),
                  },
                },
              },
            },
            confirmingDelete: {
              on: {
                // The poll may have brought a priced quotation meanwhile: then there is nothing to delete.
                'delete.confirm': [{ guard: 'mayDelete', target: 'deleting' }, { target: 'idle' }],
                'delete.cancel': 'idle',
              },
            },
            deleting: {
              tags: ['busy'],
              invoke: {
                id: 'deleteQuotation',
                src: 'deleteQuotation',
                input: ({ context }) => ({ id: context.quotation?._id ?? context.quotationId }),
                onDone: [
                  {
                    guard: { type: 'isDone', params: ({ event }) => event.output },
                    target: '#quotationDetail.left',
                    actions: { type: 'navigate', params: { to: '/request' } },
                  },
                  { target: 'idle' },
                ],
                onError: { target: 'idle' },
              },
            },
            composingDecline: {
              on: {
                'bargain.reason': { actions: assign({ bargain: ({ context, event }) => ({ ...context.bargain, reason: event.reason }) }) },
                'bargain.note': { actions: assign({ bargain: ({ context, event }) => ({ ...context.bargain, note: event.note }) }) },
                'bargain.submit': { guard: 'isDeclineReady', target: 'declining' },
                'bargain.cancel': 'idle',
              },
              // The poll may have brought an expired or changed quotation meanwhile: then the sheet closes.
              always: { guard: not('mayBargain'), target: 'idle' },
            },
            declining: {
              tags: ['busy'],
              invoke: {
                id: 'declineQuotation',
                src: 'declineQuotation',
                input: ({ context }) => ({
                  id: context.quotation?._id ?? context.quotationId,
                  reason: context.bargain.reason ?? 'other',
                  ...(noteOf(context.bargain) === undefined ? {} : { note: noteOf(context.bargain) }),
                }),
                onDone: [
                  {
                    guard: { type: 'isAnswered', params: ({ event }) => ({ output: event.output }) },
                    target: 'idle',
                    actions: [
                      assign({ quotation: ({ event }) => event.output, bargain: NO_DRAFT }),
                      { type: 'storeQuotation', params: ({ event }) => ({ quotation: event.output as Quotation }) },
                    ],
                  },
                  { target: 'idle' },
                ],
                onError: { target: 'composingDecline' },
              },
            },
            composingCounter: {
              on: {
                'bargain.total': { actions: assign({ bargain: ({ context, event }) => ({ ...context.bargain, total: event.total }) }) },
                'bargain.note': { actions: assign({ bargain: ({ context, event }) => ({ ...context.bargain, note: event.note }) }) },
                'bargain.submit': { guard: 'isCounterReady', target: 'countering' },
                'bargain.cancel': 'idle',
              },
              always: { guard: not('mayBargain'), target: 'idle' },
            },
            countering: {
              tags: ['busy'],
              invoke: {
                id: 'counterQuotation',
                src: 'counterQuotation',
                input: ({ context }) => {
                  const total = counterTotalPaisa(context);
                  const note = noteOf(context.bargain);
                  return {
                    id: context.quotation?._id ?? context.quotationId,
                    ...(total === null || Number.isNaN(total) ? {} : { totalPaisa: total }),
                    ...(note === undefined ? {} : { note }),
                  };
                },
                onDone: [
                  {
                    guard: { type: 'isAnswered', params: ({ event }) => ({ output: event.output }) },
                    target: 'idle',
                    actions: [
                      assign({ quotation: ({ event }) => event.output, bargain: NO_DRAFT }),
                      { type: 'storeQuotation', params: ({ event }) => ({ quotation: event.output as Quotation }) },
                    ],
                  },
                  { target: 'idle' },
                ],
                onError: { target: 'composingCounter' },
              },
            },
            composingOrder: {
              on: {
                'order.placeKind': { actions: assign({ order: ({ context, event }) => ({ ...context.order, place: event.place }) }) },
                'order.address': {
                  actions: assign({ order: ({ context, event }) => ({ ...context.order, address: { ...context.order.address, [event.field]: event.value } }) }),
                },
                'order.date': { actions: assign({ order: ({ context, event }) => ({ ...context.order, preferredDate: event.date }) }) },
                // Only another place takes a pin found by the phone; the profile's has its own.
                'order.location': { guard: 'isOtherPlace', actions: assign({ order: ({ context, event }) => ({ ...context.order, location: event.location }) }) },
                'order.confirm': { guard: 'isOrderReady', target: 'placingOrder' },
                'order.cancel': 'idle',
              },
              // The poll may have brought an expired or changed quotation meanwhile: then the sheet closes.
              always: { guard: not('mayPlaceOrder'), target: 'idle' },
            },
            placingOrder: {
              tags: ['busy'],
              invoke: {
                id: 'placeOrder',
                src: 'placeOrder',
                input: ({ context }) => ({ id: context.quotation?._id ?? context.quotationId, body: placeOrderBody(context.order) ?? {} }),
                onDone: [
                  {
                    guard: { type: 'isDone', params: ({ event }) => event.output },
                    target: '#quotationDetail.left',
                    actions: { type: 'navigate', params: { to: '/request' } },
                  },
                  // Refused (a date no longer in range, a quotation that changed): the sheet stays as filled in.
                  { target: 'composingOrder' },
                ],
                onError: { target: 'composingOrder' },
              },
            },
          },
        },
      },
    },
    // The request succeeded and the session is taking the farmer to /request: polling ends here.
    left: { type: 'final', tags: ['busy'] },
  },
});

type QuotationDetailSnapshot = SnapshotFrom<typeof quotationDetailMachine>;

/**
 * The action button the screen offers for the quotation shown (the same rule the chart's guards read):
 * 'Delete Request', 'Place Order', 'Track Order', or none. Whether it can be pressed now is `can()`.
 */
export const offeredAction = (snapshot: QuotationDetailSnapshot): QuotationAction => actionOf(snapshot.context);

/**
 * The action button beside the outbox: none while a delete or an order for this quotation waits in
 * it (the outbox's card on the page says so, with its Cancel), so the farmer does not send it twice;
 * once the server refused that write, the action is offered again (another day, another try).
 */
export const offeredActionWith = (snapshot: QuotationDetailSnapshot, outbox: OutboxSnapshot | undefined): QuotationAction => {
  const id = snapshot.context.quotation?._id;
  const waits = id !== undefined && (outbox?.context.items.some((i) => i.quotationId === id && i.refusal === null) ?? false);
  return waits ? null : actionOf(snapshot.context);
};

/** The total the screen shows, quoted or estimated (see `shownTotal`); null when none shows or before the quotation is known. */
export const detailTotal = (snapshot: QuotationDetailSnapshot): ReturnType<typeof shownTotal> =>
  snapshot.context.quotation ? shownTotal(snapshot.context.quotation) : null;

/** May the farmer order this quotation again with the catalogue as it is (`skus`)? The button shows then. */
export const offersOrderAgain = (snapshot: QuotationDetailSnapshot, skus: readonly Sku[]): boolean => mayOrderAgainWith(snapshot.context, skus);
