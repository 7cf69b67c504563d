import { describe, expect, it } from 'vitest';
import { matchesSearch, searchSkus, searchStem } from '../../src/domain/search';
import { CATALOGUE } from '../../src/server/seed/catalogue';
import { sku } from '../support/shop-fixtures';

describe('home search', () => {
  const shell = sku();
  const straw = sku({ _id: 's2', name: 'Paddy Straw', categoryName: 'Straw', brandName: 'Delta Farms', description: 'Bales of rice straw' });

  it('matches the name whatever the case', () => {
    expect(matchesSearch(shell, 'GROUNDNUT')).toBe(true);
    expect(matchesSearch(shell, 'nut sh')).toBe(true);
  });
  it('matches the category, the brand and the description', () => {
    expect(matchesSearch(shell, 'crop res')).toBe(true);
    expect(matchesSearch(shell, 'kisan')).toBe(true);
    expect(matchesSearch(shell, 'MULCH')).toBe(true);
  });
  it('does not match text found in none of the four fields', () => {
    expect(matchesSearch(shell, 'SKU1001')).toBe(false);
    expect(matchesSearch(shell, 'bagasse')).toBe(false);
  });
  it('shows every product, in order, for an empty or blank query', () => {
    expect(searchSkus([shell, straw], '')).toEqual([shell, straw]);
    expect(searchSkus([shell, straw], '   ')).toEqual([shell, straw]);
  });
  it('matches every field in Hindi and Gujarati too, whatever the screen language', () => {
    const paddy = sku({
      _id: 's3',
      name: 'Paddy Straw',
      categoryName: 'Straw & Stover',
      translations: {
        hindi: { name: 'धान का पुआल (पराली)', categoryName: 'पुआल और डंठल' },
        gujrati: { name: 'ડાંગરનું પરાળ', description: 'ગાંસડીમાં બાંધેલું સૂકું પરાળ' },
      },
    });
    for (const query of ['paddy', 'PADDY', 'धान', 'पराली', 'डंठल', 'પરાળ', 'ડાંગર', 'ગાંસડી']) {
      expect(searchSkus([shell, paddy], query), query).toEqual([paddy]);
    }
  });
  it('ignores accents, the nukta and the chandrabindu/anusvara spelling', () => {
    const groundnut = sku({ name: 'Café Shell', translations: { hindi: { name: 'मूँगफली के छिलके', description: 'ज़मीन' } } });
    expect(matchesSearch(groundnut, 'cafe')).toBe(true);
    expect(matchesSearch(groundnut, 'मूंगफली')).toBe(true);
    expect(matchesSearch(groundnut, 'जमीन')).toBe(true);
    expect(matchesSearch(groundnut, 'मक्का')).toBe(false);
  });
  it('ignores long or short i and u: ભુસુ finds ભૂસું, मुंगफलि finds मूँगफली', () => {
    const wheat = sku({ translations: { gujrati: { name: 'ઘઉંનું ભૂસું (છૂટું)' }, hindi: { name: 'मूँगफली के छिलके' } } });
    expect(matchesSearch(wheat, 'ભુસુ')).toBe(true);
    expect(matchesSearch(wheat, 'मुंगफलि')).toBe(true);
  });

  it('finds a word in its plain form where the product names it inflected, and the other way round', () => {
    expect(searchStem('छिलका')).toBe('छिलक');
    expect(searchStem('बोरियां')).toBe('बोर');
    expect(searchStem('ખેડૂતો')).toBe('ખેડૂત');
    expect(searchStem('वस्तुओं')).toBe('वस्त');
    // A short word keeps two letters: गो is not cut down to ग, which would find everything.
    expect(searchStem('गो')).toBe('गो');
    const hindiNames = (name: string) => sku({ name: 'X', categoryName: 'Y', brandName: 'Z', description: '', translations: { hindi: { name } } });
    expect(matchesSearch(hindiNames('मूँगफली के छिलके'), 'छिलका')).toBe(true);
    expect(matchesSearch(hindiNames('मक्के की गुल्ली'), 'मक्का')).toBe(true);
    expect(matchesSearch(hindiNames('गन्ने की खोई'), 'गन्ना')).toBe(true);
    expect(matchesSearch(hindiNames('गन्ने की खोई'), 'गेहूँ')).toBe(false);
  });

  it('finds every typed word, each on its own, in any of the texts', () => {
    expect(matchesSearch(shell, 'shell kisan')).toBe(true);
    expect(matchesSearch(shell, 'shell bagasse')).toBe(false);
  });

  it('finds each sample product by the plain words farmers type, in Hindi and Gujarati', () => {
    const byName = (english: string) => CATALOGUE.find((item) => item.name.startsWith(english))!;
    for (const [query, product] of [
      ['छिलका', 'Groundnut Shell'],
      ['मूंगफली', 'Groundnut Shell'],
      ['मक्का', 'Corn Cobs'],
      ['भुट्टा', 'Corn Cobs'],
      ['गन्ना', 'Bagasse'],
      ['पराली', 'Paddy Straw'],
      ['भूसा', 'Wheat Straw'],
      ['ભુસુ', 'Wheat Straw'],
      ['શેરડી', 'Bagasse'],
      ['મકાઈ', 'Corn Cobs'],
      ['છાણ', 'Animal Waste'],
      ['सींग', 'Groundnut Shell'],
      ['સીંગ', 'Groundnut Shell'],
      ['નારિયેળ', 'Coconut Husk'],
      ['तूड़ी', 'Wheat Straw'],
    ] as const) {
      const found = searchSkus(CATALOGUE, query).map((item) => item.name);
      expect(found, query).toContain(byName(product).name);
    }
  });

  it("finds each sample product by every one of its search words, in each language, and shows none of them elsewhere", () => {
    for (const item of CATALOGUE) {
      for (const language of ['hindi', 'gujrati'] as const) {
        const words = item.translations?.[language]?.searchWords?.split(' ') ?? [];
        expect(words.length, `${item.name} ${language}`).toBeGreaterThan(0);
        for (const word of words) expect(searchSkus(CATALOGUE, word).map((found) => found.name), word).toContain(item.name);
      }
    }
    const withWords = sku({ translations: { gujrati: { name: 'નાળિયેરનાં છોતરાં', searchWords: 'નારિયેળ કાથી' } } });
    expect(matchesSearch(withWords, 'કાથી')).toBe(true);
    expect(matchesSearch({ ...withWords, translations: { gujrati: { name: 'નાળિયેરનાં છોતરાં' } } }, 'કાથી')).toBe(false);
  });

  it('keeps only the matching products and ignores surrounding spaces', () => {
    expect(searchSkus([shell, straw], '  rice ')).toEqual([straw]);
  });
});
