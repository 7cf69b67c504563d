import { describe, expect, it } from 'vitest';
import { staleWhileRefresh } from '../../src/server/repos/stale-while-refresh';

/** A read whose answers the test gives by hand: each call is kept with the time it was asked for. */
function heldReads() {
  const calls: { now: number; resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const read = (now: number) => new Promise<string>((resolve, reject) => calls.push({ now, resolve, reject }));
  return { calls, read };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a figure served stale while one read refreshes it', () => {
  it('reads once, then answers from memory while it is fresh, and asks arriving during a read share it', async () => {
    const { calls, read } = heldReads();
    const ask = staleWhileRefresh(read, { freshMs: 5_000, maxAgeMs: 30_000 });
    const first = ask(1_000);
    const second = ask(1_200);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('at 1000');
    expect(await first).toBe('at 1000');
    expect(await second).toBe('at 1000');
    expect(await ask(5_999)).toBe('at 1000');
    expect(calls).toHaveLength(1);
  });

  it('past its fresh time answers the kept figure at once and starts one read, whose answer the next ask gets', async () => {
    const { calls, read } = heldReads();
    const ask = staleWhileRefresh(read, { freshMs: 5_000, maxAgeMs: 30_000 });
    const first = ask(0);
    calls[0]!.resolve('at 0');
    await first;
    expect(await ask(5_000)).toBe('at 0');
    expect(await ask(6_000)).toBe('at 0');
    // One read behind both asks, for the first stale one's time.
    expect(calls.map((c) => c.now)).toEqual([0, 5_000]);
    calls[1]!.resolve('at 5000');
    await settle();
    expect(await ask(7_000)).toBe('at 5000');
    expect(calls).toHaveLength(2);
  });

  it('waits for a new read once the kept figure is as old as its longest age, or the clock went back', async () => {
    const { calls, read } = heldReads();
    const ask = staleWhileRefresh(read, { freshMs: 5_000, maxAgeMs: 30_000 });
    const first = ask(100_000);
    calls[0]!.resolve('old');
    await first;
    const late = ask(130_000);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('new');
    expect(await late).toBe('new');
    const back = ask(129_000);
    expect(calls).toHaveLength(3);
    calls[2]!.resolve('earlier');
    expect(await back).toBe('earlier');
    // The answer read for the earlier time is the one kept from then on.
    expect(await ask(129_500)).toBe('earlier');
    expect(calls).toHaveLength(3);
  });

  it('keeps serving the kept figure when a refresh fails, says so, and tries again on the next ask', async () => {
    const { calls, read } = heldReads();
    const failures: unknown[] = [];
    const ask = staleWhileRefresh(read, { freshMs: 5_000, maxAgeMs: 30_000, onRefreshFailed: (e) => failures.push(e) });
    const first = ask(0);
    calls[0]!.resolve('kept');
    await first;
    expect(await ask(10_000)).toBe('kept');
    calls[1]!.reject(new Error('database busy'));
    await settle();
    expect(failures).toEqual([new Error('database busy')]);
    expect(await ask(11_000)).toBe('kept');
    expect(calls.map((c) => c.now)).toEqual([0, 10_000, 11_000]);
  });

  it('answers a failed first read with its error, and reads again on the next ask', async () => {
    const { calls, read } = heldReads();
    const ask = staleWhileRefresh(read, { freshMs: 5_000, maxAgeMs: 30_000 });
    const first = ask(0);
    calls[0]!.reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    const again = ask(1);
    calls[1]!.resolve('up');
    expect(await again).toBe('up');
  });

  it('reads again at once when the kept figure no longer holds for now (read before India\'s midnight, asked after)', async () => {
    const { calls, read } = heldReads();
    const day = (at: number) => Math.floor(at / 1_000);
    const ask = staleWhileRefresh(read, { freshMs: 5_000, maxAgeMs: 30_000, stillHolds: (keptAt, now) => day(keptAt) === day(now) });
    const first = ask(999);
    calls[0]!.resolve('yesterday');
    await first;
    const next = ask(1_000);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('today');
    expect(await next).toBe('today');
  });
});
