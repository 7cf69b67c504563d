import { describe, expect, it } from 'vitest';
import { balanceOf, deliverySteps, paidAtOf, trackerSteps } from '../../src/domain/tracker';
import { upiLink } from '../../src/domain/upi';
import { line, quotation } from '../support/shop-fixtures';

const priced = quotation({
  status: 'ORDERED',
  orderStatus: 'CONFIRMATION_PENDING',
  skusDetail: [
    line({ goodsPricePaisa: 100_000, discountPaisa: 5_000, shippingPricePaisa: 2_000 }),
    line({ goodsPricePaisa: 50_000, discountPaisa: 0, shippingPricePaisa: 3_000 }),
  ],
});

describe('order tracker', () => {
  it('completes the steps up to the current status by position', () => {
    expect(deliverySteps('MATERIAL_LOADED').map((s) => [s.key, s.complete])).toEqual([
      ['CONFIRMATION_PENDING', true],
      ['ORDER_CONFIRMED', true],
      ['MATERIAL_LOADED', true],
      ['IN_TRANSIT', false],
      ['DELIVERED', false],
    ]);
  });
  it('always completes the first step, even before an order status exists', () => {
    expect(deliverySteps(null).filter((s) => s.complete).map((s) => s.key)).toEqual(['CONFIRMATION_PENDING']);
    expect(deliverySteps('CONFIRMATION_PENDING')[0]?.complete).toBe(true);
  });
  it('completes every step once delivered', () => {
    expect(deliverySteps('DELIVERED').every((s) => s.complete)).toBe(true);
  });
  it('shows Payment Status last and incomplete while money is due', () => {
    const steps = trackerSteps({ ...priced, amountPaidPaisa: 100_000 });
    expect(steps).toHaveLength(6);
    expect(steps.at(-1)).toEqual({ key: 'PAYMENT', complete: false });
  });
  it('shows Payment Status first and complete when the amount paid covers the total', () => {
    const exact = trackerSteps({ ...priced, amountPaidPaisa: 150_000 });
    expect(exact[0]).toEqual({ key: 'PAYMENT', complete: true });
    expect(trackerSteps({ ...priced, amountPaidPaisa: 200_000 })[0]).toEqual({ key: 'PAYMENT', complete: true });
  });
});

describe('balance due', () => {
  it('is the total (goods + shipping − discount), the amount paid and what is pending', () => {
    expect(balanceOf({ ...priced, amountPaidPaisa: 50_000 })).toEqual({ totalPaisa: 150_000, paidPaisa: 50_000, pendingPaisa: 100_000 });
  });
  it('never shows a negative pending amount when overpaid', () => {
    expect(balanceOf({ ...priced, amountPaidPaisa: 160_000 }).pendingPaisa).toBe(0);
  });
});

describe('UPI payment link', () => {
  const config = { upiPayeeId: 'krishi@upi', upiPayeeName: 'Krishi Byproducts' };
  it('asks for the pending rupees, in INR, with the order id as the note', () => {
    expect(upiLink(config, { pendingPaisa: 100_050, orderId: 'OD100001' })).toBe(
      'upi://pay?pa=krishi%40upi&pn=Krishi%20Byproducts&am=1000.50&cu=INR&tn=OD100001',
    );
  });
  it('is absent when no payee UPI id is configured', () => {
    expect(upiLink({ upiPayeeId: null, upiPayeeName: null }, { pendingPaisa: 100, orderId: 'OD1' })).toBeNull();
    expect(upiLink(null, { pendingPaisa: 100, orderId: 'OD1' })).toBeNull();
  });
});

describe('the Payment Status date', () => {
  const placedAt = '2026-11-02T04:30:00.000Z';
  const move = (at: string, paidPaisa: number) => ({ at, paidPaisa });
  it('is the move that covered the total, kept through later moves that still cover it', () => {
    const moves = [move('2026-11-03T00:00:00.000Z', 1_000), move('2026-11-04T00:00:00.000Z', 3_000), move('2026-11-05T00:00:00.000Z', 3_500)];
    expect(paidAtOf(moves, 3_000, placedAt)).toBe('2026-11-04T00:00:00.000Z');
    expect(paidAtOf(moves.slice(0, 1), 3_000, placedAt)).toBeNull();
    expect(paidAtOf([], 3_000, placedAt)).toBeNull();
  });
  it('is cleared by a move below the total and set again by the next that covers it', () => {
    const moves = [move('2026-11-04T00:00:00.000Z', 3_000), move('2026-11-05T00:00:00.000Z', 100), move('2026-11-06T00:00:00.000Z', 3_000)];
    expect(paidAtOf(moves, 3_000, placedAt)).toBe('2026-11-06T00:00:00.000Z');
    expect(paidAtOf(moves.slice(0, 2), 3_000, placedAt)).toBeNull();
  });
  it('is the order time for an order with nothing to pay', () => {
    expect(paidAtOf([], 0, placedAt)).toBe(placedAt);
  });
});
