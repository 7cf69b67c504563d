/**
 * Each farmer's quotations version (`users.quotations_version`): bumped inside the transaction of
 * every write that changes what that farmer's quotation answers show (a quotation created, deleted,
 * priced, edited or expired; an order placed or updated, which the quotation mirrors). It is read
 * with the session on every request, so a farmer's answer tag (http/etag.ts) names the version of
 * the rows it was read from, and a poll whose tag still names it is a 304 without reading them.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function bumpFarmer(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ quotationsVersion: eb('quotationsVersion', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Bumps the owner of this quotation. */
export async function bumpQuotationOwner(trx: Db, quotationId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ quotationsVersion: eb('quotationsVersion', '+', 1) }))
    .where('id', '=', (eb) => eb.selectFrom('quotations').select('quotations.userId').where('quotations.id', '=', quotationId))
    .execute();
}
