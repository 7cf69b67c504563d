/**
 * Load shedding: while the event loop lags past its bound, a new request is refused at once with
 * 503 OVERLOADED and Retry-After, in the API's `{ message, code }` shape; the liveness check is
 * still answered; once the lag is gone requests are served again.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/server/app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds the event loop as a slow synchronous task would. */
function blockLoop(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe('load shedding on sqlite', () => {
  it('answers 503 OVERLOADED with Retry-After under a forced lag, keeps /api/health, and recovers', { timeout: 30_000 }, async () => {
    const config = testConfig({ overload: { eventLoopDelayMs: 40, heapUsedMb: 0 } });
    const t = await createTestApp('sqlite', { config, overloadSampleMs: 100 });
    try {
      // Starting the app (migrating, seeding) lags the loop by itself: served once that has passed.
      let calm = await t.app.inject({ method: 'GET', url: '/api/config' });
      for (let i = 0; i < 40 && calm.statusCode !== 200; i++) {
        await sleep(100);
        calm = await t.app.inject({ method: 'GET', url: '/api/config' });
      }
      expect(calm.statusCode).toBe(200);
      // A sustained lag, as a burst makes it: on a busy machine the sampler may miss one block.
      let shed = await t.app.inject({ method: 'GET', url: '/api/config' });
      for (let i = 0; i < 20 && shed.statusCode !== 503; i++) {
        blockLoop(300);
        await sleep(20);
        shed = await t.app.inject({ method: 'GET', url: '/api/config' });
      }
      expect(shed.statusCode).toBe(503);
      expect(shed.json()).toEqual({ message: expect.any(String), code: 'OVERLOADED' });
      expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0);
      // The refusal names its request id, as every answer does, so a farmer's support call finds its log line.
      expect(shed.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      let served = 0;
      for (let i = 0; i < 40 && served === 0; i++) {
        await sleep(100);
        if ((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode === 200) served++;
      }
      expect(served).toBe(1);
    } finally {
      await t.close();
    }
  });
});
