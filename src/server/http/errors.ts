/**
 * Every error answer is `{ message, code }` (DECISIONS §2). Handlers throw `HttpError`; the error
 * handler maps Fastify's own errors (validation, parser, size) to the same shape and never sends a stack.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorCode } from '../../domain/api';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message);
export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', 'Log in first');
export const forbidden = (message = 'Not allowed') => new HttpError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Not found') => new HttpError(404, 'NOT_FOUND', what);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
export const versionConflict = () =>
  new HttpError(409, 'VERSION_CONFLICT', 'Someone else changed this first; reload and try again');
export const rateLimited = (retryAfterSeconds: number, message = 'Too many requests') =>
  new HttpError(429, 'RATE_LIMITED', message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

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
    if (error instanceof HttpError) {
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
