import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from '../support/server-app';

/** The real server process: migrate, seed, listen on a free port, print the start-up lines, stop on SIGTERM. */
describe.each(databases())('server.ts on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'krishi-start-'));
  const schema = `s_${randomBytes(5).toString('hex')}`;
  let child: ChildProcess | undefined;
  let out = '';

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
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && process.env.TEST_DATABASE_URL) {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
  });

  it('starts, prints the URL, the admin number and where codes appear, logs in with a console code, and stops on SIGTERM', async () => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
    if (kind === 'postgres') env.DATABASE_URL = await databaseUrl();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const waitFor = async (pattern: RegExp) => {
      for (let i = 0; i < 400; i++) {
        const m = pattern.exec(out);
        if (m) return m;
        if (child!.exitCode !== null) throw new Error(`server exited: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`timed out waiting for ${pattern}: ${out}`);
    };

    const base = (await waitFor(/running at (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
    expect(out).toContain('Seeded the sample catalogue (8 products).');
    expect(out).toContain('Admin login: mobile number 9000000001');
    expect(out).toContain('they appear in this console');

    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/auth/request-otp', { mobileNumber: '9000000001' })).status).toBe(200);
    const line = await waitFor(/^\[sms\] to=\+919000000001 text=.*$/m);
    const codes = line[0].slice(line[0].indexOf('text=')).match(/\b\d{6}\b/g);
    expect(codes).toHaveLength(1);
    const verified = await post('/api/auth/verify-otp', { mobileNumber: '9000000001', otp: codes![0] });
    expect(verified.status).toBe(200);
    const { token } = (await verified.json()) as { token: string };
    const skus = await fetch(`${base}/api/skus`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await skus.json()) as { data: unknown[] }).data).toHaveLength(8);

    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
