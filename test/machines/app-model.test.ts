/**
 * Model paths over the app chart: restoring ends with the restored slices, with a failed read, or at
 * the persist time-out; while running, the session's location opens and closes the screen charts
 * and the farmer's photo goes to the avatar; the first admin screen shown loads the admin charts
 * (tried again after a failed fetch); /analyst and a shown problem sheet run charts whose code loads
 * then. The screen charts and the avatar are children it spawns, so each path is also checked for
 * which of them runs afterwards.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { appMachine, planLazy } from '../../machines/app.machine';
import { partRun } from '../../machines/screen-charts';
import { EMPTY_PERSISTED, type PersistedRoot } from '../../machines/persistence';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { withoutSystemIds } from '../support/machines/session-model';

const restored: PersistedRoot = { ...EMPTY_PERSISTED, user: { ...EMPTY_PERSISTED.user, name: 'Ramesh Patel' } } as PersistedRoot;
const silent = fromCallback(() => undefined);
const never = fromPromise(() => new Promise<never>(() => undefined));
/** The app with nothing real behind it: the session and the shop children are the production charts. */
const app = appMachine.provide({ actors: { restore: never as never, persist: silent as never, sessionWatch: silent as never } });

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.restore', output: restored },
  { type: 'xstate.error.actor.restore', error: new Error('storage broken') },
  { type: 'xstate.after.persistTimeout.app.restoring' },
  { type: 'screen.show', location: '/request' },
  { type: 'screen.show', location: '/quotation-details?quotation_id=QT100001' },
  { type: 'screen.show', location: '/order-status?quotation_id=q-3' },
  { type: 'screen.show', location: '/home' },
  { type: 'avatar.url', url: '/api/uploads/photo-1.jpg' },
  { type: 'screen.show', location: '/admin/orders' },
  { type: 'xstate.done.actor.loadAdminCharts', output: {} },
  { type: 'xstate.error.actor.loadAdminCharts', error: new Error('offline') },
  { type: 'xstate.after.adminChartsRetry.app.running.adminChartsFailed' },
  { type: 'xstate.done.actor.loadOutbox', output: silent },
  { type: 'screen.show', location: '/analyst' },
  { type: 'part.show', run: partRun('problemReport', 'OD100001', { orderId: 'OD100001' }) },
  { type: 'part.hide', systemId: 'problemReport:OD100001' },
  { type: 'chart.loaded', chart: 'problemReport', logic: silent },
  { type: 'chart.loadFailed', chart: 'analystView' },
];

/**
 * For the paths: without systemIds, and without spawning (TestModel computes every next state in one
 * shared scope, where a second `quotationList` would collide with the first). The tests below run the
 * real chart, spawns included.
 */
const appModel = withoutSystemIds(app).provide({
  actions: { showScreen: () => undefined, showAdminScreen: () => undefined, runOutbox: () => undefined, runLazyCharts: () => undefined, settleLazyLoad: () => undefined },
});

