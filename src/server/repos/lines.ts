/**
 * Quotation lines, each with its SKU as it was quoted (migration 0013): the line's own copy of the
 * SKU's names, image, unit and minimum price, so a quotation reads the same whatever the catalogue
 * has become since.
 */
import type { Kysely, Transaction } from 'kysely';
import type { QuotationLine, SkuRef } from '../../domain/types';
import type { Database } from '../db/schema';
import { isoTime } from './iso-time';
import { translationsOf } from './skus';

type Db = Kysely<Database> | Transaction<Database>;

/** The columns of a line's SKU as quoted. */
export const LINE_SKU_COLUMNS = [
  'quotationLines.skuId',
  'quotationLines.skuName',
  'quotationLines.skuHindiName',
  'quotationLines.skuGujratiName',
  'quotationLines.skuImage',
  'quotationLines.skuUnit',
  'quotationLines.skuMinimumPrice',
] as const;

/** The columns of a line as `lineOf` reads them. */
export const LINE_COLUMNS = [
  ...LINE_SKU_COLUMNS,
  'quotationLines.quantity',
  'quotationLines.goodsPricePaisa',
  'quotationLines.discountPaisa',
  'quotationLines.shippingPricePaisa',
] as const;

export interface LineSkuRow {
  skuId: string;
  skuName: string;
  skuHindiName: string | null;
  skuGujratiName: string | null;
  skuImage: string;
  skuUnit: string;
  skuMinimumPrice: number | bigint;
}

interface LineRow extends LineSkuRow {
  quantity: number | string;
  goodsPricePaisa: number | bigint;
  discountPaisa: number | bigint;
  shippingPricePaisa: number | bigint;
}

/**
 * A line's `skuIdentifier`: the SKU's id, English name, image and unit, its Hindi and Gujarati names,
 * and its minimum price per unit in paisa (a pending quotation's "from ₹…" estimate), as quoted.
 */
export const skuRefOf = (r: LineSkuRow): SkuRef => ({
  _id: r.skuId,
  name: r.skuName,
  image: r.skuImage,
  skuQuantityUnit: r.skuUnit,
  minimumPrice: Number(r.skuMinimumPrice),
  translations: translationsOf({ hindiName: r.skuHindiName, gujratiName: r.skuGujratiName }, ['name']),
});

export const lineOf = (r: LineRow): QuotationLine => ({
  skuIdentifier: skuRefOf(r),
  quantity: Number(r.quantity),
  goodsPricePaisa: Number(r.goodsPricePaisa),
  discountPaisa: Number(r.discountPaisa),
  shippingPricePaisa: Number(r.shippingPricePaisa),
});

/** These SKUs as the catalogue holds them now, by id: what a new line quotes. */
export async function quotedSkus(db: Db, skuIds: readonly string[]): Promise<Map<string, LineSkuRow>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('skus')
    .select(['id', 'name', 'hindiName', 'gujratiName', 'image', 'skuQuantityUnit', 'minimumPrice'])
    .where('id', 'in', [...new Set(skuIds)])
    .execute();
  return new Map(
    rows.map((s) => [
      s.id,
      {
        skuId: s.id,
        skuName: s.name,
        skuHindiName: s.hindiName,
        skuGujratiName: s.gujratiName,
        skuImage: s.image,
        skuUnit: s.skuQuantityUnit,
        skuMinimumPrice: Number(s.minimumPrice),
      },
    ]),
  );
}

export async function loadLines(db: Db, scope: { quotationIds: string[] }): Promise<Map<string, QuotationLine[]>> {
  if (scope.quotationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('quotationLines')
    .select(['quotationLines.quotationId', ...LINE_COLUMNS])
    .where('quotationLines.quotationId', 'in', scope.quotationIds)
    .orderBy('quotationLines.quotationId')
    .orderBy('quotationLines.position')
    .execute();
  const byQuotation = new Map<string, QuotationLine[]>();
  for (const r of rows) {
    const line = lineOf(r);
    const list = byQuotation.get(r.quotationId);
    if (list) list.push(line);
    else byQuotation.set(r.quotationId, [line]);
  }
  return byQuotation;
}

/** Epoch milliseconds as the API's ISO 8601 time (repos/iso-time.ts). */
export const iso = isoTime;
