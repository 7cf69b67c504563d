/**
 * The catalogue (SPEC §2 /home and /sku-details, §7 GET /skus, DECISIONS §1 Contact Us): four
 * parallel regions. `list` fetches the SKUs on demand; `refresh` asks for them again every
 * SKU_REFRESH_MS while /home is open; `search` applies the typed query DEBOUNCE_MS after the last
 * keystroke; `contact` holds the public app config (contact number, chat link, UPI payee).
 * Opening a product the list does not hold yet (a deep link) fetches the list.
 * The screens send none of their lifecycle: `locationWatch` follows the session's location in the
 * actor system and sends `home.open`, `home.close` and `sku.open` as the farmer arrives and leaves
 * (./screen-charts `catalogueEventsFor`).
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import type { AppConfig } from '../src/domain/api';
import { DEBOUNCE_MS, SKU_REFRESH_MS } from '../src/domain/constants';
import { searchSkus } from '../src/domain/search';
import type { Sku } from '../src/domain/types';
import { catalogueEventsFor, locationWatchOf } from './screen-charts';

export interface CatalogueContext {
  skus: Sku[];
  /** What the search box shows. */
  query: string;
  /** What the grid filters by: the query as it stood DEBOUNCE_MS after the last keystroke. */
  appliedQuery: string;
  selectedSkuDisplayId: string | null;
  config: AppConfig | null;
}

export type CatalogueEvent =
  | { type: 'catalogue.load' }
  | { type: 'home.open' }
  | { type: 'home.close' }
  | { type: 'search.change'; query: string }
  | { type: 'sku.open'; skuDisplayId: string };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is provided by the caller`);
};

/** Sends the screen events for the session's location, now and on every change; idle without a session. */
export const locationWatch = locationWatchOf(catalogueEventsFor);

export const catalogueMachine = setup({
  types: {
    context: {} as CatalogueContext,
    events: {} as CatalogueEvent,
    input: {} as { skus?: Sku[] } | undefined,
    tags: {} as 'loading',
  },
  actors: {
    fetchSkus: fromPromise<Sku[]>(notProvided('fetchSkus')),
    fetchConfig: fromPromise<AppConfig>(notProvided('fetchConfig')),
    locationWatch,
  },
  delays: {
    SKU_REFRESH: SKU_REFRESH_MS,
    DEBOUNCE: DEBOUNCE_MS,
    // A failed config fetch is tried again later; the contact sheet waits for it.
    CONFIG_RETRY: SKU_REFRESH_MS,
  },
  guards: {
    isKnownSku: ({ context, event }) =>
      event.type === 'sku.open' && context.skus.some((s) => s.skuDisplayId === event.skuDisplayId),
  },
  actions: {
    setQuery: assign({ query: ({ context, event }) => (event.type === 'search.change' ? event.query : context.query) }),
    applyQuery: assign({ appliedQuery: ({ context }) => context.query }),
    selectSku: assign({
      selectedSkuDisplayId: ({ context, event }) => (event.type === 'sku.open' ? event.skuDisplayId : context.selectedSkuDisplayId),
    }),
    requestLoad: raise({ type: 'catalogue.load' }),
  },
}).createMachine({
  id: 'catalogue',
  context: ({ input }) => ({
    skus: input?.skus ?? [],
    query: '',
    appliedQuery: '',
    selectedSkuDisplayId: null,
    config: null,
  }),
  type: 'parallel',
  invoke: { id: 'locationWatch', src: 'locationWatch' },
  on: {
    'sku.open': [
      { guard: 'isKnownSku', actions: 'selectSku' },
      { actions: ['selectSku', 'requestLoad'] },
    ],
  },
  states: {
    list: {
      initial: 'idle',
      states: {
        idle: { on: { 'catalogue.load': 'loading' } },
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'fetchSkus',
            src: 'fetchSkus',
            onDone: { target: 'idle', actions: assign({ skus: ({ event }) => event.output }) },
            onError: { target: 'idle' },
          },
        },
      },
    },
    refresh: {
      initial: 'off',
      states: {
        off: { on: { 'home.open': { target: 'on', actions: 'requestLoad' } } },
        on: {
          after: { SKU_REFRESH: { target: 'on', reenter: true, actions: 'requestLoad' } },
          on: { 'home.close': 'off' },
        },
      },
    },
    search: {
      initial: 'settled',
      states: {
        settled: { on: { 'search.change': { target: 'debouncing', actions: 'setQuery' } } },
        debouncing: {
          after: { DEBOUNCE: { target: 'settled', actions: 'applyQuery' } },
          // Each keystroke starts the wait again.
          on: { 'search.change': { target: 'debouncing', reenter: true, actions: 'setQuery' } },
        },
      },
    },
    contact: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchConfig',
            src: 'fetchConfig',
            onDone: { target: 'ready', actions: assign({ config: ({ event }) => event.output }) },
            onError: { target: 'unavailable' },
          },
        },
        unavailable: { after: { CONFIG_RETRY: 'loading' } },
        ready: {},
      },
    },
  },
});

type CatalogueSnapshot = { context: CatalogueContext; hasTag: (tag: 'loading') => boolean };

/** The products the grid shows for the applied (debounced) query. */
export const visibleSkus = (snapshot: CatalogueSnapshot): Sku[] => searchSkus(snapshot.context.skus, snapshot.context.appliedQuery);

/** The product the open /sku-details names, once the list holds it. */
export const selectedSku = (snapshot: CatalogueSnapshot): Sku | null =>
  snapshot.context.skus.find((s) => s.skuDisplayId === snapshot.context.selectedSkuDisplayId) ?? null;

export const isCatalogueLoading = (snapshot: CatalogueSnapshot): boolean => snapshot.hasTag('loading');
