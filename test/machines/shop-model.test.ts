import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { orderLifecycleMachine } from '../../machines/order-lifecycle.machine';
import { ORDER_STATUSES } from '../../src/domain/types';
import { assertFullCoverage, modelPaths, type ModelPathOptions } from '../support/machines/model-coverage';
import { cartModel, catalogueModel, orderTrackingModel, quotationDetailModel, quotationLifecycleModel, quotationListModel, quotationStoreModel } from '../support/machines/shop-model-events';

type Model = ModelPathOptions & { machine: AnyStateMachine };

const models: [string, Model][] = [
  ['catalogue', catalogueModel],
  ['cart', cartModel],
  ['quotation list', quotationListModel],
  ['quotation detail', quotationDetailModel],
  ['order tracking', orderTrackingModel],
  ['quotation store', quotationStoreModel],
  ['quotation lifecycle', quotationLifecycleModel],
  [
    'order lifecycle',
    { machine: orderLifecycleMachine, events: ORDER_STATUSES.map((status) => ({ type: 'admin.setStatus', status })) },
  ],
];

describe('model-based paths over the shop machines', () => {
  for (const [name, model] of models) {
    it(`take every transition of the ${name} machine`, () => {
      const paths = modelPaths(model.machine, model);
      expect(paths.length).toBeGreaterThan(0);
      assertFullCoverage(model.machine, paths, model.input);
    });
  }
});
