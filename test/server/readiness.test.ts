/**
 * GET /api/ready tells a load balancer whether to send this instance farmers: 503 `UNAVAILABLE` while
 * it starts (the database migrating), 200 while it serves, 503 again from the moment SIGTERM arrives while requests are still answered for
 * SHUTDOWN_DRAIN_SECONDS, then the process closes cleanly. /api/health stays 200 throughout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listenWhileStarting } from '../../src/server/ops/readiness';
import { freePort } from '../support/e2e/server';
import { createTestApp, databases } from '../support/server/app';
import { ServerProcess } from '../support/server/process';

describe.each(databases())('readiness on %s', (kind) => {
  it('answers 200 once ready and 503 UNAVAILABLE once draining, in the API error shape', async () => {
    const t = await createTestApp(kind);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ data: { ready: true } });
      t.app.readiness.drain();
      const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ message: expect.any(String), code: 'UNAVAILABLE' });
      expect(draining.headers['retry-after']).toBe('5');
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('while the database migrates', () => {
  it('answers every request 503 UNAVAILABLE with Retry-After, then hands the port to the app', async () => {
    const port = await freePort();
    const starting = await listenWhileStarting(port, '127.0.0.1');
    for (const path of ['/api/ready', '/api/quotations', '/']) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ message: expect.any(String), code: 'UNAVAILABLE' });
    }
    await starting.close();
    const t = await createTestApp('sqlite');
    try {
      await t.app.listen({ port, host: '127.0.0.1' });
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('a real server under SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'krishi-ready-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops being ready at once, keeps answering while it drains, then exits 0', { timeout: 90_000 }, async () => {
    const server = new ServerProcess(dataDir, await freePort(), { SHUTDOWN_DRAIN_SECONDS: '3' });
    await server.start();
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    const exited = new Promise<number | null>((r) => server.child!.once('exit', (code) => r(code)));
    server.child!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { code: string }).code).toBe('UNAVAILABLE');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await exited).toBe(0);
  });
});
