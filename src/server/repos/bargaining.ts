/**
 * The farmer's bargaining on a priced quotation: decline it with a reason, or ask for a better price.
 * Each is one transaction: the quotation's row read locked, the lifecycle asked about the stored
 * status, revision and counter with the clock (machines/quotation-lifecycle: only from COMPLETED and
 * still valid), the row written, the audit row (by the farmer), the farmer's version (decision 025)
 * and the moved counts, in the lock order of decision 033.
 */
import type { Kysely } from 'kysely';
import { nextQuotationState, quotationValidUntil } from '../../../machines/quotation-lifecycle.machine';
import { priceDetails } from '../../domain/money';
import type { DeclineReason } from '../../domain/quotation-status';
import type { QuotationStatus } from '../../domain/types';
import { lockingRead } from '../db/connect';
import type { Database } from '../db/schema';
import { bumpFarmer } from './answer-versions';
import { appendAudit } from './audit';
import { iso } from './lines';
import { moved, shiftCounts } from './list-counts';

export type BargainMove =
  | { type: 'farmer.decline'; reason: DeclineReason; note: string | null }
  | { type: 'farmer.counter'; totalPaisa: number | null; note: string | null };

export type BargainResult = 'saved' | 'missing' | 'refused' | 'notBelow';

/**
 * The owner's move on their quotation at `now`. 'missing' when it is not theirs (the route answers
 * 404), 'refused' when the lifecycle refuses it (409), 'notBelow' when a counter's total is not below
 * the quoted total (400). A counter keeps the quoted total as the last revision's, which the farmer
 * sees struck through once the admin prices it again.
 */
export async function bargain(
  db: Kysely<Database>,
  move: BargainMove & { quotationId: string; userId: string; now: number; validityDays: number },
): Promise<BargainResult> {
  const locking = lockingRead(db);
  return db.transaction().execute(async (trx) => {
    const row = await locking(
      trx
        .selectFrom('quotations')
        .select(['status', 'userId', 'version', 'pricedAt', 'revision', 'counterAt'])
        .where('id', '=', move.quotationId),
    ).executeTakeFirst();
    if (!row || row.userId !== move.userId) return 'missing';
    const validUntil = row.pricedAt === null ? null : quotationValidUntil(Number(row.pricedAt), move.validityDays);
    const from = { status: row.status as QuotationStatus, revision: Number(row.revision), countered: row.counterAt !== null };
    const next = nextQuotationState(from, { type: move.type, now: move.now, validUntil });
    if (next === null) return 'refused';
    const lines = await trx
      .selectFrom('quotationLines')
      .select(['goodsPricePaisa', 'discountPaisa', 'shippingPricePaisa'])
      .where('quotationId', '=', move.quotationId)
      .execute();
    const quotedPaisa = priceDetails(
      lines.map((l) => ({
        goodsPricePaisa: Number(l.goodsPricePaisa),
        discountPaisa: Number(l.discountPaisa),
        shippingPricePaisa: Number(l.shippingPricePaisa),
      })),
    ).totalPaisa;
    if (move.type === 'farmer.counter' && move.totalPaisa !== null && move.totalPaisa >= quotedPaisa) return 'notBelow';
    const written =
      move.type === 'farmer.decline'
        ? { declineReason: move.reason, declineNote: move.note }
        : { counterTotalPaisa: move.totalPaisa, counterNote: move.note, counterAt: move.now, previousTotalPaisa: quotedPaisa };
    const result = await trx
      .updateTable('quotations')
      .set({ status: next.status, version: row.version + 1, updatedAt: move.now, ...written })
      .where('id', '=', move.quotationId)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return 'refused';
    await appendAudit(trx, {
      entity: 'quotation',
      entityId: move.quotationId,
      at: move.now,
      byUserId: move.userId,
      changes:
        move.type === 'farmer.decline'
          ? { status: { from: row.status, to: next.status }, declineReason: { from: null, to: move.reason }, declineNote: { from: null, to: move.note } }
          : {
              status: { from: row.status, to: next.status },
              countered: { from: from.countered, to: next.countered },
              counterOffer: { from: null, to: { totalPaisa: move.totalPaisa, note: move.note, at: iso(move.now) } },
            },
    });
    await bumpFarmer(trx, row.userId);
    await shiftCounts(trx, moved('quotations', row.status, next.status));
    return 'saved';
  });
}
