/** 'Make Payment' (DECISIONS §1): a UPI deep link for the pending amount, when a payee is configured. */
import type { AppConfig } from './api';

export interface UpiPayment {
  pendingPaisa: number;
  /** The reference the payee sees: the order's display id. */
  orderId: string;
}

/** `upi://pay?pa=…&pn=…&am=<pending rupees>&cu=INR&tn=<order id>`, or null without a payee UPI id. */
export function upiLink(config: Pick<AppConfig, 'upiPayeeId' | 'upiPayeeName'> | null, payment: UpiPayment): string | null {
  if (!config?.upiPayeeId) return null;
  const params = [
    ['pa', config.upiPayeeId],
    ['pn', config.upiPayeeName ?? config.upiPayeeId],
    ['am', (payment.pendingPaisa / 100).toFixed(2)],
    ['cu', 'INR'],
    ['tn', payment.orderId],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v ?? '')}`).join('&')}`;
}
