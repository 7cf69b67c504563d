/**
 * Where the outbox keeps its items on the phone: one IndexedDB store, keyed by the Idempotency-Key.
 * Loaded only when the outbox first reads or writes (outbox/actors.ts imports it lazily), so the
 * farmer's first load of the app carries none of it.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem, OutboxSave } from '../../../machines/outbox.machine';

interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { at: number } };
}

let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

const database = () =>
  (opened ??= openDB<OutboxDb>('krishi-outbox', 1, {
    upgrade(db) {
      db.createObjectStore('items', { keyPath: 'key' }).createIndex('at', 'at');
    },
  }));

/** Every waiting item, oldest first. */
export async function loadItems(): Promise<OutboxItem[]> {
  return (await database()).getAllFromIndex('items', 'at');
}

/**
 * The outbox as this tab now holds it, written in one transaction; resolves with the keys kept. Only
 * the keys this tab kept before and holds no more are removed (sent, cancelled): another open tab's
 * waiting writes stay. `clear` (after logout) removes everything first.
 */
export async function saveItems({ items, kept, clear }: OutboxSave): Promise<string[]> {
  const tx = (await database()).transaction('items', 'readwrite');
  if (clear) await tx.store.clear();
  for (const key of kept) if (!items.some((i) => i.key === key)) await tx.store.delete(key);
  for (const item of items) await tx.store.put(item);
  await tx.done;
  return items.map((i) => i.key);
}
