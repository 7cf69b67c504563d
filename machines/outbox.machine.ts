/**
 * The outbox: the farmer's writes that wait for the network (request prices, delete a request, place
 * an order). Each item keeps the Idempotency-Key made when the farmer tapped, so sending it again
 * after a lost answer is done once by the server. The items live in IndexedDB (the injected `load`
 * and `save`): a farmer who closes the app finds them there the next time.
 *
 * Two regions:
 *   - `store`: `loading` the kept items at start, then `saved` / `saving` after every change; `kept`
 *     lists the keys written to the phone, so a caller (the cart) waits for its item to be kept
 *     before it lets go of what the farmer asked. A save writes this outbox's items and removes only
 *     the kept ones it no longer holds: another open tab of the app shares the phone's storage, and
 *     what that tab put there stays (after logout everything goes).
 *   - `delivery`: `idle` until `outbox.flush` (the network came back, the app opened, a background
 *     sync) finds items waiting; `sending` sends the oldest, one at a time. The server's answer
 *     decides: sent, it leaves the outbox (`delivered` tells the app); refused (an order on a quotation
 *     that expired meanwhile), it stays with the server's reason until the farmer dismisses it or asks
 *     again (`outbox.askAgain`: the same products as a new request for prices, sent at once);
 *     no network, it waits for the next flush, or OUTBOX_RETRY_MS after the last change.
 * A waiting item can be cancelled until it is being sent. Logging out empties the outbox, and so
 * does opening with nobody logged in (the injected `logoutWatch`), so one farmer's writes are never
 * sent with the next one's session.
 */
