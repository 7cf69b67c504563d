import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteAccount, fetchProfile, requestOtp, uploadImage, verifyOtp } from '../../../src/web/api/onboarding';
import { setToken } from '../../../src/web/api/client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function answer(response: Response | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const run = <T,>(logic: AnyActorLogic, input?: unknown) => toPromise(createActor(logic, { input }).start()) as Promise<T>;

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('the onboarding API actors', () => {
  it('ask for a code at /api/auth/request-otp with the number', async () => {
    const fetch = answer(json(200, { message: 'sent' }));
    await expect(run(requestOtp, { mobileNumber: '9876543210' })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/request-otp');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
  });

  it('turn a 429 into RATE_LIMITED with the Retry-After wait', async () => {
    answer(json(429, { message: 'Too many requests', code: 'RATE_LIMITED' }, { 'retry-after': '87' }));
    await expect(run(requestOtp, { mobileNumber: '9876543210' })).resolves.toEqual({
      ok: false,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 87,
    });
  });

  it('turn a refused number into INVALID_NUMBER', async () => {
    answer(json(400, { message: 'bad', code: 'BAD_REQUEST' }));
    await expect(run(requestOtp, { mobileNumber: '1234567890' })).resolves.toEqual({ ok: false, code: 'INVALID_NUMBER' });
  });

  it('turn OTP_EXPIRED into a typed result', async () => {
    answer(json(400, { message: 'expired', code: 'OTP_EXPIRED' }));
    await expect(run(verifyOtp, { mobileNumber: '9876543210', otp: '123456' })).resolves.toEqual({ ok: false, code: 'OTP_EXPIRED' });
  });

  it('fail with the SPEC §8 shape when the network is gone', async () => {
    answer(new TypeError('Failed to fetch'));
    await expect(run(verifyOtp, { mobileNumber: '9876543210', otp: '123456' })).rejects.toEqual({
      status: 500,
      data: { message: 'Network error or request failed' },
    });
  });

  it('send the bearer token and turn a 401 profile answer into unauthorized', async () => {
    setToken('secret');
    const fetch = answer(json(401, { message: 'no', code: 'UNAUTHORIZED' }));
    await expect(run(fetchProfile)).resolves.toEqual({ ok: false, reason: 'unauthorized' });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer secret');
  });

  it('upload an image as multipart with its kind and return the url', async () => {
    const fetch = answer(json(201, { url: '/api/uploads/abc' }));
    await expect(run(uploadImage, { kind: 'aadhaar', file: new Blob(['x'], { type: 'image/jpeg' }) })).resolves.toEqual({
      url: '/api/uploads/abc',
    });
    const body = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect(body.get('kind')).toBe('aadhaar');
    expect(body.get('file')).toBeInstanceOf(Blob);
  });
});

describe('the personal-data API actors', () => {
  it('send the agreed notice version with the Aadhaar card, and no consent field without one', async () => {
    const fetch = answer(json(201, { url: '/api/uploads/abc' }));
    await run(uploadImage, { kind: 'aadhaar', file: new Blob(['x'], { type: 'image/jpeg' }), consent: 'aadhaar-v1' });
    expect(((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData).get('consent')).toBe('aadhaar-v1');
    const again = answer(json(201, { url: '/api/uploads/def' }));
    await run(uploadImage, { kind: 'profile', file: new Blob(['x'], { type: 'image/jpeg' }) });
    expect(((again.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData).has('consent')).toBe(false);
  });

  it('close the account with DELETE /api/users/profile', async () => {
    setToken('secret');
    const fetch = answer(json(200, { data: { closed: true } }));
    await expect(run(deleteAccount)).resolves.toBeUndefined();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/profile');
    expect(init.method).toBe('DELETE');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer secret');
  });

  it('count a 401 as closed: the answer to a first try can be lost, and the retry finds the sessions ended', async () => {
    answer(json(401, { message: 'no', code: 'UNAUTHORIZED' }));
    await expect(run(deleteAccount)).resolves.toBeUndefined();
  });

  it('fail when the server could not close the account, so the farmer can try again', async () => {
    answer(json(500, { message: 'boom', code: 'INTERNAL' }));
    await expect(run(deleteAccount)).rejects.toMatchObject({ status: 500 });
  });
});
