import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { mayDeleteQuotation, quotationListMachine, type StatusResult } from '../../machines/quotation-list.machine';
import { POLL_MS } from '../../src/domain/constants';
import type { Quotation } from '../../src/domain/types';
import { quotation } from '../domain/shop-fixtures';
import { controlled, controlledVisibility, flush } from './shop-fakes';

const pending = quotation();
const received = quotation({ _id: 'q-2', quotationDisplayId: 'QT100002', status: 'COMPLETED' });

function start(cached: Quotation[] = []) {
  const fetchQuotations = controlled<Quotation[]>();
  const deleteQuotation = controlled<StatusResult, { id: string }>();
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
    fetchQuotations.last().deferred.resolve([pending, received]);
    await flush();
    expect(actor.getSnapshot().context.quotations).toEqual([pending, received]);
    expect(storeQuotations).toHaveBeenCalledWith([pending, received]);
  });

  it(`polls every ${POLL_MS} ms after each answer, failures included`, async () => {
    const { fetchQuotations } = start();
    fetchQuotations.last().deferred.resolve([]);
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(fetchQuotations.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchQuotations.calls).toHaveLength(2);
    fetchQuotations.last().deferred.reject(new Error('offline'));
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchQuotations.calls).toHaveLength(3);
  });

  it('stops polling when the screen closes (the actor stops)', async () => {
    const { actor, fetchQuotations, visibility } = start();
    fetchQuotations.last().deferred.resolve([]);
    await flush();
    actor.stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(fetchQuotations.calls).toHaveLength(1);
    expect(visibility.listening()).toBe(0);
  });

  it('pauses while the page is hidden, aborting a fetch in flight, and fetches at once when it shows again', async () => {
    const { actor, fetchQuotations, visibility } = start();
    visibility.hide();
    expect(fetchQuotations.last().aborted()).toBe(true);
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

  it('deletes on Yes and marks the quotation DELETED in place on 200', async () => {
    const { actor, deleteQuotation } = start([pending, received]);
    actor.send({ type: 'quotation.delete', id: 'q-1' });
    actor.send({ type: 'delete.confirm' });
    expect(deleteQuotation.last().input).toEqual({ id: 'q-1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    deleteQuotation.last().deferred.resolve({ status: 200 });
    await flush();
    expect(actor.getSnapshot().context.quotations.map((q) => q.status)).toEqual(['DELETED', 'COMPLETED']);
    expect(actor.getSnapshot().matches({ removal: 'idle' })).toBe(true);
  });

  it('leaves the quotation as it was when the delete is refused', async () => {
    const { actor, deleteQuotation } = start([pending]);
    actor.send({ type: 'quotation.delete', id: 'q-1' });
    actor.send({ type: 'delete.confirm' });
    deleteQuotation.last().deferred.resolve({ status: 409 });
    await flush();
    expect(actor.getSnapshot().context.quotations[0]?.status).toBe('PENDING');
    expect(actor.getSnapshot().context.confirming).toBeNull();
  });
});
