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

/** One maintained count's change: its row's name and by how much. */
export type CountShift = readonly [name: string, by: number];

/** A new row of `list` at `status`. */
export const added = (list: CountedList, status: string): CountShift[] => [
  [list, 1],
  [`${list}:${status}`, 1],
];

/** A row of `list` moved from one status to another (nothing when they are equal). */
export const moved = (list: CountedList, from: string, to: string): CountShift[] =>
  from === to
    ? []
    : [
        [`${list}:${from}`, -1],
        [`${list}:${to}`, 1],
      ];

/**
 * Applies a write's count changes in the order of their row names, whatever the order the write
 * names them in: on PostgreSQL each change locks its row until the transaction ends, so two writers
 * taking the same rows in opposite orders (a re-price EXPIRED → COMPLETED beside an expiry
 * COMPLETED → EXPIRED) would deadlock. Call it after the farmer's version bump: every writer takes the
 * row it writes, then the farmer's row, then these.
 */
export async function shiftCounts(trx: Db, ...shifts: CountShift[][]): Promise<void> {
  const byName = shifts.flat().sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, by] of byName) await add(trx, name, by);
}

/** The count of `list`, or of its rows at `status`. */
export async function readCount(db: Db, list: CountedList, status?: string): Promise<number> {
  const name = status === undefined ? list : `${list}:${status}`;
  const row = await db.selectFrom('listCounts').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}
