import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup, waitFor } from 'xstate';
import { cartItemOf } from '../../src/domain/cart';
import { counterTotalPaisa, detailTotal, offeredAction, offeredActionWith, quotationAction, quotationDetailMachine, type FetchQuotationResult } from '../../machines/quotation-detail.machine';
import { NO_ORDER_DRAFT } from '../../machines/order-place-draft';
import { priceDetails } from '../../src/domain/money';
import { outboxMachine, type OutboxItem } from '../../machines/outbox.machine';
import type { WriteResult } from '../../src/domain/api';
import { POLL_MS } from '../../src/domain/constants';
import type { PlaceOrderBody, Quotation } from '../../src/domain/types';
import { line, pendingQ, quotation, receivedQ, shell } from '../support/shop-fixtures';
import { controlled } from '../support/machines/controlled';
import { controlledVisibility } from '../support/machines/shop-fakes';

function start(cached: Quotation | null = null, storeQuotation = vi.fn()) {
  const fetchQuotation = controlled<FetchQuotationResult, { id: string }>();
  const deleteQuotation = controlled<WriteResult, { id: string }>();
  const placeOrder = controlled<WriteResult, { id: string; body?: PlaceOrderBody }>();
  const visibility = controlledVisibility();
  const navigate = vi.fn();
  const actor = createActor(
    quotationDetailMachine.provide({
      actors: { fetchQuotation: fetchQuotation.logic, deleteQuotation: deleteQuotation.logic, placeOrder: placeOrder.logic, visibility: visibility.logic },
      actions: { navigate: (_, params) => navigate(params.to), storeQuotation: (_, params) => storeQuotation(params.quotation) },
    }),
    { input: { quotationId: 'QT100001', cached } },
  ).start();
  return { actor, fetchQuotation, deleteQuotation, placeOrder, visibility, navigate };
}

