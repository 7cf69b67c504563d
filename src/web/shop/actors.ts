/**
 * The shop's real effects (SPEC §7): API actors over the one ofetch client, and the page-visibility
 * source the polling screens pause on. Each passes `signal`, so leaving a state aborts its request.
 */
import { fromCallback, fromPromise, type AnyActorRef, type EventObject } from 'xstate';
import type { BargainOutput, FetchQuotationResult } from '../../../machines/quotation-detail.machine';
import type { DeclineReason } from '../../domain/quotation-status';
import type { PageVisibilityEvent, QuotationPageRequest } from '../../../machines/quotation-list.machine';
import { NETWORK_FAILURE, writeOutcome, type AppConfig, type CreateQuotationBody, type DataResponse, type PageResponse, type WriteResult } from '../../domain/api';
import type { CartItem, PlaceOrderBody, Quotation, Sku } from '../../domain/types';
import { api, apiResult, isApiFailure } from '../api/client';
import type { OutboxItem } from '../../../machines/outbox.machine';
import { cachedQuotation } from '../../../machines/quotation-store.machine';
import { cartItemOf } from '../../domain/cart';

type ActorSystem = { get: (id: string) => AnyActorRef | undefined };

export const fetchSkus = fromPromise<Sku[]>(async ({ signal }) => (await api<DataResponse<Sku[]>>('GET', '/skus', { signal })).data);

export const fetchConfig = fromPromise<AppConfig>(
  async ({ signal }) => (await api<DataResponse<AppConfig>>('GET', '/config', { signal })).data,
);

/**
 * A farmer's write, with the Idempotency-Key made at the tap. With no network at all it goes into the
 * outbox instead, and counts as done once the outbox has it on the phone (the cart may then let go);
 * an outbox that cannot take it leaves it refused, so nothing the farmer asked is dropped.
 */
async function writeOrQueue(
  system: ActorSystem,
  write: Pick<OutboxItem, 'kind' | 'quotationId' | 'body' | 'items'> & { method: 'POST' | 'DELETE'; path: string },
  taken: number,
  signal: AbortSignal,
): Promise<WriteResult> {
  const { method, path, ...asked } = write;
  const item: OutboxItem = { ...asked, key: crypto.randomUUID(), at: Date.now(), refusal: null };
  const body = item.body && typeof item.body === 'object' && Object.keys(item.body).length > 0 ? { body: item.body as Record<string, unknown> } : {};
  const result = await apiResult(method, path, { ...body, signal, headers: { 'Idempotency-Key': item.key } });
  if (result !== NETWORK_FAILURE) {
    const outcome = writeOutcome(result.status, taken);
    // Done at once: a refusal the outbox shows for an earlier try on this quotation is settled.
    if (outcome.outcome === 'done' && item.quotationId !== null) system.get('outbox')?.send({ type: 'outbox.settled', quotationId: item.quotationId });
    return outcome;
  }
  // The outbox's effects load only when a write first needs them.
  const { queueWrite } = await import('../outbox/actors');
  return (await queueWrite(system, item)) ? { outcome: 'done', queued: true } : { outcome: 'refused' };
}

/** The cart's items as the farmer chose them (names and units), for the outbox to show while the request waits. */
const cartItems = (system: ActorSystem): CartItem[] =>
  (system.get('cart')?.getSnapshot() as { context?: { items?: CartItem[] } } | undefined)?.context?.items ?? [];

/**
 * The products of the quotation a delete or an order is for, as the phone last had it: the outbox
 * shows them while the write waits, and asks for them again if the server refuses an order.
 */
const quotationItems = (system: ActorSystem, id: string): CartItem[] => {
  const stored = (system.get('quotations')?.getSnapshot() as { context?: { quotations?: Quotation[] } } | undefined)?.context?.quotations ?? [];
  return cachedQuotation(stored, id)?.skusDetail.map((line) => cartItemOf(line.skuIdentifier, line.quantity)) ?? [];
};

export const requestQuotation = fromPromise<WriteResult, CreateQuotationBody>(async ({ input, signal, system }) =>
  writeOrQueue(system, { method: 'POST', path: '/quotations', kind: 'quotation.request', quotationId: null, body: input, items: cartItems(system) }, 201, signal),
);

/**
 * One page of the farmer's quotations. The first page goes without a query string: that is the answer
 * the server keeps ready and tags (ETag, 304 while unchanged) for the 5-second poll.
 */
