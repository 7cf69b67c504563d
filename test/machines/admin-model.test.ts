import { describe, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import {
  orderEventsIn,
  ordersModel,
  quotationEvents,
  quotationsModel,
  skuEvents,
  skusModel,
  userEventsIn,
  MODEL_LIMIT,
  ORDERS_LINK,
  QUOTATIONS_LINK,
  USERS_LINK,
  USERS_MODEL_LIMIT,
  sheetListEventsIn,
  whileHistoryPending,
  usersModel,
} from '../support/machines/admin-model-events';

describe('the admin charts, walked by generated paths', () => {
  it('the quotations chart takes every transition it defines', () => {
    const input = { location: QUOTATIONS_LINK };
    const paths = modelPaths(quotationsModel, { events: (snapshot) => sheetListEventsIn(quotationEvents)(snapshot as never), limit: MODEL_LIMIT, input });
    assertFullCoverage(quotationsModel, paths, input);
  }, 120_000);

  it('the orders chart takes every transition it defines', () => {
    const input = { location: ORDERS_LINK };
    const paths = modelPaths(ordersModel, { events: (snapshot) => orderEventsIn(snapshot as SnapshotFrom<typeof ordersModel>), limit: MODEL_LIMIT, input });
    assertFullCoverage(ordersModel, paths, input);
  }, 120_000);

  it('the SKUs chart takes every transition it defines', () => {
    const paths = modelPaths(skusModel, { events: (snapshot) => whileHistoryPending(skuEvents)(snapshot as never), limit: MODEL_LIMIT });
    assertFullCoverage(skusModel, paths);
  });

  it('the users chart takes every transition it defines', () => {
    const paths = modelPaths(usersModel, {
      events: (snapshot) => userEventsIn(snapshot as SnapshotFrom<typeof usersModel>),
      limit: USERS_MODEL_LIMIT,
      input: { location: USERS_LINK },
    });
    assertFullCoverage(usersModel, paths, { location: USERS_LINK });
  }, 120_000);
});
