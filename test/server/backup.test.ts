/**
 * Backups that restore. SQLite: the real server runs and takes a burst of quotation requests while
 * `npm run backup` copies its database; the copy passes integrity_check, a fresh server started on it
 * serves every quotation acknowledged before the backup began. PostgreSQL: pg_dump --format=custom of
 * a schema restores with pg_restore into an empty database with every row (where pg_dump exists).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { driverHandle } from '../../src/server/db/connect';
import { backupPostgres, backupSqlite, hasPgDump, pgDumpCommand, pruneBackups, stampedName } from '../../src/server/ops/backup';
import { createTestApp, TEST_ADMIN } from '../support/server/app';
import { call, ServerProcess } from '../support/server/process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const SERVER_ENV = {
  SMS_TRANSPORT: 'console',
  ADMIN_MOBILE_NUMBERS: TEST_ADMIN,
  QUOTATION_HOURLY_LIMIT: '10000',
  QUOTATION_DAILY_LIMIT: '100000',
};

async function loginAdmin(server: ServerProcess): Promise<string> {
  const from = server.out.length;
  expect((await call(`${server.url}/api/auth/request-otp`, 'POST', null, { mobileNumber: TEST_ADMIN })).status).toBe(200);
  const code = (await server.waitForOutput(new RegExp(`\\[sms\\] to=\\+91${TEST_ADMIN} text=.*?(\\d{6})`), from))[1]!;
  const verified = await call<{ token: string }>(`${server.url}/api/auth/verify-otp`, 'POST', null, { mobileNumber: TEST_ADMIN, otp: code });
  expect(verified.status).toBe(200);
  return verified.body.token;
}

/** `npm run backup -- <file>` as a person runs it, against the data folder of a running server. */
function runBackup(dataDir: string, file: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', file], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('backup and restore on SQLite', () => {
  const root = mkdtempSync(join(tmpdir(), 'krishi-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('copies a consistent database during a burst of writes, and a fresh server serves every quotation acknowledged before it began', { timeout: 180_000 }, async () => {
    const live = join(root, 'live');
    const server = new ServerProcess(live, 0, SERVER_ENV);
    await server.start();
    const token = await loginAdmin(server);
    const skus = (await call<{ data: { _id: string }[] }>(`${server.url}/api/skus`, 'GET', token)).body.data;

    const acknowledged: string[] = [];
    let writing = true;
    const writer = async (w: number) => {
      for (let n = 0; writing; n++) {
        const made = await call<{ data: { _id: string } }>(`${server.url}/api/quotations`, 'POST', token, {
          skusDetail: [{ skuIdentifier: skus[(w + n) % skus.length]!._id, quantity: n + 1 }],
        });
        expect(made.status).toBe(201);
        acknowledged.push(made.body.data._id);
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await sleep(1500);
    const before = [...acknowledged];
    const file = join(root, 'krishi-backup.sqlite');
    const backup = await runBackup(live, file);
    writing = false;
    await Promise.all(writers);
    await server.stop();
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/integrity ok/);
    expect(before.length).toBeGreaterThan(20);

    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    // The README's restore: a folder with the backup renamed krishi.sqlite and the secrets kept apart.
    const restored = join(root, 'restored');
    mkdirSync(restored);
    copyFileSync(file, join(restored, 'krishi.sqlite'));
    copyFileSync(join(live, 'secrets.json'), join(restored, 'secrets.json'));
    const fresh = new ServerProcess(restored, 0, SERVER_ENV);
    await fresh.start();
    try {
      // The admin's session was in the copy too: the same token reads the restored data.
      const admin = token;
      const missing: string[] = [];
      for (let i = 0; i < before.length; i += 25) {
        const answers = await Promise.all(before.slice(i, i + 25).map((id) => call(`${fresh.url}/api/quotations/${id}`, 'GET', admin)));
        answers.forEach((a, j) => a.status !== 200 && missing.push(before[i + j]!));
      }
      expect(missing).toEqual([]);
    } finally {
      await fresh.stop();
    }
  });

  it("copies through the server's own connection in steps while it goes on writing (the scheduled backups)", { timeout: 60_000 }, async () => {
    const t = await createTestApp('sqlite');
    try {
      const farmer = await t.farmer();
      const sku = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json<{ data: { _id: string }[] }>().data[0]!;
      const create = async () => {
        const made = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 1 }] } });
        expect(made.statusCode).toBe(201);
        t.clock.advance(3 * 60_000);
        return made.json<{ data: { _id: string } }>().data._id;
      };
      const before = [await create(), await create(), await create()];
      const handle = driverHandle(t.db);
      if (handle?.kind !== 'sqlite') throw new Error('expected SQLite');
      const file = join(root, 'own-connection.sqlite');
      // Writes go on through the same connection while the copy is taken, and are answered.
      const [result] = await Promise.all([backupSqlite(handle.sqlite, file), create(), create()]);
      expect(result.bytes).toBeGreaterThan(0);
      const copy = new Database(file, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = (copy.prepare('select id from quotations').all() as { id: string }[]).map((r) => r.id);
      copy.close();
      expect(ids).toEqual(expect.arrayContaining(before));
    } finally {
      await t.close();
    }
  });

  it('keeps the newest scheduled backups and leaves other files alone', () => {
    const dir = join(root, 'scheduled');
    mkdirSync(dir);
    const names = [0, 1, 2, 3].map((h) => stampedName(new Date(Date.UTC(2026, 0, 1, h))));
    for (const name of [...names, 'keep-me.sqlite']) copyFileSync(__filename, join(dir, name));
    expect(pruneBackups(dir, 2)).toEqual(names.slice(0, 2));
    expect(pruneBackups(dir, 2)).toEqual([]);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
const pgReason = !pgUrl ? 'TEST_DATABASE_URL is not set' : !hasPgDump() ? 'pg_dump is not installed (apt-get install postgresql-client)' : null;
if (pgReason) console.warn(`[backup.test] PostgreSQL backup skipped: ${pgReason}`);

describe('the PostgreSQL command for an operator', () => {
  it('prints the command without the password for a machine without pg_dump', () => {
    expect(pgDumpCommand('postgres://krishi:s3cret@db.example:5432/krishi', '/backups/k.dump')).toBe(
      'pg_dump --format=custom --file=/backups/k.dump --dbname=postgres://krishi@db.example:5432/krishi',
    );
  });
});

describe.skipIf(pgReason !== null)('backup and restore on PostgreSQL', () => {
  it('pg_dump --format=custom restores with pg_restore into an empty database with every quotation', { timeout: 120_000 }, async () => {
    const t = await createTestApp('postgres');
    const restoreDb = `restore_${randomBytes(5).toString('hex')}`;
    const file = join(mkdtempSync(join(tmpdir(), 'krishi-pgdump-')), 'krishi.dump');
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      const farmer = await t.farmer();
      const sku = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json<{ data: { _id: string }[] }>().data[0]!;
      for (let n = 1; n <= 5; n++) {
        const made = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: n }] } });
        expect(made.statusCode).toBe(201);
      }
      const { schema } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]!;
      const result = await backupPostgres(pgUrl!, file, [`--schema=${schema}`]);
      expect(result.bytes).toBeGreaterThan(0);

      await admin.query(`CREATE DATABASE ${restoreDb}`);
      const target = new URL(pgUrl!);
      target.pathname = `/${restoreDb}`;
      const restore = await new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn('pg_restore', ['--no-owner', `--dbname=${target.toString()}`, file], { stdio: ['ignore', 'ignore', 'pipe'] });
        let err = '';
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.on('close', (code) => resolve({ code, err }));
      });
      expect(restore.code, restore.err).toBe(0);
      const copy = new pg.Client({ connectionString: target.toString() });
      await copy.connect();
      const counted = await copy.query<{ n: string }>(`select count(*) as n from ${schema}.quotations`);
      await copy.end();
      expect(Number(counted.rows[0]!.n)).toBe(5);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${restoreDb}`);
      await admin.end();
      await t.close();
    }
  });
});
