import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkQuantity, linePricePaisa, parseQuantity, QUANTITY_MAX, quantityRule, stepQuantity } from '../../src/domain/quantity';

const WHOLE_UNITS = ['kg', 'bag', 'bundle', 'bale', 'trolley', 'truck', 'piece', 'litre', 'Kgs', 'crate'];
const DECIMAL_UNITS = ['quintal', 'tonne', 'Qtl', 'tons'];

describe('the quantity rule of a unit', () => {
  it('gives quintal and tonne (any spelling of the vocabulary) one decimal and a half step', () => {
    for (const unit of DECIMAL_UNITS) expect(quantityRule(unit)).toEqual({ decimals: 1, step: 0.5, min: 0.1, max: QUANTITY_MAX });
  });
  it('gives every other unit, and a unit outside the vocabulary, whole numbers and a step of 1', () => {
    for (const unit of WHOLE_UNITS) expect(quantityRule(unit)).toEqual({ decimals: 0, step: 1, min: 1, max: QUANTITY_MAX });
  });
});

describe('what a farmer types', () => {
  it('keeps 2.5 quintal as 2.5, and reads Devanagari and Gujarati digits', () => {
    expect(parseQuantity('2.5', 'quintal')).toEqual({ ok: true, value: 2.5 });
    expect(parseQuantity(' २.५ ', 'tonne')).toEqual({ ok: true, value: 2.5 });
    expect(parseQuantity('૧૨', 'kg')).toEqual({ ok: true, value: 12 });
  });
  it('refuses 2.5 kg, 0, a negative, letters, two decimals and more than the maximum, each with its reason', () => {
    expect(parseQuantity('2.5', 'kg')).toEqual({ ok: false, reason: 'wholeOnly' });
    expect(parseQuantity('0', 'kg')).toEqual({ ok: false, reason: 'tooSmall' });
    expect(parseQuantity('0.0', 'tonne')).toEqual({ ok: false, reason: 'tooSmall' });
    expect(parseQuantity('-3', 'bag')).toEqual({ ok: false, reason: 'tooSmall' });
    expect(parseQuantity('abc', 'kg')).toEqual({ ok: false, reason: 'notANumber' });
    expect(parseQuantity('2,5', 'quintal')).toEqual({ ok: false, reason: 'notANumber' });
    expect(parseQuantity('1e3', 'kg')).toEqual({ ok: false, reason: 'notANumber' });
    expect(parseQuantity('2.25', 'quintal')).toEqual({ ok: false, reason: 'oneDecimal' });
    expect(parseQuantity(String(QUANTITY_MAX + 1), 'kg')).toEqual({ ok: false, reason: 'tooLarge' });
    expect(parseQuantity('', 'kg')).toEqual({ ok: false, reason: 'empty' });
  });
  it('accepts exactly the whole numbers from 1 to the maximum for a whole-number unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: QUANTITY_MAX + 10 }), fc.constantFrom(...WHOLE_UNITS), (n, unit) => {
        expect(parseQuantity(String(n), unit).ok).toBe(n >= 1 && n <= QUANTITY_MAX);
      }),
    );
  });
  it('accepts any tenth from 0.1 to the maximum for quintal and tonne, and keeps it as typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: QUANTITY_MAX * 10 }), fc.constantFrom(...DECIMAL_UNITS), (tenths, unit) => {
        const text = `${Math.floor(tenths / 10)}.${tenths % 10}`;
        expect(parseQuantity(text, unit)).toEqual({ ok: true, value: tenths / 10 });
      }),
    );
  });
  it('refuses a fraction for a whole-number unit and a second decimal for quintal and tonne', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 1, max: 9 }), (whole, digit) => {
        expect(checkQuantity(Number(`${whole}.${digit}`), 'kg')).toEqual({ ok: false, reason: 'wholeOnly' });
        expect(checkQuantity(Number(`${whole}.${digit}${digit}`), 'quintal')).toEqual({ ok: false, reason: 'oneDecimal' });
      }),
    );
    expect(checkQuantity(1e-7, 'tonne')).toEqual({ ok: false, reason: 'oneDecimal' });
    expect(checkQuantity(Number.NaN, 'kg')).toEqual({ ok: false, reason: 'notANumber' });
  });
});

describe('the − and + steps', () => {
  it('move a whole-number unit by 1 and quintal or tonne by 0.5, without binary fractions', () => {
    expect(stepQuantity(0, 'kg', 1)).toBe(1);
    expect(stepQuantity(2, 'kg', -1)).toBe(1);
    expect(stepQuantity(0, 'quintal', 1)).toBe(0.5);
    expect(stepQuantity(2.3, 'tonne', 1)).toBe(2.8);
    expect(stepQuantity(0.3, 'tonne', 1)).toBe(0.8);
  });
  it('stop below the smallest quantity and above the maximum', () => {
    expect(stepQuantity(1, 'kg', -1)).toBeNull();
    expect(stepQuantity(0.5, 'quintal', -1)).toBeNull();
    expect(stepQuantity(0.6, 'quintal', -1)).toBe(0.1);
    expect(stepQuantity(QUANTITY_MAX, 'bag', 1)).toBeNull();
    expect(stepQuantity(QUANTITY_MAX - 0.4, 'tonne', 1)).toBeNull();
  });
  it('always land on a quantity the unit allows, or nowhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: QUANTITY_MAX * 10 }), fc.constantFrom(...DECIMAL_UNITS, ...WHOLE_UNITS), fc.constantFrom(1 as const, -1 as const), (tenths, unit, direction) => {
        const start = quantityRule(unit).decimals === 1 ? tenths / 10 : Math.ceil(tenths / 10);
        const next = stepQuantity(start, unit, direction);
        if (next !== null) expect(checkQuantity(next, unit)).toEqual({ ok: true, value: next });
      }),
    );
  });
});

describe('the goods price of a line', () => {
  it('is unit price × quantity in paisa, rounded half up once per line', () => {
    expect(linePricePaisa(1001, 2.5)).toBe(2503); // 2502.5 → 2503
    expect(linePricePaisa(25, 2.3)).toBe(58); // 57.5 → 58, where 25 × 2.3 in binary is 57.4999…
    expect(linePricePaisa(45, 0.7)).toBe(32); // 31.5 → 32, not 31
    expect(linePricePaisa(150_000, 3)).toBe(450_000);
    expect(linePricePaisa(0, 4.5)).toBe(0);
  });
  it('matches exact decimal arithmetic for every tenth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 100_000 }), (unitPaisa, tenths) => {
        const exact = unitPaisa * tenths; // in tenths of a paisa
        expect(linePricePaisa(unitPaisa, tenths / 10)).toBe(Math.floor(exact / 10) + (exact % 10 >= 5 ? 1 : 0));
      }),
      { numRuns: 2000 },
    );
  });
});