export const fetchQuotations = fromPromise<PageResponse<Quotation>, QuotationPageRequest>(async ({ input, signal }) =>
  api<PageResponse<Quotation>>('GET', input.cursor === null ? '/quotations' : `/quotations?cursor=${encodeURIComponent(input.cursor)}`, { signal }),
);

/** One quotation by its internal or display id; a 404 is an expected answer (null), not an error. */
export const fetchQuotation = fromPromise<FetchQuotationResult, { id: string }>(async ({ input, signal }) => {
  try {
    return (await api<DataResponse<Quotation>>('GET', `/quotations/${encodeURIComponent(input.id)}`, { signal })).data;
  } catch (error) {
    if (isApiFailure(error) && error.status === 404) return null;
    throw error;
  }
});

export const deleteQuotation = fromPromise<WriteResult, { id: string }>(async ({ input, signal, system }) =>
  writeOrQueue(system, { method: 'DELETE', path: `/quotations/${encodeURIComponent(input.id)}`, kind: 'quotation.delete', quotationId: input.id, body: null, items: quotationItems(system, input.id) }, 200, signal),
);

/** Place an order, with where and when when the farmer gave them (no body: the profile's place, any day). */
export const placeOrder = fromPromise<WriteResult, { id: string; body?: PlaceOrderBody }>(async ({ input, signal, system }) =>
  writeOrQueue(system, { method: 'POST', path: `/orders/${encodeURIComponent(input.id)}`, kind: 'order.place', quotationId: input.id, body: input.body ?? {}, items: quotationItems(system, input.id) }, 201, signal),
);

/** The answer of a bargaining move: the quotation as the server now has it; a 409 (expired or changed meanwhile) is null. */
async function bargainAnswer(path: string, body: object, signal: AbortSignal): Promise<BargainOutput> {
  try {
    return (await api<DataResponse<Quotation>>('POST', path, { body, signal })).data;
  } catch (error) {
    if (isApiFailure(error) && error.status === 409) return null;
    throw error;
  }
}

export const declineQuotation = fromPromise<BargainOutput, { id: string; reason: DeclineReason; note?: string }>(async ({ input, signal }) => {
  const { id, ...body } = input;
  return bargainAnswer(`/quotations/${encodeURIComponent(id)}/decline`, body, signal);
});

export const counterQuotation = fromPromise<BargainOutput, { id: string; totalPaisa?: number; note?: string }>(async ({ input, signal }) => {
  const { id, ...body } = input;
  return bargainAnswer(`/quotations/${encodeURIComponent(id)}/counter`, body, signal);
});

/** Sends page.hidden / page.visible as `document.visibilityState` changes (and once at start). */
export const pageVisibility = fromCallback<PageVisibilityEvent>(({ sendBack }) => {
  const report = () => sendBack({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
  if (document.visibilityState === 'hidden') report();
  document.addEventListener('visibilitychange', report);
  return () => document.removeEventListener('visibilitychange', report);
});

/** The per-screen actors, as one object a test can replace (see ShopActorsProvider). */
export const realScreenActors = {
  fetchQuotations,
  fetchQuotation,
  deleteQuotation,
  placeOrder,
  declineQuotation,
  counterQuotation,
  visibility: pageVisibility,
};
export type ScreenActors = typeof realScreenActors;

/** The actors of the app-level shop children (cart, catalogue). */
export const realAppShopActors = { fetchSkus, fetchConfig, requestQuotation };
export type AppShopActors = typeof realAppShopActors;

/**
 * Sends `event` to its parent when the session's user goes from logged in to logged out, so the
 * cart and the cached quotations of one farmer never show to the next on a shared phone. With
 * `atStart`, also at once when nobody is logged in as it starts: the outbox starts after the session,
 * which may have ended (the token refused) before the outbox's code arrived, and what it kept on the
 * phone is then no one's to send.
 */
export const whenLoggedOut = (event: EventObject, { atStart = false }: { atStart?: boolean } = {}) =>
  fromCallback(({ system, sendBack }) => {
    const session = system.get('session') as AnyActorRef | undefined;
    if (!session) return undefined;
    const loggedIn = (snapshot: unknown) => Boolean((snapshot as { context?: { user?: { isLoggedIn?: boolean } } }).context?.user?.isLoggedIn);
    let was = loggedIn(session.getSnapshot());
    if (atStart && !was) sendBack(event);
    const subscription = session.subscribe((snapshot) => {
      const now = loggedIn(snapshot);
      if (was && !now) sendBack(event);
      was = now;
    });
    return () => subscription.unsubscribe();
  });
