/**
 * `npm run bench:scale` (and the "scale" section of `npm run bench`): the back office at business size
 * (issue 11). A child process seeds 20,000 verified farmers, 200,000 quotations (10 each) and 20,000
 * orders through the repositories' own functions, in concurrent batches, then serves the real app; this
 * parent measures with autocannon at 20 connections: the first page of each admin list with and
 * without `q`, a deep page reached through the cursor, and the farmer's first page. It prints req/s,
 * p50/p99, bytes per answer, and the server's RSS at the end.
 *
 *   SCALE_DATABASES=sqlite,postgres  SCALE_SECONDS=5  SCALE_FARMERS=20000
 *   SCALE_DATA_DIR=/tmp/big SCALE_SEED_ONLY=1   seeds <dir>/krishi.sqlite for `DATA_DIR=/tmp/big npm start`
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { ADMIN_SESSION_MS, FARMER_SESSION_MS } from '../src/domain/constants';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connect';
import { analyzePostgres, migrateToLatest } from '../src/server/db/migrations';
import type { Database } from '../src/server/db/schema';
import { placeOrder } from '../src/server/repos/orders';
import { adminEditQuotation, createQuotation } from '../src/server/repos/quotations';
import { createSession } from '../src/server/repos/sessions';
import { listSkus } from '../src/server/repos/skus';
import { upsertLoginUser, verifyUser, writeProfile } from '../src/server/repos/users';
import { seedDatabase } from '../src/server/seed/seed';
import { consoleTransport } from '../src/server/sms/transport';

const FARMERS = Number(process.env.SCALE_FARMERS ?? 20_000);
const QUOTATIONS_EACH = 10;
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
const CONNECTIONS = 20;
const TARGETS = { p99Ms: 30, pageBytes: 60 * 1024, rssMb: 200 };
const NAMES = ['Ramesh', 'Suresh', 'Geeta', 'Harshad', 'Kiran', 'Meena', 'Bhavesh', 'Asha', 'Dinesh', 'Jaya'];

/** The child: seed, then serve. */
async function serve(target: string, infoFile: string): Promise<void> {
  const keepDir = process.env.SCALE_DATA_DIR;
  const dataDir = keepDir ?? mkdtempSync(join(tmpdir(), 'krishi-scale-'));
  mkdirSync(dataDir, { recursive: true });
  let db: Kysely<Database>;
  const cleanup: (() => Promise<void>)[] = [];
  if (target === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `scale_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    db = openDatabase({ kind: 'postgres', url, searchPath: schema });
    await migrateToLatest(db, schema);
    cleanup.push(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    });
  } else {
    db = openDatabase({ kind: 'sqlite', file: join(dataDir, 'krishi.sqlite') });
    await migrateToLatest(db);
    // Seeding only: no fsync per transaction (the measured server runs with the app's own settings).
    await sql`pragma synchronous = OFF`.execute(db);
    if (!keepDir) cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  }
  process.on('SIGTERM', () => {
    void (async () => {
      await db.destroy();
      for (const step of cleanup) await step();
      process.exit(0);
    })();
  });

  const started = Date.now();
  const now = Date.now();
  await seedDatabase(db, now - 400 * 86_400_000);
  const skus = await listSkus(db);
  const admin = await upsertLoginUser(db, '9000000001', true, now);
  const farmerTokens: string[] = [];
  let quotationIndex = 0;
  const total = FARMERS * QUOTATIONS_EACH;

  async function seedFarmer(i: number): Promise<void> {
    const at = now - 300 * 86_400_000 + i * 1_000;
    const user = await upsertLoginUser(db, `${6 + (i % 4)}${String(100_000_000 + i).slice(1)}`, false, at);
    await writeProfile(
      db,
      user.id,
      { name: `${NAMES[i % NAMES.length]} ${i}`, aadhaar: '/api/uploads/seeded-aadhaar', gender: i % 2 ? 'male' : 'female', farmAddress: `Village ${i % 500}, Gujarat` },
      at,
    );
    // Every fifth farmer still waits for verification (the users list shows them first).
    if (i % 5 !== 0) await verifyUser(db, user.id, at + 1_000, admin.id);
    if (farmerTokens.length < 1_000 && i % 5 !== 0) farmerTokens.push(await createSession(db, user.id, now, FARMER_SESSION_MS));
    for (let q = 0; q < QUOTATIONS_EACH; q++) {
      const n = quotationIndex++;
      // Spread over the last 200 days, oldest first.
      const createdAt = now - 200 * 86_400_000 + Math.floor((n / total) * 200 * 86_400_000);
      const a = skus[(i + q) % skus.length]!;
      const b = skus[(i + q + 3) % skus.length]!;
      const id = await createQuotation(
        db,
        user.id,
        [
          { skuId: a._id, quantity: q + 1, minimumPrice: a.minimumPrice },
          { skuId: b._id, quantity: 2, minimumPrice: b.minimumPrice },
        ],
        createdAt,
      );
      if (q === 0 || q === 5) {
        // One in ten is priced and ordered; one in ten priced recently and still open.
        const pricedAt = q === 0 ? createdAt + 3_600_000 : now - 86_400_000;
        const lines = [a, b].map((s, k) => ({ skuIdentifier: s._id, quantity: k === 0 ? q + 1 : 2, goodsPricePaisa: 250_000, discountPaisa: 0, shippingPricePaisa: 5_000 }));
        await adminEditQuotation(db, { id, status: 'COMPLETED', lines, now: pricedAt, byUserId: admin.id });
        if (q === 0) await placeOrder(db, id, user.id, { from: 'COMPLETED', to: 'ORDERED' }, pricedAt + 60_000);
      }
    }
  }

  const BATCH = target === 'postgres' ? 8 : 1;
  for (let i = 0; i < FARMERS; i += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, FARMERS - i) }, (_, k) => seedFarmer(i + k)));
    if ((i + BATCH) % 2_000 < BATCH) process.stderr.write(`  ${target}: ${i + BATCH} farmers seeded (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  if (target === 'postgres') await analyzePostgres(db);
  else {
    await sql`pragma synchronous = FULL`.execute(db);
    await sql`analyze`.execute(db);
  }
  const adminToken = await createSession(db, admin.id, now, ADMIN_SESSION_MS);
  writeFileSync(infoFile, JSON.stringify({ adminToken, farmerTokens, seedSeconds: (Date.now() - started) / 1000 }));
  if (process.env.SCALE_SEED_ONLY) {
    await db.destroy();
    process.stdout.write('SEEDED\n');
    process.exit(0);
  }

  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_MOBILE_NUMBERS: '9000000001', LOG_LEVEL: 'warn' });
  const app = await buildApp({ db, config, secrets: { otpHmacSecret: randomBytes(32), aadhaarKey: randomBytes(32) }, sms: consoleTransport() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`READY ${(app.server.address() as { port: number }).port}\n`);
}

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  bad: number;
}

