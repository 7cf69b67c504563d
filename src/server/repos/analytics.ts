/**
 * The analyst's view of real use: what a batch of recorded transitions adds (daily counts, time in
 * state, the onboarding funnel, a bounded sample of whole journeys), what the analyst reads back, and
 * what the sweep forgets. Days are India dates, as everywhere else in the app. No user id is stored:
 * only the install id the phone made up, and only in today's and yesterday's rows.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  bucketOf,
  COUNTS_KEPT_DAYS,
  DAILY_INSTALL_CAP,
  FUNNEL_STEPS,
  funnelStepOf,
  JOURNEY_MAX_TRANSITIONS,
  JOURNEYS_KEPT_DAYS,
  JOURNEYS_PER_DAY,
  medianOfBuckets,
  START_EVENT,
  type ChartDefinition,
  type FunnelStep,
  type RecordedTransition,
} from '../../domain/analytics';
import { indiaToday } from '../../domain/india-date';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';

const DAY_MS = 86_400_000;
/** The pseudo-chart under which the funnel's time between steps is kept in analytics_dwell. */
export const FUNNEL_CHART = 'funnel';
/** States remembered per chart and install for time in state (a chart runs few at once). */
const OPEN_PER_CHART = 16;

type Db = Kysely<Database> | Transaction<Database>;
/** Per chart, the states an install is in and since when; `#steps`: when each funnel step was reached. */
type Open = Record<string, Record<string, number>>;

const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

function tally<K>(map: Map<string, { key: K; count: number }>, id: string, key: K, by = 1) {
  const found = map.get(id);
  if (found) found.count += by;
  else map.set(id, { key, count: by });
}

/** Answers how many of the batch's transitions were kept (the rest are over the install's daily cap). */
export async function recordTransitions(db: Kysely<Database>, installId: string, transitions: readonly RecordedTransition[], now: number): Promise<number> {
  const day = indiaToday(now);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('analyticsInstalls').selectAll().where('day', '=', day).where('installId', '=', installId).executeTakeFirst();
    const used = row ? Number(row.count) : 0;
    const kept = transitions.slice(0, Math.max(0, DAILY_INSTALL_CAP - used));
    if (kept.length === 0) return 0;

    const open: Open = row ? (JSON.parse(row.open) as Open) : {};
    const steps = open['#steps'] ?? {};
    let reached = row ? Number(row.steps) : 0;
    const counts = new Map<string, { key: [string, string, string, string]; count: number }>();
    const dwell = new Map<string, { key: [string, string, number]; count: number }>();
    const funnel = new Map<string, { key: string; count: number }>();
    const charts = new Map<string, { key: string; count: number }>();
    for (const t of kept) {
      tally(counts, JSON.stringify([t.chart, t.from, t.to, t.event]), [t.chart, t.from, t.to, t.event]);
      tally(charts, t.chart, t.chart);
      const states = (open[t.chart] ??= {});
      if (t.from !== t.to || t.event === START_EVENT) {
        const since = states[t.from];
        if (since !== undefined && t.at >= since) tally(dwell, JSON.stringify([t.chart, t.from, bucketOf(t.at - since)]), [t.chart, t.from, bucketOf(t.at - since)]);
        delete states[t.from];
        states[t.to] = t.at;
        const names = Object.keys(states);
        if (names.length > OPEN_PER_CHART) delete states[names[0]!];
      }
      const step = funnelStepOf(t);
      if (step >= 0 && (reached & (1 << step)) === 0) {
        reached |= 1 << step;
        tally(funnel, FUNNEL_STEPS[step]!, FUNNEL_STEPS[step]!);
        steps[step] = t.at;
        const previous = steps[step - 1];
        if (previous !== undefined && t.at >= previous) {
          tally(dwell, JSON.stringify([FUNNEL_CHART, FUNNEL_STEPS[step]!, bucketOf(t.at - previous)]), [FUNNEL_CHART, FUNNEL_STEPS[step]!, bucketOf(t.at - previous)]);
        }
      }
    }
    open['#steps'] = steps;

    if (counts.size > 0) {
      await trx
        .insertInto('analyticsCounts')
        .values([...counts.values()].map(({ key: [chart, fromState, toState, event], count }) => ({ day, chart, fromState, toState, event, count })))
        .onConflict((oc) => oc.columns(['chart', 'day', 'fromState', 'toState', 'event']).doUpdateSet((eb) => ({ count: eb('analyticsCounts.count', '+', eb.ref('excluded.count')) })))
        .execute();
    }
    await trx
      .insertInto('analyticsChartDays')
      .values([...charts.values()].map(({ key: chart, count: total }) => ({ day, chart, total })))
      .onConflict((oc) => oc.columns(['day', 'chart']).doUpdateSet((eb) => ({ total: eb('analyticsChartDays.total', '+', eb.ref('excluded.total')) })))
      .execute();
    if (dwell.size > 0) {
      await trx
        .insertInto('analyticsDwell')
        .values([...dwell.values()].map(({ key: [chart, state, bucket], count }) => ({ day, chart, state, bucket, count })))
        .onConflict((oc) => oc.columns(['chart', 'day', 'state', 'bucket']).doUpdateSet((eb) => ({ count: eb('analyticsDwell.count', '+', eb.ref('excluded.count')) })))
        .execute();
    }
    if (funnel.size > 0) {
      await trx
        .insertInto('analyticsFunnel')
        .values([...funnel.values()].map(({ key: step, count }) => ({ day, step, count })))
        .onConflict((oc) => oc.columns(['day', 'step']).doUpdateSet((eb) => ({ count: eb('analyticsFunnel.count', '+', eb.ref('excluded.count')) })))
        .execute();
    }

    const journeyId = row ? row.journeyId : await sampleJourney(trx, day, now);
    if (journeyId) await appendToJourney(trx, journeyId, kept);

    const values = { count: used + kept.length, steps: reached, open: JSON.stringify(open) };
    if (row) await trx.updateTable('analyticsInstalls').set(values).where('day', '=', day).where('installId', '=', installId).execute();
    else await trx.insertInto('analyticsInstalls').values({ day, installId, journeyId, ...values }).execute();
    return kept.length;
  });
}

