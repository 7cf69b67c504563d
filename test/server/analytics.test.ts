/**
 * The analyst's view of real use on the server: a phone's batch is checked against the exported
 * chart definitions (any unknown chart, state, event or field: 400, nothing stored), capped per
 * install and day, and turned into daily counts, time in state, the onboarding funnel and a bounded
 * sample of journeys, which only analysts and admins read, and which the sweep forgets in time.
 */
import { describe, expect, it } from 'vitest';
import { DAILY_INSTALL_CAP, type RecordedTransition } from '../../src/domain/analytics';
import { knownCharts } from '../../src/server/chart-vocabulary';
import { forgetOldRows } from '../../src/server/expiry-sweep';
import { chartTraffic, recordTransitions } from '../../src/server/repos/analytics';
import { databases, nextMobile, T0, testConfig, useTestApp, type TestApp } from '../support/server/app';

const DAY = 86_400_000;
const ANALYST = '8100000001';
const install = (n: number) => `install-${String(n).padStart(12, '0')}`;
const t = (from: string, to: string, event: string, at = T0): RecordedTransition => ({ chart: 'registration', from, to, event, at });

/** A farmer's sign-up on one phone: the photo chosen and uploaded, the Aadhaar notice agreed, the form sent. */
const signUp = (at: number): RecordedTransition[] => [
  { chart: 'session', from: 'session.account', to: 'session.account', event: 'language.choose', at },
  { chart: 'otpLogin', from: 'otpLogin.enteringPhone', to: 'otpLogin.requestingCode.sending', event: 'phone.submit', at: at + 10_000 },
  { chart: 'otpLogin', from: 'otpLogin.awaitingCode.code.verifying', to: 'otpLogin.loggedIn', event: 'xstate.done.actor.verifyOtp', at: at + 40_000 },
  t('registration', 'registration.filling.profile.empty', 'xstate.init', at + 41_000),
  t('registration.filling.profile.empty', 'registration.filling.profile.chosen', 'image.choose', at + 50_000),
  t('registration.filling.profile.chosen', 'registration.filling.profile.preparing', 'image.upload', at + 60_000),
];

const tables = ['analyticsCounts', 'analyticsChartDays', 'analyticsDwell', 'analyticsFunnel', 'analyticsInstalls', 'analyticsJourneys', 'analyticsJourneySteps'] as const;
async function stored(app: TestApp): Promise<number> {
  let rows = 0;
  for (const table of tables) rows += (await app.db.selectFrom(table).selectAll().execute()).length;
  return rows;
}

