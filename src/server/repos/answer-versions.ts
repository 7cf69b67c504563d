/**
 * The versions the quotation answer cache is checked against (decision 025). Each is bumped inside
 * the transaction of the write it stands for, so no reader can see the write without the new version:
 * - `users.quotations_version`: every write that changes what a farmer's quotation list shows
 *   (quotation create, delete, admin edit; order placement and admin order update, which the list
 *   mirrors);
 * - the `catalogue` counter row: every SKU edit (lines show the SKU's name, image and unit).
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

export async function bumpCatalogue(trx: Db): Promise<void> {
  await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'catalogue')
    .execute();
}
