/** Bearer sessions: a random 256-bit token goes to the client; only its SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UserRow } from './users';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Kysely<Database>, userId: string, now: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('sessions').values({ tokenHash: hashToken(token), userId, expiresAt: now + ttlMs, createdAt: now }).execute();
  return token;
}

/** The user a live session belongs to, with the quotations version the answer tags are made of. */
export type SessionUser = UserRow;

/** The user behind a live token, or undefined for an unknown, expired or ended one (every API call asks). */
export async function userForToken(db: Kysely<Database>, token: string, now: number): Promise<SessionUser | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.expiresAt', '>', now)
    .executeTakeFirst();
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('tokenHash', '=', hashToken(token)).execute();
}

/** Removes sessions the clock has already ended. */
export async function pruneSessions(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
}
