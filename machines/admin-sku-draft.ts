/**
 * The admin's draft of a SKU (SPEC §3 SKU fields): text as typed, the stock as a whole number, the minimum
 * price typed in rupees and sent in paisa, the image as the url `POST /api/uploads` answered. Beside the
 * English fields, the Hindi and Gujarati texts (`hindi.name`, `gujrati.description`, …): each optional,
 * an empty one shows the English text to the farmer; and the search words farmers type in each. Pure.
 */
import type { SkuBody, SkuPatchBody } from '../src/domain/api';
import { paisaToRupeesInput, rupeesToPaisa } from '../src/domain/money';
import {
  TRANSLATED_LANGUAGES,
  TRANSLATED_TEXT_FIELDS,
  type Sku,
  type SkuTranslations,
  type TranslatedLanguage,
  type TranslatedTextField,
} from '../src/domain/types';
import { changesFlat, parseWholeNumber, reapplyFlat, type Refused } from './admin-sheet';

export const SKU_FIELDS = [
  'name',
  'description',
  'categoryName',
  'brandName',
  'availableQty',
  'skuQuantityUnit',
  'minimumPrice',
] as const;
export type BaseSkuField = (typeof SKU_FIELDS)[number];

/** The translated text fields, flat: `hindi.name`, `gujrati.brandName`, … */
export type TranslatedSkuField = `${TranslatedLanguage}.${TranslatedTextField}`;
export const translatedField = (language: TranslatedLanguage, field: TranslatedTextField): TranslatedSkuField => `${language}.${field}`;
export const TRANSLATED_SKU_FIELDS: readonly TranslatedSkuField[] = TRANSLATED_LANGUAGES.flatMap((language) =>
  TRANSLATED_TEXT_FIELDS.map((field) => translatedField(language, field)),
);
/** Which language and text field a translated field belongs to. */
export function translatedFieldParts(field: TranslatedSkuField): { language: TranslatedLanguage; field: TranslatedTextField } {
  const [language, text] = field.split('.') as [TranslatedLanguage, TranslatedTextField];
  return { language, field: text };
}

export type SkuField = BaseSkuField | TranslatedSkuField;

export type SkuDraft = Record<SkuField, string> & {
  /** The version the edit started from; null for a new SKU. */
  version: number | null;
  image: string;
};

const noTranslations = Object.fromEntries(TRANSLATED_SKU_FIELDS.map((field) => [field, ''])) as Record<TranslatedSkuField, string>;

export const EMPTY_SKU_DRAFT: SkuDraft = {
  ...noTranslations,
  version: null,
  name: '',
  description: '',
  categoryName: '',
  brandName: '',
  availableQty: '',
  skuQuantityUnit: '',
  minimumPrice: '',
  image: '',
};

export const skuDraftOf = (sku: Sku): SkuDraft => ({
  ...(Object.fromEntries(
    TRANSLATED_SKU_FIELDS.map((field) => {
      const parts = translatedFieldParts(field);
      return [field, sku.translations?.[parts.language]?.[parts.field] ?? ''];
    }),
  ) as Record<TranslatedSkuField, string>),
  version: sku.version,
  name: sku.name,
  description: sku.description,
  categoryName: sku.categoryName,
  brandName: sku.brandName,
  availableQty: String(sku.availableQty),
  skuQuantityUnit: sku.skuQuantityUnit,
  minimumPrice: paisaToRupeesInput(sku.minimumPrice),
  image: sku.image,
});

/** Is this field's text acceptable as typed? English text must not be blank (a translation may); stock is a whole number; price an amount. */
export function isSkuFieldValid(field: SkuField, value: string): boolean {
  if (field.includes('.')) return true;
  if (field === 'availableQty') return parseWholeNumber(value) !== null;
  if (field === 'minimumPrice') return rupeesToPaisa(value) !== null;
  return value.trim() !== '';
}

/** `POST /skus` (no version) or `PATCH /skus/{id}` (with the version); null until every field is filled in. */
export function skuSaveBody(draft: SkuDraft): SkuBody | SkuPatchBody | null {
  const availableQty = parseWholeNumber(draft.availableQty);
  const minimumPrice = rupeesToPaisa(draft.minimumPrice);
  if (availableQty === null || minimumPrice === null || draft.image === '') return null;
  if (!SKU_FIELDS.every((field) => isSkuFieldValid(field, draft[field]))) return null;
  const body: SkuBody = {
    name: draft.name.trim(),
    description: draft.description.trim(),
    categoryName: draft.categoryName.trim(),
    brandName: draft.brandName.trim(),
    image: draft.image,
    availableQty,
    minimumPrice,
    skuQuantityUnit: draft.skuQuantityUnit.trim(),
  };
  const translations = translationsOfDraft(draft, draft.version === null);
  if (Object.keys(translations).length > 0) body.translations = translations;
  return draft.version === null ? body : { ...body, version: draft.version };
}

/**
 * The translated texts as typed. An edit sends every one, '' clearing a stored text (the English one
 * shows instead); a new SKU sends only those filled in.
 */
function translationsOfDraft(draft: SkuDraft, onlyFilled: boolean): SkuTranslations {
  const out: SkuTranslations = {};
  for (const field of TRANSLATED_SKU_FIELDS) {
    const value = draft[field].trim();
    if (onlyFilled && value === '') continue;
    const parts = translatedFieldParts(field);
    out[parts.language] = { ...out[parts.language], [parts.field]: value };
  }
  return out;
}

const CHANGEABLE = [...SKU_FIELDS, ...TRANSLATED_SKU_FIELDS, 'image'] as const;
type Changeable = (typeof CHANGEABLE)[number];
const sameSkuValue = (field: Changeable, a: string, b: string) =>
  field === 'minimumPrice' && rupeesToPaisa(a) !== null ? rupeesToPaisa(a) === rupeesToPaisa(b) : a.trim() === b.trim();

/** Each value the admin changed, with what they typed and what the reloaded SKU holds now. */
export const skuDraftChanges = (refused: Refused<SkuDraft>, fresh: Sku) =>
  changesFlat(refused, skuDraftOf(fresh), CHANGEABLE, sameSkuValue);

/** The admin's own changes laid over the reloaded SKU, with its version. */
export const reapplySkuDraft = (refused: Refused<SkuDraft>, fresh: Sku): SkuDraft =>
  reapplyFlat(refused, skuDraftOf(fresh), CHANGEABLE, sameSkuValue);
