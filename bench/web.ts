/**
 * `npm run bench:web`: what a farmer on a slow phone meets, measured on the production server (`node scripts/start.mjs`, built when out of
 * date) on a temporary SQLite database, a verified farmer with a few quotations, and Debian's
 * Chromium. Prints:
 * - Lighthouse 12.8 (mobile preset, simulated throttling) for `/` logged out and `/home` as the
 *   farmer (their persisted state as a login leaves it), on a first load (empty HTTP cache, no service
 *   worker): performance score, LCP, TBT and the bytes of script, stylesheet, image and in all; the
 *   median of BENCH_RUNS (3) runs by score;
 * - the bytes a repeat visit to `/home` moves over the network with the service worker active,
 *   besides the API answers (and those apart);
 * - what the service worker's install downloads after a first visit (its precache, as sent);
 * - the bytes on the wire of one unchanged poll of GET /api/quotations (with If-None-Match);
 * - the server's resident memory after a 10-second polling load (20 connections, the farmer's poll).
 * BENCH_LHR_DIR=<dir> keeps every Lighthouse report there.
 * BENCH_ROOT=<dir> measures another checkout (its node_modules must be installed or linked).
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { call, verifiedFarmer, apiLogin } from '../test/support/e2e/api';
import { freePort, type TestServer } from '../test/support/e2e/server';
import { startFlags } from './start-flags';

/** Production refuses keys generated beside the database; these servers get theirs as a secret store would give them. */
const PRODUCTION_KEYS = { AADHAAR_KEY: randomBytes(32).toString('hex'), OTP_HMAC_SECRET: randomBytes(32).toString('hex') };

const ROOT = resolve(process.env.BENCH_ROOT ?? '.');
const ADMIN = '9000000001';
const FARMER = '9123456780';
/** Lighthouse runs per page; the run with the median score is reported (the machine is shared: figures vary). */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 180_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `npm start` as a person runs it (builds when out of date), on a fresh data folder. */
async function startProduction(): Promise<TestServer & { child: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, [...startFlags(ROOT), join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...PRODUCTION_KEYS, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SMS_TRANSPORT: 'console', ADMIN_MOBILE_NUMBERS: ADMIN, OTP_RESEND_SECONDS: '1', OTP_NEW_NUMBERS_PER_HOUR: '100000', OTP_NEW_NUMBERS_PER_IP_HOUR: '100000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  await until('the server', async () => {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${out}`);
    return fetch(`${url}/api/health`).then((r) => (r.ok ? true : undefined), () => undefined);
  });
  const codes = (mobile: string, since: number) => [...out.slice(since).matchAll(new RegExp(`\\[sms\\] to=\\+91${mobile} text=.*?(\\d{6})`, 'g'))].map((m) => m[1]!);
  return {
    child,
    url,
    mark: () => out.length,
    output: () => out,
    waitForCode: (mobile, since = 0) => until(`a code for ${mobile}`, async () => codes(mobile, since).at(-1), 20_000),
    stop: async () => {
      child.kill('SIGTERM');
      await until('the server to stop', async () => (child.exitCode !== null || child.signalCode !== null ? true : undefined), 10_000);
    },
  };
}

/** The resident memory of a process and all its descendants (an older start.mjs ran the server in a child). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const own = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    });
  return own + children.reduce((sum, child) => sum + rssOf(Number(child)), 0);
}

/** Bytes on the wire of one raw HTTP/1.1 exchange: [request, response]. */
async function wireBytes(url: string, path: string, headers: Record<string, string>): Promise<[number, number, string]> {
  const { hostname, port } = new URL(url);
  const request = [`GET ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), 'Connection: close', '', ''].join('\r\n');
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', fail);
    socket.on('end', () => {
      const response = Buffer.concat(chunks);
      done([Buffer.byteLength(request), response.length, response.toString('latin1').split('\r\n')[0]!]);
    });
  });
}

interface PageFigures {
  score: number;
  lcp: number;
  tbt: number;
  bytes: Record<'script' | 'stylesheet' | 'image' | 'total', number>;
  /** Lighthouse's long-tasks audit (simulated durations): the longest five, with their script. */
  longTasks: { url: string; duration: number; startTime: number }[];
  /** The LCP element (its markup, cut short) and LCP's phases in ms (TTFB, load delay, load time, render delay). */
  lcpElement: string;
  lcpPhases: { phase: string; timing: number }[];
  /**
   * The unthrottled trace's first paint and the script bytes that finished downloading before it:
   * Lantern counts those as needed for FCP and LCP (a module's evaluation carries no URL, so it cannot
   * tell otherwise), and the boot's long tasks before it out of TBT (decision 040, eighth session).
   */
  observedFcp: number;
  scriptBeforePaint: number;
}

async function audit(port: number, url: string): Promise<PageFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // BENCH_LHR_DIR=<dir> keeps each run's whole report, for a closer look at a figure.
  if (process.env.BENCH_LHR_DIR) writeFileSync(join(process.env.BENCH_LHR_DIR, `${new URL(url).pathname.replace(/\W/g, '') || 'root'}-${Date.now()}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const items = (lhr.audits['resource-summary']?.details as unknown as { items: { resourceType: string; transferSize: number }[] }).items;
  const size = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    bytes: { script: size('script'), stylesheet: size('stylesheet'), image: size('image'), total: size('total') },
    ...lcpOf(lhr.audits['largest-contentful-paint-element']?.details),
    ...firstPaintOf(lhr),
    longTasks: ((lhr.audits['long-tasks']?.details as unknown as { items?: PageFigures['longTasks'] } | undefined)?.items ?? [])
      .slice()
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5),
  };
}

