/**
 * The root of the app. It restores the persisted slices (at most PERSIST_TIMEOUT_MS, then it goes on
 * clean), then runs the long-lived children, each with a `systemId` so peers and views find it
 * through the actor system:
 *   - `session` (route guards, login, registration, logout; its children `otpLogin`, `registration`)
 *   - add the shop's children the same way, e.g. `cart`, `catalogue`: one more entry in
 *     `running.invoke` with `input: ({ context }) => ({ items: context.restored.cart })`, and the
 *     actor declared here with its production machine (app-logic provides the real effects).
 *   - `connection` (online / offline, for the shell's offline line)
 *   - `persist` writes the slices back; SLICE_OWNERS in ./persistence says which child holds which.
 *   - `avatar` (a protected image: the logged-in farmer's photo, which `sessionWatch` follows)
 *   - the open screen's chart (./screen-charts): `sessionWatch` reports each location the session
 *     shows; the app stops the chart of the screen left and spawns the one of the screen shown
 *     (`quotationList`, `quotationDetail:<id>`, `orderTracking:<id>`), so every running chart is an
 *     actor of this one system and the inspector sees it. The admin screens' charts (`adminUsers`,
 *     `adminSkus`, `adminQuotations`, `adminOrders`) run the same way, under their ids as systemIds.
 *     Their code loads the first time the session shows an admin screen (`adminCharts` region:
 *     absent → loading → ready), so a farmer's phone never fetches it.
 *
 * Navigation convention (every machine and view follows it):
 *   - A view or machine never calls the router. It sends `{ type: 'nav.go', to }` to the session
 *     (views: `useSession().send(...)`; machines: `sendTo(({ system }) => system.get('session'), …)`).
 *   - The session applies the guard table and then runs its injected `navigate` action.
 *   - RouteSync (src/web/shell/route-sync.tsx) reports every location change as `nav.changed`, so
 *     the guards also apply to the back button and typed URLs.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, type AnyActorLogic, type AnyActorRef } from 'xstate';
import type { Quotation } from '../src/domain/types';
import { PERSIST_TIMEOUT_MS } from '../src/domain/constants';
import { EMPTY_PERSISTED, type PersistedRoot } from './persistence';
import { cartMachine } from './cart.machine';
import { catalogueMachine } from './catalogue.machine';
import { quotationStoreMachine } from './quotation-store.machine';
import { connectionMachine } from './connection.machine';
import { orderTrackingMachine } from './order-tracking.machine';
import { protectedImageMachine } from './protected-image.machine';
import { quotationDetailMachine } from './quotation-detail.machine';
import { quotationListMachine } from './quotation-list.machine';
import { cachedQuotation } from './quotation-store.machine';
import { adminChartFor, screenChartFor, type AdminChartId, type ScreenChart } from './screen-charts';
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
}

export type AppEvent = { type: 'screen.show'; location: string | null } | { type: 'avatar.url'; url: string | null };

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
    sessionWatch,
    avatar: protectedImageMachine,
    session: sessionMachine,
    connection: connectionMachine,
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
  },
}).createMachine({
  id: 'app',
  initial: 'restoring',
  context: ({ input }) => ({ hasToken: input.hasToken, appUpdated: input.appUpdated === true, restored: { ...EMPTY_PERSISTED }, screen: null, adminScreen: null, location: null, adminCharts: null }),
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
          ],
        },
        'avatar.url': { actions: sendTo('avatar', ({ event }) => ({ type: 'image.url' as const, url: event.url })) },
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
