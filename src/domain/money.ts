/** Money is integer paisa end to end (DECISIONS §1); shown in the en-IN rupee format in every language. */
import type { QuotationLine } from './types';

/**
 * Made at the first price shown, not when the module loads: a page's first Intl call sets up ICU
 * (about 100 ms in a desktop Chromium, four times that on a cheap phone), which a screen without a
 * price, such as the language choice at `/`, then never pays (for the same reason the build's
 * noLocaleCheck plugin drops react-intl's locale check).
 */
let rupees: Intl.NumberFormat | undefined;

/** 12345600 → "₹1,23,456.00". */
export const formatPaisa = (paisa: number): string =>
  (rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })).format(paisa / 100);

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
