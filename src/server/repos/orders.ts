/**
 * Orders: placed from a COMPLETED quotation in one transaction; admins move status and amount paid,
 * each write with its audit row. The admin list is a keyset page (repos/paging.ts).
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DeliveryAddress, DeliveryLocation, Order, OrderStatus, QuotationStatus } from '../../domain/types';
import { isPastDeliveryDate } from '../../domain/india-date';
import { lockingRead } from '../db/connect';
import { newId, nextDisplayId } from '../db/ids';
import type { Database } from '../db/schema';
import { notifyOnOrderMove } from '../sms/outbox';
import { bumpFarmer } from './answer-versions';
import { appendAudit, diff } from './audit';
import { lastProblems } from './order-problems';
import { iso, loadLines } from './lines';
import { added, moved, readCount, shiftCounts } from './list-counts';
import { cut, parseSearch, timeCursor, type Search } from './paging';
import { boundedCount, matchingOrders, matchingQuotations, matchingUserIds } from './search';
import { dueWithin, openProblemOrderIds } from './summary';
import { claimKey, keepAnswer, releaseKey, type Once } from './idempotency';

/** Wrong delivery codes an order takes before it refuses codes, until the admin moves it without one. */
export const DELIVERY_CODE_TRIES = 5;

const orderColumns = [
  'orders.id',
  'orders.displayId',
  'orders.status',
  'orders.amountPaidPaisa',
  'orders.deliveryOtp',
  'orders.expectedDeliveryDate',
  'orders.deliveredWith',
  'orders.deliveryCodeTries',
  'orders.deliveryAddress',
  'orders.deliveryLat',
  'orders.deliveryLong',
  'orders.preferredDate',
  'orders.version',
  'orders.createdAt',
  'orders.updatedAt',
  'quotations.id as quotationId',
  'quotations.displayId as quotationDisplayId',
  'users.name',
  'users.mobileNumber',
] as const;