describe.each(databases())('the analyst view of real use on %s', (kind) => {
  const app = useTestApp(kind, { config: testConfig({ analystMobileNumbers: [ANALYST] }) });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url: '/api/analytics/transitions', payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

  it('refuses a batch naming an unknown chart, state or event, or carrying any other field, and stores nothing', async () => {
    const good = t('registration.filling.profile.empty', 'registration.filling.profile.chosen', 'image.choose');
    const bad = [
      { installId: install(1), transitions: [good, { ...good, chart: 'noSuchChart' }] },
      { installId: install(1), transitions: [good, { ...good, from: 'registration.filling.profile.nowhere' }] },
      { installId: install(1), transitions: [good, { ...good, to: 'otpLogin.loggedIn' }] },
      { installId: install(1), transitions: [good, { ...good, event: 'image.steal' }] },
      { installId: install(1), transitions: [good, { ...good, userId: 'u1' }] },
      { installId: install(1), transitions: [good], phone: '9876543210' },
      { installId: 'short', transitions: [good] },
      { installId: install(1), transitions: [] },
      { installId: install(1), transitions: Array.from({ length: 501 }, () => good) },
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    expect(await stored(app)).toBe(0);
  });

  it('answers 202 and stores nothing when the browser sends Sec-GPC: 1', async () => {
    const res = await post({ installId: install(2), transitions: signUp(T0) }, { 'sec-gpc': '1' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { accepted: 0 } });
    expect(await stored(app)).toBe(0);
  });

  it('takes a beacon (text/plain) and counts it, and only analysts and admins read it back', async () => {
    app.clock.set(T0);
    const res = await post(JSON.stringify({ installId: install(3), transitions: signUp(T0) }), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { accepted: 6 } });

    const analyst = await app.login(ANALYST);
    const farmer = await app.farmer(nextMobile());
    const admin = await app.admin();
    for (const url of ['/api/analytics/charts?days=30', '/api/analytics/charts/registration?days=7', '/api/analytics/funnel', '/api/analytics/journeys?day=2026-01-15']) {
      expect((await app.as(null, { method: 'GET', url })).statusCode, url).toBe(401);
      expect((await app.as(farmer, { method: 'GET', url })).statusCode, url).toBe(403);
      expect((await app.as(analyst, { method: 'GET', url })).statusCode, url).toBe(200);
      expect((await app.as(admin, { method: 'GET', url })).statusCode, url).toBe(200);
    }
    // The profile answer names the analyst, and only the analyst.
    expect((await app.as(analyst, { method: 'GET', url: '/api/users/profile' })).json().isAnalyst).toBe(true);
    expect((await app.as(farmer, { method: 'GET', url: '/api/users/profile' })).json().isAnalyst).toBe(false);
    // An analyst is no admin and no farmer.
    expect((await app.as(analyst, { method: 'GET', url: '/api/users/all' })).statusCode).toBe(403);
    expect((await app.as(analyst, { method: 'GET', url: '/api/skus' })).statusCode).toBe(403);

    const charts = (await app.as(analyst, { method: 'GET', url: '/api/analytics/charts?days=30' })).json().data as { chartId: string; total: number }[];
    expect(charts).toContainEqual({ chartId: 'registration', total: 3 });
    expect(charts).toContainEqual({ chartId: 'otpLogin', total: 2 });
    expect(charts.map((c) => c.chartId)).toEqual([...knownCharts().definitions.keys()]);

    const chart = (await app.as(analyst, { method: 'GET', url: '/api/analytics/charts/registration?days=7' })).json().data;
    expect(chart.transitions).toContainEqual({ from: 'registration.filling.profile.empty', to: 'registration.filling.profile.chosen', event: 'image.choose', count: 1, tested: expect.any(Boolean) });
    expect(chart.transitions).toContainEqual(expect.objectContaining({ from: 'registration.filling.profile.chosen', to: 'registration.filling.profile.preparing', event: 'image.upload', count: 1 }));
    // Defined but never taken: there, with 0.
    expect(chart.transitions).toContainEqual(expect.objectContaining({ from: 'registration.filling.details.editing', to: 'registration.filling.details.submitting', event: 'details.submit', count: 0 }));
    // Time in state: 9 s on the empty photo step, 10 s on the chosen one.
    const medians = Object.fromEntries((chart.states as { state: string; medianMs: number }[]).map((s) => [s.state, s.medianMs]));
    expect(medians['registration.filling.profile.empty']).toBeGreaterThan(8_000);
    expect(medians['registration.filling.profile.empty']).toBeLessThan(10_000);
    expect(medians['registration.filling.profile.chosen']).toBeGreaterThan(9_000);
    expect(medians['registration.filling.profile.chosen']).toBeLessThan(11_000);
    expect((await app.as(analyst, { method: 'GET', url: '/api/analytics/charts/noSuchChart' })).statusCode).toBe(404);
    expect((await app.as(analyst, { method: 'GET', url: '/api/analytics/charts/registration?days=12' })).statusCode).toBe(400);

    const funnel = (await app.as(analyst, { method: 'GET', url: '/api/analytics/funnel?days=7' })).json().data.steps;
    expect(funnel.slice(0, 4)).toEqual([
      { step: 'language', count: 1, dropOff: 0, medianMsFromPrevious: null },
      { step: 'phone', count: 1, dropOff: 0, medianMsFromPrevious: expect.any(Number) },
      { step: 'code', count: 1, dropOff: 0, medianMsFromPrevious: expect.any(Number) },
      { step: 'photo', count: 0, dropOff: 1, medianMsFromPrevious: null },
    ]);
    expect(funnel[1].medianMsFromPrevious).toBeGreaterThan(9_000);
    expect(funnel[1].medianMsFromPrevious).toBeLessThan(11_000);

    const journeys = (await app.as(analyst, { method: 'GET', url: '/api/analytics/journeys?day=2026-01-15' })).json().data;
    expect(journeys).toEqual([{ id: expect.any(String), day: '2026-01-15', length: 6 }]);
    const journey = (await app.as(analyst, { method: 'GET', url: `/api/analytics/journeys/${journeys[0].id}` })).json().data;
    expect(journey.transitions).toEqual(signUp(T0));
    expect(JSON.stringify(journey)).not.toContain(install(3));
    expect((await app.as(analyst, { method: 'GET', url: '/api/analytics/journeys/nope0000' })).statusCode).toBe(404);
  });

  it('keeps at most the daily cap per install, answering 202 for the rest', async () => {
    const at = T0 + 2 * DAY;
    app.clock.set(at);
    const batch = Array.from({ length: 500 }, (_, i) => t('registration.filling.profile.empty', 'registration.filling.profile.chosen', 'image.choose', at + i));
    let accepted = 0;
    for (let i = 0; i < DAILY_INSTALL_CAP / 500 + 1; i++) {
      const res = await post({ installId: install(4), transitions: batch });
      expect(res.statusCode).toBe(202);
      accepted += res.json().data.accepted as number;
    }
    expect(accepted).toBe(DAILY_INSTALL_CAP);
    // Another phone, and the same phone the next day, have their own.
    expect((await post({ installId: install(5), transitions: batch.slice(0, 3) })).json().data.accepted).toBe(3);
    app.clock.set(at + DAY);
    expect((await post({ installId: install(4), transitions: batch.slice(0, 3) })).json().data.accepted).toBe(3);
  });

  it('marks the transitions the model tests take, and keeps a bounded sample of journeys', async () => {
    const day = T0 + 5 * DAY;
    const definition = knownCharts().definitions.get('registration')!;
    const choose = t('registration.filling.profile.empty', 'registration.filling.profile.chosen', 'image.choose', day);
    const traffic = await chartTraffic(app.db, definition, new Set(['registration.filling.profile.empty --image.choose--> registration.filling.profile.chosen']), '2026-01-01');
    expect(traffic.transitions.filter((x) => x.tested)).toEqual([expect.objectContaining({ event: 'image.choose', from: 'registration.filling.profile.empty', tested: true })]);
    for (let i = 0; i < 201; i++) await recordTransitions(app.db, install(1000 + i), [choose], day);
    const sampled = await app.db.selectFrom('analyticsJourneys').selectAll().where('day', '=', '2026-01-20').execute();
    expect(sampled.length).toBe(200);
  });

  it('forgets journeys after 30 days and counts after 400, in the sweep', async () => {
    const countsBefore = (await app.db.selectFrom('analyticsCounts').selectAll().execute()).length;
    expect(countsBefore).toBeGreaterThan(0);
    // Each pass forgets a bounded amount; the sweep passes every minute.
    for (let pass = 0; pass < 5; pass++) await forgetOldRows(app.db, T0 + 40 * DAY);
    expect(await app.db.selectFrom('analyticsJourneys').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('analyticsJourneySteps').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('analyticsInstalls').selectAll().execute()).toEqual([]);
    expect((await app.db.selectFrom('analyticsCounts').selectAll().execute()).length).toBe(countsBefore);
    await forgetOldRows(app.db, T0 + 410 * DAY);
    expect(await app.db.selectFrom('analyticsCounts').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('analyticsChartDays').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('analyticsDwell').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('analyticsFunnel').selectAll().execute()).toEqual([]);
  });
});
