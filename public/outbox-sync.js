/*
 * The outbox's background sync, imported by the service worker: when the browser says the network is
 * back (the 'krishi-outbox' sync the app asks for when it queues a write), every open page of the app
 * is told to send its outbox (src/web/outbox/actors.ts, watchForNetwork). With no page open, the
 * outbox goes on the next app open.
 */
self.addEventListener('sync', (event) => {
  if (event.tag !== 'krishi-outbox') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => pages.forEach((page) => page.postMessage({ type: 'outbox.flush' }))),
  );
});
