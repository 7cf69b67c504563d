/**
 * The quotation lifecycle (SPEC §4, DECISIONS §1): one chart for every status and every move.
 * A farmer may delete a PENDING quotation and order from a COMPLETED one; an admin may set any status.
 * The server checks every move against this chart (`nextQuotationStatus`), and the views ask it what
 * a farmer may do (`snapshot.can`), so both read the same rules.
 *
 * Validity (DECISIONS §5): a COMPLETED quotation is valid for the configured days from its pricing; once
 * the clock passes `quotationValidUntil`, `clock.tick` moves it to EXPIRED, from which no order can be
 * placed. An admin may re-price an EXPIRED quotation (set it COMPLETED again), which starts a new period.
 *
 * Bargaining (DECISIONS §5): on a COMPLETED quotation still valid the farmer may decline it with a
 * reason (DECLINED, closed like DELETED; an admin may price it again, as with EXPIRED) or ask for a
 * better price, which takes it back to PENDING with the counter waiting (`countered`). Each pricing
 * is a numbered `revision`: the first COMPLETED save makes it 1, and a COMPLETED save that answers a
 * counter adds one; a save that answers none (a correction) keeps the number the farmer already saw.
 *
 * Money shown: each status is tagged with what its prices are. `awaitingPrice` (PENDING)
 * shows an estimate from the SKUs' minimum prices; `quoted` (COMPLETED, ORDERED) the admin's prices;
 * `closed` (DELETED, EXPIRED, DECLINED) the quoted prices only if it was priced before, else none.
 */
import { linePricePaisa } from '../src/domain/quantity';
import { assign, getNextSnapshot, setup } from 'xstate';
import { priceDetails } from '../src/domain/money';
import type { Quotation, QuotationLine, QuotationStatus } from '../src/domain/types';

export type QuotationLifecycleEvent =
  | { type: 'farmer.delete' }
  | { type: 'farmer.placeOrder' }
  | { type: 'admin.setStatus'; status: QuotationStatus }
  /** The clock read at `now`; `validUntil` is the quotation's end of validity (epoch ms), null if unpriced. */
  | { type: 'clock.tick'; now: number; validUntil: number | null }
  /** The farmer declines a priced quotation; `now` and `validUntil` as for `clock.tick`. */
  | { type: 'farmer.decline'; now: number; validUntil: number | null }
  /** The farmer asks for a better price; `now` and `validUntil` as for `clock.tick`. */
  | { type: 'farmer.counter'; now: number; validUntil: number | null };

/** What the chart remembers beside the status: the pricing's number (0 before any) and whether a counter waits. */
export interface QuotationLifecycleContext {
  revision: number;
  countered: boolean;
}

export const UNPRICED: QuotationLifecycleContext = { revision: 0, countered: false };

const DAY_MS = 86_400_000;

/** The end of a priced quotation's validity, epoch ms: `validityDays` days after pricing. */
export function quotationValidUntil(pricedAt: number, validityDays: number): number {
  return pricedAt + validityDays * DAY_MS;
}

const adminMoves = {
  'admin.setStatus': [
    { guard: { type: 'isTarget', params: { status: 'PENDING' } }, target: '.PENDING' },
    // Pricing that answers a counter is the next revision; any other pricing keeps the number (at least 1).
    { guard: 'isRepricingACounter', target: '.COMPLETED', actions: 'nextRevision' },
    { guard: { type: 'isTarget', params: { status: 'COMPLETED' } }, target: '.COMPLETED', actions: 'firstRevision' },
    { guard: { type: 'isTarget', params: { status: 'ORDERED' } }, target: '.ORDERED', actions: 'answerCounter' },
    { guard: { type: 'isTarget', params: { status: 'DELETED' } }, target: '.DELETED', actions: 'answerCounter' },
    { guard: { type: 'isTarget', params: { status: 'EXPIRED' } }, target: '.EXPIRED', actions: 'answerCounter' },
    { guard: { type: 'isTarget', params: { status: 'DECLINED' } }, target: '.DECLINED', actions: 'answerCounter' },
  ],
} as const;

