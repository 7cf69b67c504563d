import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { nextOrderStatus, orderLifecycleAt } from '../../machines/order-lifecycle.machine';
import type { FetchQuotationResult } from '../../machines/quotation-detail.machine';
import { orderBalance, orderSteps, orderTrackingMachine } from '../../machines/order-tracking.machine';
import type { AppConfig } from '../../src/domain/api';
import { POLL_MS } from '../../src/domain/constants';
import { ORDER_STATUSES, type Quotation } from '../../src/domain/types';
import { line, quotation } from '../domain/shop-fixtures';
import { controlled, controlledVisibility, flush } from './shop-fakes';

const ordered = quotation({
  status: 'ORDERED',
  orderStatus: 'ORDER_CONFIRMED',
  deliveryOtp: '4821',
  skusDetail: [line({ goodsPricePaisa: 200_000, discountPaisa: 10_000, shippingPricePaisa: 5_000 })],
  amountPaidPaisa: 50_000,
});
const withPayee: AppConfig = { contactPhone: '+919800000000', chatUrl: 'https://wa.me/1', upiPayeeId: 'krishi@upi', upiPayeeName: 'Krishi', quotationReplyHours: 24 };
const noPayee: AppConfig = { ...withPayee, upiPayeeId: null, upiPayeeName: null };

async function loaded(q: Quotation) {
  const fetchQuotation = controlled<FetchQuotationResult, { id: string }>();
  const visibility = controlledVisibility();
  const openPaymentLink = vi.fn();
  const openContactUs = vi.fn();
  const actor = createActor(
    orderTrackingMachine.provide({
      actors: { fetchQuotation: fetchQuotation.logic, visibility: visibility.logic },
      actions: { openPaymentLink: (_, params) => openPaymentLink(params.url), openContactUs },
    }),
    { input: { quotationId: 'q-1' } },
  ).start();
  fetchQuotation.last().deferred.resolve(q);
  await flush();
  return { actor, fetchQuotation, visibility, openPaymentLink, openContactUs };
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
    fetchQuotation.last().deferred.resolve({ ...ordered, orderStatus: 'IN_TRANSIT', amountPaidPaisa: 195_000 });
    await flush();
    const steps = orderSteps(actor.getSnapshot());
    expect(steps[0]).toEqual({ key: 'PAYMENT', complete: true });
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
    fetchQuotation.last().deferred.resolve(ordered);
    await flush();
    actor.stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(fetchQuotation.calls).toHaveLength(2);
  });

  it('opens a UPI link for the pending amount when a payee is configured', async () => {
    const { actor, openPaymentLink, openContactUs } = await loaded(ordered);
    actor.send({ type: 'payment.make', config: withPayee });
    expect(openPaymentLink).toHaveBeenCalledWith('upi://pay?pa=krishi%40upi&pn=Krishi&am=1450.00&cu=INR&tn=QT100001');
    expect(openContactUs).not.toHaveBeenCalled();
  });

  it('opens Contact Us when no payee is configured', async () => {
    const { actor, openPaymentLink, openContactUs } = await loaded(ordered);
    actor.send({ type: 'payment.make', config: noPayee });
    actor.send({ type: 'payment.make', config: null });
    expect(openContactUs).toHaveBeenCalledTimes(2);
    expect(openPaymentLink).not.toHaveBeenCalled();
  });

  it('offers no payment once the total is paid', async () => {
    const { actor } = await loaded({ ...ordered, amountPaidPaisa: 195_000 });
    expect(actor.getSnapshot().can({ type: 'payment.make', config: withPayee })).toBe(false);
  });
});
