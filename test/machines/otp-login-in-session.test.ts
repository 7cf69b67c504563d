/**
 * The otp-login chart as its parent sees it (asked for by its surviving mutants): what it tells the
 * session (`nav.go`, `otp.codeSent`), which helpers run while (the clock, the Web OTP reader), when it
 * is busy, and the error details it keeps for the views.
 */
import { createActor, fromCallback, setup, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { otpLoginMachine, type RequestOtpInput, type RequestOtpResult, type VerifyOtpResult } from '../../machines/otp-login.machine';
import { controlled } from '../support/machines/controlled';

/** A stand-in session: it runs the chart as its child and records what the chart sends it. */
function start() {
  const requestOtp = controlled<RequestOtpResult, RequestOtpInput>();
  const verifyOtp = controlled<VerifyOtpResult, { mobileNumber: string; otp: string }>();
  const told: AnyEventObject[] = [];
  const running: string[] = [];
  const helper = (name: string) =>
    fromCallback(() => {
      running.push(`start ${name}`);
      return () => running.push(`stop ${name}`);
    });
  const child = otpLoginMachine.provide({
    actors: { requestOtp: requestOtp.logic, verifyOtp: verifyOtp.logic, clock: helper('clock'), webOtp: helper('webOtp') },
  });
  const parent = setup({ actors: { child } }).createMachine({
    invoke: { id: 'otpLogin', src: 'child' },
    on: { '*': { actions: ({ event }) => void told.push(event) } },
  });
  const session = createActor(parent, { systemId: 'session' }).start();
  const otp = session.getSnapshot().children.otpLogin!;
  const snap = () => otp.getSnapshot() as SnapshotFrom<typeof otpLoginMachine>;
  return { otp, requestOtp, verifyOtp, told, running, snap };
}
type T = ReturnType<typeof start>;

async function toCode(t: T) {
  t.otp.send({ type: 'phone.change', value: '9876543210' });
  t.otp.send({ type: 'phone.submit' });
  expect(t.snap().hasTag('busy')).toBe(true);
  await t.requestOtp.last().resolve({ ok: true });
}

const nav = (t: T) => t.told.filter((e) => e.type === 'nav.go').map((e) => e.to);
const reports = (t: T) => t.told.filter((e) => e.type === 'otp.codeSent').map((e) => e.sent);

describe('what the otp-login chart tells the session', () => {
  it('reports the code out, then asks for the code screen', async () => {
    const t = start();
    await toCode(t);
    expect(t.told.map((e) => e.type)).toEqual(['otp.codeSent', 'nav.go']);
    expect([reports(t), nav(t)]).toEqual([[true], ['/auth/verify-otp']]);
  });

  it('reports the code dropped and asks for the number screen when the number is edited', async () => {
    const t = start();
    await toCode(t);
    t.otp.send({ type: 'phone.edit' });
    expect([reports(t), nav(t)]).toEqual([
      [true, false],
      ['/auth/verify-otp', '/auth/generate-otp'],
    ]);
  });

  it('returns to the code already sent when Get OTP is tapped again from the number screen', async () => {
    const t = start();
    await toCode(t);
    t.otp.send({ type: 'phone.submit' });
    expect(nav(t)).toEqual(['/auth/verify-otp', '/auth/verify-otp']);
    expect(t.requestOtp.calls).toHaveLength(1);
  });

  it('drops the code, the boxes and the error when the number is typed again', async () => {
    const t = start();
    await toCode(t);
    t.otp.send({ type: 'code.enter', index: 0, value: '12' });
    t.otp.send({ type: 'phone.change', value: '9876543211' });
    expect(t.snap().value).toBe('enteringPhone');
    expect(t.snap().context).toMatchObject({ phone: '9876543211', code: ['', '', '', '', '', ''], error: null });
    expect(reports(t)).toEqual([true, false]);
  });

  it('reports the code used once it is accepted, and finishes with the token and the profile flag', async () => {
    const t = start();
    await toCode(t);
    t.otp.send({ type: 'code.enter', index: 0, value: '123456' });
    t.otp.send({ type: 'code.submit' });
    await t.verifyOtp.last().resolve({ ok: true, token: 'tok', profileUpdated: true });
    expect(reports(t)).toEqual([true, false]);
    expect(t.snap().output).toEqual({ token: 'tok', profileUpdated: true, mobileNumber: '9876543210' });
  });

  it('tells nothing for a refused request', async () => {
    const t = start();
    t.otp.send({ type: 'phone.change', value: '9876543210' });
    t.otp.send({ type: 'phone.submit' });
    await t.requestOtp.last().resolve({ ok: false, code: 'INVALID_NUMBER' });
    expect(t.told).toEqual([]);
    expect(t.snap().context).toMatchObject({ error: 'INVALID_NUMBER', retryAfterSeconds: null });
  });
});

describe('the helpers it runs, and when it is busy', () => {
  it('reads the SMS only while a code is out, and runs the clock only while counting', async () => {
    const t = start();
    expect(t.running).toEqual([]);
    await toCode(t);
    expect(t.running).toEqual(['start webOtp', 'start clock']);
    for (let i = 0; i < 120; i += 1) t.otp.send({ type: 'clock.tick' });
    expect(t.running).toEqual(['start webOtp', 'start clock', 'stop clock']);
    t.otp.send({ type: 'phone.edit' });
    expect(t.running.at(-1)).toBe('stop webOtp');
  });

  it('is busy while verifying and while resending, for the same number', async () => {
    const t = start();
    await toCode(t);
    expect(t.snap().hasTag('busy')).toBe(false);
    for (let i = 0; i < 120; i += 1) t.otp.send({ type: 'clock.tick' });
    t.otp.send({ type: 'code.resend' });
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.requestOtp.last().input).toEqual({ mobileNumber: '9876543210', altcha: null });
    await t.requestOtp.last().resolve({ ok: true });
    expect(t.snap().hasTag('busy')).toBe(false);
    expect(t.snap().context.secondsLeft).toBe(120);
    t.otp.send({ type: 'code.enter', index: 0, value: '123456' });
    t.otp.send({ type: 'code.submit' });
    expect(t.snap().hasTag('busy')).toBe(true);
    await t.verifyOtp.last().reject(new Error('offline'));
    expect(t.snap().hasTag('busy')).toBe(false);
    expect(t.snap().matches({ awaitingCode: { code: 'editing' } })).toBe(true);
  });
});

