import { describe, expect, it } from 'vitest';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { OTP_EVENTS, otpModelMachine, otpSerialize, PROOF_EVENTS, proofModelMachine } from '../support/machines/otp-login-model';

describe('the otp-login chart, model-based', () => {
  it('has generated paths that take every transition it defines', () => {
    const paths = modelPaths(otpModelMachine, { events: OTP_EVENTS, serializeState: otpSerialize });
    expect(paths.length).toBeGreaterThan(0);
    assertFullCoverage(otpModelMachine, paths);
  });

  it('has generated paths through the proof child that take every transition it defines', () => {
    const paths = modelPaths(proofModelMachine, { events: PROOF_EVENTS });
    expect(paths.length).toBeGreaterThan(0);
    assertFullCoverage(proofModelMachine, paths);
  });
});
