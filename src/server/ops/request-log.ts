/**
 * One log line per answered request that an operator can search: method, route pattern (never the
 * url, which can hold a mobile number in an admin's search or a quotation id), status, duration and
 * the request id, which is also sent back as `x-request-id` so a farmer's support call can be found.
 * A proxy's own `x-request-id` is kept when it looks like an id; anything else gets a fresh UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const SAFE_ID = /^[\w.:-]{1,64}$/;

/** Fastify's `genReqId`: the caller's x-request-id when it is a plain token, else a UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** The line itself, only when the log level lets it through (at the default `warn` the hook is not there at all). */
export function installRequestLog(app: FastifyInstance): void {
  if (!['trace', 'debug', 'info'].includes(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
