import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { nextOrderStatus, orderLifecycleAt, orderStatusLabel, reachedAt } from '../../machines/order-lifecycle.machine';
import type { FetchQuotationResult } from '../../machines/quotation-detail.machine';
import { contactSheetOpen, deliveryNote, orderBalance, orderSteps, orderTrackingMachine, problemReportableOrder, trackerStepLabel } from '../../machines/order-tracking.machine';
import type { AppConfig } from '../../src/domain/api';
import { POLL_MS } from '../../src/domain/constants';
import { ORDER_STATUSES, type Quotation } from '../../src/domain/types';
import { line, quotation } from '../support/shop-fixtures';
import { controlled } from '../support/machines/controlled';
import { controlledVisibility } from '../support/machines/shop-fakes';

const ordered = quotation({
  status: 'ORDERED',
  orderStatus: 'ORDER_CONFIRMED',
  deliveryOtp: '4821',
  skusDetail: [line({ goodsPricePaisa: 200_000, discountPaisa: 10_000, shippingPricePaisa: 5_000 })],
  amountPaidPaisa: 50_000,
});
const withPayee: AppConfig = { contactPhone: '+919800000000', chatUrl: 'https://wa.me/1', upiPayeeId: 'krishi@upi', upiPayeeName: 'Krishi', quotationReplyHours: 24, grievanceContact: '+919000000000', aadhaarRetentionDays: 30 };
const noPayee: AppConfig = { ...withPayee, upiPayeeId: null, upiPayeeName: null };

async function loaded(q: Quotation) {
  const fetchQuotation = controlled<FetchQuotationResult, { id: string }>();
  const visibility = controlledVisibility();
  const openPaymentLink = vi.fn();
  const actor = createActor(
    orderTrackingMachine.provide({
      actors: { fetchQuotation: fetchQuotation.logic, visibility: visibility.logic },
      actions: { openPaymentLink: (_, params) => openPaymentLink(params.url) },
    }),
    { input: { quotationId: 'q-1' } },
  ).start();
  await fetchQuotation.last().resolve(q);
  return { actor, fetchQuotation, visibility, openPaymentLink };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('order lifecycle', () => {
  it('lets an admin move an order from any status to any status', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) expect(nextOrderStatus(from, { type: 'admin.setStatus', status: to })).toBe(to);
    }
  });
  it('starts at CONFIRMATION_PENDING', () => {
    expect(orderLifecycleAt('CONFIRMATION_PENDING').value).toBe('CONFIRMATION_PENDING');
  });
});

describe('the tracker\'s dates and names', () => {
  const at = (day: number) => `2026-11-0${day}T06:00:00.000Z`;
  it('dates each reached step by the move that reached it; a skipped step by the move that passed it', () => {
    expect(reachedAt([{ status: 'CONFIRMATION_PENDING', at: at(1) }, { status: 'IN_TRANSIT', at: at(3) }])).toEqual({
      CONFIRMATION_PENDING: at(1),
      ORDER_CONFIRMED: at(3),
      MATERIAL_LOADED: at(3),
      IN_TRANSIT: at(3),
    });
  });
  it('undoes the dates of the steps after a move back, and dates them anew when reached again', () => {
    const history = [
      { status: 'CONFIRMATION_PENDING' as const, at: at(1) },
      { status: 'DELIVERED' as const, at: at(2) },
      { status: 'ORDER_CONFIRMED' as const, at: at(3) },
    ];
    expect(reachedAt(history)).toEqual({ CONFIRMATION_PENDING: at(1), ORDER_CONFIRMED: at(2) });
    expect(reachedAt([...history, { status: 'MATERIAL_LOADED', at: at(4) }])).toEqual({
      CONFIRMATION_PENDING: at(1),
      ORDER_CONFIRMED: at(2),
      MATERIAL_LOADED: at(4),
    });
    expect(reachedAt([])).toEqual({});
  });
  it('names the steps from the lifecycle chart, Payment Status beside them', () => {
    expect(ORDER_STATUSES.map(orderStatusLabel)).toEqual(['Confirmation Pending', 'Order Confirmed', 'Material Loaded', 'In Transit', 'Delivered']);
    expect(trackerStepLabel('PAYMENT')).toEqual({ id: 'shop.orderStatus.PAYMENT', defaultMessage: 'Payment Status' });
    expect(trackerStepLabel('IN_TRANSIT')).toEqual({ id: 'shop.orderStatus.IN_TRANSIT', defaultMessage: 'In Transit' });
  });
  it('dates only reached delivery steps, and says "delivered" with its time once DELIVERED', () => {
    const statusHistory = [
      { status: 'CONFIRMATION_PENDING' as const, at: at(1) },
      { status: 'ORDER_CONFIRMED' as const, at: at(2) },
    ];
    const snap = (q: Quotation) => ({ context: { quotationId: q._id, quotation: q, missing: false } });
    const onItsWay = snap({ ...ordered, statusHistory, expectedDeliveryDate: '2026-11-09' });
    expect(orderSteps(onItsWay).map((s) => [s.key, s.at])).toEqual([
      ['CONFIRMATION_PENDING', at(1)],
      ['ORDER_CONFIRMED', at(2)],
      ['MATERIAL_LOADED', null],
      ['IN_TRANSIT', null],
      ['DELIVERED', null],
      ['PAYMENT', null],
    ]);
    expect(deliveryNote(onItsWay)).toEqual({ kind: 'tellDriver', expectedDeliveryDate: '2026-11-09' });
    // A quotation saved by an older app has neither field.
    expect(deliveryNote(snap(ordered))).toEqual({ kind: 'tellDriver', expectedDeliveryDate: null });
    const delivered = { ...ordered, orderStatus: 'DELIVERED' as const, expectedDeliveryDate: '2026-11-09' };
    expect(deliveryNote(snap({ ...delivered, statusHistory: [...statusHistory, { status: 'DELIVERED', at: at(5) }] }))).toEqual({
      kind: 'delivered',
      at: at(5),
      proof: null,
    });
    expect(deliveryNote(snap({ ...delivered, statusHistory: [] }))).toEqual({ kind: 'delivered', at: null, proof: null });
    // How it was delivered: with the farmer's code, or marked by the provider.
    expect(deliveryNote(snap({ ...delivered, deliveredWith: 'code' }))).toMatchObject({ proof: 'code' });
    expect(deliveryNote(snap({ ...delivered, deliveredWith: 'admin' }))).toMatchObject({ proof: 'provider' });
    expect(deliveryNote(snap({ ...ordered, deliveredWith: null }))).toEqual({ kind: 'tellDriver', expectedDeliveryDate: null });
    expect(deliveryNote({ context: { quotationId: 'q', quotation: null, missing: false } })).toBeNull();
  });
});

