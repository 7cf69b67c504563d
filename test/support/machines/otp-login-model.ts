/**
 * The otp-login chart as a model: the production machine with actors that never settle, so actor
 * replies, clock ticks and the proof child's reports are explicit events. The countdown starts at 2
 * instead of 120 so a path reaches zero in two ticks (the same chart; only the number differs), in
 * the model and in the rendered app alike. The proof child is a chart of its own, with its own model.
 */
import { assign, fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { otpLoginMachine, otpProofMachine } from '../../../machines/otp-login.machine';
import type { OtpChallenge } from '../../../src/domain/api';

export const MODEL_RESEND_SECONDS = 2;
export const modelCountdown = { startCountdown: assign({ secondsLeft: MODEL_RESEND_SECONDS }) } as never;

const never = fromPromise(() => new Promise<never>(() => undefined)) as never;
export const otpModelMachine = otpLoginMachine.provide({
  actors: {
    requestOtp: never,
    verifyOtp: never,
    clock: fromCallback(() => undefined),
    webOtp: fromCallback(() => undefined),
    proof: fromCallback(() => undefined) as never,
  },
  actions: modelCountdown,
});

const NETWORK = { status: 500, data: { message: 'Network error or request failed' } };
export const MODEL_SOLUTION = 'eyJzb2x2ZWQiOnRydWV9';

const LOGIN_EVENTS: AnyEventObject[] = [
  { type: 'phone.change', value: '98765' },
  { type: 'phone.change', value: '9876543210' },
  { type: 'phone.submit' },
  { type: 'phone.edit' },
  { type: 'code.enter', index: 0, value: '12' },
  { type: 'code.enter', index: 0, value: '123456' },
  { type: 'code.erase', index: 0 },
  { type: 'code.submit' },
  { type: 'code.resend' },
  { type: 'clock.tick' },
  { type: 'proof.solved', altcha: MODEL_SOLUTION },
  { type: 'proof.failed' },
  { type: 'xstate.done.actor.requestOtp', output: { ok: true } },
  { type: 'xstate.done.actor.requestOtp', output: { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 2 } },
  { type: 'xstate.done.actor.requestOtp', output: { ok: false, code: 'CHALLENGE_REQUIRED' } },
  { type: 'xstate.error.actor.requestOtp', error: NETWORK },
  { type: 'xstate.done.actor.retryOtp', output: { ok: true } },
  { type: 'xstate.done.actor.retryOtp', output: { ok: false, code: 'CHALLENGE_REQUIRED' } },
  { type: 'xstate.error.actor.retryOtp', error: NETWORK },
  { type: 'xstate.done.actor.verifyOtp', output: { ok: true, token: 'tok', profileUpdated: false } },
  { type: 'xstate.done.actor.verifyOtp', output: { ok: false, code: 'OTP_INVALID' } },
  { type: 'xstate.error.actor.verifyOtp', error: NETWORK },
  { type: 'xstate.done.actor.resendOtp', output: { ok: true } },
  { type: 'xstate.done.actor.resendOtp', output: { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 2 } },
  { type: 'xstate.done.actor.resendOtp', output: { ok: false, code: 'INVALID_NUMBER' } },
  { type: 'xstate.error.actor.resendOtp', error: NETWORK },
];

/** The events to try in a state; none once logged in (the chart has finished and takes no more). */
export const OTP_EVENTS = (s: SnapshotFrom<typeof otpModelMachine>): AnyEventObject[] => (s.status === 'done' ? [] : LOGIN_EVENTS);

/** Two snapshots are the same state when the user would see the same thing (and the same solution is held). */
export const otpSerialize = (s: SnapshotFrom<typeof otpModelMachine>) =>
  JSON.stringify({
    value: s.value,
    c: s.context.code.join(''),
    p: s.context.phone,
    t: s.context.secondsLeft,
    e: s.context.error,
    a: s.context.altcha !== null,
  });

/** The proof child as a model: its fetch and solve never settle, its reports go nowhere. */
export const proofModelMachine = otpProofMachine.provide({
  actors: { fetchChallenge: never, solveChallenge: never },
  actions: { tellSolved: () => undefined, tellFailed: () => undefined },
});

export const MODEL_CHALLENGE: OtpChallenge = { algorithm: 'SHA-256', challenge: 'c'.repeat(64), maxnumber: 100, salt: 'salt?expires=1&', signature: 's'.repeat(64) };

export const PROOF_EVENTS: AnyEventObject[] = [
  { type: 'proof.want' },
  { type: 'proof.spent' },
  { type: 'xstate.done.actor.fetchChallenge', output: MODEL_CHALLENGE },
  { type: 'xstate.error.actor.fetchChallenge', error: NETWORK },
  { type: 'xstate.done.actor.solveChallenge', output: MODEL_SOLUTION },
  { type: 'xstate.done.actor.solveChallenge', output: null },
  { type: 'xstate.error.actor.solveChallenge', error: new Error('worker failed') },
  { type: 'xstate.after.solutionFresh.otpProof.ready' },
];
