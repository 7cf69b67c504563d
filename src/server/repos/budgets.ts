/**
 * Budgets every instance shares: each counted event (a login code to a new number, an upload, a
 * profile write) is a row in its bucket, and a budget has room while its bucket holds fewer than
 * `limit` rows in the last `windowMs`. Counted in the database, never in one instance's memory.
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface Budget {
  bucket: string;
  limit: number;
  windowMs: number;
}

/** Taken: the events' ids, so the work they paid for can give exactly these back if it fails. */
export type Taken = { ok: true; events: string[] } | { ok: false; bucket: string; retryAfterMs: number };

/** How long until `budget` has room again (0: it has room now). */
export async function waitFor(db: Db, budget: Budget, now: number): Promise<number> {
  const recent = await db
    .selectFrom('rateEvents')
    .select('at')
    .where('bucket', '=', budget.bucket)
    .where('at', '>', now - budget.windowMs)
    .orderBy('at', 'desc')
    .limit(budget.limit)
    .execute();
  if (recent.length < budget.limit) return 0;
  return Math.max(1, Number(recent.at(-1)!.at) + budget.windowMs - now);
}

/**
 * Takes one event from every budget given, all or none, inside the caller's transaction. On
 * PostgreSQL, where instances write side by side, each bucket is held by a transaction-scoped
 * advisory lock (taken in bucket order, so two takers never deadlock) from its count to its insert;
 * SQLite runs one write transaction at a time.
 */
export async function take(trx: Transaction<Database>, budgets: Budget[], now: number): Promise<Taken> {
  const ordered = [...budgets].sort((a, b) => a.bucket.localeCompare(b.bucket));
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    for (const budget of ordered) await sql`select pg_advisory_xact_lock(hashtext(${budget.bucket}))`.execute(trx);
  }
  for (const budget of ordered) {
    const retryAfterMs = await waitFor(trx, budget, now);
    if (retryAfterMs > 0) return { ok: false, bucket: budget.bucket, retryAfterMs };
  }
  const events = ordered.map((budget) => ({ id: newId(), bucket: budget.bucket, at: now }));
  await trx.insertInto('rateEvents').values(events).execute();
  return { ok: true, events: events.map((event) => event.id) };
}

/** Gives back the events taken (the work they paid for did not happen: an SMS that could not be sent). */
export async function giveBack(db: Db, events: string[]): Promise<void> {
  if (events.length === 0) return;
  await db.deleteFrom('rateEvents').where('id', 'in', events).execute();
}

/** Deletes events older than every budget's window (the sweep). */
export async function forgetEventsBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('rateEvents').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
