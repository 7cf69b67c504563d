import { describe, expect, it } from 'vitest';
import {
  farmerMayCounter,
  farmerMayDecline,
  farmerMayDelete,
  farmerMayPlaceOrder,
  nextQuotationState,
  nextQuotationStatus,
  quotationExpiresAt,
  quotationLifecycleMachine,
  quotationValidUntil,
  shownPrice,
  shownTotal,
  shownValidUntil,
} from '../../machines/quotation-lifecycle.machine';
import { line, quotation } from '../support/shop-fixtures';
import { QUOTATION_STATUSES } from '../../src/domain/types';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { quotationLifecycleModel } from '../support/machines/shop-model-events';

describe('the quotation lifecycle', () => {
  it('lets a farmer delete a quotation only while it is PENDING', () => {
    for (const status of QUOTATION_STATUSES) {
      expect(nextQuotationStatus(status, { type: 'farmer.delete' })).toBe(status === 'PENDING' ? 'DELETED' : null);
      expect(farmerMayDelete(status)).toBe(status === 'PENDING');
    }
  });

  it('lets a farmer place an order only from COMPLETED, which becomes ORDERED', () => {
    for (const status of QUOTATION_STATUSES) {
      expect(nextQuotationStatus(status, { type: 'farmer.placeOrder' })).toBe(status === 'COMPLETED' ? 'ORDERED' : null);
      expect(farmerMayPlaceOrder(status)).toBe(status === 'COMPLETED');
    }
  });

  it('lets an admin move any status to any status', () => {
    for (const from of QUOTATION_STATUSES) {
      for (const to of QUOTATION_STATUSES) {
        expect(nextQuotationStatus(from, { type: 'admin.setStatus', status: to })).toBe(to);
      }
    }
  });

  it('expires a COMPLETED quotation once the clock reaches the end of its validity, and nothing else', () => {
    const pricedAt = Date.UTC(2026, 0, 15, 6);
    const until = quotationValidUntil(pricedAt, 7);
    expect(until).toBe(Date.UTC(2026, 0, 22, 6));
    for (const status of QUOTATION_STATUSES) {
      expect(nextQuotationStatus(status, { type: 'clock.tick', now: until - 1, validUntil: until })).toBeNull();
      expect(nextQuotationStatus(status, { type: 'clock.tick', now: until, validUntil: until })).toBe(status === 'COMPLETED' ? 'EXPIRED' : null);
      expect(quotationExpiresAt(status, until + 1, until)).toBe(status === 'COMPLETED');
    }
    // Unpriced: no validity to run out.
    expect(quotationExpiresAt('COMPLETED', until, null)).toBe(false);
    // An admin may re-price an expired quotation; an order from EXPIRED is refused.
    expect(nextQuotationStatus('EXPIRED', { type: 'admin.setStatus', status: 'COMPLETED' })).toBe('COMPLETED');
    expect(nextQuotationStatus('EXPIRED', { type: 'farmer.placeOrder' })).toBeNull();
  });

  describe('bargaining', () => {
    const VALID = { now: 1, validUntil: 2 };
    const OVER = { now: 2, validUntil: 2 };

    it('lets a farmer decline or counter only a COMPLETED quotation still valid', () => {
      for (const status of QUOTATION_STATUSES) {
        expect(nextQuotationStatus(status, { type: 'farmer.decline', ...VALID })).toBe(status === 'COMPLETED' ? 'DECLINED' : null);
        expect(nextQuotationStatus(status, { type: 'farmer.counter', ...VALID })).toBe(status === 'COMPLETED' ? 'PENDING' : null);
        expect(nextQuotationStatus(status, { type: 'farmer.decline', ...OVER })).toBeNull();
        expect(nextQuotationStatus(status, { type: 'farmer.counter', ...OVER })).toBeNull();
        expect(farmerMayDecline(status)).toBe(status === 'COMPLETED');
        expect(farmerMayCounter(status)).toBe(status === 'COMPLETED');
      }
    });

    it('closes a DECLINED quotation like a DELETED one, which an admin may price again', () => {
      expect(farmerMayDelete('DECLINED')).toBe(false);
      expect(farmerMayPlaceOrder('DECLINED')).toBe(false);
      expect(nextQuotationStatus('DECLINED', { type: 'admin.setStatus', status: 'COMPLETED' })).toBe('COMPLETED');
      expect(quotationLifecycleMachine.resolveState({ value: 'DECLINED', context: { revision: 1, countered: false } }).hasTag('closed')).toBe(true);
    });

    it('numbers pricings: 1 at the first, one more for each that answers a counter, none for a correction', () => {
      const price = { type: 'admin.setStatus', status: 'COMPLETED' } as const;
      const first = nextQuotationState({ status: 'PENDING', revision: 0, countered: false }, price)!;
      expect(first).toEqual({ status: 'COMPLETED', revision: 1, countered: false });
      expect(nextQuotationState(first, price)).toEqual(first);
      const countered = nextQuotationState(first, { type: 'farmer.counter', ...VALID })!;
      expect(countered).toEqual({ status: 'PENDING', revision: 1, countered: true });
      // The admin's edit of a countered quotation that keeps it PENDING leaves the counter waiting.
      expect(nextQuotationState(countered, { type: 'admin.setStatus', status: 'PENDING' })).toEqual(countered);
      const second = nextQuotationState(countered, price)!;
      expect(second).toEqual({ status: 'COMPLETED', revision: 2, countered: false });
      // A countered quotation the admin closes instead has its counter answered, and no new number.
      expect(nextQuotationState(countered, { type: 'admin.setStatus', status: 'DELETED' })).toEqual({ status: 'DELETED', revision: 1, countered: false });
      // Re-pricing an expired or declined one is no answer to a counter: the number stays.
      expect(nextQuotationState({ status: 'EXPIRED', revision: 2, countered: false }, price)).toEqual({ status: 'COMPLETED', revision: 2, countered: false });
      expect(nextQuotationState({ status: 'DECLINED', revision: 3, countered: false }, price)).toEqual({ status: 'COMPLETED', revision: 3, countered: false });
    });
  });

  it('is covered transition by transition by generated paths, revisions and counters included', () => {
    const paths = modelPaths(quotationLifecycleMachine, quotationLifecycleModel);
    const coverage = assertFullCoverage(quotationLifecycleMachine, paths);
    expect(coverage.total).toBe(12);
    // The counter, the pricing that answers it and the decline are each on a path, and a path reaches revision 2.
    const took = paths.flatMap((p) => p.took);
    expect(took).toContain('quotationLifecycle.COMPLETED --farmer.counter [stillValid]--> quotationLifecycle.PENDING');
    expect(took).toContain('quotationLifecycle --admin.setStatus [isRepricingACounter]--> quotationLifecycle.COMPLETED');
    expect(took).toContain('quotationLifecycle.COMPLETED --farmer.decline [stillValid]--> quotationLifecycle.DECLINED');
    expect(paths.some((p) => p.steps.some((s) => s.snapshot.value === 'COMPLETED' && s.snapshot.context.revision === 2))).toBe(true);
    // Every path ends in a status the chart knows.
    for (const path of paths) {
      const last = path.steps.at(-1)?.snapshot.value;
      expect(QUOTATION_STATUSES).toContain(last);
    }
  });

  describe('the money a farmer sees', () => {
    // Minimum prices ₹15 per kg and ₹40 per bale; the admin priced goods ₹2,000 + ₹1,000, shipping ₹50, discount ₹100.
    const lines = [
      line({ quantity: 10, goodsPricePaisa: 200_000, discountPaisa: 10_000, shippingPricePaisa: 5_000 }),
      line({
        skuIdentifier: { _id: 'sku-2', name: 'Paddy Straw', image: '/p.jpg', skuQuantityUnit: 'bale', minimumPrice: 4_000 },
        quantity: 4,
        goodsPricePaisa: 100_000,
        discountPaisa: 0,
        shippingPricePaisa: 0,
      }),
    ];
    const at = (status: (typeof QUOTATION_STATUSES)[number], validUntil: string | null = null) => quotation({ status, validUntil, skusDetail: lines });
    const VALID_UNTIL = '2026-11-30T10:00:00.000Z';

    it('estimates a PENDING quotation from minimum price × quantity, never from the stored line prices', () => {
      expect(shownPrice(at('PENDING'))).toBe('estimate');
      expect(shownTotal(at('PENDING'))).toEqual({ kind: 'estimate', paisa: 10 * 1_500 + 4 * 4_000 });
      // Restored from a slice an older app saved, without minimum prices: no "₹NaN", no estimate yet.
      const old = { ...at('PENDING'), skusDetail: lines.map((l) => ({ ...l, skuIdentifier: { ...l.skuIdentifier, minimumPrice: undefined as unknown as number } })) };
      expect(shownTotal(old)).toBeNull();
    });

    it('shows the quoted total of COMPLETED and ORDERED quotations', () => {
      for (const status of ['COMPLETED', 'ORDERED'] as const) {
        expect(shownTotal(at(status, status === 'COMPLETED' ? VALID_UNTIL : null))).toEqual({ kind: 'quoted', paisa: 295_000 });
      }
    });

    it('keeps the quoted total of a quotation that expired after pricing', () => {
      expect(shownPrice(at('EXPIRED', VALID_UNTIL))).toBe('quoted');
      expect(shownTotal(at('EXPIRED', VALID_UNTIL))).toEqual({ kind: 'quoted', paisa: 295_000 });
    });

    it('keeps the quoted total of a quotation the farmer deleted after it was priced', () => {
      const deleted = { ...at('DELETED'), pricedAt: '2026-11-20T09:00:00.000Z' };
      expect(shownPrice(deleted)).toBe('quoted');
      expect(shownTotal(deleted)).toEqual({ kind: 'quoted', paisa: 295_000 });
    });

    it('estimates a decimal quantity as the server prices a line: rounded half up once', () => {
      const half = line({ skuIdentifier: { _id: 'q', name: 'Bagasse', image: '/b.jpg', skuQuantityUnit: 'quintal', minimumPrice: 1_001 }, quantity: 2.5 });
      expect(shownTotal(quotation({ status: 'PENDING', validUntil: null, skusDetail: [half] }))).toEqual({ kind: 'estimate', paisa: 2_503 });
    });

    it('keeps the quoted total of a quotation the farmer declined', () => {
      expect(shownTotal({ ...at('DECLINED'), pricedAt: '2026-11-20T09:00:00.000Z' })).toEqual({ kind: 'quoted', paisa: 295_000 });
    });

    it('shows no total for a DELETED or EXPIRED quotation never priced', () => {
      for (const status of ['DELETED', 'EXPIRED', 'DECLINED'] as const) {
        expect(shownPrice(at(status))).toBeNull();
        expect(shownTotal(at(status))).toBeNull();
        expect(shownTotal({ ...at(status), pricedAt: null })).toBeNull();
      }
    });

    it('tags each status of the chart with its money', () => {
      expect(QUOTATION_STATUSES.map((s) => [...quotationLifecycleMachine.resolveState({ value: s, context: { revision: 0, countered: false } }).tags])).toEqual([
        ['awaitingPrice'],
        ['quoted'],
        ['quoted'],
        ['closed'],
        ['closed'],
        ['closed'],
      ]);
    });
  });

  it('shows the end of validity of a priced quotation still open or expired, and of no other', () => {
    const validUntil = '2026-11-30T10:00:00.000Z';
    expect(QUOTATION_STATUSES.map((status) => [status, shownValidUntil({ status, validUntil })])).toEqual([
      ['PENDING', null],
      ['COMPLETED', validUntil],
      ['ORDERED', null],
      ['DELETED', null],
      ['EXPIRED', validUntil],
      ['DECLINED', null],
    ]);
    expect(shownValidUntil({ status: 'COMPLETED', validUntil: null })).toBeNull();
  });
});
