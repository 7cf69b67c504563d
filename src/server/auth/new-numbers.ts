/**
 * Login codes to new numbers (never a user, never sent a code) cost real money and are what an SMS
 * pumper asks for: they go without a proof of work only while the hour's budgets have room, one
 * for the whole service and one per client address, both counted in the database so every instance
 * shares them. A solved, unspent, unexpired challenge passes instead of the budgets. Known numbers
 * are never held here; they keep only their own spacing and caps (otp.ts).
 */
import type { Transaction } from 'kysely';
import type { Payload } from 'altcha-lib/v1/types';
import type { Database } from '../db/schema';
import { take, type Budget } from '../repos/budgets';
import { spend } from './challenge';
import type { Admission } from './otp';

const HOUR_MS = 60 * 60 * 1000;

export interface NewNumberLimits {
  perHour: number;
  perAddressHour: number;
}

/** What a code to a new number was paid with, so a failed send can give it back. */
export type Paid = { kind: 'known' } | { kind: 'budgets'; events: string[] } | { kind: 'solution'; signature: string };

export const newNumberBudgets = (addressKey: string, limits: NewNumberLimits): Budget[] => [
  { bucket: 'otp-new', limit: limits.perHour, windowMs: HOUR_MS },
  { bucket: `otp-new-ip:${addressKey}`, limit: limits.perAddressHour, windowMs: HOUR_MS },
];

export async function isKnownNumber(trx: Transaction<Database>, mobileNumber: string): Promise<boolean> {
  const user = await trx.selectFrom('users').select('id').where('mobileNumber', '=', mobileNumber).executeTakeFirst();
  if (user) return true;
  const sent = await trx.selectFrom('otpSends').select('id').where('mobileNumber', '=', mobileNumber).limit(1).executeTakeFirst();
  return sent !== undefined;
}

/**
 * Admits a code to `mobileNumber`: known numbers at once; new ones with a valid solution (spent
 * here, once) or else with room in both budgets (taken here).
 */
export function admitNewNumbers(
  mobileNumber: string,
  budgets: Budget[],
  solution: Payload | null,
  now: number,
): (trx: Transaction<Database>) => Promise<Admission<Paid>> {
  return async (trx) => {
    if (await isKnownNumber(trx, mobileNumber)) return { ok: true, paid: { kind: 'known' } };
    if (solution && (await spend(trx, solution, now))) return { ok: true, paid: { kind: 'solution', signature: solution.signature } };
    const taken = await take(trx, budgets, now);
    if (!taken.ok) return { ok: false, retryAfterMs: taken.retryAfterMs };
    return { ok: true, paid: { kind: 'budgets', events: taken.events } };
  };
}
