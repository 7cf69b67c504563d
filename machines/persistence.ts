/**
 * Persistence of the client state (SPEC §3): the user, cart, sku and quotation slices live in
 * localStorage under `persist:root` as `{ user, cart, skus, quotations }`. The store is injected
 * (localStorage in the browser, a Map in tests). Reading never throws: unreadable or corrupt
 * storage, or a slice of the wrong shape, starts that slice clean.
 *
 * Each slice is owned by one child of the app machine, found through the actor system by its
 * systemId and read from one field of its context (SLICE_OWNERS). A child that does not exist
 * (yet) simply keeps the slice as it was restored.
 */
import { fromCallback, fromPromise, type AnyActorRef } from 'xstate';

type AnyActorSystem = AnyActorRef['system'];
import { DEFAULT_CLIENT_USER, type ClientUser } from '../src/domain/client-user';
import type { CartItem, Quotation, Sku } from '../src/domain/types';

export const PERSIST_KEY = 'persist:root';

export interface PersistedRoot {
  user: ClientUser | null;
  cart: CartItem[];
  skus: Sku[];
  quotations: Quotation[];
}

export const EMPTY_PERSISTED: PersistedRoot = { user: null, cart: [], skus: [], quotations: [] };

/** Which child holds each slice, and in which context field. */
export const SLICE_OWNERS: Record<keyof PersistedRoot, { systemId: string; field: string }> = {
  user: { systemId: 'session', field: 'user' },
  cart: { systemId: 'cart', field: 'items' },
  skus: { systemId: 'catalogue', field: 'skus' },
  quotations: { systemId: 'quotations', field: 'quotations' },
};

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const FLAGS = ['isLoggedIn', 'profileUpdated', 'isVerified', 'isAdmin'] as const;
const LANGUAGES = ['english', 'hindi', 'gujrati'];

function parseUser(value: unknown): ClientUser | null {
  if (!isRecord(value)) return null;
  if (!FLAGS.every((flag) => typeof value[flag] === 'boolean')) return null;
  const language = value.preferredLanguage;
  if (language !== null && language !== undefined && !LANGUAGES.includes(language as string)) return null;
  return { ...DEFAULT_CLIENT_USER, ...(value as Partial<ClientUser>), preferredLanguage: (language ?? null) as ClientUser['preferredLanguage'] };
}

/** A list of records that each carry a string `_id`; anything else is dropped as corrupt. */
function parseList<T>(value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.every((item) => isRecord(item) && typeof item._id === 'string') ? (value as T[]) : [];
}

/** The persisted root from its stored text; corrupt text or slices start clean. */
export function parsePersisted(raw: string | null | undefined): PersistedRoot {
  if (!raw) return { ...EMPTY_PERSISTED };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ...EMPTY_PERSISTED };
  }
  if (!isRecord(parsed)) return { ...EMPTY_PERSISTED };
  return {
    user: parseUser(parsed.user),
    cart: parseList<CartItem>(parsed.cart),
    skus: parseList<Sku>(parsed.skus),
    quotations: parseList<Quotation>(parsed.quotations),
  };
}

/** Reads the store; a store that throws (blocked, quota, private mode) reads as empty. */
export function readPersisted(store: KeyValueStore): PersistedRoot {
  try {
    return parsePersisted(store.getItem(PERSIST_KEY));
  } catch {
    return { ...EMPTY_PERSISTED };
  }
}

/** The slices as the system's children hold them now; a missing child keeps `fallback`'s slice. */
export function collectSlices(system: AnyActorSystem, fallback: PersistedRoot): PersistedRoot {
  const read = <K extends keyof PersistedRoot>(slice: K): PersistedRoot[K] => {
    const owner = SLICE_OWNERS[slice];
    const snapshot = system.get(owner.systemId)?.getSnapshot() as { context?: Record<string, unknown> } | undefined;
    const value = snapshot?.context?.[owner.field];
    return (value === undefined ? fallback[slice] : value) as PersistedRoot[K];
  };
  return { user: read('user'), cart: read('cart'), skus: read('skus'), quotations: read('quotations') };
}

/** The `restore` actor of the app machine. */
export const createRestoreActor = (store: KeyValueStore) => fromPromise<PersistedRoot>(async () => readPersisted(store));

/**
 * The `persist` actor of the app machine: after every snapshot of any actor in the system, writes
 * the slices when one of them changed. A store that refuses the write is ignored (this tab goes on).
 */
export const createPersistActor = (store: KeyValueStore) =>
  fromCallback<{ type: string }, PersistedRoot>(({ system, input }) => {
    let last = input;
    let lastText = JSON.stringify(input);
    const write = () => {
      const next = collectSlices(system, last);
      if (next.user === last.user && next.cart === last.cart && next.skus === last.skus && next.quotations === last.quotations) {
        return;
      }
      last = next;
      const text = JSON.stringify(next);
      if (text === lastText) return;
      lastText = text;
      try {
        store.setItem(PERSIST_KEY, text);
      } catch {
        // Storage full or blocked: the state still lives in memory.
      }
    };
    const subscription = system.inspect((event) => {
      if (event.type === '@xstate.snapshot') write();
    });
    write();
    return () => subscription.unsubscribe();
  });
