/**
 * A year of the analyst's view for `npm run bench:scale`: what 20,000 farmers' phones would have sent.
 * For each of 365 days, every transition of every chart of docs/statecharts taken a number of times
 * that follows the farmers (most transitions daily, one in eight never: dashed in the view); time in
 * each state as a spread over a few histogram buckets; the funnel; and the last 30 days' journeys, 200
 * a day of 150 transitions each. Written in bulk (the repositories' batch path would take an hour),
 * with the same keys and shapes the ingest writes. Also runnable on its own:
 * `npx tsx bench/analytics-seed.ts` seeds a test database and prints each read API's p99.
 */
import type { Kysely } from 'kysely';
import { FUNNEL_STEPS, JOURNEYS_KEPT_DAYS, JOURNEYS_PER_DAY } from '../src/domain/analytics';
import { indiaToday } from '../src/domain/india-date';
import { knownCharts } from '../src/server/chart-vocabulary';
import { newId } from '../src/server/db/ids';
import type { Database } from '../src/server/db/schema';
import { chartTraffic, definedTransitions, FUNNEL_CHART, funnel, journeysOf, journeySteps, periodStart } from '../src/server/repos/analytics';

const DAY_MS = 86_400_000;
const DAYS = 365;
const STEPS_PER_JOURNEY = 150;
const BATCH = 1_000;

/** A small deterministic generator: the same year every run. */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
}

async function insertAll<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insertInto(table).values(rows.slice(i, i + BATCH) as never).execute();
  }
}

export interface SeededAnalytics {
  today: string;
  journeyDay: string;
  journeyIds: string[];
  charts: string[];
  rows: number;
}

export async function seedAnalytics(db: Kysely<Database>, now: number, farmers: number): Promise<SeededAnalytics> {
  const { definitions } = knownCharts();
  const next = random(38);
  const today = indiaToday(now);
  let rows = 0;
  const charts = [...definitions.keys()];
  // Which transitions are ever taken, and how busy each is per farmer a day.
  const shapes = charts.map((chart) => ({
    chart,
    transitions: definedTransitions(definitions.get(chart)!).filter((t) => t.event !== '').map((t) => ({ ...t, rate: next() < 0.125 ? 0 : next() ** 3 })),
    states: [...new Set(definedTransitions(definitions.get(chart)!).map((t) => t.source))].map((state) => ({ state, centre: 4 + Math.floor(next() * 60) })),
  }));
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = indiaToday(now - d * DAY_MS);
    const active = Math.round(farmers * (0.15 + 0.1 * next()));
    const counts: Record<string, unknown>[] = [];
    const dwell: Record<string, unknown>[] = [];
    for (const shape of shapes) {
      for (const t of shape.transitions) {
        const count = Math.round(active * t.rate);
        if (count > 0) counts.push({ day, chart: shape.chart, fromState: t.source, toState: t.target, event: t.event, count });
      }
      for (const s of shape.states) {
        for (let b = -3; b <= 3; b++) dwell.push({ day, chart: shape.chart, state: s.state, bucket: s.centre + b, count: Math.max(1, Math.round((active / 50) * (4 - Math.abs(b)))) });
      }
    }
    let reached = Math.round(active * 0.05);
    const steps = FUNNEL_STEPS.map((step) => {
      reached = Math.round(reached * (0.7 + 0.3 * next()));
      return { day, step, count: reached };
    });
    for (const step of FUNNEL_STEPS.slice(1)) dwell.push({ day, chart: FUNNEL_CHART, state: step, bucket: 40 + Math.floor(next() * 20), count: Math.max(1, Math.round(reached / 2)) });
    const totals = new Map<string, number>();
    for (const c of counts) totals.set(c.chart as string, (totals.get(c.chart as string) ?? 0) + (c.count as number));
    await db.transaction().execute(async (trx) => {
      await insertAll(trx, 'analyticsCounts', counts);
      await insertAll(trx, 'analyticsChartDays', [...totals].map(([chart, total]) => ({ day, chart, total })));
      await insertAll(trx, 'analyticsDwell', dwell);
      await insertAll(trx, 'analyticsFunnel', steps);
    });
    rows += counts.length + dwell.length + steps.length;
  }
  const journeyIds: string[] = [];
  const journeyDay = indiaToday(now - DAY_MS);
  for (let d = JOURNEYS_KEPT_DAYS - 1; d >= 0; d--) {
    const day = indiaToday(now - d * DAY_MS);
    const journeys: Record<string, unknown>[] = [];
    const steps: Record<string, unknown>[] = [];
    for (let j = 0; j < JOURNEYS_PER_DAY; j++) {
      const id = newId();
      if (day === journeyDay && journeyIds.length < 10) journeyIds.push(id);
      journeys.push({ id, day, length: STEPS_PER_JOURNEY, createdAt: now - d * DAY_MS + j });
      for (let seq = 0; seq < STEPS_PER_JOURNEY; seq++) {
        const shape = shapes[Math.floor(next() * shapes.length)]!;
        const t = shape.transitions[Math.floor(next() * shape.transitions.length)];
        if (!t) continue;
        steps.push({ journeyId: id, seq, chart: shape.chart, fromState: t.source, toState: t.target, event: t.event, at: now - d * DAY_MS + seq * 5_000 });
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertAll(trx, 'analyticsJourneys', journeys);
      await insertAll(trx, 'analyticsJourneySteps', steps);
    });
    rows += journeys.length + steps.length;
  }
  return { today, journeyDay, journeyIds, charts, rows };
}

