import { describe, expect, it } from 'vitest';
import {
  farmerMayDelete,
  farmerMayPlaceOrder,
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

  it('is covered transition by transition by generated paths', () => {
    const paths = modelPaths(quotationLifecycleMachine, {
      events: [
        { type: 'farmer.delete' },
        { type: 'farmer.placeOrder' },
        { type: 'clock.tick', now: 2, validUntil: 1 },
        ...QUOTATION_STATUSES.map((status) => ({ type: 'admin.setStatus' as const, status })),
      ],
    });
    const coverage = assertFullCoverage(quotationLifecycleMachine, paths);
    expect(coverage.total).toBe(8);
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

    it('shows no total for a DELETED or EXPIRED quotation never priced', () => {
      for (const status of ['DELETED', 'EXPIRED'] as const) {
        expect(shownPrice(at(status))).toBeNull();
        expect(shownTotal(at(status))).toBeNull();
        expect(shownTotal({ ...at(status), pricedAt: null })).toBeNull();
      }
    });

    it('tags each status of the chart with its money', () => {
      expect(QUOTATION_STATUSES.map((s) => [...quotationLifecycleMachine.resolveState({ value: s }).tags])).toEqual([
        ['awaitingPrice'],
        ['quoted'],
        ['quoted'],
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
    ]);
    expect(shownValidUntil({ status: 'COMPLETED', validUntil: null })).toBeNull();
  });
});
