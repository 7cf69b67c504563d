/**
 * Every error answer is `{ message, code }` (DECISIONS §2). The errors themselves are
 * @fastify/sensible's `httpErrors` (http-errors underneath), each carrying the API's `code` and any
 * headers (Retry-After); the error handler sends them in that shape, maps Fastify's own errors
 * (validation, parser, size) to it, and never sends a stack.
 */
import { httpErrors } from '@fastify/sensible';
import type { FastifyError, FastifyInstance } from 'fastify';
import { API_ERROR_CODES, type ApiErrorCode } from '../../domain/api';

/** One of sensible's http errors with the API's code and the headers its answer carries. */
export type HttpError = InstanceType<typeof httpErrors.HttpError> & { code: ApiErrorCode; headers: Record<string, string> };

const coded = (error: InstanceType<typeof httpErrors.HttpError>, code: ApiErrorCode, headers: Record<string, string> = {}): HttpError =>
  Object.assign(error, { code, headers });

/**
 * Any answer the named helpers below do not cover (an OTP refusal, 413, 415, 502):
 * `new HttpError(status, code, message, headers)`, made by sensible's `createError`.
 */
export const HttpError = function HttpError(statusCode: number, code: ApiErrorCode, message: string, headers: Record<string, string> = {}) {
  return coded(httpErrors.createError(statusCode, message), code, headers);
} as unknown as new (statusCode: number, code: ApiErrorCode, message: string, headers?: Record<string, string>) => HttpError;

export const badRequest = (message: string) => coded(httpErrors.badRequest(message), 'BAD_REQUEST');
export const unauthorized = () => coded(httpErrors.unauthorized('Log in first'), 'UNAUTHORIZED');
export const forbidden = (message = 'Not allowed') => coded(httpErrors.forbidden(message), 'FORBIDDEN');
export const notFound = (what = 'Not found') => coded(httpErrors.notFound(what), 'NOT_FOUND');
export const conflict = (message: string) => coded(httpErrors.conflict(message), 'CONFLICT');
export const versionConflict = () => coded(httpErrors.conflict('Someone else changed this first; reload and try again'), 'VERSION_CONFLICT');
export const rateLimited = (retryAfterSeconds: number, message = 'Too many requests') =>
  coded(httpErrors.tooManyRequests(message), 'RATE_LIMITED', { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * A login code to a new number past the hour's budgets: the client solves a proof-of-work challenge
 * (GET /api/auth/challenge) and asks again with it; Retry-After says when the budgets have room anyway.
 */
export const challengeRequired = (retryAfterSeconds: number) =>
  coded(httpErrors.tooManyRequests('Solve the challenge and ask again'), 'CHALLENGE_REQUIRED', {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** The server is past its load bounds: the client waits `Retry-After` and asks again. */
export const overloaded = (retryAfterSeconds = 5) =>
  coded(httpErrors.serviceUnavailable('The server is busy; try again in a few seconds'), 'OVERLOADED', { 'retry-after': String(retryAfterSeconds) });

const API_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);

/** An error this server made (above), as opposed to Fastify's, a plugin's or an unexpected one. */
const isOurs = (error: unknown): error is HttpError =>
  error instanceof httpErrors.HttpError && typeof error.code === 'string' && API_CODES.has(error.code);

function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (isOurs(error)) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message, code: error.code });
    }
    if (error.validation) {
      return reply.code(400).send({ message: `Invalid request: ${error.message}`, code: 'BAD_REQUEST' });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    return reply.code(status).send({ message: error.message, code: codeForStatus(status) });
  });
}
