/**
 * The outbox chart's real effects. The IndexedDB store loads the first time the outbox reads or
 * writes (at app start, after the first screen), never with the first screen's script. A send
 * carries the item's Idempotency-Key, so an answer lost after the server wrote is no second write.
 */
import { fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { isKept, type OutboxItem, type OutboxRefusal, type OutboxSave, type OutboxSnapshot, type SendOutcome } from '../../../machines/outbox.machine';
import { NETWORK_FAILURE, type ApiFailure, type DataResponse } from '../../domain/api';
import type { Quotation } from '../../domain/types';
import { apiResult } from '../api/client';

const store = () => import('./store');

export const loadOutbox = fromPromise<OutboxItem[]>(async () => (await store()).loadItems());
export const saveOutbox = fromPromise<string[], OutboxSave>(async ({ input }) => (await store()).saveItems(input));

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

/**
 * Why the server refused a write, in the terms the farmer is told. The lifecycle's 409 names the
 * quotation's status then ("…from a EXPIRED quotation"): an order on one already ordered is told
 * apart from one whose price ran out.
 */
export function refusalOf(item: Pick<OutboxItem, 'kind'>, failure: ApiFailure): OutboxRefusal {
  const { code, message } = failure.data;
  if (item.kind === 'quotation.delete') return failure.status === 409 ? 'changed' : 'other';
  if (item.kind !== 'order.place') return 'other';
  if (code === 'DATE_OUT_OF_RANGE') return 'date';
  if (/already has an order|ORDERED/.test(message)) return 'ordered';
  if (/EXPIRED|DECLINED|DELETED/.test(message)) return 'expired';
  return 'other';
}

/** A delete of a quotation already deleted (from another phone, or an answer lost) is what the farmer asked. */
const alreadyDeleted = (item: OutboxItem, failure: ApiFailure) => item.kind === 'quotation.delete' && failure.status === 409 && /A DELETED quotation/.test(failure.data.message);

export const sendOutboxItem = fromPromise<SendOutcome, OutboxItem>(async ({ input, signal }) => {
  const { result, offline } = await sendWithKey(input, signal);
  // No answer, the server busy or failing, or the session ended (the farmer logs in again): the write waits.
  if (offline || result.status >= 500 || result.status === 429 || result.status === 401) return { outcome: 'offline' };
  // The same write is being done by another try with its key (the page reloaded mid-send, a second
  // tab): it waits and asks again, and then gets that try's answer.
  if (isFailure(result) && result.data.code === 'IN_PROGRESS') return { outcome: 'offline' };
  if (isFailure(result) && alreadyDeleted(input, result)) return { outcome: 'sent', quotation: null };
  if (isFailure(result)) return { outcome: 'refused', reason: refusalOf(input, result) };
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

/** How long a write made in the app's first moments waits for the outbox to start (its code loads after the first screen). */
export const OUTBOX_START_WAIT_MS = 5_000;

/** The running outbox; a tap in the app's first moments waits for it to start rather than being refused. */
async function outboxOf(system: { get: (id: string) => AnyActorRef | undefined }): Promise<AnyActorRef | undefined> {
  for (const until = Date.now() + OUTBOX_START_WAIT_MS; ; ) {
    const outbox = system.get('outbox');
    if (outbox || Date.now() >= until) return outbox;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Puts a write into the outbox and resolves once it is on the phone's storage (true), or false when
 * the outbox refused it (full) or could not keep it: then the caller keeps what the farmer asked.
 */
export async function queueWrite(system: { get: (id: string) => AnyActorRef | undefined }, item: OutboxItem): Promise<boolean> {
  const outbox = await outboxOf(system);
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
