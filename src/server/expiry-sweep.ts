/**
 * The server's periodic sweep, a first pass as the app becomes ready and one every
 * `EXPIRY_SWEEP_INTERVAL_MS` after that, each in bounded batches:
 * - quotation expiry: reads expire only the quotations they show, so the backlog of due ones (a quiet
 *   week, a restart) is drained here (`sweepExpired`);
 * - Aadhaar retention: a verified account's card is erased `aadhaarRetentionDays` after verification
 *   (`eraseDueAadhaar`); the verification itself stays on record;
 * - forgetting: login codes and their sends, SMS already sent, failed or skipped, budget events,
 *   spent proof-of-work challenges, and the photo and card of a sign-up never sent, once nothing
 *   needs them, and the analyst's counts, journeys and installs' days past their keeping (`forgetOldRows`).
 * The app starts it on ready and stops it on close, waiting for a pass under way, so a graceful
 * shutdown never cuts a batch short of its transactions.
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { analyticsForgetting } from './repos/analytics';
import { forgetEventsBefore } from './repos/budgets';
import { forgetOldKeys } from './repos/idempotency';
import { sweepExpired, type QuotationRules } from './repos/quotations';
import { dueForErasure, eraseAadhaarIfDue } from './repos/users';

const DAY_MS = 86_400_000;
/** Rows one statement deletes or one batch erases; a pass runs at most MAX_BATCHES of each. */
export const SWEEP_BATCH = 200;
const MAX_BATCHES = 10;
/** Login codes, their sends and finished SMS are kept this long (the caps look back a day at most; support a month). */
export const FORGET_AFTER_MS = 30 * DAY_MS;
/** Budget events are kept a day: the longest budget window. */
export const RATE_EVENTS_KEPT_MS = DAY_MS;

interface BatchOptions {
  batch?: number;
  between?: () => Promise<void>;
  stopped?: () => boolean;
}

/** Runs `step` (one bounded statement answering how many rows it did) until it does less than a batch. */
async function drain(step: (batch: number) => Promise<number>, options: BatchOptions): Promise<number> {
  const batch = options.batch ?? SWEEP_BATCH;
  let total = 0;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const done = await step(batch);
    total += done;
    if (done < batch || options.stopped?.()) break;
    await options.between?.();
  }
  return total;
}

/**
 * Erases the Aadhaar card of every account verified at least `retentionDays` ago, each in its own
 * transaction with its history row, reading users_verified_at_idx from `from` (the sweeper keeps the
 * point it had reached, so a pass reads only the accounts verified since, not every verified account
 * ever). Answers how many it erased and where the next pass may start.
 */
export async function eraseDueAadhaar(
  db: Kysely<Database>,
  now: number,
  retentionDays: number,
  from = 0,
  options: BatchOptions = {},
): Promise<{ erased: number; nextFrom: number }> {
  const cutoff = now - retentionDays * DAY_MS;
  let start = from;
  let erased = 0;
  let complete = false;
  const batch = options.batch ?? SWEEP_BATCH;
  for (let round = 0; round < MAX_BATCHES && !options.stopped?.(); round++) {
    const due = await dueForErasure(db, start, cutoff, batch);
    for (const user of due) if (await eraseAadhaarIfDue(db, user.id, cutoff, now)) erased++;
    if (due.length < batch) {
      complete = true;
      break;
    }
    start = Number(due.at(-1)!.verifiedAt);
    await options.between?.();
  }
  // Once every account up to the cutoff is done, the next pass starts a little before it (an hour: a
  // verification committed a moment late, or a clock set back, is still seen).
  return { erased, nextFrom: complete ? Math.max(from, cutoff - 3_600_000) : start };
}