/** The orders with these ids, newest first, each with its quotation's lines. */
async function loadByIds(db: Kysely<Database>, ids: string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .innerJoin('quotations', 'quotations.id', 'orders.quotationId')
    .innerJoin('users', 'users.id', 'orders.userId')
    .select(orderColumns)
    .where('orders.id', 'in', ids)
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.displayId', 'desc')
    .execute();
  const [lines, problems] = await Promise.all([loadLines(db, { quotationIds: rows.map((r) => r.quotationId) }), lastProblems(db, ids)]);
  return rows.map((r) => ({
    _id: r.id,
    orderDisplayId: r.displayId,
    status: r.status as OrderStatus,
    amountPaidPaisa: Number(r.amountPaidPaisa),
    deliveryOtp: r.deliveryOtp,
    expectedDeliveryDate: r.expectedDeliveryDate ?? null,
    deliveredWith: (r.deliveredWith as 'code' | 'admin' | null) ?? null,
    deliveryCodeLocked: Number(r.deliveryCodeTries) >= DELIVERY_CODE_TRIES,
    deliveryAddress: r.deliveryAddress === null ? null : (JSON.parse(r.deliveryAddress) as DeliveryAddress),
    deliveryLocation: r.deliveryLat === null || r.deliveryLong === null ? null : { lat: Number(r.deliveryLat), long: Number(r.deliveryLong) },
    preferredDate: r.preferredDate ?? null,
    problem: problems.get(r.id) ?? null,
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

export async function loadOrder(db: Kysely<Database>, id: string): Promise<Order | undefined> {
  return (await loadByIds(db, [id]))[0];
}

type OrdersQuery = SelectQueryBuilder<Database, 'orders', object>;

/** Narrows an order query to what `q` names: its number, its quotation's number, or its farmer's mobile or name. */
function searchOrders(db: Kysely<Database>, query: OrdersQuery, search: Search): OrdersQuery {
  switch (search.kind) {
    case 'order':
      return query.where('orders.id', 'in', matchingOrders(db, search).clearSelect().select('orders.id'));
    case 'quotation':
      return query.where('orders.quotationId', 'in', matchingQuotations(db, search).clearSelect().select('quotations.id'));
    default:
      return query.where('orders.userId', 'in', matchingUserIds(db, search));
  }
}

export interface OrderListQuery {
  status?: OrderStatus;
  /** Only those not delivered expected before (`late`) or on (`today`) India's `today` (YYYY-MM-DD). */
  due?: { when: 'late' | 'today'; today: string };
  /** Only those with a delivery problem open. */
  problemOpen?: boolean;
  q?: string;
  cursor?: string;
  limit: number;
}

/** One page of orders, newest first, with the cursor after it and the list's total. */
export async function orderPage(
  db: Kysely<Database>,
  list: OrderListQuery,
): Promise<{ data: Order[]; nextCursor: string | null; total: number }> {
  const after = timeCursor(list.cursor);
  const search = parseSearch(list.q);
  let filtered: OrdersQuery = db.selectFrom('orders');
  if (list.status !== undefined) filtered = filtered.where('orders.status', '=', list.status);
  if (list.due) filtered = dueWithin(filtered, list.due.today, list.due.when);
  if (list.problemOpen) filtered = filtered.where('orders.id', 'in', openProblemOrderIds(db));
  if (search) filtered = searchOrders(db, filtered, search);
  let page = filtered.select(['orders.id', 'orders.createdAt', 'orders.displayId']);
  if (after) page = page.where((eb) => eb(eb.refTuple('orders.createdAt', 'orders.displayId'), '<', eb.tuple(after[0], after[1])));
  const keys = await page.orderBy('orders.createdAt', 'desc').orderBy('orders.displayId', 'desc').limit(list.limit + 1).execute();
  const { rows, nextCursor } = cut(keys, list.limit, (r) => [Number(r.createdAt), r.displayId]);
  const total = search || list.due || list.problemOpen ? await boundedCount(db, filtered) : await readCount(db, 'orders', list.status);
  return { data: await loadByIds(db, rows.map((r) => r.id)), nextCursor, total };
}

/** By `_id` or display id (OD100001). */
export const findOrderRow = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('displayId', '=', id)]))
    .executeTakeFirst();

export type PlaceResult = { ok: true; orderId: string } | { ok: false; reason: 'moved' | 'exists' };

/** Where and when the farmer asked for delivery; an absent place is the profile's (placeOrder). */
export interface DeliveryAsked {
  address?: DeliveryAddress;
  location?: DeliveryLocation;
  preferredDate?: string;
}

/**
 * One transaction: the quotation makes the lifecycle's move (only if still at `from`) and the order
 * is created CONFIRMATION_PENDING with a 4-digit delivery code from the CSPRNG, the place the farmer
 * gave (else the profile's farm address and pin, copied: a later profile change does not move a
 * delivery under way) and the preferred date.
 */
export async function placeOrder(
  db: Kysely<Database>,
  quotationId: string,
  userId: string,
  move: { from: QuotationStatus; to: QuotationStatus },
  now: number,
  delivery: DeliveryAsked = {},
  once?: Once,
): Promise<PlaceResult> {
  return db.transaction().execute(async (trx) => {
    await claimKey(trx, once);
    const existing = await trx.selectFrom('orders').select('id').where('quotationId', '=', quotationId).executeTakeFirst();
    if (existing) {
      await releaseKey(trx, once);
      return { ok: false, reason: 'exists' } as const;
    }
    const movedRows = await trx
      .updateTable('quotations')
      .set((eb) => ({ status: move.to, version: eb('version', '+', 1), updatedAt: now }))
      .where('id', '=', quotationId)
      .where('status', '=', move.from)
      .executeTakeFirst();
    if (Number(movedRows.numUpdatedRows) !== 1) {
      await releaseKey(trx, once);
      return { ok: false, reason: 'moved' } as const;
    }
    // The lock order of every write (list-counts.ts shiftCounts): its row, the farmer's, the counts.
    await bumpFarmer(trx, userId);
    const profile = await trx.selectFrom('users').select(['farmAddress', 'geoLat', 'geoLong']).where('id', '=', userId).executeTakeFirstOrThrow();
    const address = delivery.address ?? (profile.farmAddress === null ? null : { line: profile.farmAddress });
    const location =
      delivery.location ?? (profile.geoLat === null || profile.geoLong === null ? null : { lat: Number(profile.geoLat), long: Number(profile.geoLong) });
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
        deliveryAddress: address === null ? null : JSON.stringify(address),
        deliveryLat: location?.lat ?? null,
        deliveryLong: location?.long ?? null,
        preferredDate: delivery.preferredDate ?? null,
        version: 1,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await shiftCounts(trx, moved('quotations', move.from, move.to), added('orders', 'CONFIRMATION_PENDING'));
    await keepAnswer(trx, once, id);
    return { ok: true, orderId: id } as const;
  });
}

/**
 * Sets status, amount paid and (when given) the expected delivery date in one transaction with its
 * audit row. A new expected delivery date before India's today (src/domain/india-date.ts) is refused ('pastDate'); the one
 * already stored may be sent back unchanged however old it is. The row is read locked
 * (`lockingRead`): with `expectedVersion` the stored version must still be it; without, the update
 * applies to the row as it stands, so two version-less updates at once both apply, one after the
 * other. Bumps the farmer's
 * version (decision 025): the quotation list mirrors the order.
 */
export async function updateOrder(
  db: Kysely<Database>,
  update: {
    id: string;
    expectedVersion?: number;
    status: OrderStatus;
    amountPaidPaisa: number;
    /** Absent: unchanged; null: cleared. */
    expectedDeliveryDate?: string | null;
    /** The farmer's delivery code the admin was given at the handover (with DELIVERED only). */
    deliveryOtp?: string;
    now: number;
    byUserId: string;
  },
): Promise<'saved' | 'conflict' | 'missing' | 'pastDate' | 'codeInvalid' | 'codeLocked'> {
  const locking = lockingRead(db);
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await locking(
      trx
        .selectFrom('orders')
        .select(['status', 'amountPaidPaisa', 'expectedDeliveryDate', 'version', 'userId', 'deliveryOtp', 'deliveredWith', 'deliveryCodeTries'])
        .where('id', '=', update.id),
    ).executeTakeFirst();
    if (!row) return 'missing';
    if (update.expectedVersion !== undefined && update.expectedVersion !== row.version) return 'conflict';
    const expectedDeliveryDate = update.expectedDeliveryDate === undefined ? row.expectedDeliveryDate : update.expectedDeliveryDate;
    if (isPastDeliveryDate(expectedDeliveryDate, row.expectedDeliveryDate, update.now)) return 'pastDate';
    // The code proves the handover: checked before anything is written, a wrong one counted (below, once
    // this transaction has changed nothing), five wrong ones lock it until a move without a code.
    if (update.deliveryOtp !== undefined) {
      if (Number(row.deliveryCodeTries) >= DELIVERY_CODE_TRIES) return 'codeLocked';
      if (!sameCode(update.deliveryOtp, row.deliveryOtp)) return 'codeInvalid';
    }
    const deliveredWith =
      update.status !== 'DELIVERED' ? null : update.deliveryOtp !== undefined ? 'code' : row.status === 'DELIVERED' ? row.deliveredWith : 'admin';
    const notify = await notifyOnOrderMove(trx, update.id);
    const result = await trx
      .updateTable('orders')
      .set({
        status: update.status,
        amountPaidPaisa: update.amountPaidPaisa,
        expectedDeliveryDate,
        deliveredWith,
        deliveryCodeTries: 0,
        version: row.version + 1,
        updatedAt: update.now,
      })
      .where('id', '=', update.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return 'conflict';
    await appendAudit(trx, {
      entity: 'order',
      entityId: update.id,
      at: update.now,
      byUserId: update.byUserId,
      changes: diff(
        {
          status: row.status,
          amountPaidPaisa: Number(row.amountPaidPaisa),
          expectedDeliveryDate: row.expectedDeliveryDate,
          deliveredWith: row.deliveredWith,
          deliveryCodeTries: Number(row.deliveryCodeTries),
        },
        { status: update.status, amountPaidPaisa: update.amountPaidPaisa, expectedDeliveryDate, deliveredWith, deliveryCodeTries: 0 },
      ),
    });
    await bumpFarmer(trx, row.userId);
    await shiftCounts(trx, moved('orders', row.status, update.status));
    // The quotation list mirrors the order.
    await notify(update.status, update.now);
    return 'saved';
  });
  if (outcome === 'codeInvalid') await countWrongCode(db, update.id, update.now, update.byUserId);
  return outcome;
}

/** The codes compared in constant time (a 4-digit code, but the habit costs nothing). */
function sameCode(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A wrong delivery code counted, in its own transaction with its audit row: the order itself (status,
 * version, the farmer's answers) is unchanged, so the admin's open sheet can still save.
 */
async function countWrongCode(db: Kysely<Database>, id: string, now: number, byUserId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('orders').select('deliveryCodeTries').where('id', '=', id).executeTakeFirstOrThrow();
    const tries = Number(row.deliveryCodeTries);
    await trx.updateTable('orders').set({ deliveryCodeTries: tries + 1 }).where('id', '=', id).execute();
    await appendAudit(trx, { entity: 'order', entityId: id, at: now, byUserId, changes: { deliveryCodeTries: { from: tries, to: tries + 1 } } });
  });
}
