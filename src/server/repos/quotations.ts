/**
 * Quotations and their lines. A quotation's orderStatus, deliveryOtp and amountPaidPaisa are read
 * through a join on its order, so they always mirror it. Lifecycle moves are checked by the caller
 * against machines/quotation-lifecycle; these functions write only if the row is still as read.
 */
import type { Kysely } from 'kysely';
import type { OrderStatus, Quotation, QuotationLine, QuotationStatus } from '../../domain/types';
import { newId, nextDisplayId } from '../db/ids';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { bumpFarmer, bumpQuotationOwner } from './answer-versions';
import { iso, type Scope } from './lines';

export interface LineInput {
  skuIdentifier: string;
  quantity: number;
  goodsPricePaisa: number;
  discountPaisa: number;
  shippingPricePaisa: number;
}

/** One row per quotation line, with its quotation, its order (if any) and its SKU, newest first. */
const withLines = (db: Kysely<Database>) =>
  db
    .selectFrom('quotations')
    .leftJoin('orders', 'orders.quotationId', 'quotations.id')
    .innerJoin('quotationLines', 'quotationLines.quotationId', 'quotations.id')
    .innerJoin('skus', 'skus.id', 'quotationLines.skuId')
    .select([
      'quotations.id',
      'quotations.displayId',
      'quotations.status',
      'quotations.version',
      'quotations.createdAt',
      'quotations.updatedAt',
      'orders.status as orderStatus',
      'orders.deliveryOtp',
      'orders.amountPaidPaisa',
      'quotationLines.quantity',
      'quotationLines.goodsPricePaisa',
      'quotationLines.discountPaisa',
      'quotationLines.shippingPricePaisa',
      'skus.id as skuId',
      'skus.name as skuName',
      'skus.image as skuImage',
      'skus.skuQuantityUnit',
    ])
    .orderBy('quotations.createdAt', 'desc')
    .orderBy('quotations.displayId', 'desc')
    .orderBy('quotationLines.position');
type LineRow = Awaited<ReturnType<ReturnType<typeof withLines>['execute']>>[number];

const byUser = prepared((db: Kysely<Database>, userId: string) => withLines(db).where('quotations.userId', '=', userId));
const byId = prepared((db: Kysely<Database>, id: string) => withLines(db).where('quotations.id', '=', id));

/**
 * Quotations with their lines in one query (the 5-second polling load), grouped here in order.
 * Every quotation has at least one line (creation and edits require one).
 */
export async function loadQuotations(
  db: Kysely<Database>,
  scope: Exclude<Scope, { ordered: true }>,
): Promise<Quotation[]> {
  const rows =
    'quotationId' in scope
      ? await byId(db, scope.quotationId)
      : 'userId' in scope
        ? await byUser(db, scope.userId)
        : await withLines(db).execute();
  return group(rows);
}

function group(rows: LineRow[]): Quotation[] {
  const out: Quotation[] = [];
  let current: Quotation | undefined;
  for (const r of rows) {
    const line: QuotationLine = {
      skuIdentifier: { _id: r.skuId, name: r.skuName, image: r.skuImage, skuQuantityUnit: r.skuQuantityUnit },
      quantity: Number(r.quantity),
      goodsPricePaisa: Number(r.goodsPricePaisa),
      discountPaisa: Number(r.discountPaisa),
      shippingPricePaisa: Number(r.shippingPricePaisa),
    };
    if (current?._id === r.id) {
      current.skusDetail.push(line);
      continue;
    }
    current = {
      _id: r.id,
      quotationDisplayId: r.displayId,
      status: r.status as QuotationStatus,
      image: line.skuIdentifier.image,
      skusDetail: [line],
      orderStatus: (r.orderStatus as OrderStatus | null) ?? null,
      deliveryOtp: r.deliveryOtp ?? null,
      amountPaidPaisa: Number(r.amountPaidPaisa ?? 0),
      version: r.version,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    };
    out.push(current);
  }
  return out;
}

/** The quotation's row by `_id` or display id (QT100001). */
export const findQuotationRow = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('quotations')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('displayId', '=', id)]))
    .executeTakeFirst();

export async function loadQuotation(db: Kysely<Database>, id: string): Promise<Quotation | undefined> {
  return (await loadQuotations(db, { quotationId: id }))[0];
}

/** Creates a PENDING quotation with its lines in one transaction; goods start at minimum price × quantity. */
export async function createQuotation(
  db: Kysely<Database>,
  userId: string,
  lines: { skuId: string; quantity: number; minimumPrice: number }[],
  now: number,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = newId();
    const displayId = await nextDisplayId(trx, 'quotation');
    await trx
      .insertInto('quotations')
      .values({ id, displayId, userId, status: 'PENDING', version: 1, createdAt: now, updatedAt: now })
      .execute();
    await trx
      .insertInto('quotationLines')
      .values(
        lines.map((l, position) => ({
          id: newId(),
          quotationId: id,
          position,
          skuId: l.skuId,
          quantity: l.quantity,
          goodsPricePaisa: l.minimumPrice * l.quantity,
          discountPaisa: 0,
          shippingPricePaisa: 0,
        })),
      )
      .execute();
    await bumpFarmer(trx, userId);
    return id;
  });
}

/** Moves the status only if it is still `from`; false when someone moved it first. Bumps the owner's version (decision 025). */
export async function moveStatus(
  db: Kysely<Database>,
  id: string,
  from: QuotationStatus,
  to: QuotationStatus,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('quotations')
      .set((eb) => ({ status: to, version: eb('version', '+', 1), updatedAt: now }))
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await bumpQuotationOwner(trx, id);
    return true;
  });
}

/** The admin's edit: status and every line, only if the stored version is still `version`. */
export async function adminEditQuotation(
  db: Kysely<Database>,
  id: string,
  version: number,
  status: QuotationStatus,
  lines: LineInput[],
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('quotations')
      .set({ status, version: version + 1, updatedAt: now })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('quotationLines').where('quotationId', '=', id).execute();
    await trx
      .insertInto('quotationLines')
      .values(
        lines.map((l, position) => ({
          id: newId(),
          quotationId: id,
          position,
          skuId: l.skuIdentifier,
          quantity: l.quantity,
          goodsPricePaisa: l.goodsPricePaisa,
          discountPaisa: l.discountPaisa,
          shippingPricePaisa: l.shippingPricePaisa,
        })),
      )
      .execute();
    await bumpQuotationOwner(trx, id);
    return true;
  });
}