/** A farmer's bargaining move: only while the quotation is still valid (the server reads the clock; the views ask by status alone). */
const stillValid = ({ event }: { event: QuotationLifecycleEvent }) =>
  (event.type === 'farmer.decline' || event.type === 'farmer.counter') && (event.validUntil === null || event.now < event.validUntil);

export const quotationLifecycleMachine = setup({
  types: {
    context: {} as QuotationLifecycleContext,
    events: {} as QuotationLifecycleEvent,
    tags: {} as 'awaitingPrice' | 'quoted' | 'closed',
  },
  guards: {
    isTarget: ({ event }, params: { status: QuotationStatus }) =>
      event.type === 'admin.setStatus' && event.status === params.status,
    isRepricingACounter: ({ context, event }) => event.type === 'admin.setStatus' && event.status === 'COMPLETED' && context.countered,
    validityOver: ({ event }) => event.type === 'clock.tick' && event.validUntil !== null && event.now >= event.validUntil,
    stillValid,
  },
  actions: {
    nextRevision: assign({ revision: ({ context }) => context.revision + 1, countered: false }),
    firstRevision: assign({ revision: ({ context }) => Math.max(1, context.revision), countered: false }),
    // An admin who moves a countered quotation anywhere but PENDING or COMPLETED has answered the counter.
    answerCounter: assign({ countered: false }),
    waitForAnswer: assign({ countered: true }),
  },
}).createMachine({
  id: 'quotationLifecycle',
  context: UNPRICED,
  initial: 'PENDING',
  // Admin moves live on the root so any status can go to any status.
  on: adminMoves,
  states: {
    PENDING: { tags: ['awaitingPrice'], on: { 'farmer.delete': 'DELETED' } },
    COMPLETED: {
      tags: ['quoted'],
      on: {
        'farmer.placeOrder': 'ORDERED',
        'farmer.decline': { guard: 'stillValid', target: 'DECLINED' },
        'farmer.counter': { guard: 'stillValid', target: 'PENDING', actions: 'waitForAnswer' },
        'clock.tick': { guard: 'validityOver', target: 'EXPIRED' },
      },
    },
    ORDERED: { tags: ['quoted'] },
    DELETED: { tags: ['closed'] },
    EXPIRED: { tags: ['closed'] },
    DECLINED: { tags: ['closed'] },
  },
});

type LifecycleSnapshot = ReturnType<typeof quotationLifecycleMachine.resolveState>;
const snapshotAt = new Map<QuotationStatus, LifecycleSnapshot>();

/**
 * The snapshot of the lifecycle standing at `status`, resolved once per status: a snapshot is never
 * changed (`can` and `getNextSnapshot` make new ones), and every page of quotations asks for each
 * quotation's (the server's expiry check; the views' actions).
 */
export function quotationLifecycleAt(status: QuotationStatus): LifecycleSnapshot {
  let snapshot = snapshotAt.get(status);
  if (snapshot === undefined) {
    snapshot = quotationLifecycleMachine.resolveState({ value: status, context: UNPRICED });
    snapshotAt.set(status, snapshot);
  }
  return snapshot;
}

/** The status `event` leads to from `status`, or null when the chart refuses the move. */
export function nextQuotationStatus(status: QuotationStatus, event: QuotationLifecycleEvent): QuotationStatus | null {
  const snapshot = quotationLifecycleAt(status);
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(quotationLifecycleMachine, snapshot, event).value as QuotationStatus;
}

/** A stored quotation as the chart reads it: its status, its revision and whether a counter waits. */
export interface QuotationLifecycleState extends QuotationLifecycleContext {
  status: QuotationStatus;
}

/**
 * Where `event` takes a stored quotation, revision and counter included (the server's writes ask it);
 * null when the chart refuses the move.
 */
