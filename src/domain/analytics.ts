/**
 * What the app records of real use, and what the analyst's view reads back: transitions of the
 * charts, never people. A transition names the chart (its id as in docs/statecharts), the states
 * before and after as the chart's JSON names them (`registration.filling.profile.empty`), the event's
 * type and the time. No payload, no context, no id of a user, quotation or order.
 */

/** One recorded transition, exactly as a batch carries it. */
export interface RecordedTransition {
  chart: string;
  from: string;
  to: string;
  event: string;
  at: number;
}

export interface TransitionBatch {
  installId: string;
  transitions: RecordedTransition[];
}

/** A batch carries at most this many transitions; the phone sends the rest in the next one. */
export const MAX_BATCH_TRANSITIONS = 500;
/** How often the phone sends what it recorded (and again whenever the page hides). */
export const SEND_EVERY_MS = 30_000;
/** Transitions one install may add in a day; the rest of the day's are answered 202 and dropped. */
export const DAILY_INSTALL_CAP = 5_000;
/** Daily counts and time-in-state histograms are kept this long. */
export const COUNTS_KEPT_DAYS = 400;
/** Whole journeys, kept for replay: at most this many a day, each this long, for this many days. */
export const JOURNEYS_PER_DAY = 200;
export const JOURNEY_MAX_TRANSITIONS = 2_000;
export const JOURNEYS_KEPT_DAYS = 30;
/** The periods the analyst picks from. */
export const PERIOD_DAYS = [7, 30, 90] as const;
/** The event a chart starts with: `from` is then the chart's own id. */
export const START_EVENT = 'xstate.init';
/** An install id: random, made on the phone, never the user's. */
export const INSTALL_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

/** The states and event types a chart knows: the only ones the server accepts for it. */
export interface ChartVocabulary {
  states: ReadonlySet<string>;
  events: ReadonlySet<string>;
}

/** A chart's exported definition (docs/statecharts/<id>.json), as far as the vocabulary reads it. */
export interface ChartDefinition {
  id: string;
  key?: string;
  type?: string;
  states: Record<string, ChartDefinition>;
  transitions: { eventType: string; target?: unknown[] }[];
}

/** Every state path of the chart (its own id included, the `from` of its start) and every event type it answers. */
export function vocabularyOf(definition: ChartDefinition): ChartVocabulary {
  const states = new Set<string>();
  const events = new Set<string>([START_EVENT]);
  const walk = (node: ChartDefinition) => {
    states.add(node.id);
    // '' is an eventless (`always`) transition: it happens within the event that led to it.
    for (const t of node.transitions) if (t.eventType !== '') events.add(t.eventType);
    Object.values(node.states).forEach(walk);
  };
  walk(definition);
  return { states, events };
}

/** Why a transition is refused, or null when the chart knows all of it. */
export function unknownPart(vocabulary: ReadonlyMap<string, ChartVocabulary>, t: RecordedTransition): string | null {
  const chart = vocabulary.get(t.chart);
  if (!chart) return `unknown chart "${t.chart}"`;
  if (!chart.states.has(t.from)) return `unknown state "${t.from}" of ${t.chart}`;
  if (!chart.states.has(t.to)) return `unknown state "${t.to}" of ${t.chart}`;
  if (!chart.events.has(t.event)) return `unknown event "${t.event}" of ${t.chart}`;
  return null;
}

/**
 * The onboarding funnel, step by step, each the first transition that shows a farmer reached it:
 * a language chosen, a number sent, the code accepted, the photo and the Aadhaar card uploaded (or
 * skipped), the details sent, the sign-up submitted, and the first screen of a verified farmer.
 */
export const FUNNEL_STEPS = ['language', 'phone', 'code', 'photo', 'aadhaar', 'details', 'submitted', 'verified'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

interface StepMatch {
  chart: string;
  event?: string;
  /** The state reached, or a prefix of it ending in '.'. */
  to?: string;
}

const FUNNEL_MATCH: Record<FunnelStep, StepMatch[]> = {
  language: [{ chart: 'session', event: 'language.choose' }],
  phone: [{ chart: 'otpLogin', event: 'phone.submit' }],
  code: [{ chart: 'otpLogin', to: 'otpLogin.loggedIn' }],
  photo: [
    { chart: 'registration', to: 'registration.filling.profile.uploaded.' },
    { chart: 'registration', event: 'step.skip', to: 'registration.filling.aadhaar.' },
  ],
  aadhaar: [{ chart: 'registration', to: 'registration.filling.aadhaar.uploaded.' }],
  details: [{ chart: 'registration', event: 'details.submit' }],
  submitted: [{ chart: 'registration', to: 'registration.submitted' }],
  // Only a verified farmer reaches /home, whose opening starts the catalogue's refresh.
  verified: [{ chart: 'catalogue', event: 'home.open' }],
};

const matches = (m: StepMatch, t: RecordedTransition) =>
  m.chart === t.chart &&
  (m.event === undefined || m.event === t.event) &&
  (m.to === undefined || (m.to.endsWith('.') ? t.to.startsWith(m.to) : t.to === m.to));

/** The index in FUNNEL_STEPS of the step this transition reaches, or -1. */
export function funnelStepOf(t: RecordedTransition): number {
  return FUNNEL_STEPS.findIndex((step) => FUNNEL_MATCH[step].some((m) => matches(m, t)));
}

/**
 * Time in a state as a histogram bucket: four buckets per doubling (each about 19 % wide), so a median
 * read back from the buckets is within a tenth of the real one, whatever the scale (ms to days).
 */
export const bucketOf = (ms: number): number => Math.max(0, Math.min(160, Math.floor(4 * Math.log2(Math.max(1, ms)))));
/** The middle of a bucket (geometric), in ms. */
export const bucketMiddleMs = (bucket: number): number => Math.round(2 ** ((bucket + 0.5) / 4));

/** The median of a histogram given as bucket → count; null when empty. */
export function medianOfBuckets(buckets: readonly { bucket: number; count: number }[]): number | null {
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return null;
  const sorted = [...buckets].sort((a, b) => a.bucket - b.bucket);
  let seen = 0;
  for (const b of sorted) {
    seen += b.count;
    if (seen * 2 >= total) return bucketMiddleMs(b.bucket);
  }
  return bucketMiddleMs(sorted.at(-1)!.bucket);
}
