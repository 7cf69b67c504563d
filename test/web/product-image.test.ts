import { describe, expect, it } from 'vitest';
import { tilePriority } from '../../src/web/shop/product-image';

describe('tilePriority', () => {
  it('loads the first row first, the second row at once, and the rest lazily', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(tilePriority)).toEqual(['high', 'high', 'high', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
  });
});
