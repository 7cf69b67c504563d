/**
 * The root of the app. It restores the persisted slices (at most PERSIST_TIMEOUT_MS, then it goes on
 * clean), then runs the long-lived children, each with a `systemId` so peers and views find it
 * through the actor system:
 *   - `session` (route guards, login, registration, logout; its children `otpLogin`, `registration`)
 *   - add the shop's children the same way, e.g. `cart`, `catalogue`: one more entry in
 *     `running.invoke` with `input: ({ context }) => ({ items: context.restored.cart })`, and the
 *     actor declared here with its production machine (app-logic provides the real effects).
 *   - `connection` (online / offline, for the shell's offline line)
 *   - `locale` (the texts in the session's language, which the shell renders with: ./locale.machine)
 *   - `persist` writes the slices back; SLICE_OWNERS in ./persistence says which child holds which.
 *   - `avatar` (a protected image: the logged-in farmer's photo, which `sessionWatch` follows)
 *   - the open screen's chart (./screen-charts): `sessionWatch` reports each location the session
 *     shows; the app stops the chart of the screen left and spawns the one of the screen shown
 *     (`quotationList`, `quotationDetail:<id>`, `orderTracking:<id>`), so every running chart is an
 *     actor of this one system and the inspector sees it. The admin screens' charts (`adminUsers`,
 *     `adminSkus`, `adminQuotations`, `adminOrders`) run the same way, under their ids as systemIds.
 *     Their code loads the first time the session shows an admin screen (`adminCharts` region:
 *     absent → loading → ready), so a farmer's phone never fetches it.
 *   - the charts whose code loads with their own screen or sheet (`lazyScreenChartFor`, `partRun`):
 *     the analyst's view while /analyst is shown, and a problem sheet's chart while a view shows the
 *     sheet (`part.show` / `part.hide`). The first time one is wanted, `loadChart` fetches its code
 *     and answers `chart.loaded`; the app then runs it under its systemId, like the others.
 *
 * Navigation convention (every machine and view follows it):
 *   - A view or machine never calls the router. It sends `{ type: 'nav.go', to }` to the session
 *     (views: `useSession().send(...)`; machines: `sendTo(({ system }) => system.get('session'), …)`).
 *   - The session applies the guard table and then runs its injected `navigate` action.
 *   - RouteSync (src/web/shell/route-sync.tsx) reports every location change as `nav.changed`, so
 *     the guards also apply to the back button and typed URLs.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { DEFAULT_LANGUAGE, LOCALE_OF_LANGUAGE, type Quotation } from '../src/domain/types';
import { PERSIST_TIMEOUT_MS } from '../src/domain/constants';
import { EMPTY_PERSISTED, type PersistedRoot } from './persistence';
import { cartMachine } from './cart.machine';
import { catalogueMachine } from './catalogue.machine';
import { quotationStoreMachine } from './quotation-store.machine';
import { connectionMachine } from './connection.machine';
import { localeMachine } from './locale.machine';
import { orderTrackingMachine } from './order-tracking.machine';
import { protectedImageMachine } from './protected-image.machine';
import { quotationDetailMachine } from './quotation-detail.machine';
import { quotationListMachine } from './quotation-list.machine';
import { cachedQuotation } from './quotation-store.machine';
import { adminChartFor, lazyScreenChartFor, screenChartFor, type AdminChartId, type LazyChartId, type LazyRun, type ScreenChart } from './screen-charts';
import type { AdminCharts } from './admin-charts';
import { sessionMachine } from './session.machine';

export interface AppInput {
  /** Whether a bearer token was found under its own key. */
  hasToken: boolean;
  /** This launch runs a newer build than the last one on this phone (the connection chart's input). */
  appUpdated?: boolean;
}

export interface AppContext {
  hasToken: boolean;
  appUpdated: boolean;
  restored: PersistedRoot;
  /** The chart of the screen shown, while one runs. */
  screen: ScreenChart | null;
  /** The chart of the admin screen shown, while one runs. */
  adminScreen: AdminChartId | null;
  /** The location the session shows (the admin chart to run once the admin charts have loaded). */
  location: string | null;
  /** The admin screens' charts, once an admin screen has been shown and they have loaded. */
  adminCharts: AdminCharts | null;
  /** The lazily loaded charts wanted now (running, or waiting for their code). */
  lazyRuns: LazyRun[];
  /** The lazily loaded charts' code, once fetched. */
  lazyLogic: Partial<Record<LazyChartId, AnyActorLogic>>;
  /** The charts whose code is being fetched. */
  lazyLoading: LazyChartId[];
}

