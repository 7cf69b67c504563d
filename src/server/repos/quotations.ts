/**
 * Quotations and their lines. A quotation's orderStatus, orderDisplayId, deliveryOtp and
 * amountPaidPaisa are read through a join on its order, so they always mirror it. Lifecycle moves are
 * checked by the caller against machines/quotation-lifecycle; these functions write only if the row
 * is still as read. Lists are keyset pages (repos/paging.ts); `total` is a maintained count for the
 * admin list and an index-bounded count of one farmer's rows for theirs.
 */
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { OrderStatus, OrderStatusChange, Quotation, QuotationStatus } from '../../domain/types';
import type { DeclineReason } from '../../domain/quotation-status';
import { linePricePaisa } from '../../domain/quantity';
import type { TimeRange } from '../../domain/waiting-age';
import { nextQuotationState, quotationExpiresAt, quotationValidUntil } from '../../../machines/quotation-lifecycle.machine';
import { lockingRead } from '../db/connect';
import { newId, nextDisplayId } from '../db/ids';
import type { Database } from '../db/schema';
import { notifyOnPricing } from '../sms/outbox';
import { rateLimited } from '../http/errors';
import { bumpFarmer, bumpQuotationOwner } from './answer-versions';
import { claimKey, keepAnswer, releaseKey, type Once } from './idempotency';
import { appendAudit, diff, loadPaymentMoves, loadStatusHistories } from './audit';
import { paidAtOf, type PaymentMove } from '../../domain/tracker';
import { priceDetails } from '../../domain/money';
import { iso, LINE_COLUMNS, lineOf, quotedSkus, type LineSkuRow } from './lines';
import { lastProblems } from './order-problems';
import { added, moved, readCount, shiftCounts } from './list-counts';
import { cut, groupCursor, parseSearch, timeCursor, type Search } from './paging';
import { boundedCount, matchingOrders, matchingQuotations, matchingUserIds } from './search';

type Db = Kysely<Database> | Transaction<Database>;

export interface LineInput {
  skuIdentifier: string;
  quantity: number;
  goodsPricePaisa: number;
  discountPaisa: number;
  shippingPricePaisa: number;
}

/** What reading a quotation needs beyond the rows: the validity in days (config QUOTATION_VALIDITY_DAYS). */
export interface QuotationRules {
  validityDays: number;
}

/** One row per quotation line, with its quotation and its order (if any), newest first; its SKU as quoted. */
const withLines = (db: Db) =>
  db
    .selectFrom('quotations')
    .leftJoin('orders', 'orders.quotationId', 'quotations.id')
    .innerJoin('quotationLines', 'quotationLines.quotationId', 'quotations.id')
    .select([
      'quotations.id',
      'quotations.displayId',
      'quotations.status',
      'quotations.version',
      'quotations.pricedAt',
      'quotations.revision',
      'quotations.previousTotalPaisa',
      'quotations.counterTotalPaisa',
      'quotations.counterNote',
      'quotations.counterAt',
      'quotations.declineReason',
      'quotations.declineNote',
      'quotations.createdAt',
      'quotations.updatedAt',
      'orders.id as orderId',
      'orders.displayId as orderDisplayId',
      'orders.status as orderStatus',
      'orders.deliveryOtp',
      'orders.amountPaidPaisa',
      'orders.expectedDeliveryDate',
      'orders.deliveredWith',
      'orders.createdAt as orderedAt',
      ...LINE_COLUMNS,
    ])
    .orderBy('quotations.createdAt', 'desc')
    .orderBy('quotations.displayId', 'desc')
    .orderBy('quotationLines.position');
type LineRow = Awaited<ReturnType<ReturnType<typeof withLines>['execute']>>[number];

/** A stored time that may be absent (a quotation's pricing time), as the API and the audit show it. */
const isoOrNull = (at: number | bigint | null): string | null => (at === null ? null : iso(at));

/** A priced quotation's end of validity as the API shows it; null while unpriced or after ordering. */
function validUntil(status: string, pricedAt: number | bigint | null, rules: QuotationRules): string | null {
  if (pricedAt === null || (status !== 'COMPLETED' && status !== 'EXPIRED')) return null;
  return iso(quotationValidUntil(Number(pricedAt), rules.validityDays));
}

