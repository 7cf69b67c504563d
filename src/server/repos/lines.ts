/** Quotation lines with their SKU reference: for one quotation, one farmer's, those with an order, or all. */
import type { Kysely } from 'kysely';
import type { QuotationLine } from '../../domain/types';
import type { Database } from '../db/schema';
import { isoTime } from './iso-time';

export type Scope = { quotationId: string } | { userId: string } | { ordered: true } | { all: true };

export async function loadLines(db: Kysely<Database>, scope: Scope): Promise<Map<string, QuotationLine[]>> {
  let query = db
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
    ]);
  if ('quotationId' in scope) query = query.where('quotationLines.quotationId', '=', scope.quotationId);
  else if ('userId' in scope) {
    query = query
      .innerJoin('quotations', 'quotations.id', 'quotationLines.quotationId')
      .where('quotations.userId', '=', scope.userId);
  } else if ('ordered' in scope) {
    query = query.innerJoin('orders', 'orders.quotationId', 'quotationLines.quotationId');
  }
  const rows = await query.orderBy('quotationLines.quotationId').orderBy('quotationLines.position').execute();
  const byQuotation = new Map<string, QuotationLine[]>();
  for (const r of rows) {
    const line: QuotationLine = {
      skuIdentifier: { _id: r.skuId, name: r.name, image: r.image, skuQuantityUnit: r.skuQuantityUnit },
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
