/**
 * The audit trail: every admin write appends one row in its own transaction, naming who
 * wrote, when, the entity and each changed field `{ from, to }`. The clock's expiry is recorded the
 * same way with no author. A write that changes nothing appends nothing.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PaymentMove } from '../../domain/tracker';
import type { AuditEntry, OrderStatus, OrderStatusChange } from '../../domain/types';
import { newId } from '../db/ids';
import type { AuditLogTable, Database } from '../db/schema';
import { isoTime } from './iso-time';

type Db = Kysely<Database> | Transaction<Database>;

let sequence = 0;
/** Sorts as written: the time, then a per-process sequence (two writes in one millisecond keep their order), then randomness. */
const auditId = (at: number) => `${String(at).padStart(15, '0')}-${String(sequence++ % 1e6).padStart(6, '0')}-${newId().slice(0, 8)}`;

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields whose values differ between `before` and `after` (compared as JSON). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const key of Object.keys(after)) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

export async function appendAudit(
  trx: Db,
  entry: { entity: AuditLogTable['entity']; entityId: string; at: number; byUserId: string | null; changes: Changes },
): Promise<void> {
  if (Object.keys(entry.changes).length === 0) return;
  await trx
    .insertInto('auditLog')
    .values({ id: auditId(entry.at), ...entry, changes: JSON.stringify(entry.changes) })
    .execute();
}

/** An entity's history, oldest first, each row with its author's name and number (null for the clock). */
export async function loadHistory(db: Db, entity: AuditLogTable['entity'], entityId: string): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.byUserId')
    .select(['auditLog.id', 'auditLog.at', 'auditLog.changes', 'users.id as userId', 'users.name', 'users.mobileNumber'])
    .where('auditLog.entity', '=', entity)
    .where('auditLog.entityId', '=', entityId)
    .orderBy('auditLog.at')
    .orderBy('auditLog.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    at: isoTime(r.at),
    by: r.userId === null ? null : { _id: r.userId, name: r.name, mobileNumber: r.mobileNumber! },
    changes: JSON.parse(r.changes) as AuditEntry['changes'],
  }));
}

/** The most status moves an order's answer carries (its creation comes on top); an order makes a handful. */
export const STATUS_HISTORY_LIMIT = 50;

/**
 * The status moves of the orders given, oldest first, at most STATUS_HISTORY_LIMIT latest per order.
 */
const statusMoves = (db: Db, orderIds: string[]) =>
  db
    .selectFrom(
      db
        .selectFrom('auditLog')
        .select((eb) => [
          'auditLog.id',
          'auditLog.entityId',
          'auditLog.at',
          'auditLog.changes',
          eb.fn.agg<number>('row_number').over((ob) => ob.partitionBy('auditLog.entityId').orderBy('auditLog.at', 'desc').orderBy('auditLog.id', 'desc')).as('recency'),
        ])
        .where('auditLog.entity', '=', sql.lit('order'))
        .where('auditLog.entityId', 'in', orderIds)
        // Only the rows that moved the status (an amount-only edit has no "status" key).
        .where('auditLog.changes', 'like', sql.lit('%"status":%'))
        .as('moves'),
    )
    .select(['moves.entityId', 'moves.at', 'moves.changes'])
    .where('moves.recency', '<=', sql.lit(STATUS_HISTORY_LIMIT))
    .orderBy('moves.at')
    .orderBy('moves.id')
    .execute();

/** The amount-paid moves of the orders given, oldest first. */
const paymentMoves = (db: Db, orderIds: string[]) =>
  db
    .selectFrom('auditLog')
    .select(['auditLog.entityId', 'auditLog.at', 'auditLog.changes'])
    .where('auditLog.entity', '=', sql.lit('order'))
    .where('auditLog.entityId', 'in', orderIds)
    .where('auditLog.changes', 'like', sql.lit('%"amountPaidPaisa":%'))
    .orderBy('auditLog.at')
    .orderBy('auditLog.id')
    .execute();

/**
 * Each order's status moves for the farmer's tracker, oldest first: its creation (CONFIRMATION_PENDING
 * at `createdAt`), then every audited change of `status` with its time. No author: a farmer never
 * sees who moved it. One query over the audit index, at most STATUS_HISTORY_LIMIT latest moves per order.
 */
export async function loadStatusHistories(
  db: Db,
  orders: readonly { id: string; createdAt: number }[],
): Promise<Map<string, OrderStatusChange[]>> {
  const histories = new Map<string, OrderStatusChange[]>(
    orders.map((o) => [o.id, [{ status: 'CONFIRMATION_PENDING' as OrderStatus, at: isoTime(o.createdAt) }]]),
  );
  if (orders.length === 0) return histories;
  const rows = await statusMoves(db, orders.map((o) => o.id));
  for (const r of rows) {
    const to = (JSON.parse(r.changes) as AuditEntry['changes']).status?.to;
    if (typeof to === 'string') histories.get(r.entityId)?.push({ status: to as OrderStatus, at: isoTime(r.at) });
  }
  return histories;
}

/**
 * Each order's audited changes of the amount paid, oldest first, for the Payment Status step's date
 * (src/domain/tracker `paidAtOf`). One query over the audit index; an order has a handful.
 */
export async function loadPaymentMoves(db: Db, orderIds: readonly string[]): Promise<Map<string, PaymentMove[]>> {
  const moves = new Map<string, PaymentMove[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return moves;
  const rows = await paymentMoves(db, [...orderIds]);
  for (const r of rows) {
    const to = (JSON.parse(r.changes) as AuditEntry['changes']).amountPaidPaisa?.to;
    if (typeof to === 'number') moves.get(r.entityId)?.push({ at: isoTime(r.at), paidPaisa: to });
  }
  return moves;
}
