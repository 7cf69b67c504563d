import { describe, it } from 'vitest';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { REGISTRATION_INPUT, registrationEvents, registrationModelMachine, registrationSerialize } from '../support/machines/registration-model';

describe('the registration chart, model-based', () => {
  it('has generated paths that take every transition it defines', () => {
    const paths = modelPaths(registrationModelMachine, {
      events: registrationEvents,
      serializeState: registrationSerialize,
      input: REGISTRATION_INPUT,
      limit: 20000,
    });
    assertFullCoverage(registrationModelMachine, paths, REGISTRATION_INPUT);
  });
});
