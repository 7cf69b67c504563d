/**
 * Recording use on the phone: the actor system's inspection hook gives the recorder snapshots, which
 * it turns into transitions of chart, state before and after, event type and time, and nothing else;
 * it sends them in bounded batches under a random install id, and sends nothing while "Help improve
 * the app" is off.
 */
import { assign, createActor, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_TRANSITIONS } from '../../src/domain/analytics';
import { definitionOf, loadMachines } from '../../scripts/statecharts';
import { helpImproveOn, setHelpImprove } from '../../src/web/shell/help-improve';
import { installIdOf, leavesOf, movesBetween, startRecorder, transitionReader, TRANSITIONS_URL } from '../../src/web/shell/transition-recorder';
import { transitionTap, type Tapped } from '../../src/web/shell/transition-tap';

const sample = setup({
  types: { context: {} as { secret: string; typed: number }, events: {} as { type: 'go'; secret: string } | { type: 'type' } | { type: 'noise' } | { type: 'finish' } },
}).createMachine({
  id: 'sample',
  context: { secret: '9876543210', typed: 0 },
  initial: 'filling',
  states: {
    filling: {
      type: 'parallel',
      on: { finish: 'done' },
      states: {
        photo: { initial: 'empty', states: { empty: { on: { go: 'chosen' } }, chosen: {} } },
        details: { initial: 'editing', states: { editing: { on: { type: { actions: assign({ typed: ({ context }) => context.typed + 1 }) } } } } },
      },
    },
    done: { type: 'final' },
  },
});

function run(events: Parameters<ReturnType<typeof createActor<typeof sample>>['send']>[0][]) {
  const tap = transitionTap(() => 1_000);
  const actor = createActor(sample, { inspect: tap.inspect }).start();
  for (const event of events) actor.send(event);
  const read = transitionReader(new Set(['sample']));
  const out: ReturnType<typeof read> = [];
  tap.attach((tapped: Tapped) => out.push(...read(tapped)));
  return out;
}

describe('the transition recorder', () => {
  it('names leaf states by their path under the chart, as the chart JSON does', () => {
    expect(leavesOf('sample', { filling: { photo: 'empty', details: 'editing' } })).toEqual(['sample.filling.photo.empty', 'sample.filling.details.editing']);
    expect(leavesOf('sample', 'done')).toEqual(['sample.done']);
  });

  it('records the start, a move in one region, a targetless answer, and leaving a parallel state, with no payload or context', () => {
    const recorded = run([{ type: 'go', secret: '9876543210' }, { type: 'noise' }, { type: 'type' }, { type: 'finish' }]);
    expect(recorded).toEqual([
      { chart: 'sample', from: 'sample', to: 'sample.filling.photo.empty', event: 'xstate.init', at: 1_000 },
      { chart: 'sample', from: 'sample', to: 'sample.filling.details.editing', event: 'xstate.init', at: 1_000 },
      { chart: 'sample', from: 'sample.filling.photo.empty', to: 'sample.filling.photo.chosen', event: 'go', at: 1_000 },
      // 'noise' is answered by no state: nothing.
      { chart: 'sample', from: 'sample.filling.details.editing', to: 'sample.filling.details.editing', event: 'type', at: 1_000 },
      { chart: 'sample', from: 'sample.filling.photo.chosen', to: 'sample.done', event: 'finish', at: 1_000 },
      { chart: 'sample', from: 'sample.filling.details.editing', to: 'sample.done', event: 'finish', at: 1_000 },
    ]);
    expect(JSON.stringify(recorded)).not.toContain('9876543210');
  });

  it('records no chart outside docs/statecharts', () => {
    expect(run([{ type: 'finish' }]).length).toBe(4);
    const tap = transitionTap();
    createActor(sample, { inspect: tap.inspect }).start();
    const read = transitionReader(new Set(['otpLogin']));
    const out: unknown[] = [];
    tap.attach((tapped) => out.push(...read(tapped)));
    expect(out).toEqual([]);
  });

  it('adds nothing to any chart: every definition reads the same after its actors ran recorded', async () => {
    const machines = await loadMachines();
    const before = machines.map((m) => JSON.stringify(definitionOf(m)));
    const read = transitionReader(new Set(machines.map((m) => m.id)));
    let recorded = 0;
    for (const machine of machines) {
      const tap = transitionTap();
      tap.attach((tapped) => (recorded += read(tapped).length));
      try {
        createActor(machine, { inspect: tap.inspect, input: {} as never }).start().stop();
      } catch {
        // A chart that needs its real input or actors to start: its definition is still compared.
      }
    }
    expect(recorded).toBeGreaterThan(0);
    expect(machines.map((m) => JSON.stringify(definitionOf(m)))).toEqual(before);
  });

  it('pairs each state entered with the nearest state left, and each state left once', () => {
    expect(movesBetween(['c.a.x', 'c.b.y'], ['c.a.z', 'c.b.y'])).toEqual([['c.a.x', 'c.a.z']]);
    expect(movesBetween(['c.one'], ['c.p.a', 'c.p.b'])).toEqual([['c.one', 'c.p.a'], ['c.one', 'c.p.b']]);
    expect(movesBetween(['c.a'], ['c.a'])).toEqual([]);
  });
});

