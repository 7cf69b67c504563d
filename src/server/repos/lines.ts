/** Quotation lines with their SKU reference, for the quotations of one page. */
import type { Kysely, Transaction } from 'kysely';
import type { QuotationLine, SkuRef } from '../../domain/types';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { catalogueVersion } from './answer-versions';
import { isoTime } from './iso-time';
import { translationsOf } from './skus';

type Db = Kysely<Database> | Transaction<Database>;

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

/** Every SKU's line reference, with the catalogue version read in the same statement. */
const allSkuRefs = prepared((db: Kysely<Database>) =>
  db
    .selectFrom('skus')
    .select(['skus.id as skuId', 'skus.name', 'skus.image', 'skus.skuQuantityUnit', ...SKU_REF_COLUMNS])
    .select(catalogueVersion().as('catalogueVersion')),
);

/** The SKUs' line references as last read, per database, and the catalogue version they were read at. */
const keptRefs = new WeakMap<Db, { version: number; byId: Map<string, SkuRef> }>();

/** The line columns a page reads: its SKU is only an id, resolved by `skuRefsOf`. */
export interface LineSkuColumns {
  skuId: string;
  /** The catalogue counter, read in the lines' own statement (`catalogueVersion`). */
  catalogueVersion: number | bigint | string;
}

/**
 * The `skuIdentifier` of every SKU these line rows name. A line reads only its SKU's id: the SKUs, a
 * catalogue of tens that every line of every page names again with its names in three languages, are
 * read in one statement and kept per database with the catalogue version read alongside. The kept
 * references serve a page while they are at least as new as the catalogue version its lines were read
 * with and know every SKU it names (one created since is new to them); otherwise they are read again.
 * Every SKU edit bumps that version (answer-versions.ts `bumpCatalogue`) and no SKU is ever deleted,
 * so a line never shows its SKU older than the statement that read the line.
 */
export async function skuRefsOf(db: Db, rows: readonly LineSkuColumns[]): Promise<Map<string, SkuRef>> {
  if (rows.length === 0) return keptRefs.get(db)?.byId ?? new Map();
  return skuRefsAtLeast(db, Number(rows[0]!.catalogueVersion), rows.map((r) => r.skuId));
}

/**
 * The kept SKU references (as `skuRefsOf` keeps them), read again first when they are older than the
 * catalogue version `atLeast` or lack one of `skuIds`: a stored page's lines re-clothed in the
 * catalogue of now (http/farmer-pages.ts `onNewCatalogue`) take them so.
 */
export async function skuRefsAtLeast(db: Db, atLeast: number, skuIds: Iterable<string>): Promise<Map<string, SkuRef>> {
  let kept = keptRefs.get(db);
  const knowsAll = (byId: Map<string, SkuRef>) => {
    for (const id of skuIds) if (!byId.has(id)) return false;
    return true;
  };
  if (kept === undefined || kept.version < atLeast || !knowsAll(kept.byId)) {
    const all = await allSkuRefs(db);
    kept = { version: Number(all[0]?.catalogueVersion ?? atLeast), byId: new Map(all.map((r) => [r.skuId, skuRef(r)])) };
    keptRefs.set(db, kept);
  }
  return kept.byId;
}

/** A line row's SKU reference from `skuRefsOf`'s answer (every line's SKU exists: a foreign key). */
export const lineSku = (refs: Map<string, SkuRef>, skuId: string): SkuRef => {
  const ref = refs.get(skuId);
  if (ref === undefined) throw new Error(`quotation line names SKU ${skuId}, which the catalogue lacks`);
  return ref;
};

export async function loadLines(db: Kysely<Database>, scope: { quotationIds: string[] }): Promise<Map<string, QuotationLine[]>> {
  if (scope.quotationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('quotationLines')
    .select([
      'quotationLines.quotationId',
      'quotationLines.quantity',
      'quotationLines.goodsPricePaisa',
      'quotationLines.discountPaisa',
      'quotationLines.shippingPricePaisa',
      'quotationLines.skuId',
    ])
    .select(catalogueVersion().as('catalogueVersion'))
    .where('quotationLines.quotationId', 'in', scope.quotationIds)
    .orderBy('quotationLines.quotationId')
    .orderBy('quotationLines.position')
    .execute();
  const refs = await skuRefsOf(db, rows);
  const byQuotation = new Map<string, QuotationLine[]>();
  for (const r of rows) {
    const line: QuotationLine = {
      skuIdentifier: lineSku(refs, r.skuId),
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
