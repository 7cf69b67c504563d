/**
 * The persisted root slice by slice (asked for by the surviving mutants of persistence.ts and
 * app.machine.ts): which stored shapes are kept or dropped, that every slice reaches its owner and
 * is written back from it, that nothing is written when no slice changed, and that the session
 * watch moves the screen charts and the avatar with the running session.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appMachine } from '../../machines/app.machine';
import { catalogueMachine } from '../../machines/catalogue.machine';
import {
  createPersistActor,
  createRestoreActor,
  EMPTY_PERSISTED,
  parsePersisted,
  type KeyValueStore,
  type PersistedRoot,
} from '../../machines/persistence';
import { DEFAULT_CLIENT_USER } from '../../src/domain/client-user';
import type { Quotation, Sku } from '../../src/domain/types';

/** The key SPEC §3 names, spelled out: a test of the constant would pass with any key. */
const KEY = 'persist:root';

const store = (initial?: string) => {
  const data = new Map<string, string>(initial === undefined ? [] : [[KEY, initial]]);
  const writes: string[] = [];
  const s: KeyValueStore = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      writes.push(k);
      data.set(k, v);
    },
  };
  return { ...s, data, writes };
};

const user = { ...DEFAULT_CLIENT_USER, preferredLanguage: 'hindi' as const, isLoggedIn: true, profileUpdated: true, isVerified: true };
const sku = { _id: 'SKU1', name: 'Paddy straw' } as Sku;
const quotation = { _id: 'QT1', status: 'PENDING', items: [] } as unknown as Quotation;
const full: PersistedRoot = {
  user,
  cart: [{ _id: 'SKU1', name: 'Paddy straw', image: '/i.jpg', quantity: 2, skuQuantityUnit: 'ton' }],
  skus: [sku],
  quotations: [quotation],
};

const running: { stop: () => void }[] = [];
afterEach(() => running.splice(0).forEach((a) => a.stop()));

function startApp(s: KeyValueStore, hasToken = true) {
  const actor = createActor(appMachine.provide({ actors: { restore: createRestoreActor(s), persist: createPersistActor(s) } }), {
    input: { hasToken },
  });
  running.push(actor);
  actor.start();
  return actor;
}

describe('the stored shapes', () => {
  it('is empty: no user and three empty lists', () => {
    expect(EMPTY_PERSISTED).toEqual({ user: null, cart: [], skus: [], quotations: [] });
    expect(parsePersisted('')).toEqual({ user: null, cart: [], skus: [], quotations: [] });
    expect(parsePersisted('null')).toEqual({ user: null, cart: [], skus: [], quotations: [] });
  });

  it('keeps every well-formed slice', () => {
    expect(parsePersisted(JSON.stringify(full))).toEqual(full);
  });

  it('drops a user that is not an object, or misses one of its flags', () => {
    for (const bad of [null, 'kanu', 7, [user]]) expect(parsePersisted(JSON.stringify({ ...full, user: bad })).user).toBeNull();
    const { isAdmin: _dropped, ...withoutAdmin } = user;
    expect(parsePersisted(JSON.stringify({ ...full, user: withoutAdmin })).user).toBeNull();
  });

  it('keeps a user with no language yet, and each of the three languages', () => {
    const { preferredLanguage: _none, ...unset } = user;
    expect(parsePersisted(JSON.stringify({ user: unset })).user?.preferredLanguage).toBeNull();
    expect(parsePersisted(JSON.stringify({ user: { ...user, preferredLanguage: null } })).user?.preferredLanguage).toBeNull();
    for (const language of ['english', 'hindi', 'gujrati'] as const) {
      expect(parsePersisted(JSON.stringify({ user: { ...user, preferredLanguage: language } })).user).toEqual({ ...user, preferredLanguage: language });
    }
  });

  it('drops a list that is not a list, or holds one item without an id', () => {
    const parsed = parsePersisted(JSON.stringify({ ...full, cart: 'SKU1', skus: [sku, { name: 'no id' }], quotations: [[quotation]] }));
    expect(parsed).toEqual({ ...full, cart: [], skus: [], quotations: [] });
  });
});

