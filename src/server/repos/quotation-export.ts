/**
 * The quotations list as the CSV export reads it: for one page of keys (quotations.ts
 * `quotationKeyPage`), one query of exactly the columns a spreadsheet row needs, one row per line, in
 * the page's order. Reading the list's full answers instead (every quotation with its farmer, order,
 * tracker and lines as objects) made some 2.5 times the garbage per quotation, which at 200,000
 * quotations grew the server by about 90 MB before the collector reclaimed it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface QuotationExportLine {
  id: string;
  displayId: string;
  status: string;
  createdAt: number | bigint;
  pricedAt: number | bigint | null;
  revision: number;
  farmerName: string | null;
  skuName: string;
  quantity: number;
  skuUnit: string;
  goodsPricePaisa: number;
  discountPaisa: number;
  shippingPricePaisa: number;
  orderDisplayId: string | null;
  orderStatus: string | null;
}

/** The lines of the quotations `ids`, grouped by quotation in the order of `ids`, each quotation's in their order. */
export async function quotationExportLines(db: Kysely<Database>, ids: readonly string[]): Promise<QuotationExportLine[][]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('quotations')
    .innerJoin('quotationLines', 'quotationLines.quotationId', 'quotations.id')
    .leftJoin('users', 'users.id', 'quotations.userId')
    .leftJoin('orders', 'orders.quotationId', 'quotations.id')
    .select([
      'quotations.id',
      'quotations.displayId',
      'quotations.status',
      'quotations.createdAt',
      'quotations.pricedAt',
      'quotations.revision',
      'users.name as farmerName',
      'quotationLines.skuName',
      'quotationLines.quantity',
      'quotationLines.skuUnit',
      'quotationLines.goodsPricePaisa',
      'quotationLines.discountPaisa',
      'quotationLines.shippingPricePaisa',
      'orders.displayId as orderDisplayId',
      'orders.status as orderStatus',
    ])
    .where('quotations.id', 'in', ids)
    .orderBy('quotationLines.quotationId')
    .orderBy('quotationLines.position')
    .execute();
  const byQuotation = new Map<string, QuotationExportLine[]>(ids.map((id) => [id, []]));
  for (const row of rows) byQuotation.get(row.id)!.push(row);
  return [...byQuotation.values()].filter((lines) => lines.length > 0);
}
