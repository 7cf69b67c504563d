/** Bearer sessions: a random 256-bit token goes to the client; only its SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { bumpLists, catalogueVersion, listVersion } from './answer-versions';
import type { UserRow } from './users';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new session; the admin's users list shows who is logged in, so its version moves with it (decision 027). */
export async function createSession(db: Kysely<Database>, userId: string, now: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sessions').values({ tokenHash: hashToken(token), userId, expiresAt: now + ttlMs, createdAt: now }).execute();
    await bumpLists(trx, ['users']);
  });
  return token;
}

/**
 * The user with the catalogue version (decision 025) and the admin lists' versions (decision 027)
 * read in the same statement: the answer caches' checks cost no query of their own.
 */
export type SessionUser = UserRow & { catalogueVersion: number; usersListVersion: number; quotationsListVersion: number; ordersListVersion: number };

const liveSessionUser = prepared((db: Kysely<Database>, tokenHash: string, now: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select(catalogueVersion().as('catalogueVersion'))
    .select(listVersion('users').as('usersListVersion'))
    .select(listVersion('quotations').as('quotationsListVersion'))
    .select(listVersion('orders').as('ordersListVersion'))
    .where('sessions.tokenHash', '=', tokenHash)
    .where('sessions.expiresAt', '>', now),
);

/** The user behind a live token, or undefined for an unknown, expired or ended one (every API call asks). */
export async function userForToken(db: Kysely<Database>, token: string, now: number): Promise<SessionUser | undefined> {
  return (await liveSessionUser(db, hashToken(token), now))[0];
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ended = await trx.deleteFrom('sessions').where('tokenHash', '=', hashToken(token)).executeTakeFirst();
    if (Number(ended.numDeletedRows) > 0) await bumpLists(trx, ['users']);
  });
}

/** Removes sessions the clock has already ended: no list changes (a cached users page expires by itself). */
export async function pruneSessions(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
}
