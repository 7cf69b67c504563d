/**
 * What the app chart runs, read through its actor system: the admin charts loaded with the first admin
 * screen and the chart of each admin screen shown, the
 * cached quotation a screen chart starts from, the connection's "updated" input and the avatar of a
 * farmer without a photo. The effects behind the charts never settle: only what runs is checked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, type Actor } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import { localeMachine, type LocaleSnapshot, type Texts } from '../../machines/locale.machine';
import type { Locale } from '../../src/domain/types';
import { EMPTY_PERSISTED, type PersistedRoot } from '../../machines/persistence';
import { DEFAULT_CLIENT_USER } from '../../src/domain/client-user';
import { quotation } from '../support/shop-fixtures';
import { afterPendingWork } from '../support/after-pending-work';

const silent = fromCallback(() => undefined);
const pending = fromPromise(() => new Promise<never>(() => undefined));
const app = appMachine.provide({ actors: { restore: pending as never, persist: silent as never } });
const started: Actor<typeof app>[] = [];

function startApp(restored: PersistedRoot, input: { hasToken: boolean; appUpdated?: boolean } = { hasToken: true }) {
  const actor = createActor(app, { input });
  started.push(actor);
  actor.start();
  actor.send({ type: 'xstate.done.actor.restore', output: restored } as never);
  return actor;
}

afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});

const farmer = { ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' as const, isLoggedIn: true, profileUpdated: true, isVerified: true };
const admin = { ...farmer, isAdmin: true };

describe('the app chart', () => {
  it('runs the outbox under `outbox` once its code has arrived', async () => {
    const outbox = setup({}).createMachine({ id: 'outbox' });
    const actor = createActor(app.provide({ actors: { loadOutbox: fromPromise(async () => outbox) as never } }), { input: { hasToken: true } }).start();
    actor.send({ type: 'xstate.done.actor.restore', output: EMPTY_PERSISTED } as never);
    await vi.waitFor(() => expect(actor.system.get('outbox')).toBeDefined());
    expect(actor.getSnapshot().children.outbox).toBe(actor.system.get('outbox'));
    actor.stop();
  });

  it("tells the app the session's location and photo only when they change", () => {
    type Shown = { location: string | null; user: { isLoggedIn: boolean; profilePhoto: string | null; name: string } };
    const session = setup({ types: { context: {} as Shown, events: {} as { type: 'set' } & Partial<Shown> } }).createMachine({
      context: { location: '/home', user: { isLoggedIn: true, profilePhoto: null, name: 'a' } },
      on: { set: { actions: assign(({ context, event }) => ({ location: event.location ?? context.location, user: event.user ?? context.user })) } },
    });
    const told: string[] = [];
    const actor = createActor(app.provide({ actors: { session: session as never } }), {
      input: { hasToken: true },
      inspect: (event) => {
        if (event.type === '@xstate.event' && (event.event.type === 'screen.show' || event.event.type === 'avatar.url')) told.push(event.event.type);
      },
    }).start();
    actor.send({ type: 'xstate.done.actor.restore', output: EMPTY_PERSISTED } as never);
    const farmerSession = actor.system.get('session')!;
    expect(told).toEqual(['screen.show', 'avatar.url']);
    farmerSession.send({ type: 'set', user: { isLoggedIn: true, profilePhoto: null, name: 'b' } });
    expect(told).toEqual(['screen.show', 'avatar.url']);
    farmerSession.send({ type: 'set', location: '/cart' });
    farmerSession.send({ type: 'set', user: { isLoggedIn: true, profilePhoto: '/api/uploads/p.jpg', name: 'b' } });
    expect(told).toEqual(['screen.show', 'avatar.url', 'screen.show', 'avatar.url']);
    actor.stop();
  });

  it("runs the texts' chart under `locale`, asking first for the restored farmer's language, and English without one", () => {
    const asked: string[] = [];
    const texts = localeMachine.provide({
      actors: { loadTexts: fromPromise<Texts, { locale: Locale }>(({ input }) => (asked.push(input.locale), new Promise<never>(() => undefined))) },
    });
    const withTexts = app.provide({ actors: { locale: texts } });
    for (const [user, expected] of [
      [{ ...farmer, preferredLanguage: 'gujrati' as const }, ['gu']],
      [null, ['en']],
    ] as const) {
      asked.length = 0;
      const actor = createActor(withTexts, { input: { hasToken: user !== null } }).start();
      actor.send({ type: 'xstate.done.actor.restore', output: { ...EMPTY_PERSISTED, user } } as never);
      expect([asked, (actor.system.get('locale')?.getSnapshot() as LocaleSnapshot | undefined)?.context.wanted]).toEqual([expected, expected[0]]);
      actor.stop();
    }
  });

  it('loads the admin charts with the first admin screen shown, then runs that screen\'s chart, one at a time, under its id', async () => {
    const actor = startApp({ ...EMPTY_PERSISTED, user: admin });
    const show = (location: string) => actor.send({ type: 'screen.show', location });
    const running = () => ['adminUsers', 'adminSkus', 'adminQuotations', 'adminOrders'].filter((id) => actor.system.get(id) !== undefined);
    show('/home');
    expect(actor.getSnapshot().matches({ running: 'adminChartsAbsent' })).toBe(true);
    show('/admin/users');
    expect(actor.getSnapshot().matches({ running: 'adminChartsLoading' })).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ running: 'adminChartsReady' })).toBe(true));
    for (const [location, chart] of [
      ['/admin/users', 'adminUsers'],
      ['/admin/skus?q=straw', 'adminSkus'],
      ['/admin/quotations', 'adminQuotations'],
      ['/admin/orders', 'adminOrders'],
    ] as const) {
      show(location);
      expect(running()).toEqual([chart]);
      expect(Object.values(actor.getSnapshot().children)).toContain(actor.system.get(chart));
      expect(actor.getSnapshot().context.adminScreen).toBe(chart);
    }
    const orders = actor.system.get('adminOrders');
    show('/admin/orders?q=OD1');
    expect(actor.system.get('adminOrders')).toBe(orders);
    show('/home');
    expect(running()).toEqual([]);
    expect(actor.getSnapshot().context.adminScreen).toBeNull();
  });

  it('never loads the admin charts for screens that are not the admin\'s', () => {
    const actor = startApp({ ...EMPTY_PERSISTED, user: farmer });
    for (const location of ['/home', '/request', '/profile', '/order-status?quotation_id=q-1']) {
      actor.send({ type: 'screen.show', location });
      expect(actor.getSnapshot().matches({ running: 'adminChartsAbsent' })).toBe(true);
    }
    expect(actor.getSnapshot().context.adminCharts).toBeNull();
  });

  it('tries the admin charts again a little later when they could not be fetched, if an admin screen is still shown', async () => {
    vi.useFakeTimers();
    try {
      let asked = 0;
      const failing = fromPromise(async () => {
        asked += 1;
        throw new Error('offline');
      });
      const actor = createActor(app.provide({ actors: { loadAdminCharts: failing as never } }), { input: { hasToken: true } });
      started.push(actor as never);
      actor.start();
      actor.send({ type: 'xstate.done.actor.restore', output: { ...EMPTY_PERSISTED, user: admin } } as never);
      actor.send({ type: 'screen.show', location: '/admin/orders' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ running: 'adminChartsFailed' })).toBe(true);
      expect(asked).toBe(1);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(asked).toBe(2);
      actor.send({ type: 'screen.show', location: '/home' });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(actor.getSnapshot().matches({ running: 'adminChartsAbsent' })).toBe(true);
      expect(asked).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts the detail and tracking charts from the stored quotation the link names', () => {
    const stored = quotation({ _id: 'q-7', quotationDisplayId: 'QT100007', status: 'COMPLETED' });
    const actor = startApp({ ...EMPTY_PERSISTED, user: farmer, quotations: [stored] });
    actor.send({ type: 'screen.show', location: '/quotation-details?quotation_id=QT100007' });
    expect(actor.system.get('quotationDetail:QT100007')!.getSnapshot().context).toMatchObject({ quotationId: 'QT100007', quotation: stored });
    actor.send({ type: 'screen.show', location: '/order-status?quotation_id=q-7' });
    expect(actor.system.get('orderTracking:q-7')!.getSnapshot().context).toMatchObject({ quotationId: 'q-7', quotation: stored });
    actor.send({ type: 'screen.show', location: '/order-status?quotation_id=q-8' });
    expect(actor.system.get('orderTracking:q-8')!.getSnapshot().context).toMatchObject({ quotationId: 'q-8', quotation: null });
    expect(actor.getSnapshot().context.screen).toEqual({ id: 'orderTracking', systemId: 'orderTracking:q-8', quotationId: 'q-8' });
  });

  it('tells the connection chart whether this launch runs a newer build', () => {
    const updated = startApp(EMPTY_PERSISTED, { hasToken: false, appUpdated: true });
    expect(updated.system.get('connection')!.getSnapshot().context.updated).toBe(true);
    const same = startApp(EMPTY_PERSISTED, { hasToken: false });
    expect(same.system.get('connection')!.getSnapshot().context.updated).toBe(false);
  });

  it('shows no photo for a logged-in farmer who has none', async () => {
    const actor = startApp({ ...EMPTY_PERSISTED, user: { ...farmer, profilePhoto: undefined } as never });
    // Nothing to wait for: the photo chart must stay empty, so give a fetch every chance to start.
    await afterPendingWork();
    const avatar = () => actor.system.get('avatar')!.getSnapshot();
    expect(avatar().context.url).toBeNull();
    expect(avatar().value).toBe('none');
  });
});