function group(
  rows: LineRow[],
  rules: QuotationRules,
  histories: Map<string, OrderStatusChange[]>,
  payments: Map<string, PaymentMove[]>,
): Quotation[] {
  const out: Quotation[] = [];
  const orderIds = new Map<Quotation, string>();
  let current: Quotation | undefined;
  for (const r of rows) {
    const line = lineOf(r);
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
      orderDisplayId: r.orderDisplayId ?? null,
      expectedDeliveryDate: r.expectedDeliveryDate ?? null,
      deliveredWith: (r.deliveredWith as 'code' | 'admin' | null) ?? null,
      statusHistory: (r.orderId && histories.get(r.orderId)) || [],
      deliveryOtp: r.deliveryOtp ?? null,
      amountPaidPaisa: Number(r.amountPaidPaisa ?? 0),
      validUntil: validUntil(r.status, r.pricedAt, rules),
      pricedAt: isoOrNull(r.pricedAt),
      revision: Number(r.revision),
      previousTotalPaisa: r.previousTotalPaisa === null ? null : Number(r.previousTotalPaisa),
      counterOffer:
        r.counterAt === null
          ? null
          : { totalPaisa: r.counterTotalPaisa === null ? null : Number(r.counterTotalPaisa), note: r.counterNote, at: iso(r.counterAt) },
      decline:
        r.status === 'DECLINED' && r.declineReason !== null
          ? { reason: r.declineReason as DeclineReason, note: r.declineNote }
          : null,
      version: r.version,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    };
    out.push(current);
    if (r.orderId) orderIds.set(current, r.orderId);
  }
  // The Payment Status step's date, once every line is in the total.
  for (const q of out) {
    const orderId = orderIds.get(q);
    q.paidAt = orderId ? paidAtOf(payments.get(orderId) ?? [], priceDetails(q.skusDetail).totalPaisa, q.statusHistory?.[0]?.at ?? null) : null;
  }
  return out;
}

/**
 * The quotations of these rows, each with its order's status moves (one more query, only when an order
 * is among them). Without `tracker` (the admin's list, which never shows them) the status moves and
 * payment date are left empty and not read.
 */
async function quotationsOf(db: Db, rows: LineRow[], rules: QuotationRules, tracker = true): Promise<Quotation[]> {
  const orders = new Map<string, number>();
  if (tracker) for (const r of rows) if (r.orderId && r.orderedAt !== null) orders.set(r.orderId, Number(r.orderedAt));
  const [histories, payments, problems] = await Promise.all([
    loadStatusHistories(db, [...orders].map(([id, createdAt]) => ({ id, createdAt }))),
    loadPaymentMoves(db, [...orders.keys()]),
    lastProblems(db, [...orders.keys()]),
  ]);
  const quotations = group(rows, rules, histories, payments);
  if (!tracker) return quotations;
  // The tracker shows the farmer's last problem with the delivery and how the provider answered it.
  const orderOf = new Map(rows.map((r) => [r.id, r.orderId]));
  for (const q of quotations) {
    const orderId = orderOf.get(q._id);
    q.problem = (orderId && problems.get(orderId)) || null;
  }
  return quotations;
}

/** The quotations with these ids, with their lines, newest first. */
async function loadByIds(db: Db, ids: string[], rules: QuotationRules, tracker = true): Promise<Quotation[]> {
  if (ids.length === 0) return [];
  return quotationsOf(db, await withLines(db).where('quotations.id', 'in', ids).execute(), rules, tracker);
}

/**
 * The admin's list rows: each quotation with the name of the farmer who asked (`farmerName`), read
 * by the page's owners' ids (at most one page of them), and without the farmer's tracker.
 */
