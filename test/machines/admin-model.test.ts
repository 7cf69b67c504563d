import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { adminOrdersMachine } from '../../machines/admin-orders.machine';
import { adminQuotationsMachine } from '../../machines/admin-quotations.machine';
import { adminSkusMachine } from '../../machines/admin-skus.machine';
import { adminUsersMachine } from '../../machines/admin-users.machine';
import type { Order, Quotation, Sku, User } from '../../src/domain/types';
import { assertFullCoverage, modelPaths } from '../support/model-coverage';
import { never, orderEvents, quotationEvents, silentCallback, skuEvents, userEventsIn } from './admin-model-events';
import type { SaveOutcome } from '../../machines/admin-sheet';

export const quotationsModel = adminQuotationsMachine.provide({
  actors: { loadQuotations: never<Quotation[]>(), saveQuotation: never<SaveOutcome>() },
});
export const ordersModel = adminOrdersMachine.provide({
  actors: { loadOrders: never<Order[]>(), saveOrder: never<SaveOutcome>() },
});
export const skusModel = adminSkusMachine.provide({
  actors: { loadSkus: never<Sku[]>(), saveSku: never<SaveOutcome>(), uploadSkuImage: never<string>() },
});
export const usersModel = adminUsersMachine.provide({
  actors: { loadUsers: never<User[]>(), verifyUser: never<unknown>(), aadhaarImage: silentCallback() },
});

describe('the admin charts, walked by generated paths', () => {
  it('the quotations chart takes every transition it defines', () => {
    const paths = modelPaths(quotationsModel, { events: quotationEvents });
    const coverage = assertFullCoverage(quotationsModel, paths);
    expect(coverage.covered).toBe(coverage.total);
  });

  it('the orders chart takes every transition it defines', () => {
    const paths = modelPaths(ordersModel, { events: orderEvents });
    const coverage = assertFullCoverage(ordersModel, paths);
    expect(coverage.covered).toBe(coverage.total);
  });

  it('the SKUs chart takes every transition it defines', () => {
    const paths = modelPaths(skusModel, { events: skuEvents });
    const coverage = assertFullCoverage(skusModel, paths);
    expect(coverage.covered).toBe(coverage.total);
  });

  it('the users chart takes every transition it defines', () => {
    const paths = modelPaths(usersModel, {
      events: (snapshot) => userEventsIn(snapshot as SnapshotFrom<typeof usersModel>),
    });
    const coverage = assertFullCoverage(usersModel, paths);
    expect(coverage.covered).toBe(coverage.total);
  });
});