describe('the error details it keeps', () => {
  it('keeps the wait of a rate-limited verification, and none for a wrong code', async () => {
    const t = start();
    await toCode(t);
    t.otp.send({ type: 'code.enter', index: 0, value: '123456' });
    t.otp.send({ type: 'code.submit' });
    await t.verifyOtp.last().resolve({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 90 });
    expect(t.snap().context).toMatchObject({ error: 'RATE_LIMITED', retryAfterSeconds: 90 });
    t.otp.send({ type: 'code.enter', index: 0, value: '123456' });
    t.otp.send({ type: 'code.submit' });
    await t.verifyOtp.last().resolve({ ok: false, code: 'OTP_INVALID' });
    expect(t.snap().context).toMatchObject({ error: 'OTP_INVALID', retryAfterSeconds: null });
  });

  it('keeps the error of a refused resend and offers Resend again, without a wait', async () => {
    const t = start();
    await toCode(t);
    for (let i = 0; i < 120; i += 1) t.otp.send({ type: 'clock.tick' });
    t.otp.send({ type: 'code.resend' });
    await t.requestOtp.last().resolve({ ok: false, code: 'INVALID_NUMBER' });
    expect(t.snap().matches({ awaitingCode: { resend: 'ready' } })).toBe(true);
    expect(t.snap().context).toMatchObject({ error: 'INVALID_NUMBER', retryAfterSeconds: null, secondsLeft: 0 });
  });

  it('clears the error of a refused request when the number is typed again', async () => {
    const t = start();
    t.otp.send({ type: 'phone.change', value: '9876543210' });
    t.otp.send({ type: 'phone.submit' });
    await t.requestOtp.last().resolve({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 30 });
    expect(t.snap().context).toMatchObject({ error: 'RATE_LIMITED', retryAfterSeconds: 30 });
    t.otp.send({ type: 'phone.change', value: '987654321' });
    expect(t.snap().context).toMatchObject({ error: null, retryAfterSeconds: null });
  });
});