async function adminRows(db: Kysely<Database>, keys: { id: string; userId: string }[], rules: QuotationRules): Promise<Quotation[]> {
  const [quotations, owners] = await Promise.all([
    loadByIds(db, keys.map((k) => k.id), rules, false),
    keys.length === 0
      ? []
      : db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(keys.map((k) => k.userId))]).execute(),
  ]);
  const ownerOf = new Map(keys.map((k) => [k.id, k.userId]));
  const names = new Map(owners.map((u) => [u.id, u.name]));
  for (const q of quotations) q.farmerName = names.get(ownerOf.get(q._id)!) ?? null;
  return quotations;
}

export interface QuotationListQuery {
  /** One farmer's own list; absent for the admin's list of everyone's. */
  userId?: string;
  status?: QuotationStatus;
  /** Only those with a counter-offer waiting for the admin's answer. */
  countered?: boolean;
  /** Only those asked within this range (a pending quotation's waiting age, or late). */
  created?: TimeRange;
  /** Only those priced within this range (the priced ones whose validity ends within a day). */
  priced?: TimeRange;
  /**
   * Late first: the PENDING ones asked at or before this time, oldest first, then the rest, newest
   * first. The cursor then carries which of the two parts it stopped in.
   */
  lateBefore?: number;
  q?: string;
  cursor?: string;
  limit: number;
}

type QuotationsQuery = SelectQueryBuilder<Database, 'quotations', object>;

/** Narrows a quotation query to what `q` names: its number, its order's number, or its farmer's mobile or name. */
function searchQuotations(db: Kysely<Database>, query: QuotationsQuery, search: Search): QuotationsQuery {
  switch (search.kind) {
    case 'quotation':
      return query.where('quotations.id', 'in', matchingQuotations(db, search).clearSelect().select('quotations.id'));
    case 'order':
      return query.where('quotations.id', 'in', matchingOrders(db, search).clearSelect().select('orders.quotationId'));
    default:
      return query.where('quotations.userId', 'in', matchingUserIds(db, search));
  }
}

const pageKeys = (query: QuotationsQuery) =>
  query.select(['quotations.id', 'quotations.createdAt', 'quotations.displayId', 'quotations.userId']);

/** The keys of one page, newest first, after the cursor. */
async function newestFirst(filtered: QuotationsQuery, cursor: string | undefined, limit: number) {
  const after = timeCursor(cursor);
  let page = pageKeys(filtered);
  if (after) page = page.where((eb) => eb(eb.refTuple('quotations.createdAt', 'quotations.displayId'), '<', eb.tuple(after[0], after[1])));
  const keys = await page.orderBy('quotations.createdAt', 'desc').orderBy('quotations.displayId', 'desc').limit(limit + 1).execute();
  return cut(keys, limit, (r) => [Number(r.createdAt), r.displayId]);
}

/**
 * The keys of one page, late first: the late pending ones (asked at or before `lateBefore`), oldest
 * first, a range of quotations_status_page_idx; then, when they end inside the page, the rest, newest
 * first. The cursor is [part (0 late, 1 the rest), createdAt, displayId].
 */
async function lateFirst(filtered: QuotationsQuery, lateBefore: number, cursor: string | undefined, limit: number) {
  const after = groupCursor(cursor);
  type Key = Awaited<ReturnType<ReturnType<typeof pageKeys>['execute']>>[number] & { part: 0 | 1 };
  let keys: Key[] = [];
  if (!after || after[0] === 0) {
    let late = pageKeys(filtered.where('quotations.status', '=', 'PENDING').where('quotations.createdAt', '<=', lateBefore));
    if (after) late = late.where((eb) => eb(eb.refTuple('quotations.createdAt', 'quotations.displayId'), '>', eb.tuple(after[1], after[2])));
    const rows = await late.orderBy('quotations.createdAt', 'asc').orderBy('quotations.displayId', 'asc').limit(limit + 1).execute();
    keys = rows.map((r) => ({ ...r, part: 0 as const }));
  }
  if (keys.length <= limit) {
    let rest = pageKeys(filtered.where((eb) => eb.or([eb('quotations.status', '!=', 'PENDING'), eb('quotations.createdAt', '>', lateBefore)])));
    if (after && after[0] === 1) {
      rest = rest.where((eb) => eb(eb.refTuple('quotations.createdAt', 'quotations.displayId'), '<', eb.tuple(after[1], after[2])));
    }
    const rows = await rest.orderBy('quotations.createdAt', 'desc').orderBy('quotations.displayId', 'desc').limit(limit + 1 - keys.length).execute();
    keys = keys.concat(rows.map((r) => ({ ...r, part: 1 as const })));
  }
  return cut(keys, limit, (r) => [r.part, Number(r.createdAt), r.displayId]);
}