/** Deletes what the service no longer needs, in bounded batches over each table's time index. */
export async function forgetOldRows(db: Kysely<Database>, now: number, options: BatchOptions = {}): Promise<Record<string, number>> {
  const before = now - FORGET_AFTER_MS;
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  return {
    otpVerifications: await drain(
      async (batch) =>
        deleted(
          await db
            .deleteFrom('otpVerifications')
            .where('mobileNumber', 'in', db.selectFrom('otpVerifications').select('mobileNumber').where('createdAt', '<', before).limit(batch))
            .executeTakeFirst(),
        ),
      options,
    ),
    otpSends: await drain(
      async (batch) =>
        deleted(
          await db
            .deleteFrom('otpSends')
            .where('id', 'in', db.selectFrom('otpSends').select('id').where('sentAt', '<', before).orderBy('sentAt').limit(batch))
            .executeTakeFirst(),
        ),
      options,
    ),
    smsOutbox: await drain(
      async (batch) =>
        deleted(
          await db
            .deleteFrom('smsOutbox')
            .where(
              'id',
              'in',
              db
                .selectFrom('smsOutbox')
                .select('id')
                .where('createdAt', '<', before)
                // A pending message is still owed to the farmer, however old: only finished ones go.
                .where('state', 'in', ['sent', 'failed', 'skipped'])
                .orderBy('createdAt')
                .limit(batch),
            )
            .executeTakeFirst(),
        ),
      options,
    ),
    // A sign-up never sent: its photo and Aadhaar card were uploaded for a verification that never
    // came, so they go when login codes do. Images uploaded since (a farmer back to finish) stay.
    abandonedSignUps: await drain(async (batch) => {
      const owners = await db
        .selectFrom('users')
        .select('users.id')
        .where('users.isVerified', '=', 0)
        .where('users.createdAt', '<', before)
        .where('users.profileUpdated', '=', 0)
        .where((eb) => eb.exists(eb.selectFrom('images').select('images.id').whereRef('images.ownerId', '=', 'users.id').where('images.createdAt', '<', before)))
        .limit(batch)
        .execute();
      if (owners.length === 0) return 0;
      await db.deleteFrom('images').where('ownerId', 'in', owners.map((o) => o.id)).where('createdAt', '<', before).execute();
      return owners.length;
    }, options),
    // What the analyst's view keeps no longer: counts after 400 days, journeys after 30, installs' days after one.
    analytics: await (async () => {
      let total = 0;
      for (const step of analyticsForgetting(db, now)) total += await drain(step, options);
      return total;
    })(),
    // A write's key answers its repeats for a day; after that the phone sends a new request.
    idempotencyKeys: await drain((batch) => forgetOldKeys(db, now, batch), options),
    // A day of budget events is what the budgets' windows allow: one statement is bounded by them.
    rateEvents: await forgetEventsBefore(db, now - RATE_EVENTS_KEPT_MS),
    spentChallenges: await drain(
      async (batch) =>
        deleted(
          await db
            .deleteFrom('spentChallenges')
            .where(
              'signature',
              'in',
              db.selectFrom('spentChallenges').select('signature').where('expiresAt', '<', now).orderBy('expiresAt').limit(batch),
            )
            .executeTakeFirst(),
        ),
      options,
    ),
  };
}

/** How often the sweep looks for quotations whose validity has ended. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

export interface ExpirySweeperOptions {
  db: Kysely<Database>;
  now: () => number;
  rules: QuotationRules;
  /** Days an Aadhaar card is kept after verification (config.aadhaarRetentionDays). */
  aadhaarRetentionDays: number;
  intervalMs?: number;
  batch?: number;
  log?: { error(obj: object, msg: string): void };
}

export interface ExpirySweeper {
  /** Schedules the first pass at once, then one every interval. */
  start(): void;
  /** No pass after this; resolves once a pass under way has finished its batch. */
  stop(): Promise<void>;
  /** One pass now (each batch its own transactions); resolves to how many quotations it expired. */
  runOnce(): Promise<number>;
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createExpirySweeper(options: ExpirySweeperOptions): ExpirySweeper {
  const { db, now, rules } = options;
  const intervalMs = options.intervalMs ?? EXPIRY_SWEEP_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  const retentionDays = options.aadhaarRetentionDays;
  /** Where the retention's read of users_verified_at_idx starts: every account verified before is done. */
  let retentionFrom = 0;
  const batches = { batch: options.batch, between: nextTick, stopped: () => stopped };

  const runOnce = async () => {
    const expired = await sweepExpired(db, now, rules, batches);
    if (!stopped) retentionFrom = (await eraseDueAadhaar(db, now(), retentionDays, retentionFrom, batches)).nextFrom;
    if (!stopped) await forgetOldRows(db, now(), batches);
    return expired;
  };

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => options.log?.error({ err: error instanceof Error ? error.message : String(error) }, 'background sweep failed'))
        .finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  }

  return {
    start: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runOnce,
  };
}
