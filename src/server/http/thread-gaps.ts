/**
 * Background work on the one JavaScript thread that the requests come first for: the stored farmer
 * pages' worker (farmer-pages.ts) builds its next page only after a short window in which the
 * thread was mostly idle, that is when no requests were being answered.
 *
 * Why the event loop's utilization rather than a count of requests in flight: on SQLite a request
 * is answered within the one event-loop turn that read it (better-sqlite3 is synchronous), so between
 * two turns nothing is ever in flight, however many requests wait in the sockets.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** The window the thread's use is measured over before each step. */
export const GAP_WINDOW_MS = 4;
/** Above this share of the window spent working, the thread is busy. */
export const BUSY_SHARE = 0.2;

/**
 * Resolves after a window of GAP_WINDOW_MS in which the thread was busy less than BUSY_SHARE of the
 * time (true: a gap), or after `maxMs` if none comes first (false: the work still moves under
 * unbroken load, one step at a time).
 */
export async function threadGap(maxMs: number): Promise<boolean> {
  const start = performance.now();
  for (;;) {
    const before = performance.eventLoopUtilization();
    await sleep(GAP_WINDOW_MS);
    if (performance.eventLoopUtilization(before).utilization < BUSY_SHARE) return true;
    if (performance.now() - start >= maxMs) return false;
  }
}
