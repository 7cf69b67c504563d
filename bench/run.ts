/**
 * `npm run bench`: on SQLite and then PostgreSQL, measures with autocannon on 127.0.0.1
 * (a) a bare Fastify route returning the same JSON from memory, and, on the compiled production
 * server (dist/server/server.mjs, built first, run by node with the flags of `npm start`, on a
 * database bench/server.ts fills), (b) GET /api/skus as a verified
 * farmer, (c) GET /api/quotations by 1,000 distinct farmers holding 10 quotations each (the 5-second
 * polling load), (c2) the same polls made conditional (If-None-Match with each farmer's current
 * ETag: 304s with no body), (d) POST /api/quotations; prints req/s, p50, p99, the ratios
 * b/a and c/a, and the server's resident memory after the polling load.
 * These are closed loops (each of BENCH_CONNECTIONS connections asks again as soon as it is
 * answered): saturation figures, the most the server answers and the queue's latency then, printed
 * and never judged. What users meet, paced at real rates and judged, is the "scale" section that
 * follows, bench/scale.ts (BENCH_SCALE=0 leaves it out).
 * Each measurement runs BENCH_SECONDS (default 10, at most 15) at BENCH_CONNECTIONS (default 50).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { RSS_BUDGET_MB } from '../src/server/memory-budget';
import { spawnReady } from './ready';
import { scale } from './scale';
import { residentMegabytes, startCompiled, stopCompiled } from './start-flags';

const SECONDS = Math.min(15, Number(process.env.BENCH_SECONDS ?? 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function startTarget(target: string, tokensFile: string, prepareOnly = false): Promise<{ child: ChildProcess; port: number }> {
  const env = { BENCH_TARGET: target, BENCH_TOKENS: tokensFile, BENCH_PREPARE_ONLY: prepareOnly ? '1' : '' };
  return spawnReady(['--import', 'tsx', 'bench/server.ts'], env, `bench server (${target})`);
}

interface Prepared {
  tokens: string[];
  skuIds: string[];
  dataDir: string;
  schema?: string;
}

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The compiled production server, as `npm start` runs it, on the data bench/server.ts prepared. */
const startPrepared = (prepared: Prepared) =>
  startCompiled({
    dataDir: prepared.dataDir,
    ...(prepared.schema ? { databaseUrl: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${prepared.schema}`)}` } : {}),
  });

async function dropPrepared(prepared: Prepared): Promise<void> {
  rmSync(prepared.dataDir, { recursive: true, force: true });
  if (!prepared.schema) return;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`DROP SCHEMA ${prepared.schema} CASCADE`);
  await client.end();
}

async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function print(db: string, figures: Figure[]): void {
  console.log(`\n${db}: saturation figures (a closed loop of ${CONNECTIONS} connections, ${SECONDS} s each; printed, not targets)`);
  console.log('  measurement                                   req/s     p50 ms   p99 ms   non-2xx  errors');
  for (const f of figures) {
    console.log(
      `  ${f.name.padEnd(44)} ${f.rps.toFixed(0).padStart(7)} ${String(f.p50).padStart(9)} ${String(f.p99).padStart(8)} ${String(f.non2xx).padStart(9)} ${String(f.errors).padStart(7)}`,
    );
  }
  const [a, b, c] = figures;
  console.log(`  throughput b/a = ${((b!.rps / a!.rps) * 100).toFixed(1)}%   c/a = ${((c!.rps / a!.rps) * 100).toFixed(1)}%`);
}

async function main() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  for (const db of DATABASES) {
    const tokensFile = join(mkdtempSync(join(tmpdir(), 'krishi-bench-run-')), 'tokens.json');
    const bare = await startTarget('bare', tokensFile);
    const a = await measure('(a) bare Fastify route, JSON from memory', { url: `http://127.0.0.1:${bare.port}/bare` });
    await stopCompiled(bare.child);

    console.log(`seeding ${db}: 1,000 farmers × 10 quotations…`);
    const seeder = await startTarget(db, tokensFile, true);
    await new Promise((r) => (seeder.child.exitCode !== null ? r(null) : seeder.child.once('exit', r)));
    const prepared = JSON.parse(readFileSync(tokensFile, 'utf8')) as Prepared;
    const { tokens, skuIds } = prepared;
    const app = await startPrepared(prepared);
    const rssAtStart = residentMegabytes(app.child.pid!);
    const base = `http://127.0.0.1:${app.port}`;
    const auth = (t: string) => ({ authorization: `Bearer ${t}` });
    let next = 0;
    const rotate = (path: string, method: 'GET' | 'POST', body?: () => string): autocannon.Options => ({
      url: base,
      requests: [
        {
          method,
          path,
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            headers: { ...auth(tokens[next++ % tokens.length]!), ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body: body() } : {}),
          }),
        },
      ],
    });
    const b = await measure('(b) GET /api/skus, verified farmer', { url: `${base}/api/skus`, headers: auth(tokens[0]!) });
    const c = await measure('(c) GET /api/quotations, 1,000 farmers × 10', rotate('/api/quotations', 'GET'));
    // Each farmer's current tag, as their phone holds it after one poll.
    const tags: string[] = [];
    for (const t of tokens) tags.push((await fetch(`${base}/api/quotations`, { headers: auth(t) })).headers.get('etag') ?? '');
    let nextTag = 0;
    const c2 = await measure('(c2) same, conditional: 304 (non-2xx = all)', {
      url: base,
      requests: [
        {
          method: 'GET',
          path: '/api/quotations',
          setupRequest: (req: autocannon.Request) => {
            const i = nextTag++ % tokens.length;
            return { ...req, headers: { ...auth(tokens[i]!), 'if-none-match': tags[i]! } };
          },
        },
      ],
    });
    const rss = residentMegabytes(app.child.pid!);
    let n = 0;
    const d = await measure(
      '(d) POST /api/quotations',
      rotate('/api/quotations', 'POST', () => JSON.stringify({ skusDetail: [{ skuIdentifier: skuIds[n++ % skuIds.length], quantity: 1 + (n % 5) }] })),
    );
    await stopCompiled(app.child);
    await dropPrepared(prepared);
    rmSync(dirname(tokensFile), { recursive: true, force: true });
    print(db, [a, b, c, c2, d]);
    console.log(`  compiled server RSS: ${rssAtStart.toFixed(0)} MB at start, ${rss.toFixed(0)} MB after the polling load (c, c2); budget ${RSS_BUDGET_MB} MB`);
  }
  // The "scale" section: its own pristine seeded databases (seeded on the first run only), served from fresh copies. BENCH_SCALE=0 leaves it out.
  if (process.env.BENCH_SCALE !== '0') await scale(false);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
