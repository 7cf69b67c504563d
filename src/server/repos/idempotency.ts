/**
 * A farmer's write done once however often the phone sends it. The phone makes a key when the farmer
 * taps and sends it with every try; the first try's transaction writes the key's row before anything
 * else and the answer it gives at its end, so the row and the write commit together or not at all.
 * A second try with the key finds the answer and gets it again, changing nothing. Two tries at once:
 * on PostgreSQL the second insert of the same key waits for the first transaction and then finds the
 * row taken (whichever instance it runs on); SQLite runs one write transaction at a time. A refused
 * write (409, 400) rolls back with its key, so trying again asks again.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** How long a key's answer is kept: a phone that was away longer sends a new request. */
export const KEY_KEPT_MS = 86_400_000;

/** One try of a write: whose, which key, which route and a hash of what it asked. */
export interface KeyClaim {
  userId: string;
  key: string;
  route: string;
  bodyHash: string;
  now: number;
}

/** The answer a write gave, as it is given again. */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

/**
 * What a repo write is handed when the request had a key: the claim, and how to make the answer
 * inside the write's transaction (read with the transaction, so it shows the write). `kept` is set
 * once the write has stored its answer.
 */
export interface Once<Id = string> {
  claim: KeyClaim;
  answer(trx: Transaction<Database>, id: Id): Promise<KeptAnswer>;
  kept?: KeptAnswer;
}

/** Another try with the same key got there first: its transaction is done or under way. */
export class KeyTaken extends Error {
  constructor() {
    super('This key is taken by another try of the same write');
  }
}

/**
 * The first statement of a keyed write's transaction: the key's row, or KeyTaken when it is there
 * already (the transaction then rolls back, having written nothing).
 */
export async function claimKey<Id>(trx: Transaction<Database>, once: Once<Id> | undefined): Promise<void> {
  if (!once) return;
  const { userId, key, route, bodyHash, now } = once.claim;
  // A key older than a day that the sweep has not reached yet is forgotten here: it is a new write.
  await trx.deleteFrom('idempotencyKeys').where('userId', '=', userId).where('key', '=', key).where('createdAt', '<=', now - KEY_KEPT_MS).execute();
  const inserted = await trx
    .insertInto('idempotencyKeys')
    .values({ userId, key, route, bodyHash, status: null, answer: null, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) throw new KeyTaken();
}

/** The last statement of a keyed write's transaction: the answer, stored with the key. */
export async function keepAnswer<Id>(trx: Transaction<Database>, once: Once<Id> | undefined, id: Id): Promise<void> {
  if (!once) return;
  const answer = await once.answer(trx, id);
  await trx
    .updateTable('idempotencyKeys')
    .set({ status: answer.status, answer: JSON.stringify(answer.body) })
    .where('userId', '=', once.claim.userId)
    .where('key', '=', once.claim.key)
    .execute();
  once.kept = answer;
}

export type StoredKey = { route: string; bodyHash: string; answer: KeptAnswer | null };

/** The key's row as committed, unless it is older than a day (its answer is forgotten then). */
export async function findKey(db: Kysely<Database>, userId: string, key: string, now: number): Promise<StoredKey | undefined> {
  const row = await db
    .selectFrom('idempotencyKeys')
    .select(['route', 'bodyHash', 'status', 'answer'])
    .where('userId', '=', userId)
    .where('key', '=', key)
    .where('createdAt', '>', now - KEY_KEPT_MS)
    .executeTakeFirst();
  if (!row) return undefined;
  const answer = row.status === null || row.answer === null ? null : { status: Number(row.status), body: JSON.parse(row.answer) as unknown };
  return { route: row.route, bodyHash: row.bodyHash, answer };
}

/** The sweep's step: at most `batch` keys older than a day, with their answers. */
export async function forgetOldKeys(db: Kysely<Database>, now: number, batch: number): Promise<number> {
  const before = now - KEY_KEPT_MS;
  const result = await db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<', before)
    .where('key', 'in', db.selectFrom('idempotencyKeys').select('key').where('createdAt', '<', before).orderBy('createdAt').limit(batch))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A keyed write that was refused (nothing written) lets its key go, so the phone's next try asks again. */
export async function releaseKey<Id>(trx: Transaction<Database>, once: Once<Id> | undefined): Promise<void> {
  if (!once) return;
  await trx.deleteFrom('idempotencyKeys').where('userId', '=', once.claim.userId).where('key', '=', once.claim.key).execute();
}
