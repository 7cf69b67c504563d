/**
 * The outbox chart's real effects. The IndexedDB store loads the first time the outbox reads or
 * writes (at app start, after the first screen), never with the first screen's script. A send
 * carries the item's Idempotency-Key, so an answer lost after the server wrote is no second write.
 */
import { fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { isKept, type OutboxItem, type OutboxSnapshot, type SendOutcome } from '../../../machines/outbox.machine';
import { NETWORK_FAILURE, type ApiFailure, type DataResponse } from '../../domain/api';
import type { Quotation } from '../../domain/types';
import { apiResult } from '../api/client';

const store = () => import('./store');

export const loadOutbox = fromPromise<OutboxItem[]>(async () => (await store()).loadItems());
export const saveOutbox = fromPromise<string[], OutboxItem[]>(async ({ input }) => (await store()).saveItems(input));

/** The request an outbox item stands for. */
const requestOf = (item: OutboxItem) =>
  item.kind === 'quotation.request'
    ? ({ method: 'POST', path: '/quotations' } as const)
    : item.kind === 'quotation.delete'
      ? ({ method: 'DELETE', path: `/quotations/${encodeURIComponent(item.quotationId!)}` } as const)
      : ({ method: 'POST', path: `/orders/${encodeURIComponent(item.quotationId!)}` } as const);

/** One write with its key; the network's failure (no answer at all) is told apart from the server's. */
export async function sendWithKey(item: Pick<OutboxItem, 'key' | 'kind' | 'quotationId' | 'body'>, signal?: AbortSignal) {
  const { method, path } = requestOf(item as OutboxItem);
  const body = item.body && typeof item.body === 'object' && Object.keys(item.body).length > 0 ? { body: item.body as Record<string, unknown> } : {};
  const result = await apiResult<DataResponse<Quotation | { quotationDetail?: Quotation }>>(method, path, {
    ...body,
    ...(signal ? { signal } : {}),
    headers: { 'Idempotency-Key': item.key },
  });
  return { result, offline: result === NETWORK_FAILURE };
}

const isFailure = (result: { status: number; data: unknown } | ApiFailure): result is ApiFailure => result.status >= 400;

export const sendOutboxItem = fromPromise<SendOutcome, OutboxItem>(async ({ input, signal }) => {
  const { result, offline } = await sendWithKey(input, signal);
  // No answer, the server busy or failing, or the session ended (the farmer logs in again): the write waits.
  if (offline || result.status >= 500 || result.status === 429 || result.status === 401) return { outcome: 'offline' };
  if (isFailure(result)) return { outcome: 'refused', reason: result.data.message };
  const data = (result.data as DataResponse<Quotation>).data;
  return { outcome: 'sent', quotation: input.kind === 'order.place' ? null : data };
});

/** `outbox.flush` when the network comes back, and when a background sync wakes the page. */
export const watchForNetwork = fromCallback(({ sendBack }) => {
  const flush = () => sendBack({ type: 'outbox.flush' });
  const fromWorker = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'outbox.flush') flush();
  };
  window.addEventListener('online', flush);
  navigator.serviceWorker?.addEventListener('message', fromWorker);
  return () => {
    window.removeEventListener('online', flush);
    navigator.serviceWorker?.removeEventListener('message', fromWorker);
  };
});

/** Asks the browser for a background sync when the network returns (where it has one). */
function askForSync(): void {
  void navigator.serviceWorker?.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register('krishi-outbox'))
    .catch(() => undefined);
}

/**
 * Puts a write into the outbox and resolves once it is on the phone's storage (true), or false when
 * the outbox refused it (full) or could not keep it: then the caller keeps what the farmer asked.
 */
export async function queueWrite(system: { get: (id: string) => AnyActorRef | undefined }, item: OutboxItem): Promise<boolean> {
  const outbox = system.get('outbox');
  if (!outbox) return false;
  outbox.send({ type: 'outbox.add', item });
  if (!(outbox.getSnapshot() as OutboxSnapshot).context.items.some((i) => i.key === item.key)) return false;
  try {
    await waitFor(outbox, (s: OutboxSnapshot) => isKept(s, item.key) || s.matches({ store: 'saved' }), { timeout: 10_000 });
  } catch {
    return false;
  }
  const kept = isKept(outbox.getSnapshot() as OutboxSnapshot, item.key);
  if (kept) askForSync();
  return kept;
}

/** The outbox's effects, as one object a test can replace (AppEffects.outbox). */
export const realOutboxActors = { load: loadOutbox, save: saveOutbox, send: sendOutboxItem, networkWatch: watchForNetwork };
export type OutboxActors = typeof realOutboxActors;