/**
 * One page of quotations, newest first, with the cursor after it and the list's total: one farmer's
 * (`userId`) as the farmer's own answers are, or the admin's list of everyone's (adminRows).
 */
/**
 * The keys of one page of the list as `list` filters and orders it (newest first, or late first), and
 * the cursor after it: what a page shows, before its rows are read. The CSV export reads its own
 * columns for these keys (routes/admin.ts), the list its full rows (quotationPage).
 */
export async function quotationKeyPage(db: Kysely<Database>, list: QuotationListQuery) {
  const search = parseSearch(list.q);
  let filtered: QuotationsQuery = db.selectFrom('quotations');
  if (list.userId !== undefined) filtered = filtered.where('quotations.userId', '=', list.userId);
  if (list.status !== undefined) filtered = filtered.where('quotations.status', '=', list.status);
  if (list.countered === true) filtered = filtered.where('quotations.counterAt', 'is not', null);
  if (list.created?.from !== undefined) filtered = filtered.where('quotations.createdAt', '>=', list.created.from);
  if (list.created?.to !== undefined) filtered = filtered.where('quotations.createdAt', '<=', list.created.to);
  if (list.priced?.from !== undefined) filtered = filtered.where('quotations.pricedAt', '>=', list.priced.from);
  if (list.priced?.to !== undefined) filtered = filtered.where('quotations.pricedAt', '<=', list.priced.to);
  if (search) filtered = searchQuotations(db, filtered, search);
  const { rows, nextCursor } =
    list.lateBefore === undefined ? await newestFirst(filtered, list.cursor, list.limit) : await lateFirst(filtered, list.lateBefore, list.cursor, list.limit);
  return { rows, nextCursor, filtered, narrowed: !!(search || list.countered === true || list.created || list.priced) };
}

/**
 * One page of quotations, newest first, with the cursor after it and the list's total: one farmer's
 * (`userId`) as the farmer's own answers are, or the admin's list of everyone's (adminRows).
 */
export async function quotationPage(
  db: Kysely<Database>,
  list: QuotationListQuery,
  rules: QuotationRules,
): Promise<{ data: Quotation[]; nextCursor: string | null; total: number }> {
  const { rows, nextCursor, filtered, narrowed } = await quotationKeyPage(db, list);

  // The admin's whole list (or one status of it) has a maintained count; one farmer's rows (at most
  // the daily cap a day), a search's matches or a filter's are counted over the index, up to a cap.
  const total = list.userId === undefined && !narrowed ? await readCount(db, 'quotations', list.status) : await boundedCount(db, filtered);
  const data = list.userId === undefined ? await adminRows(db, rows, rules) : await loadByIds(db, rows.map((r) => r.id), rules);
  // The rows come back newest first; late first puts the page in the keys' order.
  if (list.lateBefore !== undefined) {
    const position = new Map(rows.map((r, i) => [r.id, i]));
    data.sort((a, b) => position.get(a._id)! - position.get(b._id)!);
  }
  return { data, nextCursor, total };
}

type QuotationPage = { data: Quotation[]; nextCursor: string | null; total: number };

/** The end of validity of a quotation the clock may still expire (a COMPLETED one), in epoch ms; null otherwise. */
const openValidity = (q: Quotation): number | null => (q.status === 'COMPLETED' && q.validUntil !== null ? Date.parse(q.validUntil) : null);

/**
 * The farmer's own list, one page, exact at `now` without an expiry query on every poll: only the
 * quotations in the page are shown, so only they are checked (machines/quotation-lifecycle decides),
 * and those past their validity are expired (`expireDue`, audited) and the page read again.
 * `expiresAt` is the first moment the page may stop being true with no write at all (the earliest
 * validity end it shows; Infinity when none): the answer's tag carries it (http/etag.ts).
 */