async function loaded(q: Quotation) {
  const started = start();
  await started.fetchQuotation.last().resolve(q);
  return started;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('quotation detail machine', () => {
  it('offers the action each status allows: delete, place order, track, or none', () => {
    expect(quotationAction('PENDING')).toBe('delete');
    expect(quotationAction('COMPLETED')).toBe('placeOrder');
    expect(quotationAction('ORDERED')).toBe('track');
    expect(quotationAction('DELETED')).toBeNull();
    expect(quotationAction('EXPIRED')).toBeNull();
  });

  it('fetches the quotation by the id in the link and polls it', async () => {
    const { actor, fetchQuotation } = start();
    expect(fetchQuotation.last().input).toEqual({ id: 'QT100001' });
    await fetchQuotation.last().resolve(quotation());
    expect(actor.getSnapshot().context.quotation?.status).toBe('PENDING');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchQuotation.calls).toHaveLength(2);
  });

  it('says the quotation is missing when the server has none', async () => {
    const { actor, fetchQuotation } = start();
    await fetchQuotation.last().resolve(null);
    expect(actor.getSnapshot().context.missing).toBe(true);
  });

  it('pauses polling while the page is hidden', async () => {
    const { fetchQuotation, visibility } = await loaded(quotation());
    visibility.hide();
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetchQuotation.calls).toHaveLength(1);
    visibility.show();
    expect(fetchQuotation.calls).toHaveLength(2);
  });

  it('deletes a PENDING quotation after Yes and goes to /request once the server took it', async () => {
    const { actor, deleteQuotation, navigate } = await loaded(quotation());
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(false);
    actor.send({ type: 'quotation.delete' });
    expect(actor.getSnapshot().matches({ active: { action: 'confirmingDelete' } })).toBe(true);
    actor.send({ type: 'delete.confirm' });
    expect(deleteQuotation.last().input).toEqual({ id: 'q-1' });
    await deleteQuotation.last().resolve({ outcome: 'done' });
    expect(navigate).toHaveBeenCalledWith('/request');
  });

  it('stops polling once a successful order or delete is taking the farmer away', async () => {
    const { actor, fetchQuotation, placeOrder } = await loaded(quotation({ status: 'COMPLETED' }));
    actor.send({ type: 'order.place' });
    actor.send({ type: 'order.confirm' });
    await placeOrder.last().resolve({ outcome: 'done' });
    expect(actor.getSnapshot().status).toBe('done');
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetchQuotation.calls).toHaveLength(1);
  });

  it('brings the Delete button back when the delete fails', async () => {
    const { actor, deleteQuotation, navigate } = await loaded(quotation());
    actor.send({ type: 'quotation.delete' });
    actor.send({ type: 'delete.confirm' });
    await deleteQuotation.last().resolve({ outcome: 'refused' });
    expect(navigate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().can({ type: 'quotation.delete' })).toBe(true);
  });

  it('places an order from a COMPLETED quotation and goes to /request once the server took it', async () => {
    const { actor, placeOrder, navigate } = await loaded(quotation({ status: 'COMPLETED' }));
    expect(actor.getSnapshot().can({ type: 'quotation.delete' })).toBe(false);
    actor.send({ type: 'order.place' });
    // The sheet of where and when first: nothing is sent until the farmer confirms.
    expect(actor.getSnapshot().matches({ active: { action: 'composingOrder' } })).toBe(true);
    expect(placeOrder.calls).toHaveLength(0);
    actor.send({ type: 'order.confirm' });
    // The profile's place, any day: the spec's empty body.
    expect(placeOrder.last().input).toEqual({ id: 'q-1', body: {} });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(false);
    await placeOrder.last().resolve({ outcome: 'done' });
    expect(navigate).toHaveBeenCalledWith('/request');
  });

  it('keeps the Place Order sheet as filled in when the order fails, and Place Order once it is closed', async () => {
    const { actor, placeOrder, navigate } = await loaded(quotation({ status: 'COMPLETED' }));
    actor.send({ type: 'order.place' });
    actor.send({ type: 'order.date', date: '2026-12-01' });
    actor.send({ type: 'order.confirm' });
    await placeOrder.last().reject({ status: 500, data: { message: 'x' } });
    expect(navigate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ active: { action: 'composingOrder' } })).toBe(true);
    expect(actor.getSnapshot().context.order.preferredDate).toBe('2026-12-01');
    actor.send({ type: 'order.cancel' });
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(true);
  });

  it('sends another place and the preferred date the farmer gives, and holds Confirm while the place cannot go', async () => {
    const { actor, placeOrder } = await loaded(quotation({ status: 'COMPLETED' }));
    actor.send({ type: 'order.place' });
    actor.send({ type: 'order.placeKind', place: 'other' });
    // Another place needs its line; a PIN code is six digits.
    expect(actor.getSnapshot().can({ type: 'order.confirm' })).toBe(false);
    actor.send({ type: 'order.address', field: 'line', value: '  Behind the dairy  ' });
    actor.send({ type: 'order.address', field: 'pinCode', value: '36005' });
    expect(actor.getSnapshot().can({ type: 'order.confirm' })).toBe(false);
    actor.send({ type: 'order.address', field: 'pinCode', value: '360050' });
    actor.send({ type: 'order.address', field: 'village', value: 'Jasdan' });
    actor.send({ type: 'order.date', date: '2026-12-01' });
    actor.send({ type: 'order.confirm' });
    expect(placeOrder.last().input).toEqual({
      id: 'q-1',
      body: { deliveryAddress: { line: 'Behind the dairy', village: 'Jasdan', pinCode: '360050' }, preferredDate: '2026-12-01' },
    });
  });

  it('opens the Place Order sheet afresh each time, and back to the profile\'s place sends no address', async () => {
    const { actor, placeOrder } = await loaded(quotation({ status: 'COMPLETED' }));
    actor.send({ type: 'order.place' });
    actor.send({ type: 'order.placeKind', place: 'other' });
    actor.send({ type: 'order.address', field: 'line', value: 'Plot 12' });
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.place' });
    expect(actor.getSnapshot().context.order.place).toBe('profile');
    actor.send({ type: 'order.placeKind', place: 'other' });
    actor.send({ type: 'order.address', field: 'line', value: 'Plot 12' });
    actor.send({ type: 'order.placeKind', place: 'profile' });
    actor.send({ type: 'order.confirm' });
    expect(placeOrder.last().input).toEqual({ id: 'q-1', body: {} });
  });

  it('closes the Place Order sheet when the poll brings a quotation that can no longer be ordered', async () => {
    const { actor, fetchQuotation } = await loaded(quotation({ status: 'COMPLETED' }));
    actor.send({ type: 'order.place' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().resolve(quotation({ status: 'EXPIRED' }));
    expect(actor.getSnapshot().matches({ active: { action: 'idle' } })).toBe(true);
  });

  it('orders again: the items still in the catalogue go to the cart as Add to Cart adds them, then to /cart', async () => {
    const cartEvents: unknown[] = [];
    const navigate = vi.fn();
    const fetchQuotation = controlled<FetchQuotationResult, { id: string }>();
    const parent = createActor(
      setup({ actors: { cart: fromCallback(({ receive }) => receive((event) => cartEvents.push(event))), detail: quotationDetailMachine.provide({
        actors: { fetchQuotation: fetchQuotation.logic, visibility: controlledVisibility().logic },
        actions: { navigate: (_, params) => navigate(params.to) },
      }) } }).createMachine({
        invoke: [
          { id: 'cart', src: 'cart', systemId: 'cart' },
          { id: 'detail', src: 'detail', systemId: 'detail', input: { quotationId: 'QT100001' } },
        ],
      }),
    ).start();
    const detail = parent.system.get('detail')!;
    const ordered = quotation({ status: 'ORDERED', skusDetail: [line({ quantity: 3 }), line({ skuIdentifier: { ...line().skuIdentifier, _id: 'gone' }, quantity: 9 })] });
    await fetchQuotation.last().resolve(ordered);
    // None of its products in today's catalogue: nothing to order again.
    expect(detail.getSnapshot().can({ type: 'quotation.orderAgain', skus: [] })).toBe(false);
    detail.send({ type: 'quotation.orderAgain', skus: [shell] });
    expect(cartEvents).toEqual([{ type: 'cart.addAll', items: [{ ...cartItemOf(shell, 3) }] }]);
    expect(navigate).toHaveBeenCalledWith('/cart');
    // A pending or priced quotation is still under way: there is nothing to order again.
    for (const status of ['PENDING', 'COMPLETED'] as const) {
      await vi.advanceTimersByTimeAsync(POLL_MS);
      await fetchQuotation.last().resolve(quotation({ status }));
      expect(detail.getSnapshot().can({ type: 'quotation.orderAgain', skus: [shell] })).toBe(false);
    }
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().resolve(quotation({ status: 'DECLINED' }));
    expect(detail.getSnapshot().can({ type: 'quotation.orderAgain', skus: [shell] })).toBe(true);
    parent.stop();
  });

  it('tracks an ORDERED quotation on /order-status by its internal id', async () => {
    const { actor, navigate } = await loaded(quotation({ status: 'ORDERED', orderStatus: 'CONFIRMATION_PENDING' }));
    actor.send({ type: 'order.track' });
    expect(navigate).toHaveBeenCalledWith('/order-status?quotation_id=q-1');
  });

  it('offers nothing for DELETED, EXPIRED or itemless quotations', async () => {
    for (const q of [quotation({ status: 'DELETED' }), quotation({ status: 'EXPIRED' }), quotation({ skusDetail: [] })]) {
      const { actor } = await loaded(q);
      const can = (type: 'quotation.delete' | 'order.place' | 'order.track') => actor.getSnapshot().can({ type });
      expect([can('quotation.delete'), can('order.place'), can('order.track')]).toEqual([false, false, false]);
      actor.stop();
    }
  });

  it('offers no action while a delete or an order for the quotation waits in the outbox, and offers it again once refused', async () => {
    const { actor } = await loaded(quotation({ status: 'COMPLETED', validUntil: '2026-11-30T10:00:00.000Z' }));
    const outbox = createActor(outboxMachine).start();
    const order: OutboxItem = { key: 'k-1', kind: 'order.place', quotationId: 'q-1', body: {}, items: [], at: 1, refusal: null };
    expect(offeredActionWith(actor.getSnapshot(), outbox.getSnapshot())).toBe('placeOrder');
    outbox.send({ type: 'outbox.add', item: { ...order, key: 'k-0', quotationId: 'q-other' } });
    expect(offeredActionWith(actor.getSnapshot(), outbox.getSnapshot())).toBe('placeOrder');
    outbox.send({ type: 'outbox.add', item: order });
    expect(offeredActionWith(actor.getSnapshot(), outbox.getSnapshot())).toBeNull();
    outbox.send({ type: 'outbox.cancel', key: 'k-1' });
    outbox.send({ type: 'outbox.add', item: { ...order, key: 'k-2', refusal: 'date' } });
    expect(offeredActionWith(actor.getSnapshot(), outbox.getSnapshot())).toBe('placeOrder');
    expect(offeredActionWith(actor.getSnapshot(), undefined)).toBe('placeOrder');
    outbox.stop();
    actor.stop();
  });

  it('names the button and the money the screen shows, from the quotation the chart holds', async () => {
    const waiting = start();
    expect(offeredAction(waiting.actor.getSnapshot())).toBeNull();
    expect(detailTotal(waiting.actor.getSnapshot())).toBeNull();
    const cases: [Quotation, ReturnType<typeof offeredAction>, 'quoted' | 'estimate' | null][] = [
      [quotation(), 'delete', 'estimate'],
      [quotation({ status: 'COMPLETED', validUntil: '2026-11-30T10:00:00.000Z' }), 'placeOrder', 'quoted'],
      [quotation({ status: 'ORDERED' }), 'track', 'quoted'],
      [quotation({ status: 'EXPIRED', validUntil: '2026-11-30T10:00:00.000Z' }), null, 'quoted'],
      [quotation({ status: 'EXPIRED' }), null, null],
      [quotation({ status: 'DELETED' }), null, null],
      [quotation({ skusDetail: [] }), null, 'estimate'],
    ];
    for (const [q, action, price] of cases) {
      const { actor } = await loaded(q);
      expect([q.status, offeredAction(actor.getSnapshot()), detailTotal(actor.getSnapshot())?.kind ?? null]).toEqual([q.status, action, price]);
      actor.stop();
    }
  });

  it('shows the cached quotation at once, and its action, while the fresh one loads', () => {
    const { actor } = start(quotation({ status: 'COMPLETED' }));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ quotationId: 'QT100001', quotation: { status: 'COMPLETED' }, missing: false });
    expect(actor.getSnapshot().can({ type: 'order.place' })).toBe(true);
  });

  it('stores each quotation it fetches, and nothing when the server has none', async () => {
    const storeQuotation = vi.fn();
    const { fetchQuotation } = start(null, storeQuotation);
    const fresh = quotation({ status: 'COMPLETED' });
    await fetchQuotation.last().resolve(fresh);
    expect(storeQuotation.mock.calls).toEqual([[fresh]]);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().resolve(null);
    expect(storeQuotation).toHaveBeenCalledTimes(1);
  });

  it('follows the server: a quotation gone is missing, one found again is shown; a failed poll keeps what shows and polls on', async () => {
    const { actor, fetchQuotation } = await loaded(quotation());
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().resolve(null);
    expect(actor.getSnapshot().context).toMatchObject({ quotation: null, missing: true });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().resolve(quotation({ status: 'COMPLETED' }));
    expect(actor.getSnapshot().context).toMatchObject({ quotation: { status: 'COMPLETED' }, missing: false });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().reject(new Error('offline'));
    expect(actor.getSnapshot().context.quotation?.status).toBe('COMPLETED');
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchQuotation.calls).toHaveLength(5);
  });

  it('closes the dialog on No, and deletes nothing when the poll priced the quotation meanwhile', async () => {
    const { actor, fetchQuotation, deleteQuotation } = await loaded(quotation());
    actor.send({ type: 'quotation.delete' });
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().matches({ active: { action: 'idle' } })).toBe(true);
    actor.send({ type: 'quotation.delete' });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().resolve(quotation({ status: 'COMPLETED' }));
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().matches({ active: { action: 'idle' } })).toBe(true);
    expect(deleteQuotation.calls).toHaveLength(0);
  });

  it('is busy while deleting and once it is leaving; a delete that never reached the server brings the button back', async () => {
    const { actor, deleteQuotation, navigate } = await loaded(quotation());
    actor.send({ type: 'quotation.delete' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await deleteQuotation.last().reject(new Error('offline'));
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'quotation.delete' })).toBe(true);
    actor.send({ type: 'quotation.delete' });
    actor.send({ type: 'delete.confirm' });
    await deleteQuotation.last().resolve({ outcome: 'done' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('keeps the Place Order sheet when the server refuses the order (a date out of range, a quotation that changed)', async () => {
    const { actor, placeOrder, navigate } = await loaded(quotation({ status: 'COMPLETED' }));
    actor.send({ type: 'order.place' });
    actor.send({ type: 'order.confirm' });
    await placeOrder.last().resolve({ outcome: 'refused' });
    expect(navigate).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ active: { action: 'composingOrder' } })).toBe(true);
  });

  it('keeps the cached quotation and polls on when no fetch effect was supplied', async () => {
    const cached = quotation();
    const actor = createActor(quotationDetailMachine, { input: { quotationId: 'QT100001', cached } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ active: { poll: 'waiting' } }));
    expect(actor.getSnapshot().matches({ active: { poll: 'waiting' } })).toBe(true);
    expect(actor.getSnapshot().context.quotation).toBe(cached);
    actor.stop();
  });
});

describe('asking for a better price', () => {
  const quoted = priceDetails(receivedQ.skusDetail).totalPaisa;
  const withTotal = (total: string, q: Quotation | null = receivedQ) =>
    counterTotalPaisa({ quotationId: 'q-2', quotation: q, missing: false, bargain: { reason: null, note: '', total }, order: NO_ORDER_DRAFT });

  it('takes no total, or a total below the quoted one; anything else is no amount it can send', () => {
    expect([withTotal(''), withTotal('   ')]).toEqual([null, null]);
    expect(withTotal(String((quoted - 100) / 100))).toBe(quoted - 100);
    for (const total of [String(quoted / 100), String((quoted + 100) / 100), '0', 'abc']) expect(withTotal(total)).toBeNaN();
    // Before the quotation is known there is nothing to be below.
    expect(withTotal('100', null)).toBeNaN();
  });

  it('is offered on a priced quotation with items only', () => {
    const offered = (q: Quotation) => createActor(quotationDetailMachine, { input: { quotationId: q._id, cached: q } }).start().getSnapshot().can({ type: 'quotation.counter' });
    expect([offered(receivedQ), offered({ ...receivedQ, skusDetail: [] }), offered(pendingQ)]).toEqual([true, false, false]);
  });
});
