/**
 * The proof of work a client shows to get a login code past the new-number budgets: an ALTCHA
 * challenge (SHA-256), signed with a key derived from the OTP secret, valid for five minutes and
 * spendable once. Spent solutions are rows (`spent_challenges`), so no instance accepts one twice.
 */
import { hkdfSync } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge, Payload } from 'altcha-lib/v1/types';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/**
 * The search space: a challenge's number is drawn from 1..maxnumber, so a solver tries half of it on
 * average. Sized so a cheap phone (Chromium at 4× CPU throttling, `npx tsx bench/otp-solve.ts`)
 * takes about a second on average: the worker spends 50–80 µs a hash there, so a mean of 0.7 s was
 * measured at 30,000 and 1.5 s at 40,000.
 */
export const CHALLENGE_MAX_NUMBER = 35_000;

/** The HMAC key for challenges: its own key, derived from the OTP secret with a label. */
export const challengeKey = (otpHmacSecret: Buffer): string =>
  Buffer.from(hkdfSync('sha256', otpHmacSecret, Buffer.alloc(0), 'altcha-login-challenge', 32)).toString('hex');

export async function newChallenge(key: string, now: number): Promise<Challenge> {
  return createChallenge({ algorithm: 'SHA-256', hmacKey: key, maxnumber: CHALLENGE_MAX_NUMBER, expires: new Date(now + CHALLENGE_TTL_MS) });
}

export class MalformedSolution extends Error {}

/**
 * The client's `altcha` field (base64 of the JSON payload), read without trusting it: anything that
 * is not such a payload throws MalformedSolution.
 */
export function parseSolution(altcha: string): Payload {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'));
  } catch {
    throw new MalformedSolution('altcha is not base64 of JSON');
  }
  const p = value as Record<string, unknown> | null;
  const ok =
    typeof p === 'object' &&
    p !== null &&
    p.algorithm === 'SHA-256' &&
    typeof p.challenge === 'string' &&
    typeof p.salt === 'string' &&
    typeof p.signature === 'string' &&
    typeof p.number === 'number' &&
    Number.isSafeInteger(p.number);
  if (!ok) throw new MalformedSolution('altcha is not a SHA-256 solution');
  return { algorithm: 'SHA-256', challenge: p.challenge as string, salt: p.salt as string, signature: p.signature as string, number: p.number as number };
}

/** When the challenge expires (ms), or null when its salt names no expiry (then it is not one of ours). */
function expiresAt(payload: Payload): number | null {
  const seconds = Number(extractParams(payload).expires);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

/**
 * Whether `payload` is a solution to one of our challenges, unexpired at `now`. The library checks
 * expiry against the wall clock; the server reads its own clock, so it checks expiry itself.
 */
export async function isValidSolution(payload: Payload, key: string, now: number): Promise<boolean> {
  const expires = expiresAt(payload);
  if (expires === null || expires <= now) return false;
  return verifySolution(payload, key, false);
}

/**
 * Spends a solution in the caller's transaction: false when it was spent already (also by a racing
 * request, whose insert waits for this one's commit and then does nothing). Rows of expired
 * challenges go as new ones come: a stale solution is refused by its expiry, not by its row.
 */
export async function spend(trx: Transaction<Database>, payload: Payload, now: number): Promise<boolean> {
  await trx.deleteFrom('spentChallenges').where('expiresAt', '<', now).execute();
  const inserted = await trx
    .insertInto('spentChallenges')
    .values({ signature: payload.signature, expiresAt: expiresAt(payload) ?? 0 })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Makes a solution spendable again (the code it paid for could not be sent). */
export async function unspend(db: Kysely<Database>, signature: string): Promise<void> {
  await db.deleteFrom('spentChallenges').where('signature', '=', signature).execute();
}
