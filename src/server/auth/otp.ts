/**
 * One-time codes (DECISIONS §2): six CSPRNG digits; only an HMAC is stored, in one row per number
 * with its expiry and wrong tries, deleted on success. Sends are rows too, so the 120 s spacing and
 * the hourly and daily caps hold across restarts and instances.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { OTP_LENGTH } from '../../domain/constants';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface OtpRules {
  ttlMs: number;
  resendMs: number;
  maxPerHour: number;
  maxPerDay: number;
  maxTries: number;
}

/**
 * Whether a code may go to this number beyond its own spacing and caps, decided inside the send's
 * transaction (after the number's lock); what it took is given back if the SMS cannot be sent.
 */
export type Admission<Paid> = { ok: true; paid: Paid } | { ok: false; retryAfterMs: number };
export type Admit<Paid> = (trx: Transaction<Database>) => Promise<Admission<Paid>>;

export type IssueResult<Paid = null> =
  | { ok: true; code: string; paid: Paid }
  | { ok: false; retryAfterMs: number; reason: string; admitted: boolean };

/** Carries a refusal out of the transaction, so nothing it wrote (the number's lock row) stays. */
class NotAdmitted extends Error {
  constructor(readonly retryAfterMs: number) {
    super('not admitted');
  }
}
export type CheckResult = 'ok' | 'invalid' | 'expired' | 'locked';

const hmac = (secret: Buffer, mobileNumber: string, code: string): string =>
  createHmac('sha256', secret).update(`${mobileNumber}:${code}`).digest('hex');

/** How long until this number may get another code; 0 when it may now. */
function waitBeforeSend(sentTimes: number[], now: number, rules: OtpRules): { waitMs: number; reason: string } {
  const last = sentTimes.at(-1);
  const waits: { waitMs: number; reason: string }[] = [];
  if (last !== undefined && now - last < rules.resendMs) {
    waits.push({ waitMs: last + rules.resendMs - now, reason: 'Wait before asking for a new code' });
  }
  const inHour = sentTimes.filter((t) => t > now - HOUR_MS);
  if (inHour.length >= rules.maxPerHour) {
    waits.push({ waitMs: inHour[inHour.length - rules.maxPerHour]! + HOUR_MS - now, reason: 'Too many codes this hour' });
  }
  if (sentTimes.length >= rules.maxPerDay) {
    waits.push({ waitMs: sentTimes[sentTimes.length - rules.maxPerDay]! + DAY_MS - now, reason: 'Too many codes today' });
  }
  return waits.reduce((a, b) => (b.waitMs > a.waitMs ? b : a), { waitMs: 0, reason: '' });
}

export async function issueCode<Paid = null>(
  db: Kysely<Database>,
  secret: Buffer,
  mobileNumber: string,
  now: number,
  rules: OtpRules,
  admit: Admit<Paid> = async () => ({ ok: true, paid: null as Paid }),
): Promise<IssueResult<Paid>> {
  try {
    return await issueIn(db, secret, mobileNumber, now, rules, admit);
  } catch (error) {
    if (error instanceof NotAdmitted) return { ok: false, retryAfterMs: error.retryAfterMs, reason: 'Prove this device first', admitted: false };
    throw error;
  }
}

function issueIn<Paid>(
  db: Kysely<Database>,
  secret: Buffer,
  mobileNumber: string,
  now: number,
  rules: OtpRules,
  admit: Admit<Paid>,
): Promise<IssueResult<Paid>> {
  return db.transaction().execute(async (trx) => {
    // Lock this number's row first (PostgreSQL row lock; SQLite serialises transactions anyway), so two
    // simultaneous requests for one number are counted one after the other. A first-ever request makes
    // an empty row (hash '') to lock; it never matches a code.
    await trx
      .insertInto('otpVerifications')
      .values({ mobileNumber, codeHash: '', expiresAt: 0, tries: 0, createdAt: now })
      .onConflict((oc) => oc.column('mobileNumber').doNothing())
      .execute();
    await trx
      .updateTable('otpVerifications')
      .set({ tries: sql`tries` })
      .where('mobileNumber', '=', mobileNumber)
      .execute();
    const sends = await trx
      .selectFrom('otpSends')
      .select('sentAt')
      .where('mobileNumber', '=', mobileNumber)
      .where('sentAt', '>', now - DAY_MS)
      .orderBy('sentAt', 'asc')
      .execute();
    const wait = waitBeforeSend(
      sends.map((s) => Number(s.sentAt)),
      now,
      rules,
    );
    if (wait.waitMs > 0) return { ok: false, retryAfterMs: wait.waitMs, reason: wait.reason, admitted: true };
    const admission = await admit(trx);
    if (!admission.ok) throw new NotAdmitted(admission.retryAfterMs);

    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const codeHash = hmac(secret, mobileNumber, code);
    await trx
      .insertInto('otpVerifications')
      .values({ mobileNumber, codeHash, expiresAt: now + rules.ttlMs, tries: 0, createdAt: now })
      .onConflict((oc) =>
        oc.column('mobileNumber').doUpdateSet({ codeHash, expiresAt: now + rules.ttlMs, tries: 0, createdAt: now }),
      )
      .execute();
    await trx.insertInto('otpSends').values({ id: newId(), mobileNumber, sentAt: now }).execute();
    await trx.deleteFrom('otpSends').where('mobileNumber', '=', mobileNumber).where('sentAt', '<=', now - DAY_MS).execute();
    return { ok: true, code, paid: admission.paid };
  });
}

/** Forgets the code just issued (used when the SMS could not be sent, so it does not count). */
export async function withdrawCode(db: Kysely<Database>, mobileNumber: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('otpVerifications').where('mobileNumber', '=', mobileNumber).execute();
    await trx.deleteFrom('otpSends').where('mobileNumber', '=', mobileNumber).where('sentAt', '=', now).execute();
  });
}

export async function checkCode(
  db: Kysely<Database>,
  secret: Buffer,
  mobileNumber: string,
  code: string,
  now: number,
  rules: OtpRules,
): Promise<CheckResult> {
  const row = await db.selectFrom('otpVerifications').selectAll().where('mobileNumber', '=', mobileNumber).executeTakeFirst();
  if (!row || row.codeHash === '') return 'invalid';
  if (row.tries >= rules.maxTries) return 'locked';
  if (now > Number(row.expiresAt)) return 'expired';
  const given = Buffer.from(hmac(secret, mobileNumber, code), 'hex');
  const stored = Buffer.from(row.codeHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    await db
      .updateTable('otpVerifications')
      .set({ tries: sql`tries + 1` })
      .where('mobileNumber', '=', mobileNumber)
      .where('codeHash', '=', row.codeHash)
      .execute();
    return 'invalid';
  }
  // Deleting by hash makes the code single-use even when two verifications race.
  const deleted = await db
    .deleteFrom('otpVerifications')
    .where('mobileNumber', '=', mobileNumber)
    .where('codeHash', '=', row.codeHash)
    .where('tries', '<', rules.maxTries)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? 'ok' : 'invalid';
}
