/**
 * The analyst's view chart: the traffic and funnel load together for the picked chart and period (a
 * failure offers a retry); the day's journeys list, one opens and replays step by step, each step shown
 * on its own chart's diagram. Hand-written tests of those rules and the named selectors, then the
 * generated paths (every transition taken).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import {
  analystViewMachine,
  currentStep,
  funnelShare,
  pathInChart,
  replayedState,
  shiftDay,
  testedAgainstUsed,
  trafficTotal,
  type AnalystContext,
  type AnalystOverview,
  type JourneysOfDay,
  type PeriodDays,
} from '../../machines/analyst-view.machine';
import type { ChartTraffic, Funnel, Journey } from '../../src/domain/schemas/analytics';
import { controlled } from '../support/machines/controlled';
import { modelPaths, transitionCoverage, writeTestedTransitions } from '../support/machines/model-coverage';

const traffic: ChartTraffic = {
  transitions: [
    { from: 'registration', to: 'registration.filling', event: '', count: 0, tested: true },
    { from: 'registration', to: 'registration.a', event: 'xstate.init', count: 9, tested: false },
    { from: 'registration.a', to: 'registration.b', event: 'go', count: 5, tested: true },
    { from: 'registration.b', to: 'registration.c', event: 'on', count: 3, tested: false },
    { from: 'registration.c', to: 'registration.a', event: 'back', count: 0, tested: true },
    { from: 'registration.c', to: 'registration.d', event: 'skip', count: 0, tested: false },
  ],
  states: [],
};
const overview = (chartId = 'registration'): AnalystOverview => ({ charts: [{ chartId, total: 17 }], traffic, funnel: { steps: [] } });
const journey: Journey = {
  id: 'j-1',
  transitions: [
    { chart: 'otpLogin', from: 'otpLogin.a', to: 'otpLogin.b', event: 'phone.submit', at: 1_000 },
    { chart: 'registration', from: 'registration.a', to: 'registration.b', event: 'go', at: 5_000 },
  ],
} as Journey;

function start(input: { chartId?: string; day?: string; seekDays?: number } = {}) {
  const loadOverview = controlled<AnalystOverview, { chartId: string; days: PeriodDays }>();
  const loadJourneys = controlled<JourneysOfDay, { day: string | null }>();
  const loadJourney = controlled<Journey, { id: string }>();
  const actor = createActor(analystViewMachine.provide({ actors: { loadOverview: loadOverview.logic, loadJourneys: loadJourneys.logic, loadJourney: loadJourney.logic } }), { input }).start();
  return { actor, loadOverview, loadJourneys, loadJourney };
}

describe("the analyst's view chart", () => {
  it('loads sign-up for 30 days first, then again for each other chart or period picked, not for the same one', async () => {
    const { actor, loadOverview } = start();
    expect(analystViewMachine.id).toBe('analystView');
    const first = actor.getSnapshot().context;
    expect([first.overview, first.journeys, first.journey, first.step, first.failed]).toEqual([null, [], null, 0, false]);
    expect(loadOverview.last().input).toEqual({ chartId: 'registration', days: 30 });
    await loadOverview.last().resolve(overview());
    expect([actor.getSnapshot().matches({ traffic: 'shown' }), actor.getSnapshot().context.overview]).toEqual([true, overview()]);
    actor.send({ type: 'period.pick', days: 30 });
    actor.send({ type: 'chart.pick', chartId: 'registration' });
    expect(loadOverview.calls).toHaveLength(1);
    actor.send({ type: 'period.pick', days: 7 });
    expect(loadOverview.last().input).toEqual({ chartId: 'registration', days: 7 });
    actor.send({ type: 'chart.pick', chartId: 'cart' });
    expect([loadOverview.calls.length, loadOverview.last().input]).toEqual([3, { chartId: 'cart', days: 7 }]);
  });

  it('says the figures failed, keeps what it showed, and tries again on retry', async () => {
    const { actor, loadOverview } = start({ chartId: 'cart' });
    await loadOverview.last().reject(new Error('offline'));
    expect([actor.getSnapshot().matches({ traffic: 'failed' }), actor.getSnapshot().context.failed]).toEqual([true, true]);
    actor.send({ type: 'retry' });
    expect(loadOverview.last().input).toEqual({ chartId: 'cart', days: 30 });
    await loadOverview.last().resolve(overview('cart'));
    expect(actor.getSnapshot().context.failed).toBe(false);
  });

  it("lists the loader's day (today's, unless one was asked for), and another day's on picking it", async () => {
    const { actor, loadJourneys } = start();
    expect(loadJourneys.last().input).toEqual({ day: null });
    await loadJourneys.last().resolve({ day: '2026-11-28', journeys: [{ id: 'j-1', day: '2026-11-28', length: 2 }] });
    expect([actor.getSnapshot().context.day, actor.getSnapshot().context.journeys.length]).toEqual(['2026-11-28', 1]);
    actor.send({ type: 'journeys.day', day: '2026-11-20' });
    expect(loadJourneys.last().input).toEqual({ day: '2026-11-20' });
    // No list that day (the server refused): none to choose from.
    await loadJourneys.last().reject(new Error('400'));
    expect([actor.getSnapshot().context.journeys, actor.getSnapshot().matches({ replay: 'choosing' })]).toEqual([[], true]);
    expect(start({ day: '2026-10-01' }).loadJourneys.last().input).toEqual({ day: '2026-10-01' });
  });

  it('opens on the latest day with sampled journeys: yesterday when today has none yet', async () => {
    const { actor, loadJourneys } = start();
    expect(loadJourneys.last().input).toEqual({ day: null });
    await loadJourneys.last().resolve({ day: '2026-11-28', journeys: [] });
    expect(loadJourneys.last().input).toEqual({ day: '2026-11-27' });
    expect(actor.getSnapshot().matches({ replay: 'seeking' })).toBe(true);
    await loadJourneys.last().resolve({ day: '2026-11-27', journeys: [{ id: 'j-1', day: '2026-11-27', length: 2 }] });
    expect([actor.getSnapshot().context.day, actor.getSnapshot().context.journeys.length, actor.getSnapshot().matches({ replay: 'choosing' })]).toEqual(['2026-11-27', 1, true]);
    // A day the analyst picks is shown as it is, even empty.
    actor.send({ type: 'journeys.day', day: '2026-11-28' });
    await loadJourneys.last().resolve({ day: '2026-11-28', journeys: [] });
    expect([actor.getSnapshot().context.day, loadJourneys.calls.length]).toEqual(['2026-11-28', 3]);
  });

  it('looks back over the days the sample is kept, and with none in them shows today', async () => {
    const { actor, loadJourneys } = start({ seekDays: 3 });
    await loadJourneys.last().resolve({ day: '2026-12-01', journeys: [] });
    await loadJourneys.last().resolve({ day: '2026-11-30', journeys: [] });
    await loadJourneys.last().resolve({ day: '2026-11-29', journeys: [] });
    expect(loadJourneys.calls.map((call) => call.input.day)).toEqual([null, '2026-11-30', '2026-11-29']);
    expect([actor.getSnapshot().context.day, actor.getSnapshot().context.journeys, actor.getSnapshot().matches({ replay: 'choosing' })]).toEqual(['2026-12-01', [], true]);
  });

  it('stops looking when a list cannot be read', async () => {
    const { actor, loadJourneys } = start();
    await loadJourneys.last().resolve({ day: '2026-11-28', journeys: [] });
    await loadJourneys.last().reject(new Error('offline'));
    expect([actor.getSnapshot().context.journeys, actor.getSnapshot().matches({ replay: 'choosing' }), loadJourneys.calls.length]).toEqual([[], true, 2]);
  });

  it('steps days back across a month', () => {
    expect([shiftDay('2026-12-01', -1), shiftDay('2026-03-01', -1), shiftDay('2026-11-28', 2)]).toEqual(['2026-11-30', '2026-02-28', '2026-11-30']);
  });

  it('replays a journey forward and back within its steps, showing each step on its own chart', async () => {
    const { actor, loadOverview, loadJourneys, loadJourney } = start();
    await loadJourneys.last().resolve({ day: '2026-11-28', journeys: [{ id: 'j-1', day: '2026-11-28', length: 2 }] });
    actor.send({ type: 'journey.open', id: 'j-1' });
    expect(loadJourney.last().input).toEqual({ id: 'j-1' });
    await loadJourney.last().resolve(journey);
    const context = () => actor.getSnapshot().context;
    expect([context().step, currentStep(context()), actor.getSnapshot().can({ type: 'step.back' })]).toEqual([0, null, false]);
    actor.send({ type: 'step.forward' });
    expect([context().step, context().chartId, currentStep(context())?.event]).toEqual([1, 'otpLogin', 'phone.submit']);
    expect(loadOverview.last().input).toEqual({ chartId: 'otpLogin', days: 30 });
    actor.send({ type: 'step.forward' });
    expect([context().step, context().chartId, actor.getSnapshot().can({ type: 'step.forward' })]).toEqual([2, 'registration', false]);
    actor.send({ type: 'step.forward' });
    expect(context().step).toBe(2);
    actor.send({ type: 'step.back' });
    actor.send({ type: 'step.back' });
    // Back at the start: the diagram shows the journey's first chart.
    expect([context().step, context().chartId]).toEqual([0, 'otpLogin']);
    actor.send({ type: 'journey.close' });
    expect([context().journey, context().step, actor.getSnapshot().matches({ replay: 'choosing' })]).toEqual([null, 0, true]);
  });

  it('goes back to the list when a journey cannot be read', async () => {
    const { actor, loadJourneys, loadJourney } = start();
    await loadJourneys.last().resolve({ day: '2026-11-28', journeys: [{ id: 'j-1', day: '2026-11-28', length: 2 }] });
    actor.send({ type: 'journey.open', id: 'j-9' });
    await loadJourney.last().reject(new Error('404'));
    expect([actor.getSnapshot().matches({ replay: 'choosing' }), actor.getSnapshot().context.journey]).toEqual([true, null]);
  });
});

describe("the analyst's view selectors", () => {
  const context = (overrides: Partial<AnalystContext> = {}): AnalystContext => ({
    chartId: 'registration',
    days: 30,
    overview: overview(),
    day: '2026-11-28',
    daysBack: 0,
    seekDays: 30,
    journeys: [],
    journey: null,
    step: 0,
    failed: false,
    ...overrides,
  });

  it("compares tested with used, leaving out the steps no event makes and the chart's start", () => {
    const { untested, unused } = testedAgainstUsed(traffic);
    expect(untested.map((t) => t.event)).toEqual(['on']);
    expect(unused.map((t) => t.event)).toEqual(['back']);
  });

  it('adds up the traffic shown, and has none while loading', () => {
    expect(trafficTotal(context())).toBe(17);
    expect(trafficTotal(context({ overview: null }))).toBeNull();
  });

  it('has no current step before a journey opens, nor at its start', () => {
    expect(currentStep(context({ journey: null, step: 0 }))).toBeNull();
    expect(currentStep(context({ journey, step: 0 }))).toBeNull();
    expect(currentStep(context({ journey, step: 1 }))?.event).toBe('phone.submit');
  });

  it("marks the replay's state only on its own chart's diagram", () => {
    expect(replayedState(context({ journey, step: 2 }))).toBe('registration.b');
    expect(replayedState(context({ journey, step: 1 }))).toBeNull();
    expect(replayedState(context({ journey, step: 0 }))).toBeNull();
  });

  it("reads a state under its chart, and the chart's start as none", () => {
    expect(pathInChart('registration', 'registration.filling.photo')).toBe('filling.photo');
    expect(pathInChart('registration', 'registration')).toBeNull();
  });

  it("draws each funnel step's bar as its share of the first, never thinner than 2%", () => {
    const steps: Funnel['steps'] = [
      { step: 'language', count: 200, dropOff: 0, medianMsFromPrevious: null },
      { step: 'phone', count: 50, dropOff: 150, medianMsFromPrevious: 1 },
      { step: 'code', count: 1, dropOff: 49, medianMsFromPrevious: 1 },
    ];
    expect(steps.map((s) => funnelShare(steps, s.count))).toEqual([100, 25, 2]);
    // No steps, or no one at the first: no division by zero.
    expect(funnelShare([], 0)).toBe(2);
    expect(funnelShare([{ step: 'language', count: 0, dropOff: 0, medianMsFromPrevious: null }], 0)).toBe(2);
  });
});

describe("the analyst's view, model-based", () => {
  it('takes every transition it defines', () => {
    const pending = () => fromPromise(() => new Promise<never>(() => undefined)) as never;
    const machine = analystViewMachine.provide({ actors: { loadOverview: pending(), loadJourneys: pending(), loadJourney: pending() } }) as AnyStateMachine;
    const events: AnyEventObject[] = [
      { type: 'xstate.done.actor.loadOverview', output: overview() },
      { type: 'xstate.error.actor.loadOverview', error: new Error('offline') },
      { type: 'retry' },
      { type: 'chart.pick', chartId: 'otpLogin' },
      { type: 'period.pick', days: 7 },
      { type: 'xstate.done.actor.loadJourneys', output: { day: '2026-11-28', journeys: [] } },
      { type: 'xstate.done.actor.loadJourneys', output: { day: '2026-11-28', journeys: [{ id: 'j-1', day: '2026-11-28', length: 2 }] } },
      { type: 'xstate.error.actor.loadJourneys', error: new Error('400') },
      { type: 'journeys.day', day: '2026-11-27' },
      { type: 'journey.open', id: 'j-1' },
      { type: 'xstate.done.actor.loadJourney', output: journey },
      { type: 'xstate.error.actor.loadJourney', error: new Error('404') },
      { type: 'step.forward' },
      { type: 'step.back' },
      { type: 'journey.close' },
    ];
    const serializeState = (s: SnapshotFrom<AnyStateMachine>) => {
      const c = s.context as AnalystContext;
      return JSON.stringify([s.value, c.chartId, c.days, c.step, c.journey !== null, c.daysBack]);
    };
    // Opening without a day looks back two days at most here, so the paths reach the end of the looking;
    // opening on a day asked for lists that day. Together they take every transition.
    const withoutDay = { seekDays: 2 };
    const withDay = { day: '2026-11-20', seekDays: 2 };
    const first = transitionCoverage(machine, modelPaths(machine, { events, input: withoutDay, serializeState }), withoutDay);
    const second = transitionCoverage(machine, modelPaths(machine, { events, input: withDay, serializeState }), withDay);
    const missing = first.missing.filter((t) => second.missing.includes(t));
    console.log(`[analystView] transitions covered ${first.total - missing.length}/${first.total}`);
    expect([first.total, missing]).toEqual([21, []]);
    writeTestedTransitions(machine);
  });
});
