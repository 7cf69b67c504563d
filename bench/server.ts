/**
 * The server side of `npm run bench`, run as its own process so autocannon (in the parent) and the
 * server each get a core. BENCH_TARGET=bare serves one route returning the SKU list from memory
 * (Fastify's ceiling here); BENCH_TARGET=sqlite|postgres fills that database with 1,000 verified
 * farmers holding 10 quotations each, and writes their tokens to BENCH_TOKENS. With
 * BENCH_PREPARE_ONLY=1 it stops there, leaving the data (its folder or PostgreSQL schema named in
 * BENCH_TOKENS) for the compiled production server that bench/run.ts starts on it; without, it serves
 * the app itself from the TypeScript sources (BENCH_PROFILE's CPU profiles, bench/profile.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { FARMER_SESSION_MS } from '../src/domain/constants';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connect';
import { analyzePostgres, migrateToLatest } from '../src/server/db/migrations';
import { listSkus } from '../src/server/repos/skus';
import { createQuotation } from '../src/server/repos/quotations';
import { createSession } from '../src/server/repos/sessions';
import { upsertLoginUser } from '../src/server/repos/users';
import { seedDatabase } from '../src/server/seed/seed';
import { consoleTransport } from '../src/server/sms/transport';

const FARMERS = Number(process.env.BENCH_FARMERS ?? 1000);
const QUOTATIONS_EACH = Number(process.env.BENCH_QUOTATIONS_EACH ?? 10);
const target = process.env.BENCH_TARGET ?? 'sqlite';

/** Run in order on SIGTERM, then exit 0 (the profile is written, the PostgreSQL schema dropped). */
const atStop: (() => Promise<void>)[] = [];
process.on('SIGTERM', () => {
  void (async () => {
    for (const step of atStop) await step();
    process.exit(0);
  })();
});

/** The CPU time spent serving (after READY), printed at stop: CPU per request does not depend on other load. */
function reportServingCpu(): void {
  const start = process.cpuUsage();
  atStop.unshift(async () => {
    const { user, system } = process.cpuUsage(start);
    process.stdout.write(`SERVING_CPU_US ${user} ${system}\n`);
  });
}

/** BENCH_PROFILE=<file>: a CPU profile of the serving phase only (not the seeding), for bench/profile.ts. */
async function startProfile(file: string): Promise<void> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  atStop.unshift(async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(file, JSON.stringify(profile));
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'krishi-bench-'));
  let db;
  let schema: string | undefined;
  if (target === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    schema = `bench_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    db = openDatabase({ kind: 'postgres', url, searchPath: schema });
    await migrateToLatest(db, schema);
    const dropped = schema;
    atStop.push(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${dropped} CASCADE`);
      await c.end();
    });
  } else {
    // The production server's file name, so it opens this database in DATA_DIR.
    db = openDatabase({ kind: 'sqlite', file: join(dataDir, 'krishi.sqlite') });
    await migrateToLatest(db);
  }
  const opened = db;
  atStop.unshift(
    () => opened.destroy(),
    async () => rmSync(dataDir, { recursive: true, force: true }),
  );
  const now = Date.now();
  await seedDatabase(db, now);
  const skus = await listSkus(db);

  if (target === 'bare') {
    const bare = Fastify({ logger: false });
    const body = { data: skus };
    bare.get('/bare', async () => body);
    await bare.listen({ port: 0, host: '127.0.0.1' });
    if (process.env.BENCH_PROFILE) await startProfile(process.env.BENCH_PROFILE);
    reportServingCpu();
    process.stdout.write(`READY ${(bare.server.address() as { port: number }).port}\n`);
    return;
  }

  const tokens: string[] = [];
  for (let i = 0; i < FARMERS; i++) {
    const user = await upsertLoginUser(db, `7${String(i).padStart(9, '0')}`, false, now);
    await db
      .updateTable('users')
      .set({ name: `Farmer ${i}`, gender: 'male', farmAddress: 'Village', preferredLanguage: 'english', profileUpdated: 1, isVerified: 1 })
      .where('id', '=', user.id)
      .execute();
    tokens.push(await createSession(db, user.id, now, FARMER_SESSION_MS));
    for (let q = 0; q < QUOTATIONS_EACH; q++) {
      const a = skus[(i + q) % skus.length]!;
      const b = skus[(i + q + 3) % skus.length]!;
      await createQuotation(
        db,
        user.id,
        [
          { skuId: a._id, quantity: q + 1 },
          { skuId: b._id, quantity: 2 },
        ],
        now,
      );
    }
  }
  // As a server does at start-up: a freshly loaded PostgreSQL table has no statistics until autovacuum.
  if (target === 'postgres') await analyzePostgres(db);
  writeFileSync(process.env.BENCH_TOKENS ?? join(dataDir, 'tokens.json'), JSON.stringify({ tokens, skuIds: skus.map((s) => s._id), dataDir, schema }));
  if (process.env.BENCH_PREPARE_ONLY === '1') {
    await db.destroy();
    process.stdout.write('READY 0\n');
    process.exit(0);
  }

  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_MOBILE_NUMBERS: '9000000001',
    LOG_LEVEL: 'warn',
    OTP_NEW_NUMBERS_PER_HOUR: '100000',
    OTP_NEW_NUMBERS_PER_IP_HOUR: '100000',
  });
  const app = await buildApp({ db, config, secrets: { otpHmacSecret: randomBytes(32), aadhaarKey: randomBytes(32) }, sms: consoleTransport() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (process.env.BENCH_PROFILE) await startProfile(process.env.BENCH_PROFILE);
  reportServingCpu();
  atStop.unshift(async () => {
    const m = process.memoryUsage();
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    process.stderr.write(`memory at stop: rss ${mb(m.rss)}, V8 heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}, external ${mb(m.external)}, array buffers ${mb(m.arrayBuffers)}\n`);
  });
  process.stdout.write(`READY ${(app.server.address() as { port: number }).port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench server failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