export type AppEvent =
  | { type: 'screen.show'; location: string | null }
  | { type: 'avatar.url'; url: string | null }
  | { type: 'part.show'; run: LazyRun }
  | { type: 'part.hide'; systemId: string }
  | { type: 'chart.loaded'; chart: LazyChartId; logic: AnyActorLogic }
  | { type: 'chart.loadFailed'; chart: LazyChartId };

interface SessionView {
  context: { location: string | null; user: { isLoggedIn: boolean; profilePhoto?: string | null } };
}

/**
 * Reports what the app's own children follow in the session, now and on every change: the location
 * shown (`screen.show`) and the logged-in farmer's photo (`avatar.url`).
 */
export const sessionWatch = fromCallback<AppEvent>(({ system, sendBack }) => {
  const session = system.get('session') as AnyActorRef | undefined;
  if (!session) return undefined;
  const locationOf = (snapshot: SessionView) => snapshot.context.location;
  const photoOf = (snapshot: SessionView) => (snapshot.context.user.isLoggedIn ? (snapshot.context.user.profilePhoto ?? null) : null);
  const first = session.getSnapshot() as SessionView;
  let shown = locationOf(first);
  let photo = photoOf(first);
  sendBack({ type: 'screen.show', location: shown });
  sendBack({ type: 'avatar.url', url: photo });
  const subscription = session.subscribe((snapshot: SessionView) => {
    if (locationOf(snapshot) !== shown) {
      shown = locationOf(snapshot);
      sendBack({ type: 'screen.show', location: shown });
    }
    if (photoOf(snapshot) !== photo) {
      photo = photoOf(snapshot);
      sendBack({ type: 'avatar.url', url: photo });
    }
  });
  return () => subscription.unsubscribe();
});

const storedQuotations = (system: { get: (id: string) => AnyActorRef | undefined }): Quotation[] =>
  (system.get('quotations')?.getSnapshot() as { context: { quotations: Quotation[] } } | undefined)?.context.quotations ?? [];

/**
 * Spawn options that also name a loaded chart's child by its systemId. XState's types take no `id`
 * beside logic passed inline, but its runtime keys the child by it: without one, every such child
 * (the outbox, the admin screen's chart) would share the key "undefined" among the app's children,
 * and stopping one would drop the other from them.
 */
const named = <T extends { systemId: string }>(options: T): T => ({ id: options.systemId, ...options }) as T;

const listed = <T>(item: T | null): T[] => (item === null ? [] : [item]);

/** The lazily loaded charts' work when `wanted` replaces the runs wanted so far. */
interface LazyPlan {
  stop: string[];
  start: { logic: AnyActorLogic; run: LazyRun }[];
  fetch: LazyChartId[];
  lazyRuns: LazyRun[];
  lazyLoading: LazyChartId[];
}

/**
 * What runs exactly the lazily loaded charts wanted: stop those no longer wanted, start those whose
 * code is here, fetch the code of the others (once per chart).
 */