import { assign, enqueueActions, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { CartItem, Quotation } from '../src/domain/types';

/** At most this many writes wait on one phone; a farmer past it is asked to wait for the network. */
export const OUTBOX_MAX = 20;
/** How long a waiting write waits before it is tried again without a sign that the network is back. */
export const OUTBOX_RETRY_MS = 15_000;

export type OutboxKind = 'quotation.request' | 'quotation.delete' | 'order.place';

/**
 * Why the server refused a write, as the farmer is told it: the price ran out (or the quotation was
 * declined or deleted meanwhile), the quotation already has an order, the delivery date chosen has
 * passed while the order waited, the request changed meanwhile, or anything else.
 */
export type OutboxRefusal = 'expired' | 'ordered' | 'date' | 'changed' | 'other';

export interface OutboxItem {
  /** The Idempotency-Key, made when the farmer tapped. */
  key: string;
  kind: OutboxKind;
  /** The quotation a delete or an order is for; null for a request. */
  quotationId: string | null;
  /** What is sent (a request's lines, an order's place and date); null for a delete. */
  body: unknown;
  /** What the farmer asked for (an order's or a delete's: the quotation's products), as the request list shows it. */
  items: CartItem[];
  /** When the farmer tapped (epoch ms). */
  at: number;
  /** The server's reason when it refused the write; null while it waits. */
  refusal: OutboxRefusal | null;
}

/** What one send came to. */
export type SendOutcome =
  | { outcome: 'sent'; quotation: Quotation | null }
  | { outcome: 'refused'; reason: OutboxRefusal }
  | { outcome: 'offline' };

export interface OutboxContext {
  items: OutboxItem[];
  /** Keys of the items written to the phone's storage. */
  kept: string[];
  /** The key being sent, which cannot be cancelled any more. */
  sending: string | null;
  /** Emptied (the farmer logged out) since the last save: the next save clears the phone's storage. */
  cleared: boolean;
}

/** What one save writes: the items held, the keys kept before (those not held any more go), whether to clear all first. */
export interface OutboxSave {
  items: OutboxItem[];
  kept: string[];
  clear: boolean;
}

export type OutboxEvent =
  | { type: 'outbox.add'; item: OutboxItem }
  | { type: 'outbox.cancel'; key: string }
  /** The farmer asks again for prices for a refused write's products; `newKey` is made at this tap. */
  | { type: 'outbox.askAgain'; key: string; newKey: string; at: number }
  | { type: 'outbox.flush' }
  | { type: 'outbox.empty' }
  | { type: 'outbox.changed' }
  /** A write for this quotation went through at once (the network was back): a refusal of an earlier one is settled. */
  | { type: 'outbox.settled'; quotationId: string };

const waiting = (items: readonly OutboxItem[]) => items.filter((i) => i.refusal === null);
const without = (items: readonly OutboxItem[], key: string | null) => items.filter((i) => i.key !== key);

/** Is this a refused write for that quotation? */
const refusedFor = (item: OutboxItem, quotationId: string | null) => quotationId !== null && item.quotationId === quotationId && item.refusal !== null;

/** A refused write whose products can be asked for again (a delete asks nothing). */
const asksAgain = (item: OutboxItem | undefined): item is OutboxItem => item !== undefined && item.refusal !== null && item.kind !== 'quotation.delete' && item.items.length > 0;

/** The request for prices a refused write's products make, under the key made at the farmer's new tap. */
export const requestAgain = (item: OutboxItem, key: string, at: number): OutboxItem => ({
  key,
  kind: 'quotation.request',
  quotationId: null,
  body: { skusDetail: item.items.map((i) => ({ skuIdentifier: i._id, quantity: i.quantity })) },
  items: item.items,
  at,
  refusal: null,
});

export const outboxMachine = setup({
  types: { context: {} as OutboxContext, events: {} as OutboxEvent },
  actors: {
    // Injected by the web app (src/web/outbox): IndexedDB, loaded when first needed.
    load: fromPromise<OutboxItem[]>(async () => []),
    save: fromPromise<string[], OutboxSave>(async ({ input }) => input.items.map((i) => i.key)),
    send: fromPromise<SendOutcome, OutboxItem>(async () => ({ outcome: 'offline' })),
    // Injected: `outbox.flush` when the network comes back or a background sync fires.
    networkWatch: fromCallback(() => undefined),
    // Injected: `outbox.empty` when the farmer logs out.
    logoutWatch: fromCallback(() => undefined),
  },
  guards: {
    hasRoom: ({ context, event }) =>
      event.type === 'outbox.add' && context.items.length < OUTBOX_MAX && !context.items.some((i) => i.key === event.item.key),
    mayCancel: ({ context, event }) => event.type === 'outbox.cancel' && event.key !== context.sending && context.items.some((i) => i.key === event.key),
    mayAskAgain: ({ context, event }) =>
      event.type === 'outbox.askAgain' && asksAgain(context.items.find((i) => i.key === event.key)) && !context.items.some((i) => i.key === event.newKey),
    hasWaiting: ({ context }) => waiting(context.items).length > 0,
    hasRefusalFor: ({ context, event }) => event.type === 'outbox.settled' && context.items.some((i) => refusedFor(i, event.quotationId)),
    isSent: (_, outcome: SendOutcome) => outcome.outcome === 'sent',
    isRefused: (_, outcome: SendOutcome) => outcome.outcome === 'refused',
  },
  actions: {
    // A new write for a quotation takes the place of a refused one for it: the farmer tried again.
    addItem: assign({
      items: ({ context, event }) => (event.type === 'outbox.add' ? [...context.items.filter((i) => !refusedFor(i, event.item.quotationId)), event.item] : context.items),
    }),
    settle: assign({ items: ({ context, event }) => (event.type === 'outbox.settled' ? context.items.filter((i) => !refusedFor(i, event.quotationId)) : context.items) }),
    cancelItem: assign({ items: ({ context, event }) => (event.type === 'outbox.cancel' ? without(context.items, event.key) : context.items) }),
    // The new request takes the refused write's place at the end of the line: it was asked for now.
    askAgain: assign({
      items: ({ context, event }) => {
        if (event.type !== 'outbox.askAgain') return context.items;
        const refused = context.items.find((i) => i.key === event.key)!;
        return [...without(context.items, event.key), requestAgain(refused, event.newKey, event.at)];
      },
    }),
    emptyItems: assign({ items: () => [], sending: () => null, cleared: () => true }),
    // What was kept comes first; a write added while the kept ones were loading follows them.
    // Emptied while they loaded (the farmer logged out), they are not taken back.
    keepLoaded: assign({
      items: ({ context }, params: { items: OutboxItem[] }) =>
        context.cleared ? context.items : [...params.items, ...context.items.filter((i) => !params.items.some((l) => l.key === i.key))],
      kept: ({ context }, params: { items: OutboxItem[] }) => (context.cleared ? [] : params.items.map((i) => i.key)),
    }),
    keepSaved: assign({ kept: (_, params: { keys: string[] }) => params.keys, cleared: () => false }),
    pickNext: assign({ sending: ({ context }) => waiting(context.items)[0]?.key ?? null }),
    dropSent: assign({ items: ({ context }) => without(context.items, context.sending), sending: () => null }),
    markRefused: assign({
      items: ({ context }, params: { reason: OutboxRefusal }) => context.items.map((i) => (i.key === context.sending ? { ...i, refusal: params.reason } : i)),
      sending: () => null,
    }),
    stopSending: assign({ sending: () => null }),
    changed: raise({ type: 'outbox.changed' }),
    flush: raise({ type: 'outbox.flush' }),
    // Injected: the app keeps the quotation the server answered with (its store, its list).
    delivered: (_, _params: { quotation: Quotation | null }) => {},
  },
  delays: { retryDelay: OUTBOX_RETRY_MS },
}).createMachine({
  id: 'outbox',
  type: 'parallel',
  context: { items: [], kept: [], sending: null, cleared: false },
  invoke: [
    { id: 'networkWatch', src: 'networkWatch' },
    { id: 'logoutWatch', src: 'logoutWatch' },
  ],
  on: {
    'outbox.add': { guard: 'hasRoom', actions: ['addItem', 'changed'] },
    'outbox.cancel': { guard: 'mayCancel', actions: ['cancelItem', 'changed'] },
    'outbox.askAgain': { guard: 'mayAskAgain', actions: ['askAgain', 'changed', 'flush'] },
    'outbox.settled': { guard: 'hasRefusalFor', actions: ['settle', 'changed'] },
    'outbox.empty': { actions: ['emptyItems', 'changed'] },
  },
  states: {
    store: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            // What was waiting when the app closed goes out as the app opens.
            // Written back at once: a write added while loading is kept with them.
            onDone: { target: 'saving', actions: [{ type: 'keepLoaded', params: ({ event }) => ({ items: event.output }) }, 'flush'] },
            onError: 'saving',
          },
        },
        saved: { on: { 'outbox.changed': 'saving' } },
        saving: {
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ items: context.items, kept: context.kept, clear: context.cleared }),
            onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => ({ keys: event.output }) } },
            // Not written: the items stay in memory and the next change tries again.
            onError: 'saved',
          },
          on: { 'outbox.changed': { target: 'saving', reenter: true } },
        },
      },
    },
    delivery: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'outbox.flush': { guard: 'hasWaiting', target: 'sending' },
            // A write that failed with the network still up (an answer lost on the way) is tried again soon.
            'outbox.changed': { target: 'idle', reenter: true },
          },
          after: { retryDelay: { guard: 'hasWaiting', target: 'sending' } },
        },
        sending: {
          entry: 'pickNext',
          invoke: {
            id: 'send',
            src: 'send',
            input: ({ context }) => context.items.find((i) => i.key === context.sending)!,
            onDone: [
              {
                guard: { type: 'isSent', params: ({ event }) => event.output },
                target: 'next',
                actions: [
                  enqueueActions(({ enqueue, event }) => {
                    if (event.output.outcome === 'sent') enqueue({ type: 'delivered', params: { quotation: event.output.quotation } });
                  }),
                  'dropSent',
                  'changed',
                ],
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'next',
                actions: [{ type: 'markRefused', params: ({ event }) => ({ reason: event.output.outcome === 'refused' ? event.output.reason : 'other' }) }, 'changed'],
              },
              // Still no network: wait for the next flush.
              { target: 'idle', actions: 'stopSending' },
            ],
            onError: { target: 'idle', actions: 'stopSending' },
          },
          // Logged out while sending: the send is stopped with the items.
          on: { 'outbox.empty': { target: 'idle', actions: ['emptyItems', 'changed'] } },
        },
        next: { always: [{ guard: 'hasWaiting', target: 'sending' }, { target: 'idle' }] },
      },
    },
  },
});

