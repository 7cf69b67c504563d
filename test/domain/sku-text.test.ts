import { parse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import gu from '../../locales/gu.json';
import hi from '../../locales/hi.json';
import { quantityRule } from '../../src/domain/quantity';
import { KNOWN_UNITS, knownUnit, skuName, skuText, translatedLanguageOf, translatedNames, unitText } from '../../src/domain/sku-text';
import { sku } from '../support/shop-fixtures';

describe('SKU texts in the reader language', () => {
  const shell = sku({ translations: { hindi: { name: 'मूँगफली के छिलके', brandName: '  ' }, gujrati: { description: 'સૂકાં ફોતરાં' } } });

  it('takes the translated field for hi/hindi and gu/gujrati, English for en and anything else', () => {
    expect(skuName(shell, 'hi')).toBe('मूँगफली के छिलके');
    expect(skuName(shell, 'hindi')).toBe('मूँगफली के छिलके');
    expect(skuText(shell, 'description', 'gu')).toBe('સૂકાં ફોતરાં');
    expect(skuName(shell, 'en')).toBe('Groundnut Shell');
    expect(skuName(shell, null)).toBe('Groundnut Shell');
    expect(translatedLanguageOf('mr')).toBeNull();
  });

  it('falls back to the English field by field: missing, blank, or no translations at all', () => {
    expect(skuName(shell, 'gu')).toBe('Groundnut Shell');
    expect(skuText(shell, 'brandName', 'hi')).toBe('Kisan Agro');
    expect(skuText(shell, 'description', 'hi')).toBe('Dry shells for fuel and mulch');
    expect(skuName(sku(), 'gu')).toBe('Groundnut Shell');
  });

  it('keeps only the names for cart items and lines', () => {
    expect(translatedNames({ hindi: { name: 'क', description: 'ख' }, gujrati: { brandName: 'ગ' } })).toEqual({ hindi: { name: 'क' } });
  });
});

describe('units', () => {
  // Compiled as the build compiles them (build/message-sections.ts): the texts are ASTs, not strings.
  const compiled = { 'unit.kg': 'किलो', 'unit.quintal': 'क्विंटल', 'unit.bag': 'बोरी' };
  const messages = createIntl({ locale: 'hi', messages: Object.fromEntries(Object.entries(compiled).map(([k, v]) => [k, parse(v)])) });
  it('reads a known unit from the messages, whatever its case or common spelling', () => {
    expect(unitText('kg', messages)).toBe('किलो');
    expect(unitText(' KG ', messages)).toBe('किलो');
    expect(unitText('Quintals', messages)).toBe('क्विंटल');
    expect(unitText('qtl', messages)).toBe('क्विंटल');
    expect(knownUnit('bags')).toBe('bag');
  });
  it('recognises a unit typed in Hindi or Gujarati, as each locale names it or in a common variant, with its decimal rule', () => {
    for (const unit of KNOWN_UNITS) {
      expect(knownUnit(hi[`unit.${unit}`]), `hi ${unit}`).toBe(unit);
      expect(knownUnit(gu[`unit.${unit}`]), `gu ${unit}`).toBe(unit);
    }
    for (const [typed, unit] of [
      ['टन', 'tonne'], ['क्विंटल', 'quintal'], ['किलो', 'kg'], ['बोरी', 'bag'], ['गट्ठर', 'bundle'], ['ट्रॉली', 'trolley'],
      ['ટન', 'tonne'], ['ક્વિન્ટલ', 'quintal'], ['કિલો', 'kg'], ['ગૂણી', 'bag'], ['ભારો', 'bundle'],
      ['गांठ', 'bale'], ['ट्राली', 'trolley'], ['कुंतल', 'quintal'], [' ગુણી ', 'bag'], ['ટ્રોલી', 'trolley'],
    ] as const) expect(knownUnit(typed), typed).toBe(unit);
    // The unit's own rules follow: a quintal takes one decimal, a bag whole numbers only.
    expect(quantityRule('क्विंटल')).toEqual(quantityRule('quintal'));
    expect(quantityRule('ગૂણી')).toEqual(quantityRule('bag'));
    expect(unitText('ક્વિન્ટલ', messages)).toBe('क्विंटल');
  });

  it('shows a unit outside the vocabulary, or one the messages lack, as typed', () => {
    expect(unitText('cart-load', messages)).toBe('cart-load');
    expect(knownUnit('cart-load')).toBeNull();
    expect(unitText('tonne', messages)).toBe('tonne');
  });
});