export async function farmerQuotationPage(
  db: Kysely<Database>,
  list: { userId: string; cursor?: string; limit: number },
  now: number,
  rules: QuotationRules,
): Promise<{ page: QuotationPage; expired: number; expiresAt: number }> {
  const read = () => quotationPage(db, list, rules);
  let page = await read();
  const due = page.data.filter((q) => quotationExpiresAt(q.status, now, openValidity(q))).map((q) => q._id);
  let expired = 0;
  if (due.length > 0) {
    expired = await expireDue(db, now, rules, { quotationIds: due });
    page = await read();
  }
  let expiresAt = Infinity;
  for (const q of page.data) expiresAt = Math.min(expiresAt, openValidity(q) ?? Infinity);
  return { page, expired, expiresAt };
}

/** The quotation's row by `_id` or display id (QT100001). */
export const findQuotationRow = (db: Db, id: string) =>
  db
    .selectFrom('quotations')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('displayId', '=', id)]))
    .executeTakeFirst();

export async function loadQuotation(db: Db, id: string, rules: QuotationRules): Promise<Quotation | undefined> {
  return (await loadByIds(db, [id], rules))[0];
}

/** How many quotations a farmer may create per hour and per day (config QUOTATION_HOURLY_LIMIT, QUOTATION_DAILY_LIMIT). */
export interface FairUse {
  hourly: number;
  daily: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Refuses (429 with Retry-After) a farmer's creation beyond the hourly or daily cap, counted in the
 * database over the (user, created_at) index. The wait is until the oldest creation that fills a
 * window leaves it; when both windows are full, the longer of the two waits (a retry after the
 * shorter would be refused again).
 */
async function checkFairUse(trx: Db, userId: string, now: number, fairUse: FairUse): Promise<void> {
  let refusal: { waitMs: number; message: string } | undefined;
  for (const [cap, windowMs, what] of [
    [fairUse.hourly, HOUR_MS, 'an hour'],
    [fairUse.daily, DAY_MS, 'a day'],
  ] as const) {
    const recent = await trx
      .selectFrom('quotations')
      .select('createdAt')
      .where('userId', '=', userId)
      .where('createdAt', '>', now - windowMs)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .offset(cap - 1)
      .executeTakeFirst();
    if (recent === undefined) continue;
    const waitMs = Number(recent.createdAt) + windowMs - now;
    if (refusal === undefined || waitMs > refusal.waitMs) refusal = { waitMs, message: `At most ${cap} quotation requests in ${what}; try again later` };
  }
  if (refusal !== undefined) throw rateLimited(refusal.waitMs / 1000, refusal.message);
}

/** A line's SKU columns as quoted: the copy a line row stores. */
const lineSkuColumns = (r: LineSkuRow): LineSkuRow & { skuMinimumPrice: number } => ({
  skuId: r.skuId,
  skuName: r.skuName,
  skuHindiName: r.skuHindiName,
  skuGujratiName: r.skuGujratiName,
  skuImage: r.skuImage,
  skuUnit: r.skuUnit,
  skuMinimumPrice: Number(r.skuMinimumPrice),
});

/** The SKU a new line names; every caller has checked that it exists (the foreign key would refuse it anyway). */
function quotedSku(skus: Map<string, LineSkuRow>, skuId: string): LineSkuRow {
  const sku = skus.get(skuId);
  if (sku === undefined) throw new Error(`No SKU ${skuId} to quote`);
  return sku;
}

/**
 * Creates a PENDING quotation with its lines in one transaction, each line quoting its SKU as the
 * catalogue holds it now (lines.ts); goods start at minimum price × quantity (rounded half up per line:
 * src/domain/quantity `linePricePaisa`).
 * With `fairUse`, the farmer's caps are checked first in the same transaction, after the farmer's row
 * is written (the version bump), which on PostgreSQL holds that row's lock: two creations by one farmer
 * cannot both pass the count.
 */
export async function createQuotation(
  db: Kysely<Database>,
  userId: string,
  lines: { skuId: string; quantity: number }[],
  now: number,
  fairUse?: FairUse,
  once?: Once,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    // The key first: a second try of this request waits here for the first, and is then no creation (nor counted by fair use).
    await claimKey(trx, once);
    await bumpFarmer(trx, userId);
    if (fairUse) await checkFairUse(trx, userId, now, fairUse);
    const skus = await quotedSkus(trx, lines.map((l) => l.skuId));
    const id = newId();
    const displayId = await nextDisplayId(trx, 'quotation');
    await trx
      .insertInto('quotations')
      .values({ id, displayId, userId, status: 'PENDING', version: 1, createdAt: now, updatedAt: now })
      .execute();
    await trx
      .insertInto('quotationLines')
      .values(
        lines.map((l, position) => {
          const sku = quotedSku(skus, l.skuId);
          return {
            id: newId(),
            quotationId: id,
            position,
            ...lineSkuColumns(sku),
            quantity: l.quantity,
            goodsPricePaisa: linePricePaisa(Number(sku.skuMinimumPrice), l.quantity),
            discountPaisa: 0,
            shippingPricePaisa: 0,
          };
        }),
      )
      .execute();
    await shiftCounts(trx, added('quotations', 'PENDING'));
    await keepAnswer(trx, once, id);
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
  once?: Once,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await claimKey(trx, once);
    const result = await trx
      .updateTable('quotations')
      .set((eb) => ({ status: to, version: eb('version', '+', 1), updatedAt: now }))
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      await releaseKey(trx, once);
      return false;
    }
    await bumpQuotationOwner(trx, id);
    await shiftCounts(trx, moved('quotations', from, to));
    await keepAnswer(trx, once, id);
    return true;
  });
}