export function nextQuotationState(from: QuotationLifecycleState, event: QuotationLifecycleEvent): QuotationLifecycleState | null {
  const snapshot = quotationLifecycleMachine.resolveState({ value: from.status, context: { revision: from.revision, countered: from.countered } });
  if (!snapshot.can(event)) return null;
  const next = getNextSnapshot(quotationLifecycleMachine, snapshot, event);
  return { status: next.value as QuotationStatus, revision: next.context.revision, countered: next.context.countered };
}

/** Has the clock ended this quotation's validity? True only for a COMPLETED one past `validUntil`. */
export const quotationExpiresAt = (status: QuotationStatus, now: number, validUntil: number | null) =>
  nextQuotationStatus(status, { type: 'clock.tick', now, validUntil }) === 'EXPIRED';

/** May a farmer send this move now? The views use it to show or hide the action. */
export const farmerMayDelete = (status: QuotationStatus) => quotationLifecycleAt(status).can({ type: 'farmer.delete' });
export const farmerMayPlaceOrder = (status: QuotationStatus) =>
  quotationLifecycleAt(status).can({ type: 'farmer.placeOrder' });
// By status alone: the server adds the clock, and a quotation past its validity shows EXPIRED at the next poll.
export const farmerMayDecline = (status: QuotationStatus) =>
  quotationLifecycleAt(status).can({ type: 'farmer.decline', now: 0, validUntil: null });
export const farmerMayCounter = (status: QuotationStatus) =>
  quotationLifecycleAt(status).can({ type: 'farmer.counter', now: 0, validUntil: null });

/** The end of validity a farmer is shown ("valid until …"): on a priced quotation still open, or one that expired. */
export const shownValidUntil = (quotation: Pick<Quotation, 'status' | 'validUntil'>): string | null =>
  quotation.status === 'COMPLETED' || quotation.status === 'EXPIRED' ? quotation.validUntil : null;

/**
 * A line's indicative price while it waits for a quote: the SKU's minimum price × quantity, paisa,
 * rounded as the server prices a line (2.5 quintal). NaN for a line an older app saved without one.
 */
export const lineEstimatePaisa = (line: Pick<QuotationLine, 'skuIdentifier' | 'quantity'>): number =>
  Number.isSafeInteger(line.skuIdentifier.minimumPrice) ? linePricePaisa(line.skuIdentifier.minimumPrice, line.quantity) : Number.NaN;

/** The money a quotation shows: `quoted` prices, an `estimate` from minimum prices, or none. */
export type ShownPrice = 'quoted' | 'estimate' | null;

/**
 * Which money a farmer sees on a quotation (its /request card and /quotation-details): the quoted
 * prices while COMPLETED or ORDERED, and for a DELETED or EXPIRED one only if it was priced before;
 * the minimum-price estimate while PENDING; nothing for a DELETED, EXPIRED or DECLINED one never priced.
 * "Priced before" is what the answer tells: `pricedAt`, or (in a list saved by an older app, which
 * lacks it) a `validUntil`, which only a pricing starts.
 */
export function shownPrice(quotation: Pick<Quotation, 'status' | 'validUntil' | 'pricedAt'>): ShownPrice {
  const at = quotationLifecycleAt(quotation.status);
  if (at.hasTag('awaitingPrice')) return 'estimate';
  if (at.hasTag('quoted')) return 'quoted';
  return (quotation.pricedAt ?? null) !== null || quotation.validUntil !== null ? 'quoted' : null;
}

/** The total a farmer sees, and whether it is quoted or an estimate; null when none shows. */
export function shownTotal(
  quotation: Pick<Quotation, 'status' | 'validUntil' | 'pricedAt' | 'skusDetail'>,
): { kind: 'quoted' | 'estimate'; paisa: number } | null {
  const kind = shownPrice(quotation);
  if (kind === 'estimate') {
    const paisa = quotation.skusDetail.reduce((sum, line) => sum + lineEstimatePaisa(line), 0);
    // A quotation restored from a slice an older app saved has no minimum prices: no estimate until the server answers.
    return Number.isFinite(paisa) ? { kind, paisa } : null;
  }
  if (kind === 'quoted') return { kind, paisa: priceDetails(quotation.skusDetail).totalPaisa };
  return null;
}
