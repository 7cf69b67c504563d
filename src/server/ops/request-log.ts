/**
 * One log line per answered request that an operator can search: method, route pattern (never the
 * url, which can hold a mobile number in an admin's search or a quotation id), status, duration and
 * the request id, which is also sent back as `x-request-id` so a farmer's support call can be found.
 * A proxy's own `x-request-id` is kept when it looks like an id; anything else gets a fresh UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_ID = /^[\w.:-]{1,64}$/;

/** Fastify's `genReqId`: the caller's x-request-id when it is a plain token, else a UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** A ten-digit Indian mobile number, with or without +91, standing alone (not inside a longer number such as a time). */
const MOBILE = /(?<!\d)(?:\+?91[\s-]?)?[6-9]\d{9}(?!\d)/g;
export const maskMobiles = (text: string): string => text.replace(MOBILE, '[mobile]');

/**
 * What every log line may carry. A request is its method and route pattern, never its url (query
 * strings hold searched numbers, paths hold image ids); a bearer token is censored wherever a headers
 * object is logged; an error keeps its type and stack, with any mobile number in its text masked (an
 * SMS gateway's or the database's message can quote one).
 */
export const safeLogging = {
  redact: { paths: ['authorization', 'headers.authorization', 'req.headers.authorization', 'request.headers.authorization'], censor: '[redacted]' },
  serializers: {
    req: (request: FastifyRequest) => ({ method: request.method, route: request.routeOptions?.url ?? 'unmatched' }),
    err: (error: FastifyError | string): { type: string; message: string; stack: string } => {
      // The SMS outbox logs a failed send's message as plain text.
      if (typeof error !== 'object' || error === null) return { type: 'Message', message: maskMobiles(String(error)), stack: '' };
      const { name, message, stack = '', ...rest } = error;
      return JSON.parse(maskMobiles(JSON.stringify({ ...rest, type: name, message, stack }))) as { type: string; message: string; stack: string };
    },
  },
};

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
