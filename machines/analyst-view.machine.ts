/**
 * The analyst's view (/analyst): a chart and a period picked, the chart's traffic and the onboarding
 * funnel loaded together; beside it, a day's sampled journeys and one replayed step by step, forward
 * and back. The screen provides the three loaders (GET /api/analytics/...); this chart holds what is
 * shown and when, and which step of a replay may move where. It runs in the app's one actor system
 * while /analyst is shown (machines/screen-charts.ts `lazyScreenChartFor`); its code loads with it.
 */
import { assign, fromPromise, raise, setup, type ActorRefFrom } from 'xstate';
import { JOURNEYS_KEPT_DAYS, START_EVENT } from '../src/domain/analytics';
import type { ChartTraffic, Funnel, Journey, JourneySummary } from '../src/domain/schemas/analytics';

export type PeriodDays = 7 | 30 | 90;

export interface AnalystOverview {
  charts: { chartId: string; total: number }[];
  traffic: ChartTraffic;
  funnel: Funnel;
}

export interface AnalystContext {
  chartId: string;
  days: PeriodDays;
  overview: AnalystOverview | null;
  /** The day whose sampled journeys are listed; null until the first list names today's. */
  day: string | null;
  /** While opening: how many days before today were looked at for journeys, and how many may be. */
  daysBack: number;
  seekDays: number;
  journeys: JourneySummary[];
  journey: Journey | null;
  /** The replay's position: how many of the journey's transitions have happened (0: none yet). */
  step: number;
  failed: boolean;
}

export type AnalystEvent =
  | { type: 'chart.pick'; chartId: string }
  | { type: 'period.pick'; days: PeriodDays }
  | { type: 'retry' }
  | { type: 'journeys.day'; day: string }
  | { type: 'journey.open'; id: string }
  | { type: 'journey.close' }
  | { type: 'step.forward' }
  | { type: 'step.back' };

export interface AnalystInput {
  chartId?: string;
  /**
   * Without one, the latest day with sampled journeys: today's (India's day, as the server samples
   * them), else the day before, and so on over the days the sample is kept (`seekDays`).
   */
  day?: string;
  seekDays?: number;
}

