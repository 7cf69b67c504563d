import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartCount,
  cartItemOf,
  canIncrementItem,
  decrementItem,
  incrementItem,
  quotationRequestBody,
  removeItem,
  upsertItem,
} from '../../src/domain/cart';
import { sku } from '../support/shop-fixtures';

const shell = cartItemOf(sku(), 3);
const straw = cartItemOf(sku({ _id: 's2', name: 'Paddy Straw', skuQuantityUnit: 'bale' }), 2);
const husk = cartItemOf(sku({ _id: 's3', name: 'Rice Husk', skuQuantityUnit: 'quintal' }), 2.5);

describe('cart arithmetic', () => {
  it('makes a cart item from a SKU and a quantity', () => {
    expect(shell).toEqual({ _id: 'sku-1', name: 'Groundnut Shell', image: '/img/groundnut.jpg', skuQuantityUnit: 'kg', quantity: 3 });
  });
  it('adds a new product at the end of the cart', () => {
    expect(addToCart([shell], straw)).toEqual([shell, straw]);
  });
  it('adds the entered quantity to the quantity already in the cart', () => {
    expect(addToCart([shell, straw], { ...shell, quantity: 4 })).toEqual([{ ...shell, quantity: 7 }, straw]);
    // 0.1 + 0.2 is 0.3 in the cart, not 0.30000000000000004.
    expect(addToCart([{ ...husk, quantity: 0.1 }], { ...husk, quantity: 0.2 })).toEqual([{ ...husk, quantity: 0.3 }]);
  });
  it('replaces an item by _id on update, or appends it', () => {
    expect(upsertItem([shell, straw], { ...shell, quantity: 9 })).toEqual([{ ...shell, quantity: 9 }, straw]);
    expect(upsertItem([shell], straw)).toEqual([shell, straw]);
  });
  it('removes an item by _id and leaves the others', () => {
    expect(removeItem([shell, straw], 'sku-1')).toEqual([straw]);
  });
  it('adds one on plus and takes one away on minus', () => {
    expect(incrementItem([shell], 'sku-1')).toEqual([{ ...shell, quantity: 4 }]);
    expect(decrementItem([shell], 'sku-1')).toEqual([{ ...shell, quantity: 2 }]);
  });
  it('removes the item when minus is pressed at quantity 1', () => {
    expect(decrementItem([{ ...shell, quantity: 1 }, straw], 'sku-1')).toEqual([straw]);
  });
  it('steps quintal by half, and removes it when minus would go below 0.1', () => {
    expect(incrementItem([husk], 's3')).toEqual([{ ...husk, quantity: 3 }]);
    expect(decrementItem([husk], 's3')).toEqual([{ ...husk, quantity: 2 }]);
    expect(decrementItem([{ ...husk, quantity: 0.3 }, straw], 's3')).toEqual([straw]);
  });
  it('lets plus add only while the step stays within the maximum', () => {
    expect(canIncrementItem([shell], 'sku-1')).toBe(true);
    expect(canIncrementItem([{ ...shell, quantity: 1_000_000 }], 'sku-1')).toBe(false);
    expect(incrementItem([{ ...shell, quantity: 1_000_000 }], 'sku-1')).toEqual([{ ...shell, quantity: 1_000_000 }]);
    expect(canIncrementItem([shell], 'nope')).toBe(false);
  });
  it('counts distinct products', () => {
    expect(cartCount([])).toBe(0);
    expect(cartCount([shell, straw])).toBe(2);
  });
  it('builds the quotation request body from the cart', () => {
    expect(quotationRequestBody([shell, straw])).toEqual({
      skusDetail: [
        { skuIdentifier: 'sku-1', quantity: 3 },
        { skuIdentifier: 's2', quantity: 2 },
      ],
    });
  });
});
