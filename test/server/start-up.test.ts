import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from '../support/server/app';
import { ServerProcess } from '../support/server/process';

/** The real server process: migrate, seed, listen on a free port, print the start-up lines, stop on SIGTERM. */
describe.each(databases())('server.ts on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'krishi-start-'));
  const schema = `s_${randomBytes(5).toString('hex')}`;
  let server: ServerProcess | undefined;

  async function databaseUrl(): Promise<string> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
    return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }

  afterAll(async () => {
    await server?.kill9();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && process.env.TEST_DATABASE_URL) {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
  });

  it('starts, prints the URL, the admin number and where codes appear, logs in with a console code, and stops on SIGTERM', async () => {
    // Only PATH beside these: the server runs on its defaults (console SMS, the default admin number).
    server = new ServerProcess(dataDir, 0, kind === 'postgres' ? { DATABASE_URL: await databaseUrl() } : {}, false);
    await server.start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toBe('http://127.0.0.1:0');
    expect(server.out).toContain('Seeded the sample catalogue (8 products).');
    expect(server.out).toContain('Admin login: mobile number 9000000001');
    expect(server.out).toContain('they appear in this console');

    const base = server.url;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/auth/request-otp', { mobileNumber: '9000000001' })).status).toBe(200);
    const line = await server.waitForOutput(/^\[sms\] to=\+919000000001 text=.*$/m);
    // The code, then the same code in the Web OTP line that ends the SMS (printed as \n@host #code).
    const codes = line[0].slice(line[0].indexOf('text=')).match(/\b\d{6}\b/g);
    expect(codes).toHaveLength(2);
    expect(codes![1]).toBe(codes![0]);
    const verified = await post('/api/auth/verify-otp', { mobileNumber: '9000000001', otp: codes![0] });
    expect(verified.status).toBe(200);
    const { token } = (await verified.json()) as { token: string };
    const skus = await fetch(`${base}/api/skus`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await skus.json()) as { data: unknown[] }).data).toHaveLength(8);

    expect(await server.stop()).toBe(0);
  });
});