/** The calendar day `by` days after `day` (before, when negative), both `YYYY-MM-DD`. */
export const shiftDay = (day: string, by: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/** A day's sampled journeys, and which day that is (today's, when none was asked for). */
export interface JourneysOfDay {
  day: string;
  journeys: JourneySummary[];
}

/** The replay's current transition (the last one that happened), or null before the first. */
export const currentStep = (context: AnalystContext) => (context.journey && context.step > 0 ? (context.journey.transitions[context.step - 1] ?? null) : null);

/** The transitions of the chart shown that people took (an eventless step is counted in the one before). */
const realTransitions = (traffic: ChartTraffic) => traffic.transitions.filter((t) => t.event !== '');

/**
 * Used but never walked by a model test, and tested but never used in the period. A chart's start is
 * neither: every generated path begins there, though none names it as a transition.
 */
export function testedAgainstUsed(traffic: ChartTraffic) {
  const real = realTransitions(traffic).filter((t) => t.event !== START_EVENT);
  return { untested: real.filter((t) => t.count > 0 && !t.tested), unused: real.filter((t) => t.tested && t.count === 0) };
}

/** How many transitions the chart shown carried in the period; null while loading. */
export const trafficTotal = (context: AnalystContext): number | null => (context.overview ? context.overview.traffic.transitions.reduce((sum, t) => sum + t.count, 0) : null);

/** The state the replay has reached, when its step is on the chart shown (to mark on the diagram). */
export const replayedState = (context: AnalystContext): string | null => {
  const step = currentStep(context);
  return step && step.chart === context.chartId ? step.to : null;
};

/** A state path as read under its chart (`filling.photo`), or null for the chart's start. */
export const pathInChart = (chart: string, path: string): string | null => (path === chart ? null : path.slice(chart.length + 1));

/** Each funnel step's bar, as a percentage of the first step's count (at least 2, so an empty step still shows). */
export const funnelShare = (steps: Funnel['steps'], count: number): number => Math.max(2, (100 * count) / Math.max(1, steps[0]?.count ?? 1));

/** The chart the analyst's view opens on: sign-up, where the funnel's questions are. */
export const FIRST_CHART = 'registration';

export const analystViewMachine = setup({
  types: {
    context: {} as AnalystContext,
    events: {} as AnalystEvent,
    input: {} as AnalystInput,
  },
  actors: {
    loadOverview: fromPromise<AnalystOverview, { chartId: string; days: PeriodDays }>(async () => {
      throw new Error('loadOverview is provided by the screen');
    }),
    loadJourneys: fromPromise<JourneysOfDay, { day: string | null }>(async () => {
      throw new Error('loadJourneys is provided by the screen');
    }),
    loadJourney: fromPromise<Journey, { id: string }>(async () => {
      throw new Error('loadJourney is provided by the screen');
    }),
  },
  actions: {
    showStepChart: raise(({ context }) => ({ type: 'chart.pick' as const, chartId: (currentStep(context) ?? context.journey?.transitions[0])?.chart ?? context.chartId })),
  },
  guards: {
    canStepForward: ({ context }) => context.journey !== null && context.step < context.journey.transitions.length,
    canStepBack: ({ context }) => context.step > 0,
    isOtherChart: ({ context, event }) => event.type === 'chart.pick' && event.chartId !== context.chartId,
    isOtherPeriod: ({ context, event }) => event.type === 'period.pick' && event.days !== context.days,
    dayAsked: ({ context }) => context.day !== null,
    hasJourneys: (_, params: { found: JourneysOfDay }) => params.found.journeys.length > 0,
    mayLookFurtherBack: ({ context }) => context.daysBack + 1 < context.seekDays,
  },
}).createMachine({
  id: 'analystView',
  type: 'parallel',
  context: ({ input }) => ({
    chartId: input.chartId ?? FIRST_CHART,
    days: 30,
    overview: null,
    day: input.day ?? null,
    daysBack: 0,
    seekDays: input.seekDays ?? JOURNEYS_KEPT_DAYS,
    journeys: [],
    journey: null,
    step: 0,
    failed: false,
  }),
  states: {
    traffic: {
      initial: 'loading',
      on: {
        'chart.pick': { guard: 'isOtherChart', target: '.loading', actions: assign({ chartId: ({ event }) => event.chartId }) },
        'period.pick': { guard: 'isOtherPeriod', target: '.loading', actions: assign({ days: ({ event }) => event.days }) },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadOverview',
            src: 'loadOverview',
            input: ({ context }) => ({ chartId: context.chartId, days: context.days }),
            onDone: { target: 'shown', actions: assign({ overview: ({ event }) => event.output, failed: false }) },
            onError: { target: 'failed', actions: assign({ failed: true }) },
          },
        },
        shown: {},
        failed: { on: { retry: 'loading' } },
      },
    },
    replay: {
      initial: 'starting',
      on: { 'journeys.day': { target: '.listing', actions: assign({ day: ({ event }) => event.day, journey: null, step: 0 }) } },
      states: {
        // Early in India's morning today has no journeys yet: an analyst opening the view without a day
        // asked for sees the latest day that has some (yesterday's, most often).
        starting: {
          always: [{ guard: 'dayAsked', target: 'listing' }, { target: 'seeking' }],
        },
        seeking: {
          invoke: {
            id: 'loadJourneys',
            src: 'loadJourneys',
            input: ({ context }) => ({ day: context.day }),
            onDone: [
              { guard: { type: 'hasJourneys', params: ({ event }) => ({ found: event.output }) }, target: 'choosing', actions: assign({ day: ({ event }) => event.output.day, journeys: ({ event }) => event.output.journeys }) },
              { guard: 'mayLookFurtherBack', target: 'seeking', reenter: true, actions: assign({ day: ({ event }) => shiftDay(event.output.day, -1), daysBack: ({ context }) => context.daysBack + 1 }) },
              // None in all the days kept: today's empty list, where new journeys will appear.
              { target: 'choosing', actions: assign({ day: ({ context, event }) => shiftDay(event.output.day, context.daysBack), journeys: [] }) },
            ],
            onError: { target: 'choosing', actions: assign({ journeys: [] }) },
          },
        },
        listing: {
          invoke: {
            id: 'loadJourneys',
            src: 'loadJourneys',
            input: ({ context }) => ({ day: context.day }),
            onDone: { target: 'choosing', actions: assign({ day: ({ event }) => event.output.day, journeys: ({ event }) => event.output.journeys }) },
            onError: { target: 'choosing', actions: assign({ journeys: [] }) },
          },
        },
        choosing: {
          on: { 'journey.open': 'opening' },
        },
        opening: {
          invoke: {
            id: 'loadJourney',
            src: 'loadJourney',
            input: ({ event }) => ({ id: (event as { id: string }).id }),
            onDone: { target: 'replaying', actions: assign({ journey: ({ event }) => event.output, step: 0 }) },
            onError: 'choosing',
          },
        },
        replaying: {
          on: {
            // Each step is shown on its own chart's diagram: a step on another chart picks that chart.
            'step.forward': { guard: 'canStepForward', actions: [assign({ step: ({ context }) => context.step + 1 }), 'showStepChart'] },
            'step.back': { guard: 'canStepBack', actions: [assign({ step: ({ context }) => context.step - 1 }), 'showStepChart'] },
            'journey.open': 'opening',
            'journey.close': { target: 'choosing', actions: assign({ journey: null, step: 0 }) },
          },
        },
      },
    },
  },
});

export type AnalystViewRef = ActorRefFrom<typeof analystViewMachine>;

