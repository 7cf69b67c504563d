import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appMachine } from '../../machines/app.machine';
import {
  createPersistActor,
  createRestoreActor,
  EMPTY_PERSISTED,
  parsePersisted,
  PERSIST_KEY,
  readPersisted,
  type KeyValueStore,
  type PersistedRoot,
} from '../../machines/persistence';
import { PERSIST_TIMEOUT_MS } from '../../src/domain/constants';
import { DEFAULT_CLIENT_USER } from '../../src/domain/client-user';

const store = (initial?: string): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>(initial === undefined ? [] : [[PERSIST_KEY, initial]]);
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
};

const saved: PersistedRoot = {
  user: { ...DEFAULT_CLIENT_USER, preferredLanguage: 'gujrati', isLoggedIn: true, profileUpdated: true, isVerified: true, name: 'Kanu' },
  cart: [{ _id: 's1', name: 'Paddy straw', image: '/i.jpg', quantity: 3, skuQuantityUnit: 'ton' }],
  skus: [],
  quotations: [],
};

function startApp(s: KeyValueStore, hasToken = true, restore = createRestoreActor(s)) {
  const actor = createActor(appMachine.provide({ actors: { restore, persist: createPersistActor(s) } }), { input: { hasToken } });
  actor.start();
  return actor;
}

afterEach(() => vi.useRealTimers());

describe('reading the persisted root', () => {
  it('starts clean with nothing stored', () => {
    expect(parsePersisted(null)).toEqual(EMPTY_PERSISTED);
  });

  it('starts clean from text that is not JSON', () => {
    expect(parsePersisted('{"user": tru')).toEqual(EMPTY_PERSISTED);
  });

  it('starts clean from JSON that is not an object', () => {
    expect(parsePersisted('[1,2]')).toEqual(EMPTY_PERSISTED);
  });

  it('drops only the slice that has the wrong shape', () => {
    const parsed = parsePersisted(JSON.stringify({ ...saved, cart: [{ name: 'no id' }] }));
    expect(parsed.cart).toEqual([]);
    expect(parsed.user?.name).toBe('Kanu');
  });

  it('drops a user whose flags are not booleans', () => {
    expect(parsePersisted(JSON.stringify({ user: { isLoggedIn: 'yes' } })).user).toBe(null);
  });

  it('drops a user with an unknown language', () => {
    const user = { ...DEFAULT_CLIENT_USER, preferredLanguage: 'french' };
    expect(parsePersisted(JSON.stringify({ user })).user).toBe(null);
  });

  it('reads a store that throws as empty', () => {
    const throwing: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(readPersisted(throwing)).toEqual(EMPTY_PERSISTED);
  });
});

describe('the app machine with persistence', () => {
  it('restores the user slice into the session on load', async () => {
    const actor = startApp(store(JSON.stringify(saved)));
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(actor.system.get('session')?.getSnapshot().context.user).toMatchObject({ name: 'Kanu', preferredLanguage: 'gujrati' });
  });

  it('starts clean from corrupt storage without failing', async () => {
    const actor = startApp(store('not json at all'));
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(actor.system.get('session')?.getSnapshot().context.user).toEqual(DEFAULT_CLIENT_USER);
  });

  it('goes on clean when restoring takes longer than the persist time-out', () => {
    vi.useFakeTimers();
    const never = fromPromise<PersistedRoot>(() => new Promise(() => undefined));
    const actor = startApp(store(), true, never);
    vi.advanceTimersByTime(PERSIST_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches('running')).toBe(true);
  });

  it('saves the user slice when it changes', async () => {
    const s = store();
    const actor = startApp(s, false);
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    actor.system.get('session')?.send({ type: 'language.choose', language: 'hindi' });
    expect(JSON.parse(s.data.get(PERSIST_KEY)!).user.preferredLanguage).toBe('hindi');
  });

  it('keeps slices whose owner is not running as they were restored', async () => {
    const s = store(JSON.stringify(saved));
    const actor = startApp(s);
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    actor.system.get('session')?.send({ type: 'language.choose', language: 'hindi' });
    const written = JSON.parse(s.data.get(PERSIST_KEY)!) as PersistedRoot;
    expect(written.cart).toEqual(saved.cart);
  });

  it('survives a store that refuses writes', async () => {
    const s = store();
    s.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const actor = startApp(s, false);
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    actor.system.get('session')?.send({ type: 'language.choose', language: 'hindi' });
    expect(actor.system.get('session')?.getSnapshot().context.user.preferredLanguage).toBe('hindi');
  });
});
