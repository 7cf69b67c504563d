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
 * Money shown: each status is tagged with what its prices are. `awaitingPrice` (PENDING)
 * shows an estimate from the SKUs' minimum prices; `quoted` (COMPLETED, ORDERED) the admin's prices;
 * `closed` (DELETED, EXPIRED) the quoted prices only if it was priced before, else none.
 */
import { linePricePaisa } from '../src/domain/quantity';
import { getNextSnapshot, setup } from 'xstate';
import { priceDetails } from '../src/domain/money';
import type { Quotation, QuotationLine, QuotationStatus } from '../src/domain/types';

export type QuotationLifecycleEvent =
  | { type: 'farmer.delete' }
  | { type: 'farmer.placeOrder' }
  | { type: 'admin.setStatus'; status: QuotationStatus }
  /** The clock read at `now`; `validUntil` is the quotation's end of validity (epoch ms), null if unpriced. */
  | { type: 'clock.tick'; now: number; validUntil: number | null };

const DAY_MS = 86_400_000;

/** The end of a priced quotation's validity, epoch ms: `validityDays` days after pricing. */
export function quotationValidUntil(pricedAt: number, validityDays: number): number {
  return pricedAt + validityDays * DAY_MS;
}

const adminMoves = {
  'admin.setStatus': [
    { guard: { type: 'isTarget', params: { status: 'PENDING' } }, target: '.PENDING' },
    { guard: { type: 'isTarget', params: { status: 'COMPLETED' } }, target: '.COMPLETED' },
    { guard: { type: 'isTarget', params: { status: 'ORDERED' } }, target: '.ORDERED' },
    { guard: { type: 'isTarget', params: { status: 'DELETED' } }, target: '.DELETED' },
    { guard: { type: 'isTarget', params: { status: 'EXPIRED' } }, target: '.EXPIRED' },
  ],
} as const;

export const quotationLifecycleMachine = setup({
  types: {
    events: {} as QuotationLifecycleEvent,
    tags: {} as 'awaitingPrice' | 'quoted' | 'closed',
  },
  guards: {
    isTarget: ({ event }, params: { status: QuotationStatus }) =>
      event.type === 'admin.setStatus' && event.status === params.status,
    validityOver: ({ event }) => event.type === 'clock.tick' && event.validUntil !== null && event.now >= event.validUntil,
  },
}).createMachine({
  id: 'quotationLifecycle',
  initial: 'PENDING',
  // Admin moves live on the root so any status can go to any status.
  on: adminMoves,
  states: {
    PENDING: { tags: ['awaitingPrice'], on: { 'farmer.delete': 'DELETED' } },
    COMPLETED: {
      tags: ['quoted'],
      on: {
        'farmer.placeOrder': 'ORDERED',
        'clock.tick': { guard: 'validityOver', target: 'EXPIRED' },
      },
    },
    ORDERED: { tags: ['quoted'] },
    DELETED: { tags: ['closed'] },
    EXPIRED: { tags: ['closed'] },
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
    snapshot = quotationLifecycleMachine.resolveState({ value: status });
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

/** Has the clock ended this quotation's validity? True only for a COMPLETED one past `validUntil`. */
export const quotationExpiresAt = (status: QuotationStatus, now: number, validUntil: number | null) =>
  nextQuotationStatus(status, { type: 'clock.tick', now, validUntil }) === 'EXPIRED';

/** May a farmer send this move now? The views use it to show or hide the action. */
export const farmerMayDelete = (status: QuotationStatus) => quotationLifecycleAt(status).can({ type: 'farmer.delete' });
export const farmerMayPlaceOrder = (status: QuotationStatus) =>
  quotationLifecycleAt(status).can({ type: 'farmer.placeOrder' });

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
 * the minimum-price estimate while PENDING; nothing for a DELETED or EXPIRED one never priced.
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
