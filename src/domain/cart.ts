/** Cart arithmetic (SPEC §4 Cart): pure functions over the list of cart items, each by `_id`. */
import type { CreateQuotationBody } from './api';
import { roundQuantity, stepQuantity } from './quantity';
import { translatedNames } from './sku-text';
import type { CartItem, Quotation, Sku } from './types';

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

/** Replaces the item with the same `_id`, or appends it. */
export function upsertItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const at = items.findIndex((i) => i._id === item._id);
  if (at === -1) return [...items, item];
  return items.map((i, index) => (index === at ? item : i));
}

/** The quantity of one product the cart holds (0 when it holds none). */
export const quantityInCart = (items: readonly CartItem[], id: string): number => items.find((i) => i._id === id)?.quantity ?? 0;

/** Add to Cart: the entered quantity joins any quantity of that product already there. */
export function addToCart(items: readonly CartItem[], item: CartItem): CartItem[] {
  const quantity = roundQuantity(quantityInCart(items, item._id) + item.quantity, item.skuQuantityUnit);
  return upsertItem(items, { ...item, quantity });
}

export const removeItem = (items: readonly CartItem[], id: string): CartItem[] => items.filter((i) => i._id !== id);

/** Whether plus may add one step of its unit to this item (not past the maximum). */
export function canIncrementItem(items: readonly CartItem[], id: string): boolean {
  const item = items.find((i) => i._id === id);
  return item !== undefined && stepQuantity(item.quantity, item.skuQuantityUnit, 1) !== null;
}

/** Plus: one step of the item's unit more (1, or 0.5 quintal/tonne); past the maximum nothing changes. */
export const incrementItem = (items: readonly CartItem[], id: string): CartItem[] =>
  items.map((i) => (i._id === id ? { ...i, quantity: stepQuantity(i.quantity, i.skuQuantityUnit, 1) ?? i.quantity } : i));

/** Minus: one step less; below the unit's smallest quantity (at 1, or at 0.5 quintal) the item leaves the cart. */
export function decrementItem(items: readonly CartItem[], id: string): CartItem[] {
  const item = items.find((i) => i._id === id);
  if (!item) return [...items];
  const next = stepQuantity(item.quantity, item.skuQuantityUnit, -1);
  if (next === null) return removeItem(items, id);
  return items.map((i) => (i._id === id ? { ...i, quantity: next } : i));
}

/** The number of distinct products in the cart ('{n} item(s) added'). */
export const cartCount = (items: readonly CartItem[]): number => items.length;

/** The body of `POST /quotations`. */
export const quotationRequestBody = (items: readonly CartItem[]): CreateQuotationBody => ({
  skusDetail: items.map((i) => ({ skuIdentifier: i._id, quantity: i.quantity })),
});

/**
 * Order again: a quotation's lines as cart items made from the catalogue as it is today (its names,
 * picture and unit; the price is the provider's new quotation), each line's quantity as asked. A line
 * whose product left the catalogue is left out.
 */
export function reorderItems(quotation: Pick<Quotation, 'skusDetail'>, skus: readonly Sku[]): CartItem[] {
  const byId = new Map(skus.map((sku) => [sku._id, sku]));
  return quotation.skusDetail.flatMap((line) => {
    const sku = byId.get(line.skuIdentifier._id);
    return sku ? [cartItemOf(sku, line.quantity)] : [];
  });
}
