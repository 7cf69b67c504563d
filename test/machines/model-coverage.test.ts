import { assign, fromPromise, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { assertFullCoverage, definedTransitions, driveView, modelPaths, transitionCoverage } from '../support/machines/model-coverage';

/** A small chart with the kinds of transition the helper must count: on, guarded on, after, onDone, onError. */
const sample = setup({
  types: { context: {} as { tries: number }, events: {} as { type: 'go' } | { type: 'retry' } | { type: 'reset' } },
  actors: { load: fromPromise<string>(() => new Promise<string>(() => undefined)) },
  guards: { canRetry: ({ context }) => context.tries < 2 },
}).createMachine({
  id: 'sample',
  context: { tries: 0 },
  initial: 'idle',
  states: {
    idle: { on: { go: 'loading' } },
    loading: {
      invoke: { id: 'load', src: 'load', onDone: 'done', onError: 'failed' },
    },
    failed: {
      on: {
        retry: [{ guard: 'canRetry', target: 'loading', actions: assign({ tries: ({ context }) => context.tries + 1 }) }, { target: 'gaveUp' }],
      },
    },
    gaveUp: { after: { 1000: 'idle' } },
    done: { on: { reset: 'idle' } },
  },
});

const events = [
  { type: 'go' },
  { type: 'retry' },
  { type: 'reset' },
  { type: 'xstate.done.actor.load', output: 'ok' },
  { type: 'xstate.error.actor.load', error: new Error('offline') },
  { type: 'xstate.after.1000.sample.gaveUp' },
];

describe('the model-coverage helper', () => {
  it('counts every on, guarded, after, onDone and onError transition a chart defines', () => {
    expect(definedTransitions(sample).size).toBe(7);
  });

  it('generates paths that take every transition, with actor results and timer ticks as events', () => {
    const paths = modelPaths(sample, { events });
    expect(assertFullCoverage(sample, paths)).toEqual({ covered: 7, total: 7, missing: [] });
  });

  it('reports the transitions that paths did not take', () => {
    const coverage = transitionCoverage(sample, modelPaths(sample, { events: [{ type: 'go' }] }));
    expect(coverage.covered).toBe(1);
    expect(coverage.missing).toContain('sample.loading --xstate.done.actor.load--> sample.done');
    expect(() => assertFullCoverage(sample, modelPaths(sample, { events: [{ type: 'go' }] }))).toThrow(/not covered/);
  });

  it('fails a view run that reaches a state without an assertion', async () => {
    const [path] = modelPaths(sample, { events: [{ type: 'go' }] });
    await expect(
      driveView(path!, { perform: () => undefined, assertions: { idle: () => expect(path).toBeTruthy() } }),
    ).rejects.toThrow(/No assertion for state "loading"/);
  });

  it('fails a view run whose assertion key matches no state any path reaches', async () => {
    const [path] = modelPaths(sample, { events: [{ type: 'go' }] });
    const check = () => expect(path).toBeTruthy();
    await expect(driveView(path!, { perform: () => undefined, assertions: { '': check, idle: check, loading: check } })).rejects.toThrow(
      /match no state any path reaches: ""/,
    );
    // `done` is a state of the chart, but no path of this set (only `go`) reaches it.
    await expect(driveView(path!, { perform: () => undefined, assertions: { done: check, idle: check, loading: check } })).rejects.toThrow(
      /match no state any path reaches: "done"/,
    );
  });

  it('counts a state reached by another path of the set as reached', async () => {
    const paths = modelPaths(sample, { events });
    const short = paths.find((p) => !p.steps.some((s) => s.snapshot.matches('done')))!;
    expect(short).toBeTruthy();
    const check = () => expect(short).toBeTruthy();
    const assertions = { idle: check, loading: check, done: check, failed: check, gaveUp: check };
    await expect(driveView(short, { perform: () => undefined, assertions })).resolves.toBeUndefined();
  });

  it('fails a view run whose assertion checks nothing', async () => {
    const [path] = modelPaths(sample, { events: [{ type: 'go' }] });
    await expect(
      driveView(path!, { perform: () => undefined, assertions: { idle: () => expect(1).toBe(1), loading: () => undefined } }),
    ).rejects.toThrow(/The assertion for "loading" checked nothing at "loading"/);
  });
});

describe('the model-coverage helper with eventless transitions', () => {
  const bounce = setup({ types: { events: {} as { type: 'go' } | { type: 'never' } } }).createMachine({
    id: 'bounce',
    initial: 'a',
    states: {
      a: { on: { go: 'b' } },
      // `always` leaves b at once, so its `never` transition can never be taken.
      b: { always: 'a', on: { never: 'a' } },
    },
  });

  it('counts always transitions as taken and flags ones no path can reach', () => {
    const coverage = transitionCoverage(bounce, modelPaths(bounce, { events: [{ type: 'go' }, { type: 'never' }] }));
    expect(coverage).toEqual({ covered: 2, total: 3, missing: ['bounce.b --never--> bounce.a'] });
  });
});