/**
 * The clock's move: COMPLETED quotations whose validity has ended become EXPIRED, each in
 * its own transaction with its audit row (no author), the moved counts and its owner's version bump.
 * `scope` narrows it to one farmer or to given quotations; unscoped, it takes at most `max` of the
 * due ones, longest-priced first (the sweep's batch). The index on (status, priced_at) keeps the
 * look-up bounded. Resolves to how many it expired.
 */
export async function expireDue(
  db: Kysely<Database>,
  now: number,
  rules: QuotationRules,
  scope: { userId: string } | { quotationId: string } | { quotationIds: string[] } | Record<string, never> = {},
  max = 500,
): Promise<number> {
  const pricedBefore = now - quotationValidUntil(0, rules.validityDays);
  let due = db
    .selectFrom('quotations')
    .select(['id', 'pricedAt'])
    .where('status', '=', 'COMPLETED')
    .where('pricedAt', '<=', pricedBefore);
  if ('userId' in scope) due = due.where('userId', '=', scope.userId);
  if ('quotationId' in scope) due = due.where('id', '=', scope.quotationId);
  if ('quotationIds' in scope) due = due.where('id', 'in', scope.quotationIds);
  let expired = 0;
  for (const row of await due.orderBy('pricedAt').orderBy('id').limit(max).execute()) {
    const until = row.pricedAt === null ? null : quotationValidUntil(Number(row.pricedAt), rules.validityDays);
    if (!quotationExpiresAt('COMPLETED', now, until)) continue;
    const didExpire = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('quotations')
        .set((eb) => ({ status: 'EXPIRED', version: eb('version', '+', 1), updatedAt: now }))
        .where('id', '=', row.id)
        .where('status', '=', 'COMPLETED')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await bumpQuotationOwner(trx, row.id);
      await shiftCounts(trx, moved('quotations', 'COMPLETED', 'EXPIRED'));
      await appendAudit(trx, {
        entity: 'quotation',
        entityId: row.id,
        at: now,
        byUserId: null,
        changes: { status: { from: 'COMPLETED', to: 'EXPIRED' } },
      });
      return true;
    });
    if (didExpire) expired++;
  }
  return expired;
}

/** Whether the clock has ended this quotation's validity at `now` (machines/quotation-lifecycle decides). */
const dueAt = (now: number) => (q: Quotation): boolean => quotationExpiresAt(q.status, now, openValidity(q));

