/**
 * Quotations and their lines. A quotation's orderStatus, deliveryOtp and amountPaidPaisa are read
 * through a join on its order, so they always mirror it. Lifecycle moves are checked by the caller
 * against machines/quotation-lifecycle; these functions write only if the row is still as read.
 */
import type { Kysely } from 'kysely';
import type { OrderStatus, Quotation, QuotationStatus } from '../../domain/types';
import { newId, nextDisplayId } from '../db/ids';
import type { Database } from '../db/schema';
import { iso, loadLines, type Scope } from './lines';

export interface LineInput {
  skuIdentifier: string;
  quantity: number;
  goodsPricePaisa: number;
  discountPaisa: number;
  shippingPricePaisa: number;
}

export async function loadQuotations(db: Kysely<Database>, scope: Scope): Promise<Quotation[]> {
  let query = db
    .selectFrom('quotations')
    .leftJoin('orders', 'orders.quotationId', 'quotations.id')
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
    ]);
  if ('quotationId' in scope) query = query.where('quotations.id', '=', scope.quotationId);
  else if ('userId' in scope) query = query.where('quotations.userId', '=', scope.userId);
  const [rows, lines] = await Promise.all([
    query.orderBy('quotations.createdAt', 'desc').orderBy('quotations.displayId', 'desc').execute(),
    loadLines(db, scope),
  ]);
  return rows.map((r) => {
    const skusDetail = lines.get(r.id) ?? [];
    return {
      _id: r.id,
      quotationDisplayId: r.displayId,
      status: r.status as QuotationStatus,
      image: skusDetail[0]?.skuIdentifier.image ?? '',
      skusDetail,
      orderStatus: (r.orderStatus as OrderStatus | null) ?? null,
      deliveryOtp: r.deliveryOtp ?? null,
      amountPaidPaisa: Number(r.amountPaidPaisa ?? 0),
      version: r.version,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    };
  });
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
    return id;
  });
}

/** Moves the status only if it is still `from`; false when someone moved it first. */
export async function moveStatus(
  db: Kysely<Database>,
  id: string,
  from: QuotationStatus,
  to: QuotationStatus,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('quotations')
    .set((eb) => ({ status: to, version: eb('version', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
    return true;
  });
}
