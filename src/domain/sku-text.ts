/**
 * A SKU's texts in the reader's language (DECISIONS §5 Catalogue languages): the Hindi or Gujarati
 * field when the SKU has one, the English field otherwise, field by field. Units come from a known
 * vocabulary kept in the locale files (`unit.<name>`); a unit outside it shows as the admin typed it.
 */
import { searchKey } from './search';
import type { SkuNameTranslations, SkuTextField, SkuTranslations, TranslatedLanguage } from './types';

type Texts = { readonly [F in SkuTextField]?: string };
interface Translatable extends Texts {
  readonly translations?: SkuTranslations | SkuNameTranslations;
}

/** The catalogue language of a UI locale ('hi', 'gu', 'en') or of a preferred language; null for English. */
export function translatedLanguageOf(localeOrLanguage: string | null | undefined): TranslatedLanguage | null {
  switch (localeOrLanguage) {
    case 'hi':
    case 'hindi':
      return 'hindi';
    case 'gu':
    case 'gujrati':
      return 'gujrati';
    default:
      return null;
  }
}

/** One field in the reader's language, falling back to the English field when it has no translation. */
export function skuText(item: Translatable, field: SkuTextField, locale: string | null | undefined): string {
  const english = item[field] ?? '';
  const language = translatedLanguageOf(locale);
  if (language === null) return english;
  const translated = (item.translations?.[language] as Texts | undefined)?.[field]?.trim();
  return translated ? translated : english;
}

/** The name a product card, cart line or quotation line shows. */
export const skuName = (item: Translatable, locale: string | null | undefined): string => skuText(item, 'name', locale);

/** Only the names, for what a cart item and a quotation line carry. */
export function translatedNames(translations: SkuTranslations): SkuNameTranslations {
  const out: SkuNameTranslations = {};
  for (const [language, texts] of Object.entries(translations) as [TranslatedLanguage, SkuTranslations[TranslatedLanguage]][]) {
    if (texts?.name) out[language] = { name: texts.name };
  }
  return out;
}

/** The units the locale files translate (`unit.kg`, `unit.quintal`, …). */
export const KNOWN_UNITS = ['kg', 'quintal', 'tonne', 'bag', 'bundle', 'bale', 'trolley', 'truck', 'piece', 'litre'] as const;
export type KnownUnit = (typeof KNOWN_UNITS)[number];

/**
 * Spellings admins type for a known unit, in English, Hindi and Gujarati (the words farmers use, and
 * their common variants), so a unit typed in any of them keeps its translation and its decimal rule.
 */
const UNIT_ALIASES: Readonly<Record<string, KnownUnit>> = {
  kgs: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  qtl: 'quintal',
  quintals: 'quintal',
  ton: 'tonne',
  tons: 'tonne',
  tonnes: 'tonne',
  bags: 'bag',
  bundles: 'bundle',
  bales: 'bale',
  trolleys: 'trolley',
  trucks: 'truck',
  pieces: 'piece',
  pcs: 'piece',
  liter: 'litre',
  litres: 'litre',
  liters: 'litre',
  // Hindi
  किलो: 'kg',
  किलोग्राम: 'kg',
  क्विंटल: 'quintal',
  क्विन्टल: 'quintal',
  कुंतल: 'quintal',
  टन: 'tonne',
  बोरी: 'bag',
  बोरा: 'bag',
  गट्ठर: 'bundle',
  गट्ठा: 'bundle',
  गाँठ: 'bale',
  ट्रॉली: 'trolley',
  ट्राली: 'trolley',
  ट्रक: 'truck',
  नग: 'piece',
  लीटर: 'litre',
  // Gujarati
  કિલો: 'kg',
  કિલોગ્રામ: 'kg',
  ક્વિન્ટલ: 'quintal',
  ક્વિંટલ: 'quintal',
  ટન: 'tonne',
  ગૂણી: 'bag',
  ગુણી: 'bag',
  ભારો: 'bundle',
  ભારા: 'bundle',
  ગાંસડી: 'bale',
  ટ્રૉલી: 'trolley',
  ટ્રોલી: 'trolley',
  ટ્રક: 'truck',
  નંગ: 'piece',
  લિટર: 'litre',
  લીટર: 'litre',
};

/** The aliases by their search key, so nukta and nasal-mark spellings (गाँठ, गांठ) name the same unit. */
const ALIASES_BY_KEY: ReadonlyMap<string, KnownUnit> = new Map(Object.entries(UNIT_ALIASES).map(([alias, known]) => [searchKey(alias), known]));

/** The vocabulary entry a typed unit names, or null for a unit outside it. */
export function knownUnit(unit: string): KnownUnit | null {
  const key = searchKey(unit.trim());
  if ((KNOWN_UNITS as readonly string[]).includes(key)) return key as KnownUnit;
  return ALIASES_BY_KEY.get(key) ?? null;
}

/** The unit as the reader's messages name it (`unit.<name>`), or as typed when the vocabulary lacks it. */
export function unitText(unit: string, intl: UnitIntl): string {
  const known = knownUnit(unit);
  const id = known === null ? undefined : `unit.${known}`;
  // Messages are compiled at build time (not strings), so the text comes through formatMessage.
  return id !== undefined && Object.hasOwn(intl.messages, id) ? intl.formatMessage({ id }) : unit;
}

/** What `unitText` needs of react-intl's `IntlShape`. */
export interface UnitIntl {
  readonly messages: Readonly<Record<string, unknown>>;
  formatMessage(descriptor: { id: string }): string;
}
