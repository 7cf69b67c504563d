/**
 * The server's periodic quotation-expiry sweep: reads expire only the quotations they show,
 * so the backlog of due ones (a quiet week, a restart) is drained here, in bounded batches
 * (`sweepExpired`), with a first pass as the app becomes ready and one every
 * `EXPIRY_SWEEP_INTERVAL_MS` after that. The app starts it on ready and stops it on close, waiting for
 * a pass under way, so a graceful shutdown never cuts a batch short of its transactions.
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { sweepExpired, type QuotationRules } from './repos/quotations';

/** How often the sweep looks for quotations whose validity has ended. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

export interface ExpirySweeperOptions {
  db: Kysely<Database>;
  now: () => number;
  rules: QuotationRules;
  intervalMs?: number;
  batch?: number;
  log?: { error(obj: object, msg: string): void };
}

export interface ExpirySweeper {
  /** Schedules the first pass at once, then one every interval. */
  start(): void;
  /** No pass after this; resolves once a pass under way has finished its batch. */
  stop(): Promise<void>;
  /** One pass now (each batch its own transactions); resolves to how many it expired. */
  runOnce(): Promise<number>;
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createExpirySweeper(options: ExpirySweeperOptions): ExpirySweeper {
  const { db, now, rules } = options;
  const intervalMs = options.intervalMs ?? EXPIRY_SWEEP_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  const runOnce = () =>
    sweepExpired(db, now, rules, {
      batch: options.batch,
      between: nextTick,
      stopped: () => stopped,
    });

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => options.log?.error({ err: error instanceof Error ? error.message : String(error) }, 'quotation expiry sweep failed'))
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
