/** Cart arithmetic (SPEC §4 Cart): pure functions over the list of cart items, each by `_id`. */
import type { CreateQuotationBody } from './api';
import { translatedNames } from './sku-text';
import type { CartItem, Sku } from './types';

/** A cart item made from the SKU it names. */
export const cartItemOf = (
  sku: Pick<Sku, '_id' | 'name' | 'image' | 'skuQuantityUnit' | 'translations'>,
  quantity: number,
): CartItem => ({
  _id: sku._id,
  name: sku.name,
  image: sku.image,
  skuQuantityUnit: sku.skuQuantityUnit,
  quantity,
  ...(sku.translations ? { translations: translatedNames(sku.translations) } : {}),
});

/** Only whole quantities above 0 may go into the cart. */
export const isAddableQuantity = (quantity: number): boolean => Number.isInteger(quantity) && quantity > 0;

/** Replaces the item with the same `_id`, or appends it. */
export function upsertItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const at = items.findIndex((i) => i._id === item._id);
  if (at === -1) return [...items, item];
  return items.map((i, index) => (index === at ? item : i));
}

/** Add to Cart: the entered quantity joins any quantity of that product already there. */
export function addToCart(items: readonly CartItem[], item: CartItem): CartItem[] {
  const existing = items.find((i) => i._id === item._id);
  return upsertItem(items, { ...item, quantity: (existing?.quantity ?? 0) + item.quantity });
}

export const removeItem = (items: readonly CartItem[], id: string): CartItem[] => items.filter((i) => i._id !== id);

/** Plus: one more of this item. */
export const incrementItem = (items: readonly CartItem[], id: string): CartItem[] =>
  items.map((i) => (i._id === id ? { ...i, quantity: i.quantity + 1 } : i));

/** Minus: one less; at quantity 1 the item leaves the cart. */
export function decrementItem(items: readonly CartItem[], id: string): CartItem[] {
  const item = items.find((i) => i._id === id);
  if (!item) return [...items];
  if (item.quantity <= 1) return removeItem(items, id);
  return items.map((i) => (i._id === id ? { ...i, quantity: i.quantity - 1 } : i));
}

/** The number of distinct products in the cart ('{n} item(s) added'). */
export const cartCount = (items: readonly CartItem[]): number => items.length;

/** The body of `POST /quotations`. */
export const quotationRequestBody = (items: readonly CartItem[]): CreateQuotationBody => ({
  skusDetail: items.map((i) => ({ skuIdentifier: i._id, quantity: i.quantity })),
});