describe('the app chart, model-based', () => {
  const paths = modelPaths(appModel, {
    events,
    input: { hasToken: true },
    // The context holds the restored root and the open screen; the value and the screen tell states apart.
    serializeState: (s) => JSON.stringify([s.value, s.context.screen?.systemId ?? null, s.context.restored.user?.name ?? null, s.context.location]),
  });

  it('takes every transition it defines', () => {
    expect(paths.length).toBeGreaterThan(2);
    assertFullCoverage(appModel, paths, { hasToken: true });
  });

  it('runs exactly the chart of the screen shown, under its systemId', () => {
    const actor = createActor(app, { input: { hasToken: true } }).start();
    actor.send({ type: 'xstate.done.actor.restore', output: restored } as never);
    const running = () => Object.keys(actor.getSnapshot().children).filter((id) => ['quotationList', 'quotationDetail', 'orderTracking'].includes(id));
    actor.send({ type: 'screen.show', location: '/request' });
    expect([running(), actor.system.get('quotationList') !== undefined]).toEqual([['quotationList'], true]);
    actor.send({ type: 'screen.show', location: '/quotation-details?quotation_id=QT100001' });
    expect([running(), actor.system.get('quotationList'), actor.system.get('quotationDetail:QT100001') !== undefined]).toEqual([
      ['quotationDetail'],
      undefined,
      true,
    ]);
    // Another quotation is another chart: the first stops, the second starts.
    actor.send({ type: 'screen.show', location: '/quotation-details?quotation_id=QT100002' });
    expect([actor.system.get('quotationDetail:QT100001'), actor.system.get('quotationDetail:QT100002') !== undefined]).toEqual([undefined, true]);
    const second = actor.system.get('quotationDetail:QT100002');
    // The same location again (a repeated nav.changed) keeps the chart that runs.
    actor.send({ type: 'screen.show', location: '/quotation-details?quotation_id=QT100002' });
    expect(actor.system.get('quotationDetail:QT100002')).toBe(second);
    actor.send({ type: 'screen.show', location: '/home' });
    expect(running()).toEqual([]);
    actor.stop();
  });

  it('hands the restored slices to the session and goes on clean (no user) when storage times out', () => {
    const done = createActor(app, { input: { hasToken: true } }).start();
    done.send({ type: 'xstate.done.actor.restore', output: restored } as never);
    expect(done.system.get('session')!.getSnapshot().context.user.name).toBe('Ramesh Patel');
    done.stop();
    const late = createActor(app, { input: { hasToken: true } }).start();
    late.send({ type: 'xstate.after.persistTimeout.app.restoring' } as never);
    expect([late.getSnapshot().value, late.system.get('session')!.getSnapshot().context.user.name]).toEqual([{ running: 'adminChartsAbsent' }, undefined]);
    late.stop();
  });

  it('runs the analyst\'s view and the shown sheets\' charts once their code is here, each under its systemId, and stops them when no longer shown', async () => {
    const fetched: string[] = [];
    const loads = fromCallback<AnyEventObject, { chart: string }>(({ input, sendBack }) => {
      fetched.push(input.chart);
      // The code arrives a moment later, as a dynamic import does.
      void Promise.resolve().then(() => sendBack({ type: 'chart.loaded', chart: input.chart, logic: silent }));
    });
    const actor = createActor(app.provide({ actors: { loadChart: loads as never } }), { input: { hasToken: true } }).start();
    actor.send({ type: 'xstate.done.actor.restore', output: restored } as never);
    const running = () => Object.keys(actor.getSnapshot().children).filter((id) => id.startsWith('analystView') || id.startsWith('problem') || id.startsWith('load:')).sort();
    actor.send({ type: 'screen.show', location: '/analyst' });
    // Fetching: the loader runs, the chart waits for it.
    expect([running(), actor.getSnapshot().context.lazyLoading]).toEqual([['load:analystView'], ['analystView']]);
    await vi.waitFor(() => expect(running()).toEqual(['analystView']));
    expect(actor.system.get('analystView')).toBe(actor.getSnapshot().children.analystView);
    // Two sheets of the same chart: one fetch, two charts.
    actor.send({ type: 'part.show', run: partRun('problemClose', 'o-1', { orderId: 'o-1' }) });
    actor.send({ type: 'part.show', run: partRun('problemClose', 'o-2', { orderId: 'o-2' }) });
    await vi.waitFor(() => expect(running()).toEqual(['analystView', 'problemClose:o-1', 'problemClose:o-2']));
    // Shown again (a re-render): the same chart goes on.
    const first = actor.system.get('problemClose:o-1');
    actor.send({ type: 'part.show', run: partRun('problemClose', 'o-1', { orderId: 'o-1' }) });
    expect(actor.system.get('problemClose:o-1')).toBe(first);
    actor.send({ type: 'part.hide', systemId: 'problemClose:o-1' });
    // Another location stops the analyst's view; a sheet goes on until it is hidden.
    actor.send({ type: 'screen.show', location: '/home' });
    expect(running()).toEqual(['problemClose:o-2']);
    actor.send({ type: 'screen.show', location: '/analyst' });
    expect(running()).toEqual(['analystView', 'problemClose:o-2']);
    expect(fetched).toEqual(['analystView', 'problemClose']);
    actor.stop();
  });

  it('fetches each chart\'s code once, however many want it meanwhile, and forgets only the one that arrived', () => {
    const fetching: ((logic: unknown) => void)[] = [];
    const held = fromCallback<AnyEventObject, { chart: string }>(({ input, sendBack }) => {
      fetching.push((logic) => sendBack({ type: 'chart.loaded', chart: input.chart, logic }));
    });
    const actor = createActor(app.provide({ actors: { loadChart: held as never } }), { input: { hasToken: true } }).start();
    actor.send({ type: 'xstate.done.actor.restore', output: restored } as never);
    actor.send({ type: 'screen.show', location: '/analyst' });
    actor.send({ type: 'part.show', run: partRun('problemReport', 'OD1', {}) });
    actor.send({ type: 'part.show', run: partRun('problemReport', 'OD2', {}) });
    expect([fetching.length, actor.getSnapshot().context.lazyLoading]).toEqual([2, ['analystView', 'problemReport']]);
    fetching[1]!(silent);
    // The analyst's view's code is still on its way: not asked for again.
    expect([fetching.length, actor.getSnapshot().context.lazyLoading]).toEqual([2, ['analystView']]);
    expect(['problemReport:OD1', 'problemReport:OD2', 'analystView'].map((id) => actor.system.get(id) !== undefined)).toEqual([true, true, false]);
    actor.stop();
  });

  it('fetches a chart\'s code again at its next show when the fetch failed', () => {
    let tries = 0;
    const failing = fromCallback<AnyEventObject, { chart: 'analystView' }>(({ input, sendBack }) => {
      tries += 1;
      sendBack({ type: 'chart.loadFailed', chart: input.chart });
    });
    const actor = createActor(app.provide({ actors: { loadChart: failing as never } }), { input: { hasToken: true } }).start();
    actor.send({ type: 'xstate.done.actor.restore', output: restored } as never);
    actor.send({ type: 'screen.show', location: '/analyst' });
    expect([tries, actor.getSnapshot().context.lazyLoading, actor.getSnapshot().children['load:analystView']]).toEqual([1, [], undefined]);
    actor.send({ type: 'screen.show', location: '/analyst?again' });
    expect(tries).toBe(2);
    actor.stop();
  });

  it('keeps a sheet\'s chart that reached its end (a closed problem) rather than start it afresh', () => {
    const plan = planLazy({ lazyRuns: [], lazyLogic: { problemClose: silent }, lazyLoading: [] }, [partRun('problemClose', 'o-1', {})], () => true);
    expect([plan.start, plan.fetch, plan.stop]).toEqual([[], [], []]);
    const hidden = planLazy({ lazyRuns: [partRun('problemClose', 'o-1', {})], lazyLogic: {}, lazyLoading: ['problemClose'] }, [], () => false);
    // Never started (its code was still on its way): nothing to stop, and no second fetch.
    expect([hidden.stop, hidden.fetch, hidden.lazyLoading]).toEqual([[], [], ['problemClose']]);
  });
});
