/**
 * What an operator watches and alerts on, in Prometheus's text format (prom-client), served only on a
 * second listener on 127.0.0.1 (METRICS_PORT), never on the public port. On the request path the cost
 * is one histogram observation per answer; everything read from the database (the outbox's depth, the
 * pending quotations) is read when Prometheus scrapes, not when a farmer polls.
 */
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/schema';
import type { SmsTransport } from '../sms/transport';

/** Which SMS: a login code, or a notification from the outbox (quotation priced, order moves). */
export type SmsKind = 'login' | 'notification';

export interface Metrics {
  registry: Registry;
  requests: Histogram<'method' | 'route' | 'status'>;
  smsSent: Counter<'kind'>;
  smsFailed: Counter<'kind'>;
  /** Login codes refused: `challenge_required` (a new number past the hour's budgets, no solved proof), `number_limit` (a number's own spacing and caps). */
  otpRefused: Counter<'reason'>;
}

export type OtpRefusal = 'challenge_required' | 'number_limit';

export function createMetrics(db: Kysely<Database>, now: () => number = Date.now): Metrics {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), heap (nodejs_heap_size_used_bytes) and RSS (process_resident_memory_bytes).
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Answered requests by method, route pattern and status, and how long each took (its _count is the request count)',
    labelNames: ['method', 'route', 'status'] as const,
    // A poll answers in milliseconds; a phone on 3G gives up after several seconds.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const smsSent = new Counter({ name: 'sms_sent_total', help: 'SMS the gateway accepted, by kind', labelNames: ['kind'] as const, registers: [registry] });
  const smsFailed = new Counter({ name: 'sms_failed_total', help: 'SMS the gateway refused or never answered, by kind', labelNames: ['kind'] as const, registers: [registry] });
  const otpRefused = new Counter({
    name: 'otp_refused_total',
    help: 'Login codes refused, by reason: challenge_required (new-number budgets spent) or number_limit (one number asked too often)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  for (const reason of ['challenge_required', 'number_limit'] satisfies OtpRefusal[]) otpRefused.labels(reason).inc(0);
  for (const kind of ['login', 'notification'] satisfies SmsKind[]) {
    smsSent.labels(kind).inc(0);
    smsFailed.labels(kind).inc(0);
  }
  new Gauge({
    name: 'sms_outbox_pending',
    help: 'Notification SMS waiting to be sent (or retried)',
    registers: [registry],
    async collect() {
      const row = await db.selectFrom('smsOutbox').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'pending').executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'quotations_pending',
    help: 'Quotations farmers have asked for that no admin has priced yet',
    registers: [registry],
    async collect() {
      const row = await db.selectFrom('listCounts').select('value').where('name', '=', 'quotations:PENDING').executeTakeFirst();
      this.set(Number(row?.value ?? 0));
    },
  });
  new Gauge({
    name: 'quotations_pending_oldest_age_seconds',
    help: 'How long the oldest unpriced quotation has waited (0 when none waits)',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('quotations')
        .select((eb) => eb.fn.min<number | null>('createdAt').as('oldest'))
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      const oldest = row?.oldest == null ? null : Number(row.oldest);
      this.set(oldest === null ? 0 : Math.max(0, (now() - oldest) / 1000));
    },
  });
  return { registry, requests, smsSent, smsFailed, otpRefused };
}

/** Counts every answer by its route pattern (not its url: one series per route, not per quotation id). */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** The transport, counting what it sends and what fails by kind. */
export function countedSms(sms: SmsTransport, kind: SmsKind, metrics: Metrics | null): SmsTransport {
  if (!metrics) return sms;
  return {
    async send(to, text) {
      try {
        await sms.send(to, text);
      } catch (error) {
        metrics.smsFailed.labels(kind).inc();
        throw error;
      }
      metrics.smsSent.labels(kind).inc();
    },
  };
}

/** `GET /metrics` on 127.0.0.1:`port` (0 = any free port); anything else is a 404 in the API's error shape. */
export async function listenForMetrics(metrics: Metrics, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url?.split('?')[0] === '/metrics') {
      metrics.registry.metrics().then(
        (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
        () => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Metrics could not be read', code: 'INTERNAL' })),
      );
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Only GET /metrics is here', code: 'NOT_FOUND' }));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
