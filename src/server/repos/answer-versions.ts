/**
 * The versions the quotation answer cache is checked against (decision 025). Each is bumped inside
 * the transaction of the write it stands for, so no reader can see the write without the new version:
 * - `users.quotations_version`: every write that changes what a farmer's quotation list shows
 *   (quotation create, delete, admin edit; order placement and admin order update, which the list
 *   mirrors);
 * - the `catalogue` counter row: every SKU edit (lines show the SKU's name, image and unit).
 *
 * And the admin list answer cache's (decision 027): one counter row per admin list (`list:users`,
 * `list:quotations`, `list:orders`), bumped by `bumpLists` in the transaction of every write that
 * changes what that list shows (its rows, their fields, its total, what its search matches):
 * - quotations: quotation create, farmer delete, expiry, admin edit; order placement and admin order
 *   update (a row mirrors its order); a farmer's profile (the row's farmer name, the name search);
 *   every SKU edit (`bumpCatalogue`: lines show the SKU);
 * - orders: order placement and admin update; an admin quotation edit (an order shows its
 *   quotation's lines); a farmer's profile (the row's name); every SKU edit;
 * - users: a new user, an admin made at login, profile and language writes, verification, and a
 *   session started or ended (a row's `isLoggedIn`; a session's end by the clock is the cached
 *   page's own expiry, see routes/admin-lists.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
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

/**
 * A counter row's value as a column of a read, so it is read in the same statement as what it guards
 * (the session, a page's lines, the SKUs themselves). Its name is a literal, not a parameter:
 * prepared reads (db/prepared.ts) take it too.
 */
const counterValue = (name: string) => sql<number>`(select value from counters where name = ${sql.lit(name)})`;

/** The catalogue counter, as a column (`counterValue`). */
export const catalogueVersion = () => counterValue('catalogue');

/** An admin list's version counter (`list:<list>`), as a column (`counterValue`). */
export const listVersion = (list: AdminList) => counterValue(`list:${list}`);

/** SKU edits: the catalogue counter, and the admin lists whose lines show SKUs. */
export async function bumpCatalogue(trx: Db): Promise<void> {
  await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'catalogue')
    .execute();
  await bumpLists(trx, ['quotations', 'orders']);
}

/** An admin list whose answers are cached (decision 027). */
export type AdminList = 'users' | 'quotations' | 'orders';

/**
 * Bumps these lists' versions in one statement; call it last in the write's transaction (after its
 * other hot rows), so every writer takes these row locks at the same point and in one order.
 */
export async function bumpLists(trx: Db, lists: readonly AdminList[]): Promise<void> {
  await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', 'in', lists.map((list) => `list:${list}`))
    .execute();
}

/** The lists' versions as read with the session (repos/sessions.ts), before the page they guard. */
export type ListVersions = Record<AdminList, number>;
