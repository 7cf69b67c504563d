import { describe, expect, it } from 'vitest';
import {
  farmerMayDelete,
  farmerMayPlaceOrder,
  nextQuotationStatus,
  quotationExpiresAt,
  quotationLifecycleMachine,
  quotationValidUntil,
} from '../../machines/quotation-lifecycle.machine';
import { QUOTATION_STATUSES } from '../../src/domain/types';
import { assertFullCoverage, modelPaths } from '../support/model-coverage';

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
});