describe('the tracker with nothing to read yet', () => {
  const snap = (q: Quotation | null) => ({ context: { quotationId: 'q-1', quotation: q, missing: false } });
  it('offers no problem report and shows no steps before the order is known', () => {
    expect([problemReportableOrder(snap(null)), orderSteps(snap(null))]).toEqual([null, []]);
  });
  it('dates no step of an order whose answer has no history', () => {
    const steps = orderSteps(snap({ ...ordered, statusHistory: undefined }));
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.filter((step) => step.key !== 'PAYMENT').map((step) => step.at)).toEqual(steps.filter((step) => step.key !== 'PAYMENT').map(() => null));
  });
});

describe('order tracking machine', () => {
  it('derives the tracker and the balance from the polled quotation', async () => {
    const { actor } = await loaded(ordered);
    expect(orderSteps(actor.getSnapshot()).map((s) => `${s.key}:${s.complete}`)).toEqual([
      'CONFIRMATION_PENDING:true',
      'ORDER_CONFIRMED:true',
      'MATERIAL_LOADED:false',
      'IN_TRANSIT:false',
      'DELIVERED:false',
      'PAYMENT:false',
    ]);
    expect(orderBalance(actor.getSnapshot())).toEqual({ totalPaisa: 195_000, paidPaisa: 50_000, pendingPaisa: 145_000 });
  });

  it('follows the admin’s changes on the next poll', async () => {
    const { actor, fetchQuotation } = await loaded(ordered);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().resolve({ ...ordered, orderStatus: 'IN_TRANSIT', amountPaidPaisa: 195_000 });
    const steps = orderSteps(actor.getSnapshot());
    expect(steps[0]).toMatchObject({ key: 'PAYMENT', complete: true, at: null });
    expect(steps.filter((s) => s.complete)).toHaveLength(5);
    expect(orderBalance(actor.getSnapshot())?.pendingPaisa).toBe(0);
  });

  it('pauses while the page is hidden and stops with the screen', async () => {
    const { actor, fetchQuotation, visibility } = await loaded(ordered);
    visibility.hide();
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(fetchQuotation.calls).toHaveLength(1);
    visibility.show();
    expect(fetchQuotation.calls).toHaveLength(2);
    await fetchQuotation.last().resolve(ordered);
    actor.stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(fetchQuotation.calls).toHaveLength(2);
  });

  it('opens a UPI link for the pending amount when a payee is configured', async () => {
    const { actor, openPaymentLink } = await loaded(ordered);
    actor.send({ type: 'payment.make', config: withPayee });
    expect(openPaymentLink).toHaveBeenCalledWith('upi://pay?pa=krishi%40upi&pn=Krishi&am=1450.00&cu=INR&tn=QT100001');
    expect(contactSheetOpen(actor.getSnapshot())).toBe(false);
  });

  it('opens Contact Us when no payee is configured, until the farmer closes it; its button opens it too', async () => {
    const { actor, openPaymentLink } = await loaded(ordered);
    expect(contactSheetOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'payment.make', config: noPayee });
    expect(contactSheetOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'contact.close' });
    expect(contactSheetOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'payment.make', config: null });
    expect(contactSheetOpen(actor.getSnapshot())).toBe(true);
    expect(openPaymentLink).not.toHaveBeenCalled();
    actor.send({ type: 'contact.close' });
    actor.send({ type: 'contact.open' });
    expect(contactSheetOpen(actor.getSnapshot())).toBe(true);
  });

  it('offers no payment once the total is paid', async () => {
    const { actor } = await loaded({ ...ordered, amountPaidPaisa: 195_000 });
    expect(actor.getSnapshot().can({ type: 'payment.make', config: withPayee })).toBe(false);
  });

  it('names the order in the UPI note once it has a number', async () => {
    const { actor, openPaymentLink } = await loaded({ ...ordered, orderDisplayId: 'OD100001' });
    actor.send({ type: 'payment.make', config: withPayee });
    expect(openPaymentLink).toHaveBeenCalledWith('upi://pay?pa=krishi%40upi&pn=Krishi&am=1450.00&cu=INR&tn=OD100001');
  });

  it('dates Payment Status by the time the total came to be covered', async () => {
    const { actor } = await loaded({ ...ordered, amountPaidPaisa: 195_000, paidAt: '2026-11-04T06:00:00.000Z' });
    expect(orderSteps(actor.getSnapshot()).find((s) => s.key === 'PAYMENT')).toMatchObject({ complete: true, at: '2026-11-04T06:00:00.000Z' });
  });
});

