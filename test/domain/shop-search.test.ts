import { describe, expect, it } from 'vitest';
import { matchesSearch, searchSkus } from '../../src/domain/search';
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
  it('keeps only the matching products and ignores surrounding spaces', () => {
    expect(searchSkus([shell, straw], '  rice ')).toEqual([straw]);
  });
});
