/** Opaque ids and short display ids (SKU1001, QT100001, OD100001) from a counter row. */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

export const newId = (): string => randomBytes(12).toString('hex');

const PREFIX = { sku: 'SKU', quotation: 'QT', order: 'OD' } as const;
export type CounterName = keyof typeof PREFIX;

/** Takes the next display id; call it inside the transaction that inserts the row, so a rollback returns it. */
export async function nextDisplayId(trx: Kysely<Database> | Transaction<Database>, name: CounterName): Promise<string> {
  const row = await trx
    .updateTable('counters')
    .set({ value: sql`value + 1` })
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return `${PREFIX[name]}${Number(row.value)}`;
}