describe('order tracking machine, as the screen runs it', () => {
  function start(cached: Quotation | null = null) {
    const fetchQuotation = controlled<FetchQuotationResult, { id: string }>();
    const visibility = controlledVisibility();
    const stored: Quotation[] = [];
    const actor = createActor(
      orderTrackingMachine.provide({
        actors: { fetchQuotation: fetchQuotation.logic, visibility: visibility.logic },
        actions: { storeQuotation: (_, params) => void stored.push(params.quotation) },
      }),
      { input: { quotationId: 'q-1', cached } },
    );
    actor.start();
    return { actor, fetchQuotation, visibility, stored };
  }

  it('shows the cached order at once while it loads, and opens Contact Us from it', () => {
    const { actor } = start(ordered);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ quotationId: 'q-1', quotation: ordered, missing: false });
    expect(orderBalance(actor.getSnapshot())?.pendingPaisa).toBe(145_000);
    actor.send({ type: 'payment.make', config: null });
    expect(contactSheetOpen(actor.getSnapshot())).toBe(true);
  });

  it('offers no payment before the order is known', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'payment.make', config: withPayee })).toBe(false);
    actor.send({ type: 'payment.make', config: null });
    expect(contactSheetOpen(actor.getSnapshot())).toBe(false);
  });

  it('asks for the order by its id and shows nothing before it arrives; stores each order it fetches; says it is missing when the server has none, and shows it again when found', async () => {
    const { actor, fetchQuotation, stored } = start();
    expect(fetchQuotation.last().input).toEqual({ id: 'q-1' });
    expect([orderSteps(actor.getSnapshot()), orderBalance(actor.getSnapshot()), deliveryNote(actor.getSnapshot())]).toEqual([[], null, null]);
    await fetchQuotation.last().resolve(ordered);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(stored).toEqual([ordered]);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().resolve(null);
    expect(actor.getSnapshot().context).toMatchObject({ quotation: null, missing: true });
    expect(stored).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await fetchQuotation.last().resolve(ordered);
    expect(actor.getSnapshot().context).toMatchObject({ quotation: ordered, missing: false });
  });

  it('keeps the order shown and polls on after a failed poll; a page hidden mid-fetch pauses', async () => {
    const { actor, fetchQuotation, visibility } = start(ordered);
    await fetchQuotation.last().reject(new Error('offline'));
    expect(actor.getSnapshot().context.quotation).toBe(ordered);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchQuotation.calls).toHaveLength(2);
    visibility.hide();
    expect(actor.getSnapshot().value).toEqual({ poll: 'paused', contact: 'closed' });
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(fetchQuotation.calls).toHaveLength(2);
  });

  it('keeps the cached order when no fetch effect was supplied', async () => {
    const actor = createActor(orderTrackingMachine, { input: { quotationId: 'q-1', cached: ordered } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ poll: 'waiting' }));
    expect(actor.getSnapshot().value).toEqual({ poll: 'waiting', contact: 'closed' });
    expect(actor.getSnapshot().context.quotation).toBe(ordered);
    actor.stop();
  });
});
