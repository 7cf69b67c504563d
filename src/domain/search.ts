/**
 * Home search (SPEC §5, decision 026): a match over name, category, brand and description in English,
 * Hindi and Gujarati, whatever language the screen is in. Case- and accent-insensitive: Latin accents,
 * the nukta, the chandrabindu/anusvara spelling choice (मूँगफली, मूंगफली) and long or short i and u
 * (ભૂસું, ભુસુ) do not matter. Each typed word is found on its own, in its plain or inflected form:
 * छिलका finds छिलके and मक्का finds मक्के, since a word's final vowel sign and its common plural and
 * oblique endings are not compared.
 */
import type { Sku } from './types';
import { SKU_TEXT_FIELDS, TRANSLATED_LANGUAGES, TRANSLATED_TEXT_FIELDS } from './types';

type Searchable = Pick<Sku, 'name' | 'categoryName' | 'brandName' | 'description' | 'translations'>;

/** Long i and u, as vowel signs and as letters, by their short forms (Devanagari, then Gujarati). */
const LONG_TO_SHORT: Readonly<Record<string, string>> = {
  '\u0940': '\u093f',
  '\u0942': '\u0941',
  '\u0908': '\u0907',
  '\u090a': '\u0909',
  '\u0ac0': '\u0abf',
  '\u0ac2': '\u0ac1',
  '\u0a88': '\u0a87',
  '\u0a8a': '\u0a89',
};

/** Text as search compares it: lower case, no Latin accents, no nukta, one nasal mark, short i and u, no joiners. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[\u0300-\u036f\u093c\u0abc\u200c\u200d]/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/\u0a81/g, '\u0a82')
    .replace(/[\u0940\u0942\u0ac0\u0ac2\u0908\u090a\u0a88\u0a8a]/g, (long) => LONG_TO_SHORT[long]!)
    .normalize('NFC');
}

/**
 * Plural and oblique endings, in search-key form, longest first: Hindi -इयां/-इयों (बोरियां), -ओं,
 * -ों, -ें, -ां; Gujarati -ઓ, -ાં, -ોં.
 */
const ENDINGS = ['\u093f\u092f\u093e\u0902', '\u093f\u092f\u094b\u0902', '\u0913\u0902', '\u094b\u0902', '\u0947\u0902', '\u093e\u0902', '\u0abe\u0a82', '\u0acb\u0a82', '\u0a93'];
/** A dependent vowel sign or a nasal mark, Devanagari or Gujarati. */
const FINAL_MARK = /[\u093e-\u094c\u0902\u0abe-\u0acc\u0a82]$/;
/** A stem keeps at least this many characters, so a short word is never cut down to a letter. */
const MIN_STEM = 2;

/** A typed word (search key) without its ending and final vowel signs: छिलका → छिलक, ભુસુ → ભુસ. */
export function searchStem(word: string): string {
  let stem = word;
  const ending = ENDINGS.find((e) => stem.endsWith(e) && stem.length - e.length >= MIN_STEM);
  if (ending) stem = stem.slice(0, -ending.length);
  while (FINAL_MARK.test(stem) && stem.length - 1 >= MIN_STEM) stem = stem.slice(0, -1);
  return stem;
}

/** Every text of the SKU in every language it has, with its search words. */
function searchTexts(sku: Searchable): string[] {
  const texts: string[] = SKU_TEXT_FIELDS.map((field) => sku[field] ?? '');
  for (const language of TRANSLATED_LANGUAGES) {
    const own = sku.translations?.[language];
    if (own) for (const field of TRANSLATED_TEXT_FIELDS) if (own[field]) texts.push(own[field]);
  }
  return texts;
}

/** Does this SKU match the typed query, each of its words somewhere in the SKU's texts? An empty (or blank) query matches everything. */
export function matchesSearch(sku: Searchable, query: string): boolean {
  const stems = searchKey(query).split(/\s+/).filter((word) => word !== '').map(searchStem);
  if (stems.length === 0) return true;
  const texts = searchTexts(sku).map(searchKey);
  return stems.every((stem) => texts.some((text) => text.includes(stem)));
}

/** The SKUs a query shows, in their original order. */
export const searchSkus = <T extends Searchable>(skus: readonly T[], query: string): T[] =>
  skus.filter((sku) => matchesSearch(sku, query));
