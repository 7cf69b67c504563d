/*
 * The outbox's background sync, imported by the service worker. When the browser says the network is
 * back (the 'krishi-outbox' sync the app asks for when it queues a write):
 *   - with a page of the app open, every open page is told to send its outbox (src/web/outbox/actors.ts,
 *     watchForNetwork), which judges each answer on screen;
 *   - with none open, the worker sends the waiting writes itself, oldest first, each with its
 *     Idempotency-Key and the token kept beside them (src/web/outbox/store.ts names this database),
 *     so the farmer who closed the app in the field has the request made when the signal returns.
 *     A write the server took leaves the outbox; one it refused stays for the app, which sends it
 *     again when it opens and shows why; no answer, a busy server or a write still in progress makes
 *     the browser try the sync again later. The key makes any send after a lost answer one write.
 */
const OUTBOX_DB = 'krishi-outbox';

const asPromise = (request) =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** The outbox's database as the app made it, or null when it has none yet (never created here). */
function openOutbox() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(OUTBOX_DB);
    let created = false;
    open.onupgradeneeded = () => {
      created = true;
      open.transaction.abort();
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => (created ? resolve(null) : reject(open.error));
  });
}

/** The request an outbox item stands for (as sendWithKey in src/web/outbox/actors.ts). */
function requestOf(item, token) {
  const id = encodeURIComponent(item.quotationId || '');
  const [method, path] =
    item.kind === 'quotation.request' ? ['POST', '/api/quotations'] : item.kind === 'quotation.delete' ? ['DELETE', `/api/quotations/${id}`] : ['POST', `/api/orders/${id}`];
  const hasBody = item.body && typeof item.body === 'object' && Object.keys(item.body).length > 0;
  const headers = { 'Idempotency-Key': item.key, Authorization: `Bearer ${token}` };
  if (hasBody) headers['Content-Type'] = 'application/json';
  return new Request(path, { method, headers, body: hasBody ? JSON.stringify(item.body) : undefined });
}

async function sendKept() {
  const db = await openOutbox();
  if (!db) return;
  try {
    if (!db.objectStoreNames.contains('items') || !db.objectStoreNames.contains('session')) return;
    const read = db.transaction(['items', 'session']);
    const [items, session] = await Promise.all([asPromise(read.objectStore('items').index('at').getAll()), asPromise(read.objectStore('session').get('token'))]);
    if (!session || !session.token) return;
    for (const item of items) {
      if (item.refusal !== null) continue;
      // No answer at all rejects here: the browser tries the sync again later.
      const response = await fetch(requestOf(item, session.token));
      if (response.ok) {
        const done = db.transaction('items', 'readwrite');
        done.objectStore('items').delete(item.key);
        await new Promise((resolve, reject) => ((done.oncomplete = resolve), (done.onerror = () => reject(done.error))));
        continue;
      }
      // The login ended: the app sends it once the farmer logs in again.
      if (response.status === 401) return;
      const answer = await response.json().catch(() => ({}));
      if (response.status >= 500 || response.status === 429 || answer.code === 'IN_PROGRESS') throw new Error(`outbox: try again later (${response.status})`);
      // Refused: left for the app to send and show.
    }
  } finally {
    db.close();
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag !== 'krishi-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      if (pages.length === 0) return sendKept();
      pages.forEach((page) => page.postMessage({ type: 'outbox.flush' }));
      return undefined;
    }),
  );
});
