import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Page } from '../../machines/admin-list';
import { outboxMachine, type OutboxItem } from '../../machines/outbox.machine';
import {
  emptyListNote,
  hasMoreQuotations,
  mayDeleteQuotation,
  offersDeleteOf,
  quotationCount,
  quotationListMachine,
  refreshFirstPage,
  type QuotationPageRequest,
} from '../../machines/quotation-list.machine';
import type { WriteResult } from '../../src/domain/api';
import { POLL_MS } from '../../src/domain/constants';
import type { Quotation } from '../../src/domain/types';
import { quotation } from '../support/shop-fixtures';
import { controlled } from '../support/machines/controlled';
import { controlledVisibility } from '../support/machines/shop-fakes';

const pending = quotation();
const received = quotation({ _id: 'q-2', quotationDisplayId: 'QT100002', status: 'COMPLETED' });
/** Quotation number n of a farmer's many (QT1xxxxx), pending. */
const nth = (n: number) => quotation({ _id: `q-${n}`, quotationDisplayId: `QT${100_000 + n}` });
const page = (data: Quotation[], nextCursor: string | null = null, total = data.length): Page<Quotation> => ({ data, nextCursor, total });
const ids = (rows: readonly Quotation[]) => rows.map((q) => q._id);

function start(cached: Quotation[] = []) {
  const fetchQuotations = controlled<Page<Quotation>, QuotationPageRequest>();
  const deleteQuotation = controlled<WriteResult, { id: string }>();
  const visibility = controlledVisibility();
  const storeQuotations = vi.fn();
  const actor = createActor(
    quotationListMachine.provide({
      actors: { fetchQuotations: fetchQuotations.logic, deleteQuotation: deleteQuotation.logic, visibility: visibility.logic },
      actions: { storeQuotations: (_, params) => storeQuotations(params.quotations) },
    }),
    { input: { quotations: cached } },
  ).start();
  return { actor, fetchQuotations, deleteQuotation, visibility, storeQuotations };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('quotation list machine', () => {
  it('shows the cached list at once and fetches the fresh one, storing it', async () => {
    const { actor, fetchQuotations, storeQuotations } = start([pending]);
    expect(actor.getSnapshot().context.quotations).toEqual([pending]);
    expect(fetchQuotations.calls).toHaveLength(1);
    await fetchQuotations.last().resolve(page([pending, received]));
    expect(actor.getSnapshot().context.quotations).toEqual([pending, received]);
    expect(storeQuotations).toHaveBeenCalledWith([pending, received]);
  });

  it(`polls every ${POLL_MS} ms after each answer, failures included`, async () => {
    const { fetchQuotations } = start();
    await fetchQuotations.last().resolve(page([]));
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(fetchQuotations.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchQuotations.calls).toHaveLength(2);
    await fetchQuotations.last().reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchQuotations.calls).toHaveLength(3);
  });

  it('stops polling when the screen closes (the actor stops)', async () => {
    const { actor, fetchQuotations, visibility } = start();
    await fetchQuotations.last().resolve(page([]));
    actor.stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(fetchQuotations.calls).toHaveLength(1);
    expect(visibility.listening()).toBe(0);
  });

  it('pauses while the page is hidden, aborting a fetch in flight, and fetches at once when it shows again', async () => {
    const { actor, fetchQuotations, visibility } = start();
    visibility.hide();
    expect(fetchQuotations.last().signal.aborted).toBe(true);
    expect(actor.getSnapshot().matches({ poll: 'paused' })).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(fetchQuotations.calls).toHaveLength(1);
    visibility.show();
    expect(fetchQuotations.calls).toHaveLength(2);
  });

  it('offers delete only for PENDING quotations with items', () => {
    expect(mayDeleteQuotation(pending)).toBe(true);
    expect(mayDeleteQuotation(received)).toBe(false);
    expect(mayDeleteQuotation(quotation({ skusDetail: [] }))).toBe(false);
    const { actor } = start([pending, received]);
    expect(actor.getSnapshot().can({ type: 'quotation.delete', id: 'q-2' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'quotation.delete', id: 'missing' })).toBe(false);
  });

  it('asks to confirm, and No leaves the quotation alone', () => {
    const { actor, deleteQuotation } = start([pending]);
    actor.send({ type: 'quotation.delete', id: 'q-1' });
    expect(actor.getSnapshot().context.confirming?.quotationDisplayId).toBe('QT100001');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().context.confirming).toBeNull();
    expect(deleteQuotation.calls).toHaveLength(0);
  });

  it('deletes on Yes and marks the quotation DELETED in place once the server took it', async () => {
    const { actor, deleteQuotation } = start([pending, received]);
    actor.send({ type: 'quotation.delete', id: 'q-1' });
    actor.send({ type: 'delete.confirm' });
    expect(deleteQuotation.last().input).toEqual({ id: 'q-1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await deleteQuotation.last().resolve({ outcome: 'done' });
    expect(actor.getSnapshot().context.quotations.map((q) => q.status)).toEqual(['DELETED', 'COMPLETED']);
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
  });

  it('leaves the quotation as it was when the delete is refused', async () => {
    const { actor, deleteQuotation } = start([pending]);
    actor.send({ type: 'quotation.delete', id: 'q-1' });
    actor.send({ type: 'delete.confirm' });
    await deleteQuotation.last().resolve({ outcome: 'refused' });
    expect(actor.getSnapshot().context.quotations[0]?.status).toBe('PENDING');
    expect(actor.getSnapshot().context.confirming).toBeNull();
  });

  it('asks for the first page without a cursor, and counts the total the server gives', async () => {
    const { actor, fetchQuotations } = start([pending]);
    expect(fetchQuotations.last().input).toEqual({ cursor: null });
    // Before any answer the rows restored are all it knows.
    expect(quotationCount(actor.getSnapshot())).toBe(1);
    await fetchQuotations.last().resolve(page([nth(1), nth(2)], 'c2', 120));
    expect(quotationCount(actor.getSnapshot())).toBe(120);
    expect(hasMoreQuotations(actor.getSnapshot())).toBe(true);
  });

  it('loads the next page through the cursor on list.more, appending without listing a row twice', async () => {
    const { actor, fetchQuotations } = start();
    await fetchQuotations.last().resolve(page([nth(3), nth(2)], 'after-2', 4));
    actor.send({ type: 'list.more' });
    expect(fetchQuotations.last().input).toEqual({ cursor: 'after-2' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    // A second request while one is running is not sent.
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(false);
    // q-2 comes again (it moved while the farmer scrolled): listed once.
    await fetchQuotations.last().resolve(page([nth(2), nth(1), nth(0)], null, 4));
    expect(ids(actor.getSnapshot().context.quotations)).toEqual(['q-3', 'q-2', 'q-1', 'q-0']);
    expect(hasMoreQuotations(actor.getSnapshot())).toBe(false);
    // The last page: nothing more to ask for.
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(false);
  });

  it('keeps the further pages and their cursor when the poll brings a fresh first page', async () => {
    const { actor, fetchQuotations, storeQuotations } = start();
    await fetchQuotations.last().resolve(page([nth(5), nth(4)], 'after-4', 5));
    actor.send({ type: 'list.more' });
    await fetchQuotations.last().resolve(page([nth(3), nth(2)], 'after-2', 5));
    // A new quotation q-6 arrived, and q-5 was priced.
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchQuotations.last().input).toEqual({ cursor: null });
    await fetchQuotations.last().resolve(page([nth(6), { ...nth(5), status: 'COMPLETED' }], 'after-5', 6));
    const { context } = actor.getSnapshot();
    expect(ids(context.quotations)).toEqual(['q-6', 'q-5', 'q-4', 'q-3', 'q-2']);
    expect(context.quotations[1]?.status).toBe('COMPLETED');
    expect(context.nextCursor).toBe('after-2');
    expect(context.total).toBe(6);
    // The persisted slice holds the first page only.
    expect(ids(storeQuotations.mock.calls.at(-1)![0] as Quotation[])).toEqual(['q-6', 'q-5']);
  });

  it('takes the fresh first page whole while no further page is listed', () => {
    const listed = { rows: [nth(2), nth(1)], nextCursor: 'after-1', total: 3 };
    expect(refreshFirstPage(listed, page([nth(3), nth(2)], 'after-2', 4))).toEqual({ rows: [nth(3), nth(2), nth(1)], nextCursor: 'after-1', total: 4 });
    expect(refreshFirstPage(listed, page([nth(2), nth(1)], 'after-1b', 3))).toEqual({ rows: [nth(2), nth(1)], nextCursor: 'after-1b', total: 3 });
  });

  it('leads on through the fresh page\'s cursor when the rows restored from the phone do not match it', async () => {
    // The phone kept the last first page (q-60 … q-11); the farmer then made q-61, so the server's
    // first page is q-61 … q-12, with 61 in all.
    const all = Array.from({ length: 61 }, (_, i) => nth(61 - i));
    const { actor, fetchQuotations } = start(all.slice(1, 51));
    await fetchQuotations.last().resolve(page(all.slice(0, 50), 'after-12', 61));
    expect(ids(actor.getSnapshot().context.quotations)).toEqual(ids(all.slice(0, 50)));
    expect(quotationCount(actor.getSnapshot())).toBe(61);
    expect(hasMoreQuotations(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'list.more' });
    expect(fetchQuotations.last().input).toEqual({ cursor: 'after-12' });
    await fetchQuotations.last().resolve(page(all.slice(50), null, 61));
    expect(ids(actor.getSnapshot().context.quotations)).toEqual(ids(all));
    expect(hasMoreQuotations(actor.getSnapshot())).toBe(false);
  });

  it('lets the farmer try a failed page again', async () => {
    const { actor, fetchQuotations } = start();
    await fetchQuotations.last().resolve(page([nth(2)], 'after-2', 2));
    actor.send({ type: 'list.more' });
    await fetchQuotations.last().reject(new Error('offline'));
    expect(actor.getSnapshot().hasTag('moreFailed')).toBe(true);
    actor.send({ type: 'list.more' });
    expect(fetchQuotations.last().input).toEqual({ cursor: 'after-2' });
    await fetchQuotations.last().resolve(page([nth(1)], null, 2));
    expect(ids(actor.getSnapshot().context.quotations)).toEqual(['q-2', 'q-1']);
  });

  it('offers a delete icon through the chart: not while the dialog is open, never on a priced one, not while a delete for it waits in the outbox', () => {
    const { actor } = start([pending, received]);
    expect(offersDeleteOf(actor.getSnapshot(), undefined, 'q-1')).toBe(true);
    expect(offersDeleteOf(actor.getSnapshot(), undefined, 'q-2')).toBe(false);
    const outbox = createActor(outboxMachine).start();
    outbox.send({ type: 'outbox.add', item: { key: 'k-1', kind: 'quotation.delete', quotationId: 'q-1', body: null, items: [], at: 1, refusal: null } });
    expect(offersDeleteOf(actor.getSnapshot(), outbox.getSnapshot(), 'q-1')).toBe(false);
    outbox.stop();
    actor.send({ type: 'quotation.delete', id: 'q-1' });
    expect(offersDeleteOf(actor.getSnapshot(), undefined, 'q-1')).toBe(false);
  });

  it('shows a write the outbox sent at once: a new quotation heads the list, a deleted one takes its row, an order reads the first page now', async () => {
    const { actor, fetchQuotations } = start();
    await fetchQuotations.last().resolve(page([pending, received]));
    actor.send({ type: 'quotation.arrived', quotation: nth(3) });
    expect(ids(actor.getSnapshot().context.quotations)).toEqual(['q-3', 'q-1', 'q-2']);
    expect(quotationCount(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'quotation.arrived', quotation: { ...pending, status: 'DELETED' } });
    expect(actor.getSnapshot().context.quotations.map((q) => q.status)).toEqual(['PENDING', 'DELETED', 'COMPLETED']);
    expect(quotationCount(actor.getSnapshot())).toBe(3);
    const asked = fetchQuotations.calls.length;
    actor.send({ type: 'list.refresh' });
    expect(fetchQuotations.calls).toHaveLength(asked + 1);
  });

  it('leaves the card as the server has it when the delete waits in the outbox', async () => {
    const { actor, deleteQuotation } = start([pending]);
    actor.send({ type: 'quotation.delete', id: 'q-1' });
    actor.send({ type: 'delete.confirm' });
    await deleteQuotation.last().resolve({ outcome: 'done', queued: true });
    expect(actor.getSnapshot().context.quotations[0]?.status).toBe('PENDING');
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.confirming).toBeNull();
  });

  it('says "No quotations yet" only when there are none and none waits in the outbox', async () => {
    const { actor, fetchQuotations } = start();
    const queued: OutboxItem = { key: 'k-1', kind: 'quotation.request', quotationId: null, body: {}, items: [], at: 1, refusal: null };
    const outbox = createActor(outboxMachine).start();
    expect(emptyListNote(actor.getSnapshot(), undefined)).toBe('loading');
    await fetchQuotations.last().resolve(page([]));
    expect(emptyListNote(actor.getSnapshot(), undefined)).toBe('empty');
    expect(emptyListNote(actor.getSnapshot(), outbox.getSnapshot())).toBe('empty');
    outbox.send({ type: 'outbox.add', item: queued });
    expect(emptyListNote(actor.getSnapshot(), outbox.getSnapshot())).toBeNull();
    expect(emptyListNote(start([pending]).actor.getSnapshot(), undefined)).toBeNull();
    outbox.stop();
  });

  it('starts with no rows when nothing was cached', () => {
    const actor = createActor(quotationListMachine, { input: undefined }).start();
    expect(actor.getSnapshot().context).toEqual({ quotations: [], nextCursor: null, total: null, confirming: null });
    actor.stop();
  });

  it('is loading while the first page is fetched, not while it waits for the next poll', async () => {
    const { actor, fetchQuotations } = start([pending]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await fetchQuotations.last().resolve(page([pending]));
    expect(actor.getSnapshot().matches({ poll: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
  });

  it('deletes nothing when the poll priced the quotation while the dialog was open', async () => {
    const { actor, fetchQuotations, deleteQuotation } = start([pending]);
    actor.send({ type: 'quotation.delete', id: 'q-1' });
    await fetchQuotations.last().resolve(page([{ ...pending, status: 'COMPLETED' }]));
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.confirming).toBeNull();
    expect(deleteQuotation.calls).toHaveLength(0);
  });

  it('leaves the quotation as it was, the dialog closed, when the delete does not reach the server', async () => {
    const { actor, deleteQuotation } = start([pending]);
    actor.send({ type: 'quotation.delete', id: 'q-1' });
    actor.send({ type: 'delete.confirm' });
    await deleteQuotation.last().reject(new Error('offline'));
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.confirming).toBeNull();
    expect(actor.getSnapshot().context.quotations[0]?.status).toBe('PENDING');
  });

  it('keeps the cached rows and polls on when no fetch effect was supplied', async () => {
    const actor = createActor(quotationListMachine, { input: { quotations: [pending] } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ poll: 'waiting' }));
    expect(actor.getSnapshot().matches({ poll: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.quotations).toEqual([pending]);
    actor.stop();
  });
});
