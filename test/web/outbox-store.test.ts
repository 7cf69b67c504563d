/**
 * The outbox's storage on the phone, shared by every open tab of the app: one tab's save keeps what
 * another tab put there, and logging out clears it all. IndexedDB is replaced by an in-memory store
 * with the same transaction calls (`idb`'s), so the real load and save actors run over it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { isKept, outboxMachine, type OutboxItem } from '../../machines/outbox.machine';
import { setToken } from '../../src/web/api/client';

const rows = new Map<string, OutboxItem>();
const session = new Map<string, { id: string; token: string }>();

vi.mock('idb', () => ({
  openDB: async () => ({
    getAllFromIndex: async () => [...rows.values()].sort((a, b) => a.at - b.at),
    transaction: () => {
      const writes: (() => void)[] = [];
      const storeOf = (map: Map<string, never>, keyOf: (value: never) => string) => ({
        clear: async () => void writes.push(() => map.clear()),
        delete: async (key: string) => void writes.push(() => map.delete(key)),
        put: async (value: never) => void writes.push(() => map.set(keyOf(value), structuredClone(value))),
      });
      const stores = {
        items: storeOf(rows as Map<string, never>, (item: OutboxItem) => item.key),
        session: storeOf(session as Map<string, never>, (row: { id: string }) => row.id),
      };
      // The transaction's writes land together when it completes, as IndexedDB commits them.
      return {
        objectStore: (name: keyof typeof stores) => stores[name],
        get done() {
          return Promise.resolve().then(() => writes.splice(0).forEach((w) => w()));
        },
      };
    },
  }),
}));

const { loadOutbox, saveOutbox } = await import('../../src/web/outbox/actors');
const { loadItems } = await import('../../src/web/outbox/store');

const item = (key: string, at: number): OutboxItem => ({
  key,
  kind: 'quotation.request',
  quotationId: null,
  body: { skusDetail: [{ skuIdentifier: 'sku-1', quantity: at }] },
  items: [],
  at,
  refusal: null,
});

/** One open tab's outbox over the phone's storage. */
async function tab() {
  const actor = createActor(outboxMachine.provide({ actors: { load: loadOutbox, save: saveOutbox } })).start();
  await waitFor(actor, (s) => s.matches({ store: 'saved' }));
  return actor;
}

/** Two tabs open, both loaded before either queues; then each queues one write (the second never saw the first's). */
async function twoTabsEachQueueing() {
  const first = await tab();
  const second = await tab();
  first.send({ type: 'outbox.add', item: item('k-first', 1) });
  await waitFor(first, (s) => isKept(s, 'k-first'));
  second.send({ type: 'outbox.add', item: item('k-second', 2) });
  await waitFor(second, (s) => isKept(s, 'k-second'));
  return { first, second };
}

const keysOnPhone = async () => (await loadItems()).map((i) => i.key);

beforeEach(() => {
  rows.clear();
  session.clear();
  setToken('farmer-token');
});

describe('the outbox on the phone, with two tabs open', () => {
  it("keeps the first tab's waiting request when the second tab, which never saw it, saves its own", async () => {
    const { second } = await twoTabsEachQueueing();
    expect(await keysOnPhone()).toEqual(['k-first', 'k-second']);
    // The token is kept beside waiting writes, for the service worker to send them with no page open.
    expect(session.get('token')?.token).toBe('farmer-token');

    // A tab removes only what it held: the second cancels its own, the first one's stays.
    second.send({ type: 'outbox.cancel', key: 'k-second' });
    await waitFor(second, (s) => s.matches({ store: 'saved' }) && s.context.kept.length === 0);
    expect(await keysOnPhone()).toEqual(['k-first']);
  });

  it('clears everything on logout, what other tabs put there too', async () => {
    const { second } = await twoTabsEachQueueing();
    second.send({ type: 'outbox.empty' });
    await waitFor(second, (s) => s.matches({ store: 'saved' }) && !s.context.cleared);
    expect(await keysOnPhone()).toEqual([]);
    expect(session.size).toBe(0);
  });

  it('keeps no copy of the token once nothing waits', async () => {
    const actor = await tab();
    actor.send({ type: 'outbox.add', item: item('k-1', 1) });
    await waitFor(actor, (s) => isKept(s, 'k-1'));
    expect(session.has('token')).toBe(true);
    actor.send({ type: 'outbox.cancel', key: 'k-1' });
    await waitFor(actor, (s) => s.matches({ store: 'saved' }) && s.context.kept.length === 0);
    expect(session.has('token')).toBe(false);
  });

  it('does not take back what was kept when the farmer logs out while it is still loading', async () => {
    rows.set('k-old', item('k-old', 1));
    const actor = createActor(outboxMachine.provide({ actors: { load: loadOutbox, save: saveOutbox } })).start();
    actor.send({ type: 'outbox.empty' });
    await waitFor(actor, (s) => s.matches({ store: 'saved' }) && !s.context.cleared);
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(await keysOnPhone()).toEqual([]);
  });
});
