import { describe, expect, it } from 'vitest';
import { matchesSearch, searchSkus } from '../../src/domain/search';
import { sku } from './shop-fixtures';

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
  it('keeps only the matching products and ignores surrounding spaces', () => {
    expect(searchSkus([shell, straw], '  rice ')).toEqual([straw]);
  });
});
