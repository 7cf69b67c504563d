import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartCount,
  cartItemOf,
  decrementItem,
  incrementItem,
  isAddableQuantity,
  quotationRequestBody,
  removeItem,
  upsertItem,
} from '../../src/domain/cart';
import { sku } from './shop-fixtures';

const shell = cartItemOf(sku(), 3);
const straw = cartItemOf(sku({ _id: 's2', name: 'Paddy Straw', skuQuantityUnit: 'bale' }), 2);

describe('cart arithmetic', () => {
  it('makes a cart item from a SKU and a quantity', () => {
    expect(shell).toEqual({ _id: 'sku-1', name: 'Groundnut Shell', image: '/img/groundnut.jpg', skuQuantityUnit: 'kg', quantity: 3 });
  });
  it('accepts only whole quantities above 0', () => {
    expect(isAddableQuantity(1)).toBe(true);
    expect(isAddableQuantity(0)).toBe(false);
    expect(isAddableQuantity(-2)).toBe(false);
    expect(isAddableQuantity(1.5)).toBe(false);
    expect(isAddableQuantity(Number.NaN)).toBe(false);
  });
  it('adds a new product at the end of the cart', () => {
    expect(addToCart([shell], straw)).toEqual([shell, straw]);
  });
  it('adds the entered quantity to the quantity already in the cart', () => {
    expect(addToCart([shell, straw], { ...shell, quantity: 4 })).toEqual([{ ...shell, quantity: 7 }, straw]);
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
