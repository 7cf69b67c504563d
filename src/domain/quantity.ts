/**
 * How much of a product may be asked for: one rule per unit, read by the cart
 * chart, the views and the server alike.
 *
 * - Quintal and tonne take one decimal (2.5 quintal); every other unit of the vocabulary, and any
 *   unit outside it, takes whole numbers.
 * - The − and + buttons move by 1, or by 0.5 for quintal and tonne: half a quintal (50 kg) and half a
 *   tonne are the amounts traders quote in the mandi. Finer amounts (2.3 tonne) are typed; a step
 *   from 2.3 goes to 2.8, never silently to a rounder number.
 * - Nothing is rounded or trimmed for the farmer: input the unit does not allow is refused with a
 *   reason the views translate.
 */
import { knownUnit, type KnownUnit } from './sku-text';

/** The most of one product a quotation line may ask for (the server's limit too). */
export const QUANTITY_MAX = 1_000_000;

const DECIMAL_UNITS: readonly KnownUnit[] = ['quintal', 'tonne'];

export interface QuantityRule {
  /** Digits allowed after the decimal point. */
  decimals: 0 | 1;
  /** What − and + take away or add. */
  step: number;
  /** The smallest quantity that can be asked for. */
  min: number;
  max: number;
}

/** Why a quantity was refused; the views translate it (`shop.quantity.refused.<reason>`). */
export type QuantityRefusal = 'notANumber' | 'tooSmall' | 'wholeOnly' | 'oneDecimal' | 'tooLarge';

export type QuantityCheck = { ok: true; value: number } | { ok: false; reason: QuantityRefusal };

/** A parse also tells an empty box apart: nothing typed yet is no refusal. */
export type QuantityParse = QuantityCheck | { ok: false; reason: 'empty' };

const WHOLE: QuantityRule = { decimals: 0, step: 1, min: 1, max: QUANTITY_MAX };
const ONE_DECIMAL: QuantityRule = { decimals: 1, step: 0.5, min: 0.1, max: QUANTITY_MAX };

export function quantityRule(unit: string): QuantityRule {
  const known = knownUnit(unit);
  return known !== null && DECIMAL_UNITS.includes(known) ? ONE_DECIMAL : WHOLE;
}

/** Digits after the decimal point of a number as JavaScript writes it (1e-7 has 7). */
function decimalsOf(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** A number (from JSON or a step) against the unit's rule. */
export function checkQuantity(value: number, unit: string): QuantityCheck {
  const rule = quantityRule(unit);
  if (!Number.isFinite(value)) return { ok: false, reason: 'notANumber' };
  if (value <= 0) return { ok: false, reason: 'tooSmall' };
  if (decimalsOf(value) > rule.decimals) return { ok: false, reason: rule.decimals === 0 ? 'wholeOnly' : 'oneDecimal' };
  if (value > rule.max) return { ok: false, reason: 'tooLarge' };
  return { ok: true, value };
}

/** Devanagari (०–९) and Gujarati (૦–૯) digits, as a farmer's keyboard may type them, read as 0–9. */
const toLatinDigits = (text: string): string =>
  text.replace(/[\u0966-\u096F\u0AE6-\u0AEF]/g, (d) => String(d.charCodeAt(0) - (d.charCodeAt(0) >= 0x0ae6 ? 0x0ae6 : 0x0966)));

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** What the farmer typed, against the unit's rule. */
export function parseQuantity(text: string, unit: string): QuantityParse {
  const typed = toLatinDigits(text.trim());
  if (typed === '') return { ok: false, reason: 'empty' };
  if (!NUMBER_TEXT.test(typed)) return { ok: false, reason: 'notANumber' };
  return checkQuantity(Number(typed), unit);
}

/** A sum or difference of allowed quantities, without binary fractions (0.1 + 0.2 is 0.3). */
export const roundQuantity = (value: number, unit: string): number => {
  const scale = 10 ** quantityRule(unit).decimals;
  return Math.round(value * scale) / scale;
};

/** The quantity − (-1) or + (1) leads to from `value` (0 for an empty box); null past min or max. */
export function stepQuantity(value: number, unit: string, direction: 1 | -1): number | null {
  const rule = quantityRule(unit);
  const next = roundQuantity(value + direction * rule.step, unit);
  return next < rule.min || next > rule.max ? null : next;
}

/**
 * The goods price of a line: unit price × quantity in paisa, rounded half up once per line
 * (2.5 quintal at ₹10.01 is ₹25.03). Counted in tenths as integers, so no binary fraction tips it.
 */
export function linePricePaisa(unitPricePaisa: number, quantity: number): number {
  const tenths = BigInt(Math.round(quantity * 10));
  return Number((BigInt(unitPricePaisa) * tenths + 5n) / 10n);
}
