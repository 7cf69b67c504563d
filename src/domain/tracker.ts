/**
 * Order tracking (SPEC §4 Order status): the delivery steps completed by position, the first always
 * complete; the Payment Status step first and complete when the amount paid covers the total,
 * otherwise last and incomplete; and the balance due.
 */
import { priceDetails } from './money';
import { ORDER_STATUSES, type OrderStatus, type Quotation } from './types';

export type TrackerStepKey = OrderStatus | 'PAYMENT';

export interface TrackerStep {
  key: TrackerStepKey;
  complete: boolean;
}

/** One audited change of an order's amount paid: when, and what it became. */
export interface PaymentMove {
  at: string;
  paidPaisa: number;
}

export interface Balance {
  totalPaisa: number;
  paidPaisa: number;
  pendingPaisa: number;
}

type Tracked = Pick<Quotation, 'skusDetail' | 'orderStatus' | 'amountPaidPaisa'>;

/** Total, paid and what is still due (never below 0). */
export function balanceOf(quotation: Pick<Quotation, 'skusDetail' | 'amountPaidPaisa'>): Balance {
  const totalPaisa = priceDetails(quotation.skusDetail).totalPaisa;
  const paidPaisa = quotation.amountPaidPaisa;
  return { totalPaisa, paidPaisa, pendingPaisa: Math.max(0, totalPaisa - paidPaisa) };
}

export const isFullyPaid = (quotation: Pick<Quotation, 'skusDetail' | 'amountPaidPaisa'>): boolean =>
  balanceOf(quotation).pendingPaisa === 0;

/** The delivery steps up to and including the current status are complete; the first always is. */
export function deliverySteps(status: OrderStatus | null): TrackerStep[] {
  const reached = Math.max(0, status === null ? 0 : ORDER_STATUSES.indexOf(status));
  return ORDER_STATUSES.map((key, index) => ({ key, complete: index <= reached }));
}

/** Every step the tracker shows, in order, with Payment Status placed by whether the total is covered. */
export function trackerSteps(quotation: Tracked): TrackerStep[] {
  const delivery = deliverySteps(quotation.orderStatus);
  const paid = isFullyPaid(quotation);
  const payment: TrackerStep = { key: 'PAYMENT', complete: paid };
  return paid ? [payment, ...delivery] : [...delivery, payment];
}

/**
 * When the order became fully paid (the Payment Status step's date): the move that brought the amount
 * paid up to the total, provided no later move took it below again; null while the total is not
 * covered. An order with nothing to pay was paid when it was placed (`orderedAt`).
 */
export function paidAtOf(moves: readonly PaymentMove[], totalPaisa: number, orderedAt: string | null): string | null {
  let paidAt = totalPaisa <= 0 ? orderedAt : null;
  for (const move of moves) {
    if (move.paidPaisa < totalPaisa) paidAt = null;
    else if (paidAt === null) paidAt = move.at;
  }
  return paidAt;
}

/**
 * How a delivered order was delivered, as the farmer's tracker says it: confirmed with the farmer's own
 * code, or marked delivered by the provider without it; null before delivery (or in an older answer).
 */
export function deliveryProof(quotation: Pick<Quotation, 'orderStatus' | 'deliveredWith'>): 'code' | 'provider' | null {
  if (quotation.orderStatus !== 'DELIVERED') return null;
  if (quotation.deliveredWith === 'code') return 'code';
  return quotation.deliveredWith === 'admin' ? 'provider' : null;
}