/** The analyst's read APIs as bench rows: the paths asked in turn, and the same reads on the repositories for their plans. */
export function analyticsRows(seeded: SeededAnalytics) {
  const { definitions, tested } = knownCharts();
  const busiest = ['registration', 'otpLogin', 'session', 'cart', 'catalogue'];
  const since = (days: number) => periodStart(Date.now(), days);
  return [
    { name: 'analytics: charts, 30 and 90 days', paths: ['/api/analytics/charts?days=30', '/api/analytics/charts?days=90'], plan: () => Promise.resolve() },
    {
      name: 'analytics: a chart, 90 days',
      paths: busiest.map((c) => `/api/analytics/charts/${c}?days=90`),
      plan: (db: Kysely<Database>) => chartTraffic(db, definitions.get('registration')!, tested.get('registration') ?? new Set(), since(90)),
    },
    { name: 'analytics: funnel, 90 days', paths: ['/api/analytics/funnel?days=90', '/api/analytics/funnel?days=7'], plan: (db: Kysely<Database>) => funnel(db, since(90)) },
    { name: "analytics: a day's journeys", paths: [`/api/analytics/journeys?day=${seeded.journeyDay}`], plan: (db: Kysely<Database>) => journeysOf(db, seeded.journeyDay) },
    { name: 'analytics: a journey', paths: seeded.journeyIds.map((id) => `/api/analytics/journeys/${id}`), plan: (db: Kysely<Database>) => journeySteps(db, seeded.journeyIds[0]!) },
  ];
}

/** On its own: a test database per target, a year seeded, each read API asked 200 times in process. */
async function main() {
  const { createTestApp, databases } = await import('../test/support/server/app');
  for (const kind of databases()) {
    const t = await createTestApp(kind);
    try {
      const started = Date.now();
      const seeded = await seedAnalytics(t.db, t.clock.now(), 20_000);
      console.log(`${kind}: seeded ${seeded.rows.toLocaleString('en')} rows of a year of analytics for 20,000 farmers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      const admin = await t.admin();
      for (const row of analyticsRows(seeded)) {
        const times: number[] = [];
        for (let i = 0; i < 200; i++) {
          const path = row.paths[i % row.paths.length]!;
          const at = performance.now();
          const res = await t.as(admin, { method: 'GET', url: path });
          times.push(performance.now() - at);
          if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        times.sort((a, b) => a - b);
        const p = (q: number) => times[Math.ceil(q * times.length) - 1]!.toFixed(1);
        console.log(`  ${row.name.padEnd(40)} p50 ${p(0.5).padStart(6)} ms  p99 ${p(0.99).padStart(6)} ms  max ${p(1).padStart(6)} ms`);
      }
    } finally {
      await t.close();
    }
  }
}

if (process.argv[1]?.endsWith('analytics-seed.ts')) void main();