/** A new journey for an install's first batch of the day, while the day has fewer than JOURNEYS_PER_DAY. */
async function sampleJourney(trx: Db, day: string, now: number): Promise<string | null> {
  const { n } = await trx.selectFrom('analyticsJourneys').select((eb) => eb.fn.countAll<number>().as('n')).where('day', '=', day).executeTakeFirstOrThrow();
  if (Number(n) >= JOURNEYS_PER_DAY) return null;
  const id = newId();
  await trx.insertInto('analyticsJourneys').values({ id, day, length: 0, createdAt: now }).execute();
  return id;
}

async function appendToJourney(trx: Db, journeyId: string, transitions: readonly RecordedTransition[]): Promise<void> {
  const journey = await trx.selectFrom('analyticsJourneys').select('length').where('id', '=', journeyId).executeTakeFirst();
  if (!journey) return;
  const start = Number(journey.length);
  const room = transitions.slice(0, Math.max(0, JOURNEY_MAX_TRANSITIONS - start));
  if (room.length === 0) return;
  await trx
    .insertInto('analyticsJourneySteps')
    .values(room.map((t, i) => ({ journeyId, seq: start + i, chart: t.chart, fromState: t.from, toState: t.to, event: t.event, at: t.at })))
    .execute();
  await trx.updateTable('analyticsJourneys').set({ length: start + room.length }).where('id', '=', journeyId).execute();
}

/** The first day of a period of `days` days ending today. */
export const periodStart = (now: number, days: number) => dayBefore(indiaToday(now), days - 1);

/** Each chart with transitions in the period, and how many. */
export async function chartTotals(db: Kysely<Database>, since: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('analyticsChartDays')
    .select(['chart', (eb) => eb.fn.sum<number>('total').as('total')])
    .where('day', '>=', since)
    .groupBy('chart')
    .execute();
  return new Map(rows.map((r) => [r.chart, Number(r.total)]));
}

export interface ChartTraffic {
  transitions: { from: string; to: string; event: string; count: number; tested: boolean }[];
  states: { state: string; medianMs: number | null }[];
}

interface DefinedTransition {
  source: string;
  target: string;
  event: string;
}