export type OutboxSnapshot = SnapshotFrom<typeof outboxMachine>;

/** The requests for prices waiting in the outbox (or refused), oldest first, as the request list shows them. */
export const outboxRequests = (snapshot: OutboxSnapshot | undefined): OutboxItem[] =>
  snapshot?.context.items.filter((i) => i.kind === 'quotation.request') ?? [];

/** The outbox's write for one quotation (a delete or an order waiting or refused), if there is one. */
export const outboxWriteFor = (snapshot: OutboxSnapshot | undefined, quotationId: string): OutboxItem | null =>
  snapshot?.context.items.find((i) => i.quotationId === quotationId) ?? null;

/** The heading over the outbox on /request: waiting for the internet while any write waits, else "Not done" over refusals only. */
export const outboxHeading = (snapshot: OutboxSnapshot): 'outbox.title' | 'outbox.titleRefused' =>
  waiting(snapshot.context.items).length > 0 ? 'outbox.title' : 'outbox.titleRefused';

/** Whether an item may still be cancelled (it is not being sent). */
export const mayCancel = (snapshot: OutboxSnapshot | undefined, key: string): boolean => snapshot !== undefined && snapshot.context.sending !== key;

/** Whether the item is on the phone's storage (so what the farmer asked is safe to let go). */
export const isKept = (snapshot: OutboxSnapshot, key: string): boolean => snapshot.context.kept.includes(key);

