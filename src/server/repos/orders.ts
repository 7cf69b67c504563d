/** Orders: placed from a COMPLETED quotation in one transaction; admins move status and amount paid. */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Order, OrderStatus, QuotationStatus } from '../../domain/types';
import { newId, nextDisplayId } from '../db/ids';
import type { Database } from '../db/schema';
import { bumpFarmer } from './answer-versions';
import { iso, loadLines, type Scope } from './lines';

export async function loadOrders(db: Kysely<Database>, orderId?: string): Promise<Order[]> {
  let query = db
    .selectFrom('orders')
    .innerJoin('quotations', 'quotations.id', 'orders.quotationId')
    .innerJoin('users', 'users.id', 'orders.userId')
    .select([
      'orders.id',
      'orders.displayId',
      'orders.status',
      'orders.amountPaidPaisa',
      'orders.deliveryOtp',
      'orders.version',
      'orders.createdAt',
      'orders.updatedAt',
      'quotations.id as quotationId',
      'quotations.displayId as quotationDisplayId',
      'users.name',
      'users.mobileNumber',
    ]);
  if (orderId !== undefined) query = query.where('orders.id', '=', orderId);
  const rows = await query.orderBy('orders.createdAt', 'desc').orderBy('orders.displayId', 'desc').execute();
  const scope: Scope = rows.length === 1 ? { quotationId: rows[0]!.quotationId } : { ordered: true };
  const lines = rows.length === 0 ? new Map() : await loadLines(db, scope);
  return rows.map((r) => ({
    _id: r.id,
    orderDisplayId: r.displayId,
    status: r.status as OrderStatus,
    amountPaidPaisa: Number(r.amountPaidPaisa),
    deliveryOtp: r.deliveryOtp,
    userDetails: { name: r.name, mobileNumber: r.mobileNumber },
    quotationDetail: {
      _id: r.quotationId,
      quotationDisplayId: r.quotationDisplayId,
      skusDetail: lines.get(r.quotationId) ?? [],
    },
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }));
}

/** By `_id` or display id (OD100001). */
export const findOrderRow = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('displayId', '=', id)]))
    .executeTakeFirst();

export type PlaceResult = { ok: true; orderId: string } | { ok: false; reason: 'moved' | 'exists' };

/**
 * One transaction: the quotation makes the lifecycle's move (only if still at `from`) and the order
 * is created CONFIRMATION_PENDING with a 4-digit delivery code from the CSPRNG.
 */
export async function placeOrder(
  db: Kysely<Database>,
  quotationId: string,
  userId: string,
  move: { from: QuotationStatus; to: QuotationStatus },
  now: number,
): Promise<PlaceResult> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('orders').select('id').where('quotationId', '=', quotationId).executeTakeFirst();
    if (existing) return { ok: false, reason: 'exists' } as const;
    const moved = await trx
      .updateTable('quotations')
      .set((eb) => ({ status: move.to, version: eb('version', '+', 1), updatedAt: now }))
      .where('id', '=', quotationId)
      .where('status', '=', move.from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return { ok: false, reason: 'moved' } as const;
    const id = newId();
    await trx
      .insertInto('orders')
      .values({
        id,
        displayId: await nextDisplayId(trx, 'order'),
        quotationId,
        userId,
        status: 'CONFIRMATION_PENDING',
        amountPaidPaisa: 0,
        deliveryOtp: String(randomInt(0, 10_000)).padStart(4, '0'),
        version: 1,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await bumpFarmer(trx, userId);
    return { ok: true, orderId: id } as const;
  });
}

/** Sets status and amount paid only if the stored version is still `version`; bumps the farmer's version (decision 025). */
export async function updateOrder(
  db: Kysely<Database>,
  id: string,
  version: number,
  status: OrderStatus,
  amountPaidPaisa: number,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('orders')
      .set({ status, amountPaidPaisa, version: version + 1, updatedAt: now })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning('userId')
      .executeTakeFirst();
    if (result === undefined) return false;
    // The quotation list mirrors the order's status, amount paid and delivery code.
    await bumpFarmer(trx, result.userId);
    return true;
  });
}
