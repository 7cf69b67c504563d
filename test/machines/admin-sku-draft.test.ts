/** The admin's SKU draft, beside what admin-skus.test.ts drives through the chart: each field's rule, the body, the changes. */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SKU_DRAFT,
  isSkuFieldValid,
  reapplySkuDraft,
  skuDraftChanges,
  skuDraftOf,
  skuSaveBody,
  translatedField,
  translatedFieldParts,
  TRANSLATED_SKU_FIELDS,
} from '../../machines/admin-sku-draft';
import { SKUS } from '../support/machines/admin-fixtures';

const saved = SKUS[0]!;

describe('a SKU field as typed', () => {
  it('needs English text, a whole stock and a rupee amount; a translation may be anything, blank included', () => {
    expect(['name', 'description', 'categoryName', 'brandName', 'skuQuantityUnit'].map((f) => isSkuFieldValid(f as 'name', ' '))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isSkuFieldValid('name', 'Paddy straw')).toBe(true);
    expect([isSkuFieldValid('availableQty', '1,200'), isSkuFieldValid('availableQty', '12.5')]).toEqual([true, false]);
    expect([isSkuFieldValid('minimumPrice', '₹2,500.50'), isSkuFieldValid('minimumPrice', '25.505')]).toEqual([true, false]);
    expect([isSkuFieldValid('hindi.name', ''), isSkuFieldValid('gujrati.description', '  ')]).toEqual([true, true]);
  });

  it('names the translated fields (four texts and the search words, in two languages) by language and field, and back', () => {
    expect(translatedField('gujrati', 'brandName')).toBe('gujrati.brandName');
    expect(translatedFieldParts('hindi.categoryName')).toEqual({ language: 'hindi', field: 'categoryName' });
    expect(translatedFieldParts('gujrati.searchWords')).toEqual({ language: 'gujrati', field: 'searchWords' });
    expect(TRANSLATED_SKU_FIELDS).toHaveLength(10);
  });

  it('starts a new SKU with every field empty and no version', () => {
    expect(Object.entries(EMPTY_SKU_DRAFT).filter(([, value]) => value !== '')).toEqual([['version', null]]);
    expect(Object.keys(EMPTY_SKU_DRAFT)).toHaveLength(10 + 7 + 2);
  });
});

describe('the body a SKU draft sends', () => {
  it('sends the English texts trimmed, and no version for a new SKU', () => {
    const draft = { ...skuDraftOf(saved), version: null, name: ' Paddy straw ', description: ' Baled ', categoryName: ' Straw ', brandName: ' Khedut ', skuQuantityUnit: ' bale ' };
    expect(skuSaveBody(draft)).toEqual({
      name: 'Paddy straw',
      description: 'Baled',
      categoryName: 'Straw',
      brandName: 'Khedut',
      image: saved.image,
      availableQty: saved.availableQty,
      minimumPrice: saved.minimumPrice,
      skuQuantityUnit: 'bale',
    });
  });

  it('sends nothing without an image, or with any English text blank', () => {
    const draft = skuDraftOf(saved);
    expect(skuSaveBody({ ...draft, image: '' })).toBeNull();
    for (const field of ['description', 'categoryName', 'brandName', 'skuQuantityUnit'] as const) {
      expect(skuSaveBody({ ...draft, [field]: ' ' }), field).toBeNull();
    }
  });
});

describe('the changes kept over a conflict', () => {
  it('counts a price typed another way as the same price, and a changed price as a change', () => {
    const base = skuDraftOf(saved);
    const fresh = { ...saved, version: 2, availableQty: 900 };
    expect(skuDraftChanges({ base, mine: { ...base, minimumPrice: base.minimumPrice.replace('.00', '') } }, fresh)).toEqual([]);
    expect(skuDraftChanges({ base, mine: { ...base, minimumPrice: '1', name: `${base.name} ` } }, fresh)).toEqual([
      { field: 'minimumPrice', mine: '1', now: base.minimumPrice },
    ]);
  });

  it('lays the changed fields over the reloaded SKU, with its version', () => {
    const base = skuDraftOf(saved);
    const fresh = { ...saved, version: 2, availableQty: 900 };
    expect(reapplySkuDraft({ base, mine: { ...base, name: 'Rice straw' } }, fresh)).toEqual({ ...skuDraftOf(fresh), name: 'Rice straw' });
  });
});