describe('each slice with its owner', () => {
  it('hands the cart, the catalogue and the quotations to their charts', async () => {
    const actor = startApp(store(JSON.stringify(full)));
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    expect(actor.system.get('cart')?.getSnapshot().context.items).toEqual(full.cart);
    expect(actor.system.get('catalogue')?.getSnapshot().context.skus).toEqual([sku]);
    expect(actor.system.get('quotations')?.getSnapshot().context.quotations).toEqual([quotation]);
    expect(actor.system.get('connection')).toBeDefined();
  });

  it('writes a cart change under persist:root, with the other slices as their charts hold them', async () => {
    const s = store(JSON.stringify(full));
    const actor = startApp(s);
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    actor.system.get('cart')!.send({ type: 'cart.clear' });
    const written = JSON.parse(s.data.get(KEY)!) as PersistedRoot;
    expect(written).toEqual({ ...full, cart: [] });
    expect(new Set(s.writes)).toEqual(new Set([KEY]));
  });

  it('writes a change of the stored quotations', async () => {
    const s = store(JSON.stringify(full));
    const actor = startApp(s);
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    actor.system.get('quotations')!.send({ type: 'quotations.empty' });
    expect((JSON.parse(s.data.get(KEY)!) as PersistedRoot).quotations).toEqual([]);
  });

  it("writes a change of the catalogue's products", async () => {
    const s = store(JSON.stringify(full));
    const straw = { _id: 'SKU2', name: 'Rice husk' } as Sku;
    const catalogue = catalogueMachine.provide({ actors: { fetchSkus: fromPromise(async () => [sku, straw]) } });
    const actor = createActor(appMachine.provide({ actors: { restore: createRestoreActor(s), persist: createPersistActor(s), catalogue } }), {
      input: { hasToken: true },
    });
    running.push(actor);
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    actor.system.get('catalogue')!.send({ type: 'catalogue.load' });
    await vi.waitFor(() => expect((JSON.parse(s.data.get(KEY)!) as PersistedRoot).skus).toEqual([sku, straw]));
  });

  it('writes nothing when a slice is replaced by one that holds the same', async () => {
    const s = store(JSON.stringify(full));
    const actor = startApp(s);
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    const before = s.writes.length;
    actor.system.get('cart')!.send({ type: 'cart.update', item: full.cart[0]! });
    actor.system.get('quotations')!.send({ type: 'quotations.set', quotations: [quotation] });
    expect(s.writes.length).toBe(before);
  });

  it('writes nothing while no slice changes', async () => {
    const s = store(JSON.stringify(full));
    const actor = startApp(s);
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    const before = s.writes.length;
    actor.system.get('session')!.send({ type: 'nav.go', to: '/cart' });
    actor.system.get('session')!.send({ type: 'nav.go', to: '/home' });
    expect(s.writes.length).toBe(before);
  });

  it('starts with an empty root when nothing was stored and no restore is given', async () => {
    const actor = createActor(appMachine, { input: { hasToken: false } });
    running.push(actor);
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    expect(actor.getSnapshot().context.restored).toEqual({ user: null, cart: [], skus: [], quotations: [] });
  });

  it('goes on clean when the restore fails', async () => {
    const failing = fromPromise<PersistedRoot>(async () => {
      throw new Error('storage broken');
    });
    const actor = createActor(appMachine.provide({ actors: { restore: failing } }), { input: { hasToken: true } });
    running.push(actor);
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    expect(actor.getSnapshot().value).toEqual({ running: 'adminChartsAbsent' });
    expect(actor.getSnapshot().context.restored).toEqual(EMPTY_PERSISTED);
  });
});

describe('the session watch', () => {
  it("opens the chart of each screen the session shows, and gives the avatar the logged-in farmer's photo", async () => {
    const s = store(JSON.stringify({ ...full, user: { ...user, profilePhoto: '/api/uploads/p.jpg' } }));
    const actor = startApp(s);
    await waitFor(actor, (snapshot) => snapshot.matches('running'));
    const session = actor.system.get('session')!;
    expect(actor.system.get('avatar')?.getSnapshot().context.url).toBe('/api/uploads/p.jpg');
    session.send({ type: 'nav.go', to: '/request' });
    expect(actor.system.get('quotationList')?.getSnapshot().context.quotations).toEqual([quotation]);
    session.send({ type: 'nav.go', to: '/order-status?quotation_id=QT1' });
    expect(actor.system.get('quotationList')).toBeUndefined();
    expect(actor.system.get('orderTracking:QT1')).toBeDefined();
    session.send({ type: 'nav.go', to: '/home' });
    expect(actor.system.get('orderTracking:QT1')).toBeUndefined();
  });

  it('clears the avatar when the farmer is logged out, and sets no photo for a visitor', async () => {
    const withPhoto = startApp(store(JSON.stringify({ ...full, user: { ...user, profilePhoto: '/api/uploads/p.jpg' } })));
    await waitFor(withPhoto, (snapshot) => snapshot.matches('running'));
    withPhoto.system.get('session')!.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(withPhoto.system.get('avatar')?.getSnapshot().context.url).toBeNull());
    const visitor = startApp(store(JSON.stringify({ ...full, user: { ...user, isLoggedIn: false, profilePhoto: '/api/uploads/p.jpg' } })), false);
    await waitFor(visitor, (snapshot) => snapshot.matches('running'));
    expect(visitor.system.get('avatar')?.getSnapshot().context.url).toBeNull();
  });
});
