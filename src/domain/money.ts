/** Money is integer paisa end to end (DECISIONS §1); shown in the en-IN rupee format in every language. */
import type { QuotationLine } from './types';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** 12345600 → "₹1,23,456.00". */
export const formatPaisa = (paisa: number): string => rupees.format(paisa / 100);

export interface PriceDetails {
  totalMrpPaisa: number;
  discountPaisa: number;
  shippingPaisa: number;
  totalPaisa: number;
}

type PricedLine = Pick<QuotationLine, 'goodsPricePaisa' | 'discountPaisa' | 'shippingPricePaisa'>;

/** Total MRP = Σ goods; Discount = Σ discount; Shipping = Σ shipping; Total = goods + shipping − discount. */
export function priceDetails(lines: readonly PricedLine[]): PriceDetails {
  let totalMrpPaisa = 0;
  let discountPaisa = 0;
  let shippingPaisa = 0;
  for (const line of lines) {
    totalMrpPaisa += line.goodsPricePaisa;
    discountPaisa += line.discountPaisa;
    shippingPaisa += line.shippingPricePaisa;
  }
  return { totalMrpPaisa, discountPaisa, shippingPaisa, totalPaisa: totalMrpPaisa + shippingPaisa - discountPaisa };
}

/** Rupees typed by an admin ("1,250.5") → paisa (125050); null when it is not an amount. */
export function rupeesToPaisa(input: string): number | null {
  const text = input.replace(/[,\s₹]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paisa → the plain rupee text an input shows ("1250.50"). */
export const paisaToRupeesInput = (paisa: number): string => (paisa / 100).toFixed(2);
