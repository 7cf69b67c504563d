import { describe, expect, it } from 'vitest';
import {
  farmerMayDelete,
  farmerMayPlaceOrder,
  nextQuotationStatus,
  quotationLifecycleMachine,
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

  it('is covered transition by transition by generated paths', () => {
    const paths = modelPaths(quotationLifecycleMachine, {
      events: [
        { type: 'farmer.delete' },
        { type: 'farmer.placeOrder' },
        ...QUOTATION_STATUSES.map((status) => ({ type: 'admin.setStatus' as const, status })),
      ],
    });
    const coverage = assertFullCoverage(quotationLifecycleMachine, paths);
    expect(coverage.total).toBe(7);
    // Every path ends in a status the chart knows.
    for (const path of paths) {
      const last = path.steps.at(-1)?.snapshot.value;
      expect(QUOTATION_STATUSES).toContain(last);
    }
  });
});
