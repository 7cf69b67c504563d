/**
 * The maintained row counts behind each list's `total` (migration 0005): a count of the whole table on
 * every poll is what the lists must not do. Every writer that adds a row or moves its status shifts
 * the counts in its own transaction, so a reader never sees a row without its count.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type CountedList = 'users' | 'quotations' | 'orders';

async function add(trx: Db, name: string, by: number): Promise<void> {
  const updated = await trx
    .updateTable('listCounts')
    .set((eb) => ({ value: eb('value', '+', by) }))
    .where('name', '=', name)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    // The first row of a status: two writers may both get here; the loser adds to the winner's row.
    await trx
      .insertInto('listCounts')
      .values({ name, value: by })
      .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('listCounts.value', '+', by) })))
      .execute();
  }
}

/** A new row of `list` at `status`. */
export async function countAdded(trx: Db, list: CountedList, status: string): Promise<void> {
  await add(trx, list, 1);
  await add(trx, `${list}:${status}`, 1);
}

/** A row of `list` moved from one status to another (nothing when they are equal). */
export async function countMoved(trx: Db, list: CountedList, from: string, to: string): Promise<void> {
  if (from === to) return;
  await add(trx, `${list}:${from}`, -1);
  await add(trx, `${list}:${to}`, 1);
}

/** The count of `list`, or of its rows at `status`. */
export async function readCount(db: Db, list: CountedList, status?: string): Promise<number> {
  const name = status === undefined ? list : `${list}:${status}`;
  const row = await db.selectFrom('listCounts').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}
