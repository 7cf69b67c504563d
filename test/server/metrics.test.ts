/**
 * Metrics an operator watches: GET /metrics (Prometheus text) is served on its own listener on
 * 127.0.0.1 and never on the public port; it names every metric docs/server.md lists; the SMS
 * counters move after a login code is sent or fails; requests are counted by route pattern, not url.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createMetrics, listenForMetrics, type Metrics } from '../../src/server/ops/metrics';
import { seedDatabase } from '../../src/server/seed/seed';
import { capturingSms, databases, freshDatabase, T0, TEST_ADMIN, testConfig, testSecrets, type TestDb } from '../support/server/app';

const NAMES = [
  'http_request_duration_seconds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
  'process_resident_memory_bytes',
  'sms_sent_total',
  'sms_failed_total',
  'sms_outbox_pending',
  'quotations_pending',
  'quotations_pending_oldest_age_seconds',
  'otp_refused_total',
];

/** The value of one series in Prometheus text, e.g. `sms_sent_total{kind="login"}`. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe.each(databases())('metrics on %s', (kind) => {
  let store: TestDb;
  let app: FastifyInstance;
  let metrics: Metrics;
  let listener: { port: number; close(): Promise<void> };
  let now = T0;
  let failing = false;
  const sms = capturingSms();
  const scrape = async () => (await fetch(`http://127.0.0.1:${listener.port}/metrics`)).text();

  beforeAll(async () => {
    store = await freshDatabase(kind);
    await seedDatabase(store.db, now);
    metrics = createMetrics(store.db, () => now);
    const send = sms.send;
    sms.send = async (to, text) => {
      if (failing) throw new Error('gateway down');
      await send(to, text);
    };
    app = await buildApp({ db: store.db, config: testConfig(), secrets: testSecrets(), sms, now: () => now, metrics });
    await app.ready();
    listener = await listenForMetrics(metrics, 0);
  });
  afterAll(async () => {
    await listener.close();
    await app.close();
    await store.drop();
  });

  it('serves /metrics on the metrics listener only, naming every metric the operator watches', async () => {
    const text = await scrape();
    for (const name of NAMES) expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    const onPublic = await app.inject({ method: 'GET', url: '/metrics' });
    expect(onPublic.statusCode).toBe(404);
    expect(onPublic.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    expect((await fetch(`http://127.0.0.1:${listener.port}/api/health`)).status).toBe(404);
  });

  it('counts a sent login code, and a failed one, by kind', async () => {
    const sent = await app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: TEST_ADMIN } });
    expect(sent.statusCode).toBe(200);
    let text = await scrape();
    expect(valueOf(text, 'sms_sent_total{kind="login"}')).toBe(1);
    expect(valueOf(text, 'sms_failed_total{kind="login"}')).toBe(0);
    failing = true;
    const refused = await app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: '9876500001' } });
    failing = false;
    expect(refused.statusCode).toBe(502);
    text = await scrape();
    expect(valueOf(text, 'sms_failed_total{kind="login"}')).toBe(1);
    expect(valueOf(text, 'sms_sent_total{kind="notification"}')).toBe(0);
  });

  it('counts refused login codes by reason: the new-number budgets, and one number asked too often', async () => {
    // An instance allowing one new number an hour from anywhere: a second new number needs a proof of
    // work. Its clock is two hours on, past the new numbers the other tests asked for.
    const strict = await buildApp({ db: store.db, config: testConfig({ otpNewNumbersPerHour: 1 }), secrets: testSecrets(), sms, now: () => now + 7_200_000, metrics });
    const ask = (mobileNumber: string) => strict.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber } });
    const before = await scrape();
    expect((await ask('9876500011')).statusCode).toBe(200);
    const pumped = await ask('9876500012');
    expect(pumped.json()).toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    expect((await ask('9876500011')).json()).toMatchObject({ code: 'RATE_LIMITED' });
    const after = await scrape();
    const moved = (series: string) => (valueOf(after, series) ?? NaN) - (valueOf(before, series) ?? NaN);
    expect(moved('otp_refused_total{reason="challenge_required"}')).toBe(1);
    expect(moved('otp_refused_total{reason="number_limit"}')).toBe(1);
    await strict.close();
  });

  it('counts requests by route pattern and status, and shows the pending quotations and the oldest one\'s wait', async () => {
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { mobileNumber: TEST_ADMIN, otp: sms.lastCode(TEST_ADMIN) } });
    const auth = { authorization: `Bearer ${verified.json<{ token: string }>().token}` };
    const sku = (await app.inject({ method: 'GET', url: '/api/skus', headers: auth })).json<{ data: { _id: string }[] }>().data[0]!;
    const made = await app.inject({ method: 'POST', url: '/api/quotations', headers: auth, payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] } });
    expect(made.statusCode).toBe(201);
    const id = made.json<{ data: { quotationDisplayId: string } }>().data.quotationDisplayId;
    expect((await app.inject({ method: 'GET', url: `/api/quotations/${id}`, headers: auth })).statusCode).toBe(200);
    now += 90_000;

    const text = await scrape();
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/quotations/:id",status="200"}')).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="POST",route="/api/auth/request-otp",status="502"}')).toBe(1);
    expect(text).not.toContain(id);
    expect(valueOf(text, 'quotations_pending')).toBe(1);
    expect(valueOf(text, 'quotations_pending_oldest_age_seconds')).toBe(90);
    expect(valueOf(text, 'sms_outbox_pending')).toBe(0);
  });
});
