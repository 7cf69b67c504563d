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
 *
 * Navigation convention (every machine and view follows it):
 *   - A view or machine never calls the router. It sends `{ type: 'nav.go', to }` to the session
 *     (views: `useSession().send(...)`; machines: `sendTo(({ system }) => system.get('session'), …)`).
 *   - The session applies the guard table and then runs its injected `navigate` action.
 *   - RouteSync (src/web/shell/route-sync.tsx) reports every location change as `nav.changed`, so
 *     the guards also apply to the back button and typed URLs.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { PERSIST_TIMEOUT_MS } from '../src/domain/constants';
import { EMPTY_PERSISTED, type PersistedRoot } from './persistence';
import { cartMachine } from './cart.machine';
import { catalogueMachine } from './catalogue.machine';
import { quotationStoreMachine } from './quotation-store.machine';
import { connectionMachine } from './connection.machine';
import { sessionMachine } from './session.machine';

export interface AppInput {
  /** Whether a bearer token was found under its own key. */
  hasToken: boolean;
}

export interface AppContext {
  hasToken: boolean;
  restored: PersistedRoot;
}

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    input: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    connection: connectionMachine,
    cart: cartMachine,
    catalogue: catalogueMachine,
    quotations: quotationStoreMachine,
    restore: fromPromise<PersistedRoot>(async () => ({ ...EMPTY_PERSISTED })),
    persist: fromCallback<{ type: string }, PersistedRoot>(() => undefined),
  },
  delays: { persistTimeout: PERSIST_TIMEOUT_MS },
  actions: {
    keepRestored: assign({ restored: ({ event }) => (event as unknown as { output: PersistedRoot }).output }),
  },
}).createMachine({
  id: 'app',
  initial: 'restoring',
  context: ({ input }) => ({ hasToken: input.hasToken, restored: { ...EMPTY_PERSISTED } }),
  states: {
    restoring: {
      invoke: {
        src: 'restore',
        onDone: { target: 'running', actions: 'keepRestored' },
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
        { id: 'connection', systemId: 'connection', src: 'connection' },
        { id: 'persist', src: 'persist', input: ({ context }) => context.restored },
      ],
    },
  },
});
