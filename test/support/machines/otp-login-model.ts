/**
 * The otp-login chart as a model: the production machine with actors that never settle, so actor
 * replies and clock ticks are explicit events. The countdown starts at 2 instead of 120 so a path
 * reaches zero in two ticks (the same chart; only the number differs), in the model and in the
 * rendered app alike.
 */
import { assign, fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { otpLoginMachine } from '../../../machines/otp-login.machine';

export const MODEL_RESEND_SECONDS = 2;
export const modelCountdown = { startCountdown: assign({ secondsLeft: MODEL_RESEND_SECONDS }) } as never;

const never = fromPromise(() => new Promise<never>(() => undefined)) as never;
export const otpModelMachine = otpLoginMachine.provide({
  actors: { requestOtp: never, verifyOtp: never, clock: fromCallback(() => undefined), webOtp: fromCallback(() => undefined) },
  actions: modelCountdown,
});

export const OTP_EVENTS: AnyEventObject[] = [
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
  { type: 'xstate.done.actor.requestOtp', output: { ok: true } },
  { type: 'xstate.done.actor.requestOtp', output: { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 2 } },
  { type: 'xstate.error.actor.requestOtp', error: { status: 500, data: { message: 'Network error or request failed' } } },
  { type: 'xstate.done.actor.verifyOtp', output: { ok: true, token: 'tok', profileUpdated: false } },
  { type: 'xstate.done.actor.verifyOtp', output: { ok: false, code: 'OTP_INVALID' } },
  { type: 'xstate.error.actor.verifyOtp', error: { status: 500, data: { message: 'Network error or request failed' } } },
  { type: 'xstate.done.actor.resendOtp', output: { ok: true } },
  { type: 'xstate.done.actor.resendOtp', output: { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 2 } },
  { type: 'xstate.done.actor.resendOtp', output: { ok: false, code: 'INVALID_NUMBER' } },
  { type: 'xstate.error.actor.resendOtp', error: { status: 500, data: { message: 'Network error or request failed' } } },
];

/** Two snapshots are the same state when the user would see the same thing. */
export const otpSerialize = (s: SnapshotFrom<typeof otpModelMachine>) =>
  JSON.stringify({ value: s.value, c: s.context.code.join(''), p: s.context.phone, t: s.context.secondsLeft, e: s.context.error });
