/**
 * The body of POST /api/skus as an admin fills it in, for the server's SKU tests: one product
 * (Mustard Husk, ₹350 a kg in paisa, an uploaded picture's path) with any field replaced or added.
 */
export function skuBody<T extends Record<string, unknown>>(over: T = {} as T) {
  return {
    name: 'Mustard Husk',
    description: 'Husk left after mustard threshing.',
    categoryName: 'Shells & Husks',
    brandName: 'Rajasthan Agro',
    image: '/api/uploads/abcdef0123456789',
    availableQty: 500,
    minimumPrice: 35_000,
    skuQuantityUnit: 'kg',
    ...over,
  };
}
