/** Quotation lines with their SKU reference, for the quotations of one page. */
import type { Kysely } from 'kysely';
import type { QuotationLine, SkuRef } from '../../domain/types';
import type { Database } from '../db/schema';
import { isoTime } from './iso-time';
import { translationsOf } from './skus';

/** The SKU columns a line's `skuIdentifier` is made of (issue 10: with the translated names). */
export const SKU_REF_COLUMNS = ['skus.hindiName', 'skus.gujratiName', 'skus.minimumPrice'] as const;

/**
 * A line's `skuIdentifier`: the SKU's id, English name, image and unit, its Hindi and Gujarati names,
 * and its minimum price per unit in paisa (a pending quotation's "from ₹…" estimate, issue 13).
 */
export const skuRef = (r: {
  skuId: string;
  name: string;
  image: string;
  skuQuantityUnit: string;
  hindiName: string | null;
  gujratiName: string | null;
  minimumPrice: number | bigint;
}): SkuRef => ({
  _id: r.skuId,
  name: r.name,
  image: r.image,
  skuQuantityUnit: r.skuQuantityUnit,
  minimumPrice: Number(r.minimumPrice),
  translations: translationsOf(r, ['name']),
});

export async function loadLines(db: Kysely<Database>, scope: { quotationIds: string[] }): Promise<Map<string, QuotationLine[]>> {
  if (scope.quotationIds.length === 0) return new Map();
  const query = db
    .selectFrom('quotationLines')
    .innerJoin('skus', 'skus.id', 'quotationLines.skuId')
    .select([
      'quotationLines.quotationId',
      'quotationLines.quantity',
      'quotationLines.goodsPricePaisa',
      'quotationLines.discountPaisa',
      'quotationLines.shippingPricePaisa',
      'skus.id as skuId',
      'skus.name',
      'skus.image',
      'skus.skuQuantityUnit',
      ...SKU_REF_COLUMNS,
    ])
    .where('quotationLines.quotationId', 'in', scope.quotationIds);
  const rows = await query.orderBy('quotationLines.quotationId').orderBy('quotationLines.position').execute();
  const byQuotation = new Map<string, QuotationLine[]>();
  for (const r of rows) {
    const line: QuotationLine = {
      skuIdentifier: skuRef(r),
      quantity: Number(r.quantity),
      goodsPricePaisa: Number(r.goodsPricePaisa),
      discountPaisa: Number(r.discountPaisa),
      shippingPricePaisa: Number(r.shippingPricePaisa),
    };
    const list = byQuotation.get(r.quotationId);
    if (list) list.push(line);
    else byQuotation.set(r.quotationId, [line]);
  }
  return byQuotation;
}

/** Epoch milliseconds as the API's ISO 8601 time (repos/iso-time.ts). */
export const iso = isoTime;
