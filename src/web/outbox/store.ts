/**
 * Where the outbox keeps its items on the phone: one IndexedDB store, keyed by the Idempotency-Key.
 * Loaded only when the outbox first reads or writes (outbox/actors.ts imports it lazily), so the
 * farmer's first load of the app carries none of it.
 *
 * Beside the items, while any wait, the farmer's token (`session`): the service worker reads both
 * when a background sync wakes it with no page of the app open, and sends the items itself
 * (public/outbox-sync.js, which reads this database by these names).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem, OutboxSave } from '../../../machines/outbox.machine';
import { getToken } from '../api/client';

interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { at: number } };
  session: { key: string; value: { id: 'token'; token: string } };
}

let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

const database = () =>
  (opened ??= openDB<OutboxDb>('krishi-outbox', 2, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('items')) db.createObjectStore('items', { keyPath: 'key' }).createIndex('at', 'at');
      if (!db.objectStoreNames.contains('session')) db.createObjectStore('session', { keyPath: 'id' });
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
  const tx = (await database()).transaction(['items', 'session'], 'readwrite');
  const stored = tx.objectStore('items');
  const session = tx.objectStore('session');
  if (clear) await Promise.all([stored.clear(), session.clear()]);
  for (const key of kept) if (!items.some((i) => i.key === key)) await stored.delete(key);
  for (const item of items) await stored.put(item);
  // The token goes with waiting writes only: with none waiting here, no copy of the login is kept.
  const token = getToken();
  if (items.length > 0 && token !== null) await session.put({ id: 'token', token });
  else if (items.length === 0) await session.delete('token');
  await tx.done;
  return items.map((i) => i.key);
}
