/**
 * The proof-of-work effects the login chart's proof child runs: the challenge call, the request that
 * carries a solution, the CHALLENGE_REQUIRED answer as a typed result, and the `altcha` field the
 * solver builds (the server reads exactly this shape).
 */
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchChallenge, requestOtp } from '../../../src/web/api/onboarding';
import { altchaField } from '../../../src/web/onboarding/challenge-solver';
import type { OtpChallenge } from '../../../src/domain/api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
function answer(response: Response) {
  const fetch = vi.fn(async () => response.clone());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const run = <T,>(logic: AnyActorLogic, input?: unknown) => toPromise(createActor(logic, { input }).start()) as Promise<T>;
const CHALLENGE: OtpChallenge = { algorithm: 'SHA-256', challenge: 'ab'.repeat(32), maxnumber: 50_000, salt: 'f00d?expires=1800000000&', signature: 'cd'.repeat(32) };

afterEach(() => vi.unstubAllGlobals());

describe('the proof-of-work effects', () => {
  it('fetch a challenge from /api/auth/challenge', async () => {
    const fetch = answer(json(200, { data: CHALLENGE }));
    await expect(run(fetchChallenge)).resolves.toEqual(CHALLENGE);
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/auth/challenge');
  });

  it('send the solution with the code request, and no field at all without one', async () => {
    const fetch = answer(json(200, { data: { resendAfterSeconds: 120 } }));
    await run(requestOtp, { mobileNumber: '9876543210', altcha: 'c29sdmVk' });
    await run(requestOtp, { mobileNumber: '9876543210', altcha: null });
    const bodies = fetch.mock.calls.map((call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)));
    expect(bodies[0]).toMatchObject({ mobileNumber: '9876543210', altcha: 'c29sdmVk' });
    expect(bodies[1]).not.toHaveProperty('altcha');
  });

  it('turn 429 CHALLENGE_REQUIRED into its typed result, apart from RATE_LIMITED', async () => {
    answer(json(429, { message: 'Solve the challenge and ask again', code: 'CHALLENGE_REQUIRED' }));
    await expect(run(requestOtp, { mobileNumber: '9876543210', altcha: null })).resolves.toEqual({ ok: false, code: 'CHALLENGE_REQUIRED' });
  });

  it('build the altcha field as base64 of the payload the server verifies', () => {
    const field = altchaField(CHALLENGE, 4242);
    expect(JSON.parse(atob(field))).toEqual({
      algorithm: 'SHA-256',
      challenge: CHALLENGE.challenge,
      number: 4242,
      salt: CHALLENGE.salt,
      signature: CHALLENGE.signature,
    });
  });
});
