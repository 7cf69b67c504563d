/**
 * The transactional outbox of SMS notifications (DECISIONS §5 Messages).
 *
 * - Writers call `notifyOnPricing` / `notifyOnOrderMove` inside the transaction of the change: the
 *   message row is written only when that transaction commits, and only for a real move (a write that
 *   leaves the status where it was, or is refused, writes nothing).
 * - The text is rendered then, from the template in the farmer's preferred language.
 * - `startOutboxSender` runs in the server process after commit: it claims due rows with a lease
 *   (PostgreSQL `FOR UPDATE SKIP LOCKED`, so several instances never take the same row; SQLite is
 *   owned by one process, which releases the leases a killed predecessor left), sends them, and marks
 *   them sent. A failed send is logged and tried again with a doubling delay, at most MAX_ATTEMPTS
 *   times. Nothing here runs inside, or can fail, the admin's request.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { COUNTRY_PREFIX, isRemovedNumber } from '../../domain/constants';
import { priceDetails } from '../../domain/money';
import type { OrderStatus, QuotationStatus } from '../../domain/types';
import { driverHandle } from '../db/connect';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { renderSms, smsRupees, type SmsTemplate } from './templates';
import type { SmsTransport } from './transport';

type Db = Kysely<Database> | Transaction<Database>;

/** The order moves a farmer hears about, and their templates. */
const ORDER_NOTICES: Partial<Record<OrderStatus, SmsTemplate>> = {
  ORDER_CONFIRMED: 'orderConfirmed',
  IN_TRANSIT: 'orderInTransit',
  DELIVERED: 'orderDelivered',
};

async function queue(trx: Db, kind: SmsTemplate, mobileNumber: string, text: string, now: number): Promise<void> {
  // A closed account has no number any more: its kept quotations and orders may still move, told to no one.
  if (isRemovedNumber(mobileNumber)) return;
  await trx
    .insertInto('smsOutbox')
    .values({
      id: newId(),
      kind,
      toNumber: `${COUNTRY_PREFIX}${mobileNumber}`,
      text,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      leaseUntil: null,
      leaseOwner: null,
      lastError: null,
      createdAt: now,
      sentAt: null,
    })
    .execute();
}

/** The farmer's language, from the stored profile (null reads English). */
const owner = (trx: Db) =>
  trx.selectFrom('quotations').innerJoin('users', 'users.id', 'quotations.userId').select(['users.mobileNumber', 'users.preferredLanguage']);

/**
 * Call inside the admin's quotation edit, before the write: reads the status as it was. The returned
 * function, called after the write succeeded, queues "priced, total ₹…" (Rs in English) when the edit moved the
 * quotation to COMPLETED from any other status.
 */
export async function notifyOnPricing(trx: Db, quotationId: string) {
  const before = await owner(trx)
    .select(['quotations.status', 'quotations.displayId'])
    .where('quotations.id', '=', quotationId)
    .executeTakeFirst();
  return async (to: QuotationStatus, lines: Parameters<typeof priceDetails>[0], now: number): Promise<void> => {
    if (!before || before.status === 'COMPLETED' || to !== 'COMPLETED') return;
    const total = smsRupees(priceDetails(lines).totalPaisa, before.preferredLanguage);
    await queue(trx, 'quotationPriced', before.mobileNumber, renderSms('quotationPriced', before.preferredLanguage, { id: before.displayId, total }), now);
  };
}

/**
 * Call inside the admin's order update, before the write. The returned function, called after the
 * write succeeded, queues a message when the order moved to ORDER_CONFIRMED, IN_TRANSIT or DELIVERED.
 * The message names the quotation's display id: the one the farmer's app shows.
 */
