/**
 * Home search (SPEC §5, decision 026): a match over name, category, brand and description in English,
 * Hindi and Gujarati, whatever language the screen is in. Case- and accent-insensitive: Latin accents,
 * the nukta and the chandrabindu/anusvara spelling choice (मूँगफली, मूंगफली) do not matter.
 */
import type { Sku } from './types';
import { SKU_TEXT_FIELDS, TRANSLATED_LANGUAGES } from './types';

type Searchable = Pick<Sku, 'name' | 'categoryName' | 'brandName' | 'description' | 'translations'>;

/** Text as search compares it: lower case, no Latin accents, no nukta, one nasal mark, no joiners. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[\u0300-\u036f\u093c\u0abc\u200c\u200d]/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/\u0a81/g, '\u0a82')
    .normalize('NFC');
}

/** Every text of the SKU in every language it has. */
function searchTexts(sku: Searchable): string[] {
  const texts: string[] = SKU_TEXT_FIELDS.map((field) => sku[field] ?? '');
  for (const language of TRANSLATED_LANGUAGES) {
    const own = sku.translations?.[language];
    if (own) for (const field of SKU_TEXT_FIELDS) if (own[field]) texts.push(own[field]);
  }
  return texts;
}

/** Does this SKU match the typed query? An empty (or blank) query matches everything. */
export function matchesSearch(sku: Searchable, query: string): boolean {
  const needle = searchKey(query.trim());
  if (needle === '') return true;
  return searchTexts(sku).some((text) => searchKey(text).includes(needle));
}

/** The SKUs a query shows, in their original order. */
export const searchSkus = <T extends Searchable>(skus: readonly T[], query: string): T[] =>
  skus.filter((sku) => matchesSearch(sku, query));
