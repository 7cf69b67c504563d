/**
 * The error helpers are @fastify/sensible's http errors carrying the API's code, and
 * the error handler answers each as `{ message, code }` with its status and headers, no stack.
 */
import sensible, { httpErrors } from '@fastify/sensible';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  installErrorHandlers,
  notFound,
  rateLimited,
  unauthorized,
  versionConflict,
} from '../../src/server/http/errors';

describe('error answers through @fastify/sensible', () => {
  const app = Fastify({ logger: false });
  const thrown: Record<string, () => unknown> = {
    badRequest: () => badRequest('limit must be a number'),
    unauthorized: () => unauthorized(),
    forbidden: () => forbidden(),
    notFound: () => notFound('No such SKU'),
    conflict: () => conflict('A DELIVERED order cannot move'),
    versionConflict: () => versionConflict(),
    rateLimited: () => rateLimited(12.2, 'At most 20 quotation requests in an hour; try again later'),
    otp: () => new HttpError(400, 'OTP_INVALID', 'That code is not right'),
    smsDown: () => new HttpError(502, 'INTERNAL', 'The code could not be sent; try again shortly'),
    sensibleOnly: () => httpErrors.gone('Moved away'),
    unexpected: () => new Error('secret detail at /srv/app.js:12'),
  };
  app.register(sensible);
  installErrorHandlers(app);
  for (const [name, make] of Object.entries(thrown)) {
    app.get(`/${name}`, async () => {
      throw make();
    });
  }
  afterAll(() => app.close());

  const answer = async (name: string) => {
    const res = await app.inject({ method: 'GET', url: `/${name}` });
    return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
  };

  it('makes each helper a sensible HttpError with its status', () => {
    for (const name of ['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'versionConflict', 'rateLimited', 'otp', 'smsDown']) {
      const error = thrown[name]!();
      expect(error, name).toBeInstanceOf(httpErrors.HttpError);
    }
    expect(notFound().statusCode).toBe(404);
    expect(rateLimited(1).statusCode).toBe(429);
  });

  it('answers { message, code } with the status, and Retry-After on 429', async () => {
    expect(await answer('badRequest')).toEqual({ status: 400, body: { message: 'limit must be a number', code: 'BAD_REQUEST' }, retryAfter: undefined });
    expect(await answer('unauthorized')).toMatchObject({ status: 401, body: { message: 'Log in first', code: 'UNAUTHORIZED' } });
    expect(await answer('forbidden')).toMatchObject({ status: 403, body: { message: 'Not allowed', code: 'FORBIDDEN' } });
    expect(await answer('notFound')).toMatchObject({ status: 404, body: { message: 'No such SKU', code: 'NOT_FOUND' } });
    expect(await answer('conflict')).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect(await answer('versionConflict')).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    expect(await answer('rateLimited')).toEqual({
      status: 429,
      body: { message: 'At most 20 quotation requests in an hour; try again later', code: 'RATE_LIMITED' },
      retryAfter: '13',
    });
    expect(await answer('otp')).toMatchObject({ status: 400, body: { message: 'That code is not right', code: 'OTP_INVALID' } });
  });

  it("keeps this server's own 5xx message, and hides anything unexpected behind a 500", async () => {
    expect(await answer('smsDown')).toMatchObject({ status: 502, body: { message: 'The code could not be sent; try again shortly', code: 'INTERNAL' } });
    expect(await answer('unexpected')).toEqual({ status: 500, body: { message: 'Something went wrong on our side', code: 'INTERNAL' }, retryAfter: undefined });
    // A plain sensible error (no API code) still gets the shape, its code from the status.
    expect(await answer('sensibleOnly')).toMatchObject({ status: 410, body: { message: 'Moved away', code: 'BAD_REQUEST' } });
  });
});
