/**
 * A farmer's problems with a delivered order: reported by the order's owner (the lifecycle chart says
 * from which status), at most one open at a time and PROBLEMS_PER_ORDER_MAX over the order's life, and
 * closed by an admin with a note. Each write is one transaction in the lock order of decision 033 (the
 * order's row read locked, then the farmer's version, which the tracker's tag reads), with its audit
 * row on the order. The farmer's note is not copied into the audit: it is the farmer's own words, and
 * closing the account erases it from the problem row alone.
 */
import type { Kysely } from 'kysely';
import { farmerMayReportProblem } from '../../../machines/order-lifecycle.machine';
import { PROBLEMS_PER_ORDER_MAX, type ProblemKind } from '../../domain/delivery';
import type { OrderProblem, OrderStatus } from '../../domain/types';
import { lockingRead } from '../db/connect';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { bumpFarmer } from './answer-versions';
import { appendAudit } from './audit';
import { imageUrl } from './images';
import { iso } from './lines';

/** The last problem of each of these orders (the open one if any, else the latest closed), by order id. */
export async function lastProblems(db: Kysely<Database>, orderIds: readonly string[]): Promise<Map<string, OrderProblem>> {
  const found = new Map<string, OrderProblem>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .selectFrom('orderProblems')
    .selectAll()
    .where('orderId', 'in', [...orderIds])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const r of rows) {
    if (found.has(r.orderId)) continue;
    found.set(r.orderId, {
      _id: r.id,
      kind: r.kind as ProblemKind,
      note: r.note,
      photo: r.photoId === null ? null : imageUrl(r.photoId),
      status: r.status,
      adminNote: r.adminNote,
      createdAt: iso(r.createdAt),
      closedAt: r.closedAt === null ? null : iso(r.closedAt),
    });
  }
  return found;
}

export type ReportResult = 'saved' | 'missing' | 'notDelivered' | 'open' | 'tooMany';

/**
 * The owner's report on their order. 'missing' when it is not theirs (404), 'notDelivered' when the
 * lifecycle does not take problems at its status, 'open' while one is open and 'tooMany' past the
 * order's bound (409 each).
 */
export async function reportProblem(
  db: Kysely<Database>,
  report: { orderId: string; userId: string; kind: ProblemKind; note: string | null; photoId: string | null; now: number },
): Promise<ReportResult> {
  const locking = lockingRead(db);
  return db.transaction().execute(async (trx) => {
    const order = await locking(trx.selectFrom('orders').select(['userId', 'status']).where('id', '=', report.orderId)).executeTakeFirst();
    if (!order || order.userId !== report.userId) return 'missing';
    if (!farmerMayReportProblem(order.status as OrderStatus)) return 'notDelivered';
    const earlier = await trx.selectFrom('orderProblems').select(['status']).where('orderId', '=', report.orderId).execute();
    if (earlier.some((p) => p.status === 'open')) return 'open';
    if (earlier.length >= PROBLEMS_PER_ORDER_MAX) return 'tooMany';
    const id = newId();
    await trx
      .insertInto('orderProblems')
      .values({
        id,
        orderId: report.orderId,
        userId: report.userId,
        kind: report.kind,
        note: report.note,
        photoId: report.photoId,
        status: 'open',
        adminNote: null,
        createdAt: report.now,
        closedAt: null,
      })
      .execute();
    await appendAudit(trx, {
      entity: 'order',
      entityId: report.orderId,
      at: report.now,
      byUserId: report.userId,
      changes: { problem: { from: null, to: report.kind }, problemStatus: { from: null, to: 'open' }, problemPhoto: { from: null, to: report.photoId !== null } },
    });
    await bumpFarmer(trx, report.userId);
    return 'saved';
  });
}

/** The admin closes the order's open problem with a note: 'missing' without such an order (404), 'none' when no problem is open (409). */
export async function closeProblem(
  db: Kysely<Database>,
  close: { orderId: string; note: string; now: number; byUserId: string },
): Promise<'saved' | 'missing' | 'none'> {
  const locking = lockingRead(db);
  return db.transaction().execute(async (trx) => {
    const order = await locking(trx.selectFrom('orders').select(['userId']).where('id', '=', close.orderId)).executeTakeFirst();
    if (!order) return 'missing';
    const open = await trx.selectFrom('orderProblems').select(['id', 'kind']).where('orderId', '=', close.orderId).where('status', '=', 'open').executeTakeFirst();
    if (!open) return 'none';
    await trx.updateTable('orderProblems').set({ status: 'closed', adminNote: close.note, closedAt: close.now }).where('id', '=', open.id).execute();
    await appendAudit(trx, {
      entity: 'order',
      entityId: close.orderId,
      at: close.now,
      byUserId: close.byUserId,
      changes: { problemStatus: { from: 'open', to: 'closed' }, problemAdminNote: { from: null, to: close.note } },
    });
    await bumpFarmer(trx, order.userId);
    return 'saved';
  });
}
