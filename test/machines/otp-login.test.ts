import { createActor, fromCallback, waitFor, type ActorRefFrom } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import {
  otpLoginMachine,
  otpProofMachine,
  SOLUTION_FRESH_MS,
  type RequestOtpInput, type RequestOtpResult,
  type VerifyOtpResult,
} from '../../machines/otp-login.machine';
import type { OtpChallenge } from '../../src/domain/api';
import { RESEND_SECONDS } from '../../src/domain/constants';
import { formatCountdown } from '../../src/domain/otp';
import { controlled } from '../support/machines/controlled';

function start() {
  const requestOtp = controlled<RequestOtpResult, RequestOtpInput>();
  const verifyOtp = controlled<VerifyOtpResult, { mobileNumber: string; otp: string }>();
  const went: string[] = [];
  const actor = createActor(
    otpLoginMachine.provide({
      actors: {
        requestOtp: requestOtp.logic,
        verifyOtp: verifyOtp.logic,
        clock: fromCallback(() => undefined),
        webOtp: fromCallback(() => undefined),
      },
      actions: { goTo: (_, params) => void went.push(params.to) },
    }),
  );
  actor.start();
  return { actor, requestOtp, verifyOtp, went, snap: () => actor.getSnapshot() };
}

async function toCode(t: ReturnType<typeof start>) {
  t.actor.send({ type: 'phone.change', value: '9876543210' });
  t.actor.send({ type: 'phone.submit' });
  await t.requestOtp.last().resolve({ ok: true });
}

const tick = (t: ReturnType<typeof start>, times: number) => {
  for (let i = 0; i < times; i += 1) t.actor.send({ type: 'clock.tick' });
};

describe('phone entry', () => {
  it('keeps only digits in the phone number', () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '98a76-54 3' });
    expect(t.snap().context.phone).toBe('9876543');
  });

  it('drops the country code of a pasted number', () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '+91 98765 43210' });
    expect(t.snap().context.phone).toBe('9876543210');
  });

  it('drops the trunk zero of a pasted number', () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '098765 43210' });
    expect(t.snap().context.phone).toBe('9876543210');
  });

  it('ignores an eleventh typed digit', () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '98765432101' });
    expect(t.snap().context.phone).toBe('9876543210');
  });

  it('allows Get OTP only at exactly ten digits', () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '987654321' });
    expect(t.snap().can({ type: 'phone.submit' })).toBe(false);
    t.actor.send({ type: 'phone.change', value: '9876543210' });
    expect(t.snap().can({ type: 'phone.submit' })).toBe(true);
  });

  it('does not allow Get OTP while a request is in flight', () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '9876543210' });
    t.actor.send({ type: 'phone.submit' });
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.snap().can({ type: 'phone.submit' })).toBe(false);
  });

  it('goes to the code screen when the code is sent', async () => {
    const t = start();
    await toCode(t);
    expect(t.requestOtp.last().input).toEqual({ mobileNumber: '9876543210', altcha: null });
    expect(t.went).toEqual(['/auth/verify-otp']);
    expect(t.snap().matches({ awaitingCode: { code: 'editing', resend: 'counting' } })).toBe(true);
  });

  it('shows the wait when the server says too many requests', async () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '9876543210' });
    t.actor.send({ type: 'phone.submit' });
    await t.requestOtp.last().resolve({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 95 });
    expect(t.snap().matches('enteringPhone')).toBe(true);
    expect(t.snap().context).toMatchObject({ error: 'RATE_LIMITED', retryAfterSeconds: 95 });
  });

  it('re-enables Get OTP silently after an unexpected failure', async () => {
    const t = start();
    t.actor.send({ type: 'phone.change', value: '9876543210' });
    t.actor.send({ type: 'phone.submit' });
    await t.requestOtp.last().reject({ status: 500, data: { message: 'Network error or request failed' } });
    expect(t.snap().context.error).toBe(null);
    expect(t.snap().can({ type: 'phone.submit' })).toBe(true);
  });
});

