import { describe, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { assertFullCoverage, modelPaths } from '../support/model-coverage';
import {
  orderEvents,
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
} from './admin-model-events';

describe('the admin charts, walked by generated paths', () => {
  it('the quotations chart takes every transition it defines', () => {
    const paths = modelPaths(quotationsModel, { events: (snapshot) => sheetListEventsIn(quotationEvents)(snapshot as never), limit: MODEL_LIMIT });
    assertFullCoverage(quotationsModel, paths);
  });

  it('the orders chart takes every transition it defines', () => {
    const paths = modelPaths(ordersModel, { events: (snapshot) => sheetListEventsIn(orderEvents)(snapshot as never), limit: MODEL_LIMIT });
    assertFullCoverage(ordersModel, paths);
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
