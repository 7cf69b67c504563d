import { describe, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import {
  orderEventsIn,
  ORDER_MODEL_NOW,
  ordersModel,
  quotationEvents,
  quotationsModel,
  skuEvents,
  skusModel,
  userEventsIn,
  MODEL_LIMIT,
  USERS_MODEL_LIMIT,
  sheetListEventsIn,
  whileHistoryPending,
  usersModel,
} from '../support/machines/admin-model-events';

describe('the admin charts, walked by generated paths', () => {
  it('the quotations chart takes every transition it defines', () => {
    const paths = modelPaths(quotationsModel, { events: (snapshot) => sheetListEventsIn(quotationEvents)(snapshot as never), limit: MODEL_LIMIT });
    assertFullCoverage(quotationsModel, paths);
  });

  it('the orders chart takes every transition it defines', () => {
    vi.setSystemTime(ORDER_MODEL_NOW);
    const paths = modelPaths(ordersModel, { events: (snapshot) => orderEventsIn(snapshot as SnapshotFrom<typeof ordersModel>), limit: MODEL_LIMIT });
    assertFullCoverage(ordersModel, paths);
    vi.useRealTimers();
  });

  it('the SKUs chart takes every transition it defines', () => {
    const paths = modelPaths(skusModel, { events: (snapshot) => whileHistoryPending(skuEvents)(snapshot as never), limit: MODEL_LIMIT });
    assertFullCoverage(skusModel, paths);
  });

  it('the users chart takes every transition it defines', () => {
    const paths = modelPaths(usersModel, {
      events: (snapshot) => userEventsIn(snapshot as SnapshotFrom<typeof usersModel>),
      limit: USERS_MODEL_LIMIT,
    });
    assertFullCoverage(usersModel, paths);
  });
});
