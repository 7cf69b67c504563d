/**
 * Image decoding is bounded: at most DECODE_CONCURRENCY uploads are decoded at once (each 20-megapixel
 * decode takes some 35 MB that the allocator keeps), the rest wait their turn in arrival order,
 * and beyond DECODE_QUEUE_LIMIT waiting the server answers 503 with Retry-After instead of holding more.
 */
import { describe, expect, it } from 'vitest';
import { createLimiter, DECODE_CONCURRENCY, decoding, reencodeUpload } from '../../src/server/uploads/images';
import { png } from '../support/server/images';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the decode limiter', () => {
  it('runs at most `limit` tasks at once, hands each freed slot to the next in arrival order, and refuses past the queue', async () => {
    const limiter = createLimiter(2, 4);
    const gates = Array.from({ length: 7 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const task = (i: number) => async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await gates[i]!.promise;
      running--;
      return i;
    };
    const runs = [0, 1, 2, 3, 4, 5].map((i) => limiter.run(task(i)));
    expect({ active: limiter.active, waiting: limiter.waiting }).toEqual({ active: 2, waiting: 4 });
    await expect(limiter.run(async () => -1)).rejects.toMatchObject({ statusCode: 503, code: 'OVERLOADED', headers: { 'retry-after': '5' } });
    // The first finishes: its slot goes to the first waiting, and a newcomer queues behind the rest.
    gates[0]!.resolve();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    const late = limiter.run(task(6));
    expect(limiter.waiting).toBe(4);
    for (const gate of gates.slice(1)) gate.resolve();
    expect(await Promise.all([...runs, late])).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect({ active: limiter.active, waiting: limiter.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot of a task that failed', async () => {
    const limiter = createLimiter(1, 1);
    await expect(limiter.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });

  it(`decodes six parallel uploads at most ${DECODE_CONCURRENCY} at a time`, async () => {
    expect(DECODE_CONCURRENCY).toBeLessThanOrEqual(2);
    const image = await png(1200, 900);
    const six = Array.from({ length: 6 }, () => reencodeUpload(image));
    expect(decoding()).toEqual({ active: DECODE_CONCURRENCY, waiting: 6 - DECODE_CONCURRENCY });
    const done = await Promise.all(six);
    expect(done.every((jpeg) => jpeg[0] === 0xff && jpeg[1] === 0xd8)).toBe(true);
    expect(decoding()).toEqual({ active: 0, waiting: 0 });
  });
});
