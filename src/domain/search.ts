/** Home search (SPEC §5): a case-insensitive match over name, category, brand and description. */
import type { Sku } from './types';

type Searchable = Pick<Sku, 'name' | 'categoryName' | 'brandName' | 'description'>;

/** Does this SKU match the typed query? An empty (or blank) query matches everything. */
export function matchesSearch(sku: Searchable, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [sku.name, sku.categoryName, sku.brandName, sku.description].some((field) =>
    (field ?? '').toLocaleLowerCase().includes(needle),
  );
}

/** The SKUs a query shows, in their original order. */
export const searchSkus = <T extends Searchable>(skus: readonly T[], query: string): T[] =>
  skus.filter((sku) => matchesSearch(sku, query));
