/**
 * The one HTTP client of the web app (SPEC §7–§8): base `/api`, the bearer token, credentials.
 * A failed call becomes `ApiFailure` `{status, data}`; no response at all becomes
 * `{status: 500, data: {message: 'Network error or request failed'}}`. Actors call `api()` and
 * receive either the body or a thrown `ApiFailure`, so expected failures can be told apart by status.
 */
import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { NETWORK_FAILURE, type ApiFailure } from '../../domain/api';

export const TOKEN_KEY = 'token';

let token: string | null = readStoredToken();

function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the bearer token in memory and in its own localStorage key. */
export function setToken(next: string | null): void {
  token = next;
  try {
    if (next === null) globalThis.localStorage?.removeItem(TOKEN_KEY);
    else globalThis.localStorage?.setItem(TOKEN_KEY, next);
  } catch {
    // Storage full or blocked: the in-memory token still serves this tab.
  }
}
export const getToken = (): string | null => token;

const client = ofetch.create({
  baseURL: '/api',
  credentials: 'include',
  retry: 0,
  onRequest({ options }) {
    if (token) {
      const headers = new Headers(options.headers);
      headers.set('Authorization', `Bearer ${token}`);
      options.headers = headers;
    }
  },
});

export function isApiFailure(value: unknown): value is ApiFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiFailure).status === 'number' &&
    typeof (value as ApiFailure).data === 'object'
  );
}

export function toApiFailure(error: unknown): ApiFailure {
  // FetchError first: it carries `status` and `data` too, so it would pass for an ApiFailure and
  // keep its response (and the Retry-After header) out of the plain {status, data} result.
  if (error instanceof FetchError && error.response) {
    let data = error.data && typeof error.data === 'object' ? error.data : { message: error.message };
    // A 429 says when to try again; keep it beside the body so the OTP screens can show the wait.
    const retryAfter = Number(error.response.headers.get('retry-after'));
    if (retryAfter > 0) data = { ...data, retryAfterSeconds: retryAfter };
    return { status: error.response.status, data: data as ApiFailure['data'] };
  }
  if (isApiFailure(error)) return error;
  return NETWORK_FAILURE;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The longest wait the client sits through before its one retry; a longer Retry-After goes to the chart. */
const MAX_RETRY_WAIT_SECONDS = 30;

/** The seconds a 503 asks to wait (the server shedding load, or an instance draining), or null. */
function retryAfter503(error: unknown): number | null {
  if (!(error instanceof FetchError) || error.response?.status !== 503) return null;
  const seconds = Number(error.response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_RETRY_WAIT_SECONDS ? seconds : null;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * A 503 with Retry-After means "try again then": the server refused before doing anything (a shed or
 * draining request never reaches its handler), so every call, writes included, waits once and asks
 * once more. A second refusal goes to the caller, whose chart already knows how to wait.
 */
async function retryingOnce<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const seconds = retryAfter503(error);
    if (seconds === null) throw error;
    await wait(seconds * 1000, signal);
    return call();
  }
}

/** Calls `/api{path}`; resolves with the parsed body, rejects with an `ApiFailure`. */
export async function api<T>(
  method: Method,
  path: string,
  options: { body?: FetchOptions['body']; signal?: AbortSignal } = {},
): Promise<T> {
  try {
    return await retryingOnce(() => client<T>(path, { method, body: options.body, signal: options.signal }), options.signal);
  } catch (error) {
    throw toApiFailure(error);
  }
}

/** Like `api`, but resolves with `{status, data}` whatever happened (SPEC §8's result shape). */
export async function apiResult<T>(
  method: Method,
  path: string,
  options: { body?: FetchOptions['body']; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<{ status: number; data: T } | ApiFailure> {
  try {
    const response = await retryingOnce(
      () => client.raw<T>(path, { method, body: options.body, signal: options.signal, ...(options.headers ? { headers: options.headers } : {}) }),
      options.signal,
    );
    return { status: response.status, data: response._data as T };
  } catch (error) {
    return toApiFailure(error);
  }
}

/**
 * A protected file at an `/api/...` url (a profile photo, an Aadhaar image), fetched with the bearer
 * token: an `<img>` cannot send one, so the admin screens show it from a local blob url.
 */
export async function apiBlob(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  try {
    return await retryingOnce(() => client(url.replace(/^\/api(?=\/)/, ''), { method: 'GET', responseType: 'blob', signal: options.signal }), options.signal);
  } catch (error) {
    throw toApiFailure(error);
  }
}

export type ApiCall = typeof api;

/** `api` against another base url with its own token: for a test or tool that acts as several users at once. */
export function createApi(baseURL: string, tokenOf: () => string | null): ApiCall {
  const other = ofetch.create({
    baseURL,
    credentials: 'include',
    retry: 0,
    onRequest({ options }) {
      const bearer = tokenOf();
      if (bearer) {
        const headers = new Headers(options.headers);
        headers.set('Authorization', `Bearer ${bearer}`);
        options.headers = headers;
      }
    },
  });
  return async function call<T>(method: Method, path: string, options: { body?: FetchOptions['body']; signal?: AbortSignal } = {}) {
    try {
      return await other<T>(path, { method, body: options.body, signal: options.signal });
    } catch (error) {
      throw toApiFailure(error);
    }
  };
}