export async function notifyOnOrderMove(trx: Db, orderId: string) {
  const before = await owner(trx)
    .innerJoin('orders', 'orders.quotationId', 'quotations.id')
    .select(['orders.status', 'quotations.displayId'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  return async (to: OrderStatus, now: number): Promise<void> => {
    const template = ORDER_NOTICES[to];
    if (!before || !template || before.status === to) return;
    await queue(trx, template, before.mobileNumber, renderSms(template, before.preferredLanguage, { id: before.displayId }), now);
  };
}

/** The language a login code goes out in: the known user's, else the one the app sent, else English. */
export async function recipientLanguage(db: Db, mobileNumber: string, asked: string | undefined): Promise<string | null> {
  const user = await db.selectFrom('users').select('preferredLanguage').where('mobileNumber', '=', mobileNumber).executeTakeFirst();
  return user?.preferredLanguage ?? asked ?? null;
}

export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 10 * 60_000;
/** The wait before attempt n+1 after n failed ones: 5 s, 10 s, 20 s … at most 10 minutes. */
export const retryDelayMs = (attempts: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

export interface OutboxLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutboxSenderOptions {
  db: Kysely<Database>;
  sms: SmsTransport;
  /** SMS_NOTIFICATIONS: when false, due messages are marked 'skipped' and never sent. */
  enabled: boolean;
  now?: () => number;
  log?: OutboxLog;
  /** How often an idle sender looks for due rows. */
  pollMs?: number;
  /** How long a claim holds a row; a sender that died lets it go after this. */
  leaseMs?: number;
  batch?: number;
}

export interface OutboxSender {
  /** Claims and sends one batch of due rows; resolves to how many were claimed. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The first `batch` rows due at `t` and not leased, longest due first, in the order of
 * sms_outbox_due_idx (state, next_attempt_at): the claim reads the first due rows of the index and
 * stops. (Ordered by created_at, it scanned and sorted the whole table, sent rows included, on every
 * poll: 65 ms a second at 40,000 rows on SQLite.)
 */
export function dueRows(db: Kysely<Database>, t: number, batch: number) {
  return db
    .selectFrom('smsOutbox')
    .select('id')
    .where('state', '=', 'pending')
    .where('nextAttemptAt', '<=', t)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', t)]))
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(batch);
}

const silent: OutboxLog = { warn: () => undefined, error: () => undefined };

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender & { start(): Promise<void> } {
  const { db, sms, enabled } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? silent;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batch = options.batch ?? 10;
  const leaseOwner = randomBytes(8).toString('hex');
  const postgres = driverHandle(db)?.kind === 'postgres';

  async function claim(): Promise<Database['smsOutbox'][]> {
    const t = now();
    return db.transaction().execute(async (trx) => {
      let due = dueRows(trx, t, batch);
      // Rows another instance holds are passed over, not waited for.
      if (postgres) due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((r) => r.id);
      if (ids.length === 0) return [];
      await trx
        .updateTable('smsOutbox')
        .set((eb) => ({ leaseUntil: t + leaseMs, leaseOwner, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', ids)
        .execute();
      return trx.selectFrom('smsOutbox').selectAll().where('id', 'in', ids).orderBy('createdAt').orderBy('id').execute();
    });
  }

  /** Settles a claimed row, only while this sender still holds it. */
  const settle = (id: string, values: Partial<Database['smsOutbox']>) =>
    db
      .updateTable('smsOutbox')
      .set({ ...values, leaseUntil: null, leaseOwner: null })
      .where('id', '=', id)
      .where('leaseOwner', '=', leaseOwner)
      .execute();

  async function deliver(row: Database['smsOutbox']): Promise<void> {
    if (!enabled) {
      await settle(row.id, { state: 'skipped' });
      return;
    }
    try {
      await sms.send(row.toNumber, row.text);
      await settle(row.id, { state: 'sent', sentAt: now(), lastError: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      log.warn({ id: row.id, kind: row.kind, attempts: row.attempts, giveUp, err: message }, 'sms notification not sent');
      await settle(row.id, {
        state: giveUp ? 'failed' : 'pending',
        nextAttemptAt: now() + retryDelayMs(row.attempts),
        lastError: message.slice(0, 500),
      });
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    await Promise.all(rows.map(deliver));
    return rows.length;
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        // A full batch means more may be due: look again at once.
        .then((claimed) => schedule(claimed === batch ? 0 : pollMs))
        .catch((error: unknown) => {
          log.error({ err: error instanceof Error ? error.message : String(error) }, 'sms outbox pass failed');
          schedule(pollMs);
        });
    }, delay);
  }

  return {
    runOnce,
    async start() {
      // SQLite: this process owns the outbox, so a lease still held was left by a process that died.
      if (!postgres) await db.updateTable('smsOutbox').set({ leaseUntil: null, leaseOwner: null }).where('state', '=', 'pending').execute();
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
