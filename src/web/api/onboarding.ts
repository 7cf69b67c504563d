/**
 * The real actors of the onboarding machines: each is one call through the shared client (base
 * `/api`, bearer token, credentials). Expected failures become typed results the machines' guards
 * route; anything else rejects with the ApiFailure so the machine's onError fires.
 */
import { fromPromise } from 'xstate';
import type { OtpChallenge, ProfileResponse, RequestOtpBody, UploadResponse, VerifyOtpResponse } from '../../domain/api';
import { LANGUAGE_OF_LOCALE, type Language, type Locale, type User } from '../../domain/types';
import type { ProfileBody } from '../../domain/api';
import type { RequestOtpInput, RequestOtpResult, VerifyOtpResult } from '../../../machines/otp-login.machine';
import type { UploadInput } from '../../../machines/registration.machine';
import type { ProfileResult } from '../../../machines/session.machine';
import { api, toApiFailure } from './client';

const codeOf = (error: unknown) => toApiFailure(error).data.code;
const retryAfterOf = (error: unknown) =>
  Number((toApiFailure(error).data as { retryAfterSeconds?: number }).retryAfterSeconds) || 0;

export const requestOtp = fromPromise<RequestOtpResult, RequestOtpInput>(async ({ input, signal }) => {
  try {
    // The language the screen is shown in: the login SMS to a number the server does not know yet uses it.
    const preferredLanguage = LANGUAGE_OF_LOCALE[globalThis.document?.documentElement.lang as Locale];
    const body: RequestOtpBody = {
      mobileNumber: input.mobileNumber,
      ...(preferredLanguage ? { preferredLanguage } : {}),
      ...(input.altcha ? { altcha: input.altcha } : {}),
    };
    await api('POST', '/auth/request-otp', { body, signal });
    return { ok: true };
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status === 429 && codeOf(error) === 'CHALLENGE_REQUIRED') return { ok: false, code: 'CHALLENGE_REQUIRED' };
    if (failure.status === 429) return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: retryAfterOf(error) };
    if (failure.status === 400 && codeOf(error) === 'BAD_REQUEST') return { ok: false, code: 'INVALID_NUMBER' };
    throw failure;
  }
});

/** A proof-of-work challenge, for a code to a new number past the server's hourly budgets. */
export const fetchChallenge = fromPromise<OtpChallenge>(async ({ signal }) => {
  const answer = await api<{ data: OtpChallenge }>('GET', '/auth/challenge', { signal });
  return answer.data;
});

export const verifyOtp = fromPromise<VerifyOtpResult, { mobileNumber: string; otp: string }>(async ({ input, signal }) => {
  try {
    const answer = await api<VerifyOtpResponse>('POST', '/auth/verify-otp', { body: input, signal });
    return { ok: true, token: answer.token, profileUpdated: answer.profileUpdated };
  } catch (error) {
    const failure = toApiFailure(error);
    const code = failure.data.code;
    if (failure.status === 429) return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: retryAfterOf(error) };
    if (code === 'OTP_INVALID' || code === 'OTP_EXPIRED' || code === 'OTP_LOCKED') return { ok: false, code };
    throw failure;
  }
});

export const fetchProfile = fromPromise<ProfileResult>(async ({ signal }) => {
  try {
    const answer = await api<ProfileResponse>('GET', '/users/profile', { signal });
    return { ok: true, user: { ...answer.user, isAnalyst: answer.isAnalyst } };
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status === 401) return { ok: false, reason: 'unauthorized' };
    throw failure;
  }
});

export const saveLanguage = fromPromise<void, { preferredLanguage: Language }>(async ({ input, signal }) => {
  await api('PUT', '/users/profile', { body: { preferredLanguage: input.preferredLanguage }, signal });
});

export const logout = fromPromise<void>(async ({ signal }) => {
  await api('POST', '/auth/logout', { signal });
});

export const uploadImage = fromPromise<{ url: string }, UploadInput>(async ({ input, signal }) => {
  const form = new FormData();
  form.append('kind', input.kind);
  // The Aadhaar notice's version the farmer agreed to; the server takes no card without it.
  if (input.consent) form.append('consent', input.consent);
  form.append('file', input.file, input.file.type === 'image/png' ? 'image.png' : 'image.jpg');
  const answer = await api<UploadResponse | { data: UploadResponse }>('POST', '/uploads', { body: form, signal });
  return 'url' in answer ? answer : answer.data;
});

export const submitProfile = fromPromise<Partial<User>, ProfileBody>(async ({ input, signal }) => {
  const answer = await api<{ data?: User; user?: User } | null>('PUT', '/users/profile', { body: input, signal });
  return answer?.data ?? answer?.user ?? { ...input, profileUpdated: true };
});

/**
 * DELETE /users/profile: closes the farmer's account. A 401 counts as closed too: when the answer to
 * a first try was lost on a weak network, the retry finds the account's sessions already ended.
 */
export const deleteAccount = fromPromise<void>(async ({ signal }) => {
  try {
    await api('DELETE', '/users/profile', { signal });
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status === 401) return;
    throw failure;
  }
});