/** What a refused write's card says, and what it offers beside OK: ask again for prices, open the quotation. */
export interface RefusalShown {
  text: 'outbox.refused.request' | 'outbox.refused.delete' | 'outbox.refused.order' | 'outbox.refused.ordered' | 'outbox.refused.date' | 'outbox.refused.orderOther';
  askAgain: boolean;
  openQuotation: boolean;
}

const ORDER_REFUSED: Record<OutboxRefusal, RefusalShown['text']> = {
  expired: 'outbox.refused.order',
  ordered: 'outbox.refused.ordered',
  date: 'outbox.refused.date',
  changed: 'outbox.refused.orderOther',
  other: 'outbox.refused.orderOther',
};

/**
 * How a refused write is shown, or null while it waits. A price that ran out is asked for again with
 * the same products; an order refused for another reason (already ordered, the date passed) is
 * settled on the quotation's own page.
 */
export function refusalShown(item: OutboxItem, where: 'list' | 'quotation' = 'list'): RefusalShown | null {
  if (item.refusal === null) return null;
  // On the quotation's own page there is nothing to open.
  const openQuotation = where === 'list';
  if (item.kind === 'quotation.request') return { text: 'outbox.refused.request', askAgain: asksAgain(item), openQuotation: false };
  if (item.kind === 'quotation.delete') return { text: 'outbox.refused.delete', askAgain: false, openQuotation };
  const reason = ORDER_REFUSED[item.refusal] ?? 'outbox.refused.orderOther';
  return { text: reason, askAgain: item.refusal === 'expired' && asksAgain(item), openQuotation };
}