function firstPaintOf(lhr: { audits: Record<string, { details?: unknown } | undefined> }): Pick<PageFigures, 'observedFcp' | 'scriptBeforePaint'> {
  const metrics = (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0];
  const observedFcp = metrics?.observedFirstContentfulPaint ?? NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; networkEndTime?: number; transferSize?: number }[] } | undefined)?.items ?? [];
  const scriptBeforePaint = requests
    .filter((r) => r.resourceType === 'Script' && (r.networkEndTime ?? Infinity) <= observedFcp)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return { observedFcp, scriptBeforePaint };
}

function lcpOf(details: unknown): Pick<PageFigures, 'lcpElement' | 'lcpPhases'> {
  const tables = (details as { items?: { items?: Record<string, unknown>[] }[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  const phases = (tables[1]?.items ?? []) as { phase: string; timing: number }[];
  return { lcpElement: (node?.snippet ?? 'unknown').slice(0, 90), lcpPhases: phases };
}

/** A first visit: no HTTP cache, no service worker or its caches, the origin's localStorage as given. */
async function firstVisitState(context: BrowserContext, origin: string, storage: Record<string, string>): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await page.goto(`${origin}/favicon.ico`);
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, storage);
  await page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** What the service worker's install downloads on a farmer's first visit: its precache list, as the server sends each file. */
async function precacheBytes(url: string): Promise<{ files: number; bytes: number }> {
  const worker = await (await fetch(`${url}/sw.js`)).text();
  const files = new Set([...worker.matchAll(/\{url:"([^"]+)"/g)].map((match) => match[1]!));
  let bytes = 0;
  for (const file of files) {
    const res = await fetch(`${url}/${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await res.arrayBuffer();
    bytes += Number(res.headers.get('content-length'));
  }
  return { files: files.size, bytes };
}

/** The bytes a reload of /home moves over the network once the service worker controls the page. */
async function repeatVisit(context: BrowserContext, origin: string): Promise<{ shell: number; api: number; requests: string[] }> {
  const page = await context.newPage();
  await page.goto(`${origin}/home`);
  const controlled = await page
    .waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, { timeout: 60_000 })
    .then(() => true, () => false);
  if (!controlled) {
    // No worker (an older checkout measured as the "before"): a plain reload with the HTTP cache is the repeat visit.
    await page.reload();
  }
  await page.waitForLoadState('networkidle');
  let shell = 0;
  let api = 0;
  const requests: string[] = [];
  const count = async (request: import('playwright-core').Request) => {
    const response = await request.response();
    if (!response || response.fromServiceWorker()) return;
    const sizes = await request.sizes();
    const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && !path.startsWith('/api/uploads/')) api += bytes;
    else shell += bytes;
    requests.push(`${path} ${response.status()} ${bytes} B`);
  };
  context.on('requestfinished', (r) => void count(r));
  await page.reload();
  await page.waitForLoadState('networkidle');
  await new Promise((r) => setTimeout(r, 1500));
  context.removeAllListeners('requestfinished');
  await page.close();
  return { shell, api, requests };
}

async function median(runs: number, run: () => Promise<PageFigures>): Promise<PageFigures & { scores: number[] }> {
  const all: PageFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await run());
  const sorted = [...all].sort((a, b) => a.score - b.score);
  return { ...sorted[Math.floor(sorted.length / 2)]!, scores: all.map((f) => f.score) };
}

function printPage(name: string, f: PageFigures & { scores: number[] }): void {
  console.log(
    `  ${name.padEnd(22)} perf ${String(f.score).padStart(3)} (runs ${f.scores.join(', ')})  LCP ${(f.lcp / 1000).toFixed(2)} s  TBT ${f.tbt.toFixed(0)} ms  ` +
      `script ${KB(f.bytes.script)}  css ${KB(f.bytes.stylesheet)}  img ${KB(f.bytes.image)}  total ${KB(f.bytes.total)}`,
  );
  const where = (url: string) => (url.startsWith('http') ? new URL(url).pathname.replace(/-[\w]{8}\.js$/, '.js') : url);
  console.log(`  ${''.padEnd(22)} LCP element ${f.lcpElement}; ${f.lcpPhases.map((p) => `${p.phase} ${p.timing.toFixed(0)} ms`).join(', ')}`);
  console.log(`  ${''.padEnd(22)} first paint in the unthrottled trace at ${f.observedFcp.toFixed(0)} ms; ${KB(f.scriptBeforePaint)} of script finished before it (counted for FCP and LCP)`);
  console.log(`  ${''.padEnd(22)} long tasks: ${f.longTasks.map((t) => `${t.duration.toFixed(0)} ms at ${(t.startTime / 1000).toFixed(2)} s (${where(t.url)})`).join('; ') || 'none'}`);
}

async function main() {
  const server = await startProduction();
  const userDir = mkdtempSync(join(tmpdir(), 'bench-web-chromium-'));
  const debugPort = await freePort();
  let context: BrowserContext | undefined;
  try {
    const admin = await apiLogin(server, ADMIN);
    const token = await verifiedFarmer(server, admin, FARMER);
    const skus = (await call<{ data: { _id: string }[] }>(server, 'GET', '/skus', token)).body.data;
    const quotations = () => call<{ data: unknown[] }>(server, 'GET', '/quotations', token).then((r) => r.body.data);
    for (let i = 0; i < 5; i++) {
      await call(server, 'POST', '/quotations', token, { skusDetail: [{ skuIdentifier: skus[i % skus.length]!._id, quantity: 2 + i }, { skuIdentifier: skus[(i + 3) % skus.length]!._id, quantity: 5 }] });
    }

    context = await chromium.launchPersistentContext(userDir, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--remote-debugging-port=${debugPort}`],
    });
    const farmerUser = { isLoggedIn: true, profileUpdated: true, isVerified: true, isAdmin: false, preferredLanguage: 'english', mobileNumber: FARMER };
    // What a farmer's phone holds after their last visit (SPEC §3's persisted slices), as after a login.
    const farmerStorage = { token, 'persist:root': JSON.stringify({ user: farmerUser, cart: [], skus, quotations: await quotations() }) };

    const entry = await median(RUNS, async () => {
      await firstVisitState(context!, server.url, {});
      return audit(debugPort, `${server.url}/`);
    });
    const home = await median(RUNS, async () => {
      await firstVisitState(context!, server.url, farmerStorage);
      return audit(debugPort, `${server.url}/home`);
    });
    await firstVisitState(context, server.url, farmerStorage);
    const repeat = await repeatVisit(context, server.url);

    const precache = await precacheBytes(server.url);

    const tag = (await fetch(`${server.url}/api/quotations`, { headers: { authorization: `Bearer ${token}` } })).headers.get('etag');
    const [pollRequest, pollResponse, pollStatus] = await wireBytes(server.url, '/api/quotations', {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'br, gzip',
      ...(tag ? { 'if-none-match': tag } : {}),
    });

    // The polling load: the farmer's 5-second poll, repeated by 20 connections for 10 s (conditional when tagged).
    const load = await autocannon({
      url: `${server.url}/api/quotations`,
      connections: 20,
      duration: 10,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip', ...(tag ? { 'if-none-match': tag } : {}) },
    });
    const rss = rssOf(server.child.pid!);

    console.log(`\nbench:web (${ROOT}) — Lighthouse 12.8, mobile preset, simulated throttling; first load = empty cache, no service worker`);
    printPage('/ (logged out)', entry);
    printPage('/home (farmer)', home);
    console.log(`  repeat visit to /home: ${KB(repeat.shell)} besides API answers (API ${KB(repeat.api)}), ${repeat.requests.length} network requests`);
    for (const r of repeat.requests) console.log(`    ${r}`);
    console.log(`  service worker install on a first visit (after load, for offline use): ${precache.files} files, ${KB(precache.bytes)} as sent (brotli)`);
    console.log(`  unchanged poll of /api/quotations: ${pollStatus}, request ${pollRequest} B, response ${pollResponse} B on the wire`);
    console.log(`  polling load: ${load.requests.average.toFixed(0)} req/s for 10 s; server RSS after it ${(rss / 1024 / 1024).toFixed(0)} MB`);
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log('  targets:');
    console.log(`    performance ≥ 95 on both: ${met(entry.score >= 95 && home.score >= 95)}`);
    console.log(`    LCP ≤ 2.0 s on both: ${met(entry.lcp <= 2000 && home.lcp <= 2000)}`);
    console.log(`    script on first load of /home ≤ 140 KB: ${met(home.bytes.script <= 140 * 1024)}`);
    console.log(`    repeat visit ≤ 15 KB besides API: ${met(repeat.shell <= 15 * 1024)}`);
    console.log(`    unchanged poll ≤ 1 KB: ${met(pollResponse <= 1024)}`);
    console.log(`    server RSS ≤ 150 MB after the polling load: ${met(rss <= 150 * 1024 * 1024)}`);
  } finally {
    await context?.close();
    await server.stop();
    rmSync(userDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