export function planLazy(context: Pick<AppContext, 'lazyRuns' | 'lazyLogic' | 'lazyLoading'>, wanted: LazyRun[], isRunning: (systemId: string) => boolean): LazyPlan {
  const stop = context.lazyRuns.filter((run) => !wanted.some((w) => w.systemId === run.systemId) && isRunning(run.systemId)).map((run) => run.systemId);
  const start: LazyPlan['start'] = [];
  const fetch: LazyChartId[] = [];
  for (const run of wanted) {
    const logic = context.lazyLogic[run.chart];
    if (logic && !isRunning(run.systemId)) start.push({ logic, run });
    if (!logic && !context.lazyLoading.includes(run.chart) && !fetch.includes(run.chart)) fetch.push(run.chart);
  }
  return { stop, start, fetch, lazyRuns: wanted, lazyLoading: [...context.lazyLoading, ...fetch] };
}

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    quotationList: quotationListMachine,
    quotationDetail: quotationDetailMachine,
    orderTracking: orderTrackingMachine,
    loadAdminCharts: fromPromise<AdminCharts>(async () => (await import('./admin-charts')).adminCharts),
    // Answers `chart.loaded` with the chart's code and its effects, or `chart.loadFailed` (src/web/app-logic.ts).
    loadChart: fromCallback<AppEvent, { chart: LazyChartId }>(() => undefined),
    sessionWatch,
    avatar: protectedImageMachine,
    session: sessionMachine,
    connection: connectionMachine,
    locale: localeMachine,
    cart: cartMachine,
    catalogue: catalogueMachine,
    quotations: quotationStoreMachine,
    // The outbox chart and its effects load after the first screen, never with it (src/web/outbox).
    loadOutbox: fromPromise<AnyActorLogic>(async () => (await import('./outbox.machine')).outboxMachine),
    restore: fromPromise<PersistedRoot>(async () => ({ ...EMPTY_PERSISTED })),
    persist: fromCallback<{ type: string }, PersistedRoot>(() => undefined),
  },
  delays: { persistTimeout: PERSIST_TIMEOUT_MS, adminChartsRetry: 5_000 },
  guards: {
    showsAdminScreen: ({ context }) => adminChartFor(context.location) !== null,
  },
  actions: {
    runOutbox: enqueueActions(({ enqueue }, params: { logic: AnyActorLogic }) => {
      enqueue.spawnChild(params.logic, named({ systemId: 'outbox' }));
    }),
    keepLocation: assign({ location: (_, params: { location: string | null }) => params.location }),
    keepAdminCharts: assign({ adminCharts: (_, params: { charts: AdminCharts }) => params.charts }),
    keepRestored: assign({ restored: (_, params: { restored: PersistedRoot }) => params.restored }),
    showScreen: enqueueActions(({ context, enqueue, system }, params: { location: string | null }) => {
      const next = screenChartFor(params.location);
      if (next?.systemId === context.screen?.systemId) return;
      if (context.screen) enqueue.stopChild(context.screen.id);
      const quotations = storedQuotations(system);
      const subject = next ? { quotationId: next.quotationId, cached: cachedQuotation(quotations, next.quotationId) } : null;
      if (next?.id === 'quotationList') enqueue.spawnChild('quotationList', { id: next.id, systemId: next.systemId, input: { quotations } });
      if (next?.id === 'quotationDetail' && subject) enqueue.spawnChild('quotationDetail', { id: next.id, systemId: next.systemId, input: subject });
      if (next?.id === 'orderTracking' && subject) enqueue.spawnChild('orderTracking', { id: next.id, systemId: next.systemId, input: subject });
      enqueue.assign({ screen: next });
    }),
    /** Runs the chart of the admin screen shown (stopping the last one), once the admin charts are loaded. */
    showAdminScreen: enqueueActions(({ context, enqueue, system }) => {
      const charts = context.adminCharts;
      if (!charts) return;
      const next = adminChartFor(context.location);
      if (next === context.adminScreen) return;
      if (context.adminScreen) enqueue.stopChild(system.get(context.adminScreen) as AnyActorRef);
      // Loaded logic, not a named actor of this chart: the system knows it by its systemId.
      // The location it opened at: a dashboard link's status and filters (machines/admin-list.ts `listStartOf`).
      if (next) enqueue.spawnChild(charts[next], named({ systemId: next, input: { location: context.location } }));
      enqueue.assign({ adminScreen: next });
    }),
    /** Runs exactly the lazily loaded charts wanted (planLazy). */
    runLazyCharts: enqueueActions(({ context, enqueue, self }, params: { wanted: LazyRun[] }) => {
      // A child that reached its end (a closed problem) stays among the children, as it ended.
      const children = self.getSnapshot().children as Record<string, unknown>;
      const plan = planLazy(context, params.wanted, (systemId) => children[systemId] !== undefined);
      for (const systemId of plan.stop) enqueue.stopChild(systemId);
      for (const { logic, run } of plan.start) enqueue.spawnChild(logic, named({ systemId: run.systemId, input: run.input }));
      for (const chart of plan.fetch) enqueue.spawnChild('loadChart', { id: `load:${chart}`, input: { chart } });
      enqueue.assign({ lazyRuns: plan.lazyRuns, lazyLoading: plan.lazyLoading });
    }),
    /** A chart's code arrived (then the runs waiting for it start), or could not be fetched (the next want fetches again). */
    settleLazyLoad: enqueueActions(({ context, enqueue }, params: { chart: LazyChartId; logic: AnyActorLogic | null }) => {
      enqueue.stopChild(`load:${params.chart}`);
      enqueue.assign({
        lazyLoading: context.lazyLoading.filter((chart) => chart !== params.chart),
        lazyLogic: params.logic ? { ...context.lazyLogic, [params.chart]: params.logic } : context.lazyLogic,
      });
    }),
  },
}).createMachine({
  id: 'app',
  initial: 'restoring',
  context: ({ input }) => ({ hasToken: input.hasToken, appUpdated: input.appUpdated === true, restored: { ...EMPTY_PERSISTED }, screen: null, adminScreen: null, location: null, adminCharts: null, lazyRuns: [], lazyLogic: {}, lazyLoading: [] }),
  states: {
    restoring: {
      invoke: {
        id: 'restore',
        src: 'restore',
        onDone: { target: 'running', actions: { type: 'keepRestored', params: ({ event }) => ({ restored: event.output }) } },
        onError: 'running',
      },
      // Storage that never answers must not hold the app: go on clean.
      after: { persistTimeout: 'running' },
    },
    running: {
      invoke: [
        {
          id: 'session',
          systemId: 'session',
          src: 'session',
          input: ({ context }) => ({ user: context.restored.user, hasToken: context.hasToken }),
        },
        // After the session, whose language it follows; it starts with the language restored with the user.
        {
          id: 'locale',
          systemId: 'locale',
          src: 'locale',
          input: ({ context }) => ({ locale: LOCALE_OF_LANGUAGE[context.restored.user?.preferredLanguage ?? DEFAULT_LANGUAGE] }),
        },
        { id: 'cart', systemId: 'cart', src: 'cart', input: ({ context }) => ({ items: context.restored.cart }) },
        { id: 'catalogue', systemId: 'catalogue', src: 'catalogue', input: ({ context }) => ({ skus: context.restored.skus }) },
        {
          id: 'quotations',
          systemId: 'quotations',
          src: 'quotations',
          input: ({ context }) => ({ quotations: context.restored.quotations }),
        },
        { id: 'connection', systemId: 'connection', src: 'connection', input: ({ context }) => ({ updated: context.appUpdated }) },
        // The writes waiting for the network (./outbox.machine), kept on the phone: loaded, then run as `outbox`.
        { id: 'loadOutbox', src: 'loadOutbox', onDone: { actions: { type: 'runOutbox', params: ({ event }) => ({ logic: event.output }) } } },
        { id: 'persist', src: 'persist', input: ({ context }) => context.restored },
        { id: 'avatar', systemId: 'avatar', src: 'avatar', input: { url: null } },
        { id: 'sessionWatch', src: 'sessionWatch' },
      ],
      on: {
        'screen.show': {
          actions: [
            { type: 'keepLocation', params: ({ event }) => ({ location: event.location }) },
            { type: 'showScreen', params: ({ event }) => ({ location: event.location }) },
            'showAdminScreen',
            // The location's lazily loaded chart replaces the last location's; the sheets' charts go on.
            { type: 'runLazyCharts', params: ({ context, event }) => ({ wanted: [...context.lazyRuns.filter((run) => !run.screen), ...listed(lazyScreenChartFor(event.location))] }) },
          ],
        },
        'avatar.url': { actions: sendTo('avatar', ({ event }) => ({ type: 'image.url' as const, url: event.url })) },
        'part.show': {
          actions: { type: 'runLazyCharts', params: ({ context, event }) => ({ wanted: [...context.lazyRuns.filter((run) => run.systemId !== event.run.systemId), event.run] }) },
        },
        'part.hide': { actions: { type: 'runLazyCharts', params: ({ context, event }) => ({ wanted: context.lazyRuns.filter((run) => run.systemId !== event.systemId) }) } },
        'chart.loaded': {
          actions: [
            { type: 'settleLazyLoad', params: ({ event }) => ({ chart: event.chart, logic: event.logic }) },
            // The runs that waited for this code start now.
            { type: 'runLazyCharts', params: ({ context }) => ({ wanted: context.lazyRuns }) },
          ],
        },
        'chart.loadFailed': { actions: { type: 'settleLazyLoad', params: ({ event }) => ({ chart: event.chart, logic: null }) } },
      },
      initial: 'adminChartsAbsent',
      states: {
        adminChartsAbsent: {
          always: { guard: 'showsAdminScreen', target: 'adminChartsLoading' },
        },
        adminChartsLoading: {
          invoke: {
            id: 'loadAdminCharts',
            src: 'loadAdminCharts',
            onDone: {
              target: 'adminChartsReady',
              actions: [{ type: 'keepAdminCharts', params: ({ event }) => ({ charts: event.output }) }, 'showAdminScreen'],
            },
            // Not fetched (the admin's network dropped): try again a little later, if still wanted.
            onError: 'adminChartsFailed',
          },
        },
        adminChartsFailed: {
          after: { adminChartsRetry: 'adminChartsAbsent' },
        },
        adminChartsReady: {},
      },
    },
  },
});
