/**
 * Model paths over the app chart: restoring ends with the restored slices, with a failed read, or at
 * the persist time-out; while running, the session's location opens and closes the screen charts
 * and the farmer's photo goes to the avatar; the first admin screen shown loads the admin charts
 * (tried again after a failed fetch). The screen charts and the avatar are children it spawns,
 * so each path is also checked for which of them runs afterwards.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { appMachine } from '../../machines/app.machine';
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
];

/**
 * For the paths: without systemIds, and without spawning (TestModel computes every next state in one
 * shared scope, where a second `quotationList` would collide with the first). The tests below run the
 * real chart, spawns included.
 */
const appModel = withoutSystemIds(app).provide({ actions: { showScreen: () => undefined, showAdminScreen: () => undefined, runOutbox: () => undefined } });

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
});