describe('code entry', () => {
  it('ignores non-digits typed into a box', async () => {
    const t = start();
    await toCode(t);
    t.actor.send({ type: 'code.enter', index: 0, value: 'a' });
    expect(t.snap().context.code).toEqual(['', '', '', '', '', '']);
  });

  it('puts a typed digit into its box', async () => {
    const t = start();
    await toCode(t);
    t.actor.send({ type: 'code.enter', index: 2, value: '7' });
    expect(t.snap().context.code).toEqual(['', '', '7', '', '', '']);
  });

  it('fills all six boxes from a pasted code', async () => {
    const t = start();
    await toCode(t);
    t.actor.send({ type: 'code.enter', index: 3, value: ' 123-456 ' });
    expect(t.snap().context.code).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('allows Submit only with all six digits', async () => {
    const t = start();
    await toCode(t);
    t.actor.send({ type: 'code.enter', index: 0, value: '12345' });
    expect(t.snap().can({ type: 'code.submit' })).toBe(false);
    t.actor.send({ type: 'code.enter', index: 5, value: '6' });
    expect(t.snap().can({ type: 'code.submit' })).toBe(true);
  });

  it('clears one box on erase', async () => {
    const t = start();
    await toCode(t);
    t.actor.send({ type: 'code.enter', index: 0, value: '123456' });
    t.actor.send({ type: 'code.erase', index: 5 });
    expect(t.snap().context.code).toEqual(['1', '2', '3', '4', '5', '']);
  });

  it('finishes with the token when the code is accepted', async () => {
    const t = start();
    await toCode(t);
    t.actor.send({ type: 'code.enter', index: 0, value: '123456' });
    t.actor.send({ type: 'code.submit' });
    expect(t.verifyOtp.last().input).toEqual({ mobileNumber: '9876543210', otp: '123456' });
    await t.verifyOtp.last().resolve({ ok: true, token: 'secret', profileUpdated: true });
    expect(t.snap().status).toBe('done');
    expect(t.snap().output).toEqual({ token: 'secret', profileUpdated: true, mobileNumber: '9876543210' });
  });

  for (const code of ['OTP_INVALID', 'OTP_EXPIRED', 'OTP_LOCKED'] as const) {
    it(`shows ${code} and empties the boxes when the server refuses the code so`, async () => {
      const t = start();
      await toCode(t);
      t.actor.send({ type: 'code.enter', index: 0, value: '123456' });
      t.actor.send({ type: 'code.submit' });
      await t.verifyOtp.last().resolve({ ok: false, code });
      expect(t.snap().context.error).toBe(code);
      expect(t.snap().context.code.join('')).toBe('');
      expect(t.snap().matches({ awaitingCode: { code: 'editing' } })).toBe(true);
    });
  }

  it('clears the error line as soon as a new digit is typed', async () => {
    const t = start();
    await toCode(t);
    t.actor.send({ type: 'code.enter', index: 0, value: '123456' });
    t.actor.send({ type: 'code.submit' });
    await t.verifyOtp.last().resolve({ ok: false, code: 'OTP_INVALID' });
    t.actor.send({ type: 'code.enter', index: 0, value: '9' });
    expect(t.snap().context.error).toBe(null);
  });

  it('goes back to the phone screen to change the number', async () => {
    const t = start();
    await toCode(t);
    t.actor.send({ type: 'phone.edit' });
    expect(t.snap().matches('enteringPhone')).toBe(true);
    expect(t.went.at(-1)).toBe('/auth/generate-otp');
  });
});

describe('the resend timer', () => {
  it('starts at 120 seconds, shown as 02:00', async () => {
    const t = start();
    await toCode(t);
    expect(t.snap().context.secondsLeft).toBe(RESEND_SECONDS);
    expect(formatCountdown(t.snap().context.secondsLeft)).toBe('02:00');
  });

  it('counts down one second per tick', async () => {
    const t = start();
    await toCode(t);
    tick(t, 61);
    expect(formatCountdown(t.snap().context.secondsLeft)).toBe('00:59');
  });

  it('offers Resend only at zero', async () => {
    const t = start();
    await toCode(t);
    tick(t, RESEND_SECONDS - 1);
    expect(t.snap().can({ type: 'code.resend' })).toBe(false);
    tick(t, 1);
    expect(t.snap().context.secondsLeft).toBe(0);
    expect(t.snap().can({ type: 'code.resend' })).toBe(true);
  });

  it('does not offer Resend while a code is being verified', async () => {
    const t = start();
    await toCode(t);
    tick(t, RESEND_SECONDS);
    t.actor.send({ type: 'code.enter', index: 0, value: '123456' });
    t.actor.send({ type: 'code.submit' });
    expect(t.snap().can({ type: 'code.resend' })).toBe(false);
  });

  it('does not submit a code while a new one is being sent', async () => {
    const t = start();
    await toCode(t);
    tick(t, RESEND_SECONDS);
    t.actor.send({ type: 'code.resend' });
    t.actor.send({ type: 'code.enter', index: 0, value: '123456' });
    expect(t.snap().can({ type: 'code.submit' })).toBe(false);
  });

  it('goes back to 120 seconds after a successful resend', async () => {
    const t = start();
    await toCode(t);
    tick(t, RESEND_SECONDS);
    t.actor.send({ type: 'code.enter', index: 0, value: '123' });
    t.actor.send({ type: 'code.resend' });
    expect(t.requestOtp.calls).toHaveLength(2);
    await t.requestOtp.last().resolve({ ok: true });
    expect(t.snap().context.secondsLeft).toBe(RESEND_SECONDS);
    // The digits of the old code go: the new code fills empty boxes.
    expect(t.snap().context.code).toEqual(['', '', '', '', '', '']);
    expect(t.snap().matches({ awaitingCode: { resend: 'counting' } })).toBe(true);
  });

  it('stays at zero with Resend offered again after a failed resend', async () => {
    const t = start();
    await toCode(t);
    tick(t, RESEND_SECONDS);
    t.actor.send({ type: 'code.resend' });
    await t.requestOtp.last().reject(new Error('offline'));
    expect(t.snap().context.secondsLeft).toBe(0);
    expect(t.snap().can({ type: 'code.resend' })).toBe(true);
  });

  it('counts down the server wait when a resend is rate limited', async () => {
    const t = start();
    await toCode(t);
    tick(t, RESEND_SECONDS);
    t.actor.send({ type: 'code.resend' });
    await t.requestOtp.last().resolve({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 30 });
    expect(t.snap().context).toMatchObject({ secondsLeft: 30, error: 'RATE_LIMITED' });
    expect(t.snap().matches({ awaitingCode: { resend: 'counting' } })).toBe(true);
  });
});

describe('without the effects the app supplies', () => {
  it('fails the code request and its verification rather than pretending they worked', async () => {
    const bare = createActor(otpLoginMachine).start();
    bare.send({ type: 'phone.change', value: '9876543210' });
    bare.send({ type: 'phone.submit' });
    await waitFor(bare, (snapshot) => snapshot.matches('enteringPhone'));
    expect(bare.getSnapshot().value).toBe('enteringPhone');
    expect(bare.getSnapshot().hasTag('busy')).toBe(false);

    const requestOtp = controlled<RequestOtpResult, RequestOtpInput>();
    const noVerify = createActor(otpLoginMachine.provide({ actors: { requestOtp: requestOtp.logic } })).start();
    noVerify.send({ type: 'phone.change', value: '9876543210' });
    noVerify.send({ type: 'phone.submit' });
    await requestOtp.last().resolve({ ok: true });
    noVerify.send({ type: 'code.enter', index: 0, value: '123456' });
    noVerify.send({ type: 'code.submit' });
    await waitFor(noVerify, (snapshot) => snapshot.matches({ awaitingCode: { code: 'editing' } }));
    expect(noVerify.getSnapshot().matches({ awaitingCode: { code: 'editing' } })).toBe(true);
    expect(noVerify.getSnapshot().status).toBe('active');
  });
});

describe('the proof of work for codes to new numbers', () => {
  const CHALLENGE: OtpChallenge = { algorithm: 'SHA-256', challenge: 'c'.repeat(64), maxnumber: 100, salt: 'abc?expires=1&', signature: 's'.repeat(64) };

  function startWithProof() {
    const requestOtp = controlled<RequestOtpResult, RequestOtpInput>();
    const fetchChallenge = controlled<OtpChallenge>();
    const solveChallenge = controlled<string | null, OtpChallenge>();
    const actor = createActor(
      otpLoginMachine.provide({
        actors: {
          requestOtp: requestOtp.logic,
          verifyOtp: controlled<VerifyOtpResult, { mobileNumber: string; otp: string }>().logic,
          clock: fromCallback(() => undefined),
          webOtp: fromCallback(() => undefined),
          proof: otpProofMachine.provide({ actors: { fetchChallenge: fetchChallenge.logic, solveChallenge: solveChallenge.logic } }),
        },
        actions: { goTo: () => undefined },
      }),
    ).start();
    const proof = () => actor.getSnapshot().children.proof as ActorRefFrom<typeof otpProofMachine>;
    /** The proof child fetches a challenge and solves it as `altcha`. */
    const solve = async (altcha: string | null) => {
      await fetchChallenge.last().resolve(CHALLENGE);
      expect(solveChallenge.last().input).toEqual(CHALLENGE);
      await solveChallenge.last().resolve(altcha);
    };
    return { actor, requestOtp, fetchChallenge, solveChallenge, proof, solve };
  }

  it('starts solving when the farmer starts typing, not before, and only once while typing', async () => {
    const t = startWithProof();
    expect(t.fetchChallenge.calls).toHaveLength(0);
    for (const value of ['9', '98', '987']) t.actor.send({ type: 'phone.change', value });
    expect(t.fetchChallenge.calls).toHaveLength(1);
    expect(t.proof().getSnapshot().hasTag('solving')).toBe(true);
    await t.solve('solution-1');
    expect(t.proof().getSnapshot().value).toBe('ready');
    expect(t.actor.getSnapshot().context.altcha).toBe('solution-1');
  });

  it('sends the solution it has with the request, once, and solves a fresh one for the next', async () => {
    const t = startWithProof();
    t.actor.send({ type: 'phone.change', value: '9876543210' });
    await t.solve('solution-1');
    t.actor.send({ type: 'phone.submit' });
    expect(t.requestOtp.last().input).toEqual({ mobileNumber: '9876543210', altcha: 'solution-1' });
    expect(t.actor.getSnapshot().context.altcha).toBeNull();
    // The used solution is gone; the child is already on the next one.
    expect(t.fetchChallenge.calls).toHaveLength(2);
    await t.requestOtp.last().resolve({ ok: true });
    await t.solve('solution-2');
    expect(t.actor.getSnapshot().context.altcha).toBe('solution-2');
  });

  it('asks without a solution when none is ready yet, then on CHALLENGE_REQUIRED waits for it and asks once more', async () => {
    const t = startWithProof();
    t.actor.send({ type: 'phone.change', value: '9876543210' });
    t.actor.send({ type: 'phone.submit' });
    expect(t.requestOtp.last().input).toEqual({ mobileNumber: '9876543210', altcha: null });
    await t.requestOtp.last().resolve({ ok: false, code: 'CHALLENGE_REQUIRED' });
    expect(t.actor.getSnapshot().matches({ requestingCode: 'awaitingProof' })).toBe(true);
    expect(t.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(t.actor.getSnapshot().context.error).toBeNull();
    await t.solve('solution-1');
    expect(t.requestOtp.calls).toHaveLength(2);
    expect(t.requestOtp.last().input).toEqual({ mobileNumber: '9876543210', altcha: 'solution-1' });
    await t.requestOtp.last().resolve({ ok: true });
    expect(t.actor.getSnapshot().matches({ awaitingCode: { code: 'editing' } })).toBe(true);
  });

  it('retries at once with a solution that arrived while the first request was out', async () => {
    const t = startWithProof();
    t.actor.send({ type: 'phone.change', value: '9876543210' });
    t.actor.send({ type: 'phone.submit' });
    await t.solve('solution-1');
    await t.requestOtp.last().resolve({ ok: false, code: 'CHALLENGE_REQUIRED' });
    expect(t.requestOtp.calls).toHaveLength(2);
    expect(t.requestOtp.last().input.altcha).toBe('solution-1');
  });

  it('retries only once: a second CHALLENGE_REQUIRED, or a solver that fails, shows the error and re-enables Get OTP', async () => {
    const t = startWithProof();
    t.actor.send({ type: 'phone.change', value: '9876543210' });
    await t.solve('used-elsewhere');
    t.actor.send({ type: 'phone.submit' });
    await t.requestOtp.last().resolve({ ok: false, code: 'CHALLENGE_REQUIRED' });
    await t.solve('solution-2');
    await t.requestOtp.last().resolve({ ok: false, code: 'CHALLENGE_REQUIRED' });
    expect(t.requestOtp.calls).toHaveLength(2);
    expect(t.actor.getSnapshot().value).toBe('enteringPhone');
    expect(t.actor.getSnapshot().context.error).toBe('CHALLENGE_REQUIRED');
    expect(t.actor.getSnapshot().can({ type: 'phone.submit' })).toBe(true);

    t.actor.send({ type: 'phone.submit' });
    await t.requestOtp.last().resolve({ ok: false, code: 'CHALLENGE_REQUIRED' });
    await t.fetchChallenge.last().resolve(CHALLENGE);
    await t.solveChallenge.last().resolve(null);
    expect(t.proof().getSnapshot().value).toBe('failed');
    expect(t.actor.getSnapshot().value).toBe('enteringPhone');
    expect(t.actor.getSnapshot().context.error).toBe('CHALLENGE_REQUIRED');
  });

  it('solves a fresh one before the server would call the held one stale', async () => {
    vi.useFakeTimers();
    try {
      const t = startWithProof();
      t.actor.send({ type: 'phone.change', value: '9' });
      await t.solve('solution-1');
      vi.advanceTimersByTime(SOLUTION_FRESH_MS - 1);
      expect(t.proof().getSnapshot().value).toBe('ready');
      vi.advanceTimersByTime(1);
      expect(t.proof().getSnapshot().value).toBe('fetching');
      expect(SOLUTION_FRESH_MS).toBeLessThan(5 * 60 * 1000);
    } finally {
      vi.useRealTimers();
    }
  });
});