/**
 * The COMPLETED quotations past their validity that an EXPIRED page between `list.cursor` and the
 * page's own last row would show once expired: the newest `list.limit` of them that match `q`. Any
 * older one could not reach the page, so expiring these and reading again makes the page exact.
 */
async function dueWithinExpiredPage(db: Kysely<Database>, list: QuotationListQuery, page: QuotationPage, now: number, rules: QuotationRules) {
  const after = timeCursor(list.cursor);
  const last = timeCursor(page.nextCursor ?? undefined);
  const search = parseSearch(list.q);
  let due: QuotationsQuery = db
    .selectFrom('quotations')
    .where('quotations.status', '=', 'COMPLETED')
    .where('quotations.pricedAt', '<=', now - quotationValidUntil(0, rules.validityDays));
  if (search) due = searchQuotations(db, due, search);
  if (after) due = due.where((eb) => eb(eb.refTuple('quotations.createdAt', 'quotations.displayId'), '<', eb.tuple(after[0], after[1])));
  if (last) due = due.where((eb) => eb(eb.refTuple('quotations.createdAt', 'quotations.displayId'), '>', eb.tuple(last[0], last[1])));
  const rows = await due
    .select('quotations.id')
    .orderBy('quotations.createdAt', 'desc')
    .orderBy('quotations.displayId', 'desc')
    .limit(list.limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The admin's list, one page, exact at `now` without expiring anything outside it (the backlog is the
 * sweep's, `sweepExpired`): the due quotations the page shows are expired (`expireDue`, audited) and
 * the page read again, so no admin sees a COMPLETED quotation past its validity. By status: an EXPIRED
 * page first expires the due ones that belong in it (`dueWithinExpiredPage`); a COMPLETED page expires
 * its due rows, and those the second read brings in still due are left out (EXPIRED by the clock; the
 * next read or sweep records it). At most `limit` quotations are written per read.
 */
export async function adminQuotationPage(
  db: Kysely<Database>,
  list: Omit<QuotationListQuery, 'userId'>,
  now: number,
  rules: QuotationRules,
): Promise<{ page: QuotationPage; expired: number }> {
  const read = () => quotationPage(db, list, rules);
  const isDue = dueAt(now);
  const first = await read();
  let due: string[] = [];
  if (list.status === 'EXPIRED') due = await dueWithinExpiredPage(db, list, first, now, rules);
  else if (list.status === undefined || list.status === 'COMPLETED') due = first.data.filter(isDue).map((q) => q._id);
  if (due.length === 0) return { page: first, expired: 0 };
  const expired = await expireDue(db, now, rules, { quotationIds: due }, due.length);
  const page = await read();
  return { page: { ...page, data: page.data.filter((q) => !isDue(q)) }, expired };
}

/** How many due quotations one sweep batch expires before it lets other work run. */
export const EXPIRY_SWEEP_BATCH = 100;

/**
 * The periodic sweep's pass: every due quotation is expired (`expireDue`: audited, counted, its owner's
 * version bumped) in batches of `batch`, with `between` awaited after each full batch (the event loop
 * serves requests there) and `stopped` asked before the next; the clock is read per batch.
 */
export async function sweepExpired(
  db: Kysely<Database>,
  now: () => number,
  rules: QuotationRules,
  options: {
    batch?: number;
    between?: () => Promise<void>;
    stopped?: () => boolean;
  } = {},
): Promise<number> {
  const batch = options.batch ?? EXPIRY_SWEEP_BATCH;
  let total = 0;
  for (;;) {
    const expired = await expireDue(db, now(), rules, {}, batch);
    total += expired;
    if (expired < batch || options.stopped?.()) return total;
    await options.between?.();
  }
}

export type EditResult = 'saved' | 'conflict' | 'missing' | 'refused';

/**
 * The admin's edit: status and every line, in one transaction with its audit row. The row is read
 * locked (`lockingRead`: FOR NO KEY UPDATE on PostgreSQL; SQLite runs one write transaction at a time), and the lifecycle
 * (`nextQuotationStatus`) is asked about the status read there: 'refused' when the chart refuses the
 * requested status from it. With `expectedVersion` the stored version must still be it ('conflict');
 * without, the edit applies to the row as it stands, so two version-less edits at once both apply, one
 * after the other. Saving it COMPLETED prices it: its validity starts now.
 */
export async function adminEditQuotation(
  db: Kysely<Database>,
  edit: {
    id: string;
    expectedVersion?: number;
    /** The status the admin asks for; the lifecycle decides from the stored one. */
    status: QuotationStatus;
    lines: LineInput[];
    now: number;
    byUserId: string;
  },
): Promise<EditResult> {
  const locking = lockingRead(db);
  return db.transaction().execute(async (trx) => {
    const row = await locking(
      trx.selectFrom('quotations').select(['status', 'version', 'pricedAt', 'revision', 'counterAt']).where('id', '=', edit.id),
    ).executeTakeFirst();
    if (!row) return 'missing';
    if (edit.expectedVersion !== undefined && edit.expectedVersion !== row.version) return 'conflict';
    const countered = row.counterAt !== null;
    const next = nextQuotationState(
      { status: row.status as QuotationStatus, revision: Number(row.revision), countered },
      { type: 'admin.setStatus', status: edit.status },
    );
    if (next === null) return 'refused';
    const { status, revision } = next;
    const notify = await notifyOnPricing(trx, edit.id);
    const priced = status === 'COMPLETED' ? { pricedAt: edit.now } : {};
    // The admin's answer to a counter-offer closes it (the audit row keeps what it was).
    const answered = countered && !next.countered ? { counterAt: null, counterTotalPaisa: null, counterNote: null } : {};
    const result = await trx
      .updateTable('quotations')
      .set({ status, revision, version: row.version + 1, updatedAt: edit.now, ...priced, ...answered })
      .where('id', '=', edit.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return 'conflict';
    const before = await trx
      .selectFrom('quotationLines')
      .select([...LINE_COLUMNS])
      .where('quotationId', '=', edit.id)
      .orderBy('position')
      .execute();
    // A line keeps its SKU as the farmer asked for it; a line switched to another SKU quotes that one as it is now.
    const asked = new Map<string, LineSkuRow>(before.map((l) => [l.skuId, l]));
    const added = await quotedSkus(trx, edit.lines.map((l) => l.skuIdentifier).filter((id) => !asked.has(id)));
    await trx.deleteFrom('quotationLines').where('quotationId', '=', edit.id).execute();
    await trx
      .insertInto('quotationLines')
      .values(
        edit.lines.map((l, position) => ({
          id: newId(),
          quotationId: edit.id,
          position,
          ...lineSkuColumns(asked.get(l.skuIdentifier) ?? quotedSku(added, l.skuIdentifier)),
          quantity: l.quantity,
          goodsPricePaisa: l.goodsPricePaisa,
          discountPaisa: l.discountPaisa,
          shippingPricePaisa: l.shippingPricePaisa,
        })),
      )
      .execute();
    const auditLine = (l: { skuId: string; quantity: number; goodsPricePaisa: number; discountPaisa: number; shippingPricePaisa: number }) => ({
      sku: l.skuId,
      quantity: Number(l.quantity),
      goodsPricePaisa: Number(l.goodsPricePaisa),
      discountPaisa: Number(l.discountPaisa),
      shippingPricePaisa: Number(l.shippingPricePaisa),
    });
    await appendAudit(trx, {
      entity: 'quotation',
      entityId: edit.id,
      at: edit.now,
      byUserId: edit.byUserId,
      // The pricing time too: a COMPLETED save restarts the validity, even one that changes nothing else.
      changes: diff(
        { status: row.status, revision: Number(row.revision), countered, pricedAt: isoOrNull(row.pricedAt), skusDetail: before.map(auditLine) },
        {
          status,
          revision,
          countered: next.countered,
          pricedAt: isoOrNull(priced.pricedAt ?? row.pricedAt),
          skusDetail: edit.lines.map((l) => auditLine({ ...l, skuId: l.skuIdentifier })),
        },
      ),
    });
    await bumpQuotationOwner(trx, edit.id);
    await shiftCounts(trx, moved('quotations', row.status, status));
    await notify(status, edit.lines, edit.now);
    return 'saved';
  });
}