describe('sending', () => {
  function recorderWith(on: () => boolean) {
    const tap = transitionTap(() => 5);
    const actor = createActor(sample, { inspect: tap.inspect }).start();
    const sent: { url: string; body: unknown }[] = [];
    const storage = new Map<string, string>();
    const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    let tick = () => {};
    let hide = () => {};
    startRecorder({
      attach: tap.attach,
      enabled: on,
      storage: store,
      send: (url, body) => sent.push({ url, body: JSON.parse(body) }) > 0,
      every: (run) => (tick = run),
      onHide: (run) => (hide = run),
      known: new Set(['sample']),
    });
    return { actor, sent, tick: () => tick(), hide: () => hide(), storage };
  }

  it('sends batches of at most MAX_BATCH_TRANSITIONS under one random install id, on the timer and when the page hides', () => {
    const r = recorderWith(() => true);
    for (let i = 0; i < 600; i++) r.actor.send({ type: 'type' });
    r.tick();
    expect(r.sent.map((s) => (s.body as { transitions: unknown[] }).transitions.length)).toEqual([MAX_BATCH_TRANSITIONS, 102]);
    expect(new Set(r.sent.map((s) => s.url))).toEqual(new Set([TRANSITIONS_URL]));
    const ids = new Set(r.sent.map((s) => (s.body as { installId: string }).installId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Object.keys(r.sent[0]!.body as object)).toEqual(['installId', 'transitions']);
    r.actor.send({ type: 'finish' });
    r.hide();
    expect(r.sent.length).toBe(3);
    r.tick();
    expect(r.sent.length).toBe(3);
  });

  it('keeps and sends nothing while "Help improve the app" is off', () => {
    let on = true;
    const r = recorderWith(() => on);
    on = false;
    r.actor.send({ type: 'go', secret: 'x' });
    r.tick();
    r.hide();
    expect(r.sent).toEqual([]);
    expect(r.storage.size).toBe(0);
    on = true;
    r.actor.send({ type: 'finish' });
    r.tick();
    // Only what happened after it was turned back on; the earlier start was dropped with the rest.
    expect((r.sent[0]!.body as { transitions: { event: string }[] }).transitions.map((t) => t.event)).toEqual(['finish', 'finish']);
  });

  it('makes the install id once and keeps it', () => {
    const storage = new Map<string, string>();
    const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    const first = installIdOf(store);
    expect(installIdOf(store)).toBe(first);
    expect(installIdOf({ getItem: () => null, setItem: () => undefined })).not.toBe(first);
  });

  it('is on until the farmer turns it off, on this phone', () => {
    localStorage.clear();
    expect(helpImproveOn()).toBe(true);
    setHelpImprove(false);
    expect(helpImproveOn()).toBe(false);
    setHelpImprove(true);
    expect(helpImproveOn()).toBe(true);
  });
});