async function measure(name: string, base: string, path: string, tokens: string[]): Promise<Figure> {
  const probe = await fetch(base + path, { headers: { authorization: `Bearer ${tokens[0]}` } });
  const bytes = (await probe.arrayBuffer()).byteLength;
  if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}`);
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (req: autocannon.Request) => ({ ...req, headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` } }),
      },
    ],
  });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bytes, bad: result.non2xx + result.errors + result.timeouts };
}

/** A cursor `pages` pages of `limit` deep into `list`, walked as a client would. */
async function deepCursor(base: string, list: string, token: string, pages: number, limit: number): Promise<string> {
  let cursor = '';
  for (let i = 0; i < pages; i++) {
    const res = await fetch(`${base}${list}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    const page = (await res.json()) as { nextCursor: string | null };
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return cursor;
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function run(target: string): Promise<void> {
  const infoFile = join(mkdtempSync(join(tmpdir(), 'krishi-scale-run-')), 'info.json');
  console.log(`\nscale on ${target}: seeding ${FARMERS.toLocaleString('en')} farmers × ${QUOTATIONS_EACH} quotations, 1 in 10 ordered…`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/scale.ts'], {
    env: { ...process.env, SCALE_ROLE: 'server', SCALE_TARGET: target, SCALE_INFO: infoFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`scale server (${target}) exited with ${code}`)));
  });
  const { adminToken, farmerTokens, seedSeconds } = JSON.parse(readFileSync(infoFile, 'utf8')) as { adminToken: string; farmerTokens: string[]; seedSeconds: number };
  const base = `http://127.0.0.1:${port}`;
  const rssAtStart = rssMb(child);
  const admin = [adminToken];
  const deep = await deepCursor(base, '/api/quotations/all', adminToken, 50, 200);
  const deepOrders = await deepCursor(base, '/api/orders', adminToken, 40, 200);
  const figures = [
    await measure('users, first page', base, '/api/users/all', admin),
    await measure('users, q=name prefix', base, '/api/users/all?q=geeta%2012', admin),
    await measure('users, q=mobile prefix', base, '/api/users/all?q=9000', admin),
    await measure('quotations, first page', base, '/api/quotations/all', admin),
    await measure('quotations, q=QT number prefix', base, '/api/quotations/all?q=QT2000', admin),
    await measure('quotations, q=name prefix', base, '/api/quotations/all?q=kiran%20123', admin),
    await measure('quotations, status=COMPLETED', base, '/api/quotations/all?status=COMPLETED', admin),
    await measure('quotations, page 51 via cursor (10,000 deep)', base, `/api/quotations/all?cursor=${deep}`, admin),
    await measure('orders, first page', base, '/api/orders', admin),
    await measure('orders, q=QT number (its quotation)', base, '/api/orders?q=QT100001', admin),
    await measure('orders, q=OD number prefix', base, '/api/orders?q=OD1100', admin),
    await measure('orders, page 41 via cursor (8,000 deep)', base, `/api/orders?cursor=${deepOrders}`, admin),
    await measure("farmer's first page (1,000 farmers)", base, '/api/quotations', farmerTokens),
  ];
  const rss = rssMb(child);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(join(infoFile, '..'), { recursive: true, force: true });

  console.log(`${target}: seeded in ${seedSeconds.toFixed(0)} s; ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.log('  measurement                                      req/s   p50 ms   p99 ms   bytes   non-2xx');
  for (const f of figures) {
    console.log(
      `  ${f.name.padEnd(46)} ${f.rps.toFixed(0).padStart(7)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.bytes).padStart(7)} ${String(f.bad).padStart(9)}`,
    );
  }
  const worstP99 = Math.max(...figures.map((f) => f.p99));
  const biggest = Math.max(...figures.map((f) => f.bytes));
  console.log(`  server RSS: ${rssAtStart.toFixed(0)} MB when it started serving, ${rss.toFixed(0)} MB at the end`);
  console.log(
    `  targets: p99 ≤ ${TARGETS.p99Ms} ms → ${worstP99 <= TARGETS.p99Ms ? 'met' : `NOT met (worst ${worstP99} ms)`}; ` +
      `≤ 60 KB per page → ${biggest <= TARGETS.pageBytes ? 'met' : `NOT met (${biggest} bytes)`}; ` +
      `RSS ≤ ${TARGETS.rssMb} MB → ${rss <= TARGETS.rssMb ? 'met' : 'NOT met'}`,
  );
}

if (process.env.SCALE_ROLE === 'server') {
  serve(process.env.SCALE_TARGET ?? 'sqlite', process.env.SCALE_INFO!).catch((error: unknown) => {
    process.stderr.write(`scale server failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
} else {
  (async () => {
    for (const target of (process.env.SCALE_DATABASES ?? 'sqlite,postgres').split(',')) await run(target);
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
