/**
 * The outbox's storage on the phone, shared by every open tab of the app: one tab's save keeps what
 * another tab put there, and logging out clears it all. IndexedDB is replaced by an in-memory store
 * with the same transaction calls (`idb`'s), so the real load and save actors run over it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { isKept, outboxMachine, type OutboxItem } from '../../machines/outbox.machine';

const rows = new Map<string, OutboxItem>();

vi.mock('idb', () => ({
  openDB: async () => ({
    getAllFromIndex: async () => [...rows.values()].sort((a, b) => a.at - b.at),
    transaction: () => {
      const writes: (() => void)[] = [];
      const store = {
        clear: async () => void writes.push(() => rows.clear()),
        delete: async (key: string) => void writes.push(() => rows.delete(key)),
        put: async (item: OutboxItem) => void writes.push(() => rows.set(item.key, structuredClone(item))),
      };
      // The transaction's writes land together, as IndexedDB commits them.
      return { store, done: Promise.resolve().then(() => writes.forEach((w) => w())) };
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

const keysOnPhone = async () => (await loadItems()).map((i) => i.key);

beforeEach(() => rows.clear());

describe('the outbox on the phone, with two tabs open', () => {
  it("keeps the first tab's waiting request when the second tab, which never saw it, saves its own", async () => {
    const first = await tab();
    const second = await tab();
    first.send({ type: 'outbox.add', item: item('k-first', 1) });
    await waitFor(first, (s) => isKept(s, 'k-first'));
    second.send({ type: 'outbox.add', item: item('k-second', 2) });
    await waitFor(second, (s) => isKept(s, 'k-second'));
    expect(await keysOnPhone()).toEqual(['k-first', 'k-second']);

    // A tab removes only what it held: the second cancels its own, the first one's stays.
    second.send({ type: 'outbox.cancel', key: 'k-second' });
    await waitFor(second, (s) => s.matches({ store: 'saved' }) && s.context.kept.length === 0);
    expect(await keysOnPhone()).toEqual(['k-first']);
  });

  it('clears everything on logout, what other tabs put there too', async () => {
    const first = await tab();
    const second = await tab();
    first.send({ type: 'outbox.add', item: item('k-first', 1) });
    await waitFor(first, (s) => isKept(s, 'k-first'));
    second.send({ type: 'outbox.add', item: item('k-second', 2) });
    await waitFor(second, (s) => isKept(s, 'k-second'));
    second.send({ type: 'outbox.empty' });
    await waitFor(second, (s) => s.matches({ store: 'saved' }) && !s.context.cleared);
    expect(await keysOnPhone()).toEqual([]);
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
