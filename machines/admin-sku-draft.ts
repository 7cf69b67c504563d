/**
 * The admin's draft of a SKU (SPEC §3 SKU fields): text as typed, the stock as a whole number, the minimum
 * price typed in rupees and sent in paisa, the image as the url `POST /api/uploads` answered. Pure.
 */
import type { SkuBody, SkuPatchBody } from '../src/domain/api';
import { paisaToRupeesInput, rupeesToPaisa } from '../src/domain/money';
import type { Sku } from '../src/domain/types';
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
export type SkuField = (typeof SKU_FIELDS)[number];

export type SkuDraft = Record<SkuField, string> & {
  /** The version the edit started from; null for a new SKU. */
  version: number | null;
  image: string;
};

export const EMPTY_SKU_DRAFT: SkuDraft = {
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

/** Is this field's text acceptable as typed? Text must not be blank; stock is a whole number; price an amount. */
export function isSkuFieldValid(field: SkuField, value: string): boolean {
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
  return draft.version === null ? body : { ...body, version: draft.version };
}

const CHANGEABLE = [...SKU_FIELDS, 'image'] as const;
type Changeable = (typeof CHANGEABLE)[number];
const sameSkuValue = (field: Changeable, a: string, b: string) =>
  field === 'minimumPrice' && rupeesToPaisa(a) !== null ? rupeesToPaisa(a) === rupeesToPaisa(b) : a.trim() === b.trim();

/** Each value the admin changed, with what they typed and what the reloaded SKU holds now. */
export const skuDraftChanges = (refused: Refused<SkuDraft>, fresh: Sku) =>
  changesFlat(refused, skuDraftOf(fresh), CHANGEABLE, sameSkuValue);

/** The admin's own changes laid over the reloaded SKU, with its version. */
export const reapplySkuDraft = (refused: Refused<SkuDraft>, fresh: Sku): SkuDraft =>
  reapplyFlat(refused, skuDraftOf(fresh), CHANGEABLE, sameSkuValue);
