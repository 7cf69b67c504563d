/**
 * The stored pages' worker builds in the gaps between requests (thread-gaps.ts): these check the
 * order of events only (after the busy spell, before it ends), with bounds far from any real timing.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { threadGap } from '../../src/server/http/thread-gaps';

/** Keeps the thread busy until `until`, in 3 ms turns with the event loop served between, as requests do. */
function busyUntil(until: number): void {
  const end = Math.min(until, performance.now() + 3);
  while (performance.now() < end);
  if (performance.now() < until) setImmediate(() => busyUntil(until));
}

describe('threadGap', () => {
  it('goes on at once on an idle thread', async () => {
    const start = performance.now();
    expect(await threadGap(10_000)).toBe(true);
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  it('waits while the thread is busy, and goes on once it is idle', async () => {
    const until = performance.now() + 150;
    busyUntil(until);
    expect(await threadGap(10_000)).toBe(true);
    expect(performance.now()).toBeGreaterThanOrEqual(until);
  });

  it('goes on after its longest wait under unbroken load', async () => {
    const until = performance.now() + 400;
    busyUntil(until);
    // No gap found: the caller takes one step, not a slice.
    expect(await threadGap(20)).toBe(false);
    expect(performance.now()).toBeLessThan(until);
    // Let the busy spell end before the next test.
    await new Promise((resolve) => setTimeout(resolve, until - performance.now() + 10));
  });
});