/** The chart's transitions as defined: each `on`, `always`, `after` and done/error branch, one per source, target and event. */
export function definedTransitions(definition: ChartDefinition): DefinedTransition[] {
  const out = new Map<string, DefinedTransition>();
  const walk = (node: ChartDefinition) => {
    for (const t of node.transitions as { eventType: string; target?: unknown[]; source?: string }[]) {
      const source = (t.source ?? `#${node.id}`).replace(/^#/, '');
      const targets = t.target && t.target.length > 0 ? t.target.map((x) => String(typeof x === 'string' ? x : (x as { id?: string }).id ?? '').replace(/^#/, '')) : [source];
      for (const target of targets) out.set(`${source} --${t.eventType}--> ${target}`, { source, target, event: t.eventType });
    }
    Object.values(node.states).forEach(walk);
  };
  walk(definition);
  return [...out.values()];
}

const within = (path: string, node: string) => path === node || path.startsWith(`${node}.`);

/**
 * The defined transition a recorded one took: same event, leaving the source or a state inside it,
 * arriving at the target or a state inside it (a self or targetless one stays); the deepest source wins.
 */
function definedFor(defined: DefinedTransition[], t: { from: string; to: string; event: string }): DefinedTransition | undefined {
  let best: DefinedTransition | undefined;
  for (const d of defined) {
    if (d.event !== t.event || !within(t.from, d.source)) continue;
    const stays = d.target === d.source && t.from === t.to;
    if (!stays && !within(t.to, d.target)) continue;
    if (!best || d.source.length > best.source.length) best = d;
  }
  return best;
}

/**
 * The chart with its traffic in the period: every defined transition with how often it was taken
 * (0 for never) and whether a generated model path takes it, then any recorded move no single
 * defined transition explains (a start, or a move through eventless steps) as recorded; and each
 * state's median time.
 */
export async function chartTraffic(db: Kysely<Database>, definition: ChartDefinition, tested: ReadonlySet<string>, since: string): Promise<ChartTraffic> {
  const chart = definition.id;
  const rows = await db
    .selectFrom('analyticsCounts')
    .select(['fromState', 'toState', 'event', (eb) => eb.fn.sum<number>('count').as('count')])
    .where('chart', '=', chart)
    .where('day', '>=', since)
    .groupBy(['fromState', 'toState', 'event'])
    .execute();
  const defined = definedTransitions(definition);
  const counted = new Map(defined.map((d) => [d, 0]));
  const extra = new Map<string, { key: { from: string; to: string; event: string }; count: number }>();
  for (const r of rows) {
    const t = { from: r.fromState, to: r.toState, event: r.event };
    const d = definedFor(defined, t);
    if (d) counted.set(d, counted.get(d)! + Number(r.count));
    else tally(extra, JSON.stringify(t), t, Number(r.count));
  }
  const dwell = await db
    .selectFrom('analyticsDwell')
    .select(['state', 'bucket', (eb) => eb.fn.sum<number>('count').as('count')])
    .where('chart', '=', chart)
    .where('day', '>=', since)
    .groupBy(['state', 'bucket'])
    .execute();
  const byState = new Map<string, { bucket: number; count: number }[]>();
  for (const r of dwell) byState.set(r.state, [...(byState.get(r.state) ?? []), { bucket: Number(r.bucket), count: Number(r.count) }]);
  return {
    transitions: [
      ...defined.map((d) => ({ from: d.source, to: d.target, event: d.event, count: counted.get(d)!, tested: tested.has(`${d.source} --${d.event}--> ${d.target}`) })),
      ...[...extra.values()].map(({ key, count }) => ({ ...key, count, tested: false })),
    ],
    states: [...byState].map(([state, buckets]) => ({ state, medianMs: medianOfBuckets(buckets) })).sort((a, b) => a.state.localeCompare(b.state)),
  };
}

export interface FunnelAnswer {
  steps: { step: FunnelStep; count: number; dropOff: number; medianMsFromPrevious: number | null }[];
}

/** Installs reaching each onboarding step in the period, the drop-off from the step before, and the median time between them. */
export async function funnel(db: Kysely<Database>, since: string): Promise<FunnelAnswer> {
  const rows = await db
    .selectFrom('analyticsFunnel')
    .select(['step', (eb) => eb.fn.sum<number>('count').as('count')])
    .where('day', '>=', since)
    .groupBy('step')
    .execute();
  const dwell = await db
    .selectFrom('analyticsDwell')
    .select(['state', 'bucket', (eb) => eb.fn.sum<number>('count').as('count')])
    .where('chart', '=', FUNNEL_CHART)
    .where('day', '>=', since)
    .groupBy(['state', 'bucket'])
    .execute();
  const counts = new Map(rows.map((r) => [r.step, Number(r.count)]));
  return {
    steps: FUNNEL_STEPS.map((step, i) => {
      const count = counts.get(step) ?? 0;
      const before = i === 0 ? count : (counts.get(FUNNEL_STEPS[i - 1]!) ?? 0);
      const buckets = dwell.filter((d) => d.state === step).map((d) => ({ bucket: Number(d.bucket), count: Number(d.count) }));
      return { step, count, dropOff: Math.max(0, before - count), medianMsFromPrevious: i === 0 ? null : medianOfBuckets(buckets) };
    }),
  };
}

/** The sampled journeys of a day, oldest first. */
export const journeysOf = (db: Kysely<Database>, day: string) =>
  db.selectFrom('analyticsJourneys').select(['id', 'day', 'length']).where('day', '=', day).orderBy('createdAt').orderBy('id').limit(JOURNEYS_PER_DAY).execute();

/** One sampled journey's transitions in order, or undefined when there is no such journey (or it was forgotten). */
export async function journeySteps(db: Kysely<Database>, id: string): Promise<{ id: string; day: string; transitions: RecordedTransition[] } | undefined> {
  const journey = await db.selectFrom('analyticsJourneys').select(['id', 'day']).where('id', '=', id).executeTakeFirst();
  if (!journey) return undefined;
  const steps = await db
    .selectFrom('analyticsJourneySteps')
    .select(['chart', 'fromState', 'toState', 'event', 'at'])
    .where('journeyId', '=', id)
    .orderBy('seq')
    .limit(JOURNEY_MAX_TRANSITIONS)
    .execute();
  return { ...journey, transitions: steps.map((s) => ({ chart: s.chart, from: s.fromState, to: s.toState, event: s.event, at: Number(s.at) })) };
}

/**
 * What the sweep forgets, each step one bounded statement answering how many rows it deleted (the
 * sweep repeats a step while it deletes a full batch): counts, time in state and the funnel after
 * COUNTS_KEPT_DAYS, installs' days before yesterday, journeys after JOURNEYS_KEPT_DAYS (a few at a
 * time, each up to JOURNEY_MAX_TRANSITIONS steps, counted as a batch when full).
 */
export function analyticsForgetting(db: Kysely<Database>, now: number): ((batch: number) => Promise<number>)[] {
  const today = indiaToday(now);
  const countsBefore = dayBefore(today, COUNTS_KEPT_DAYS);
  const deleted = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);
  // Every row up to the day of the batch-th oldest: a batch and the rest of its last day.
  const byDay = (table: string, before: string) => async (batch: number) =>
    deleted(
      await sql`delete from ${sql.table(table)} where day < ${before} and day <= (select max(day) from (select day from ${sql.table(table)} where day < ${before} order by day limit ${batch}) oldest)`.execute(db),
    );
  const installsBefore = dayBefore(today, 1);
  const journeysBefore = dayBefore(today, JOURNEYS_KEPT_DAYS);
  return [
    byDay('analytics_counts', countsBefore),
    byDay('analytics_chart_days', countsBefore),
    byDay('analytics_dwell', countsBefore),
    byDay('analytics_funnel', countsBefore),
    async (batch) => {
      const ids = await db.selectFrom('analyticsInstalls').select('installId').where('day', '<', installsBefore).limit(batch).execute();
      if (ids.length === 0) return 0;
      await db.deleteFrom('analyticsInstalls').where('day', '<', installsBefore).where('installId', 'in', ids.map((r) => r.installId)).execute();
      return ids.length;
    },
    async (batch) => {
      const few = Math.max(1, Math.floor(batch / 40));
      const journeys = await db.selectFrom('analyticsJourneys').select('id').where('day', '<', journeysBefore).orderBy('day').limit(few).execute();
      if (journeys.length === 0) return 0;
      const ids = journeys.map((j) => j.id);
      await db.deleteFrom('analyticsJourneySteps').where('journeyId', 'in', ids).execute();
      await db.deleteFrom('analyticsJourneys').where('id', 'in', ids).execute();
      return journeys.length === few ? batch : journeys.length;
    },
  ];
}
