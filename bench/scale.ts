/**
 * `npm run bench:scale` (and the "scale" section of `npm run bench`): what farmers and admins meet at
 * business size, 20,000 farmers and 200,000 quotations, on SQLite and PostgreSQL. bench/README.md says
 * how to run it, how long it takes and how to read it; in short:
 *
 * 1. A fresh copy of the pristine seeded database (bench/scale-seed.ts; seeded on the first run),
 *    migrated as the server would, its due expiries swept and the seeding's SMS notices marked sent,
 *    fresh sessions for the admin and the farmers the rows need.
 * 2. Plans: each list query, as the repositories build it, under EXPLAIN QUERY PLAN (SQLite) or
 *    EXPLAIN ANALYZE (PostgreSQL). SCALE_PLANS=0 leaves them out; SCALE_MEASURE=0 prints only them.
 * 3. On the compiled production server (bench/start-flags.ts, as `npm start` runs it), paced rows
 *    (open loop, bench/paced.ts), each with its verdict:
 *    - each admin list (users, quotations, orders): first page, a search, a deep page through the
 *      cursor, 5 asks a second;
 *    - the analyst's reads (charts, a chart, the funnel, journeys) on a year of analytics for these
 *      farmers, seeded into each fresh copy (bench/analytics-seed.ts), at the admin rows' rate;
 *    - farmers on the Request screen polling GET /api/quotations every 5 s, 2,000 of them (400/s):
 *      each farmer holds the tag of its last answer and sends it (Visits); then the herd after an
 *      admin's SKU edit (each of those farmers' next poll, paced at 400/s); then the herd after a
 *      restart (the server stopped and started, each farmer's next poll with its held tag, 400/s);
 *    - 5,000 farmers polling (1,000/s), printed beside a bare Fastify answering a farmer's page from
 *      memory at the same rate (bench/bare.ts): the p99 and CPU ratios;
 *    then closed-loop rows at 20 connections, printed as saturation (queue) figures, never judged.
 *    Targets: p99 ≤ 50 ms, no errors, on every paced row at 400/s (herds included) and every admin
 *    row; server RSS ≤ 200 MB at the end. The last lines are a summary over both databases.
 *
 *   SCALE_DATABASES=sqlite,postgres  SCALE_ROWS=admin,polls,saturation  SCALE_PACED_SECONDS=30
 *   SCALE_ADMIN_SECONDS=20  SCALE_SECONDS=5 (each closed-loop row)  SCALE_FARMERS=20000
 *   SCALE_DATA_DIR=/var/tmp/krishi-scale  SCALE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/scale
 *   SCALE_RUN=run (the served copies' name)
 *   SCALE_SEED_ONLY=1: seed (or find seeded), make a fresh copy and print the environment that serves it.
 *   SCALE_PROFILE=<folder>: the server runs with --cpu-prof into that folder; its hottest functions are printed.
 *   SCALE_NODE_FLAGS='--max-semi-space-size=16': more node flags for the server, after `npm start`'s own.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { ADMIN_SESSION_MS, FARMER_SESSION_MS, POLL_MS } from '../src/domain/constants';
import { analyzePostgres } from '../src/server/db/migrations';
import type { Database } from '../src/server/db/schema';
import { orderPage } from '../src/server/repos/orders';
import { farmerQuotationPage, quotationPage, sweepExpired } from '../src/server/repos/quotations';
import { createSession } from '../src/server/repos/sessions';
import { readSummary } from '../src/server/repos/summary';
import { userPage } from '../src/server/repos/users';
import { cpuMs, paced, type Ask, type Paced } from './paced';
import { ADMIN_NUMBER, FARMERS, freshCopy, migrate, preparing, QUOTATIONS_EACH, type Place, type Target } from './scale-seed';
import { spawnReady } from './ready';
import { residentMegabytes, startCompiled, startFlags, stopCompiled, type Compiled } from './start-flags';
import { analyticsRows, seedAnalytics } from './analytics-seed';

export { seededEnv, type Target } from './scale-seed';

const POLL_S = POLL_MS / 1000;
/** Farmers polling at once, and so the rates of the paced polls: 2,000 → 400/s (judged), 5,000 → 1,000/s (beside bare Fastify). */
const JUDGED_FARMERS = 2_000;
const BESIDE_BARE_FARMERS = 5_000;
const JUDGED_RATE = JUDGED_FARMERS / POLL_S;
const ADMIN_RATE = 5;
const PACED_SECONDS = Number(process.env.SCALE_PACED_SECONDS ?? 30);
const ADMIN_SECONDS = Number(process.env.SCALE_ADMIN_SECONDS ?? 20);
/** Each closed-loop (saturation) row. */
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
const CONNECTIONS = 20;
const TARGETS = { p99Ms: 50, rssMb: 200 };
/** The server has settled after its start when it uses at most this share of a core over a second (waiting at most maxSeconds). */
const SETTLED = { cpuShare: 0.05, maxSeconds: 600 };
/** A sender later than this at p99 (a busy machine's stalls on this side) is named beside a missed target. */
const LATE_MS = 10;
/**
 * A farmer's visit to the Request screen: a minute, 12 polls. Its first poll holds no tag (the page
 * was just opened); one visit in WRITE_EVERY has a write to the farmer (here the farmer requests a
 * quotation halfway), so the poll after it holds a tag the server no longer proves. The other polls
 * hold the tag of the farmer's last answer: HELD_SHARE of all polls.
 */
const VISIT_POLLS = 12;
const WRITE_EVERY = 4;
const HELD_SHARE = (VISIT_POLLS - 1 - 1 / WRITE_EVERY) / VISIT_POLLS;
/** The polls sent with a tag at all: all but each visit's first (the share above, and the polls after a write). */
const TAGGED_SHARE = (VISIT_POLLS - 1) / VISIT_POLLS;
/** QUOTATION_VALIDITY_DAYS's default, as the compiled server runs. */
const RULES = { validityDays: 7 };
/** What Chromium on a phone sends: the server compresses answers above 1 KB. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const ROWS = new Set((process.env.SCALE_ROWS ?? 'admin,polls,saturation').split(','));

/** The farmers a steady row of `farmers` polling for warm-up plus PACED_SECONDS needs: those polling, and those arriving as visits end. */
const farmersFor = (farmers: number) => farmers + Math.ceil(((POLL_S + PACED_SECONDS) * farmers) / POLL_S / VISIT_POLLS) + 50;

/** The load average now (1, 5, 15 minutes), as `uptime` prints it. */
const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Farmer {
  token: string;
  /** The tag of the farmer's last 200 answer, sent as If-None-Match. */
  tag?: string;
  /** Polls made in this visit. */
  polls: number;
  /** After which poll of the visit the farmer requests a quotation (0: not in this visit). */
  writeAfter: number;
}

/**
 * The farmers on the Request screen, as the paced poll rows drive them: `slots` farmers at once, the
 * i-th poll made by slot i mod slots, so each farmer polls every POLL_MS at the row's rate. When a
 * visit's VISIT_POLLS are done, a farmer not seen yet takes the slot (first poll without a tag).
 * The visits under way at the start are evenly spread over their course, so visits end evenly spread.
 */
class Visits {
  readonly slots: Farmer[];
  private nextToken = 0;
  private visits = 0;
  polls = 0;
  withTag = 0;
  readonly writes: { latencies: number[]; bad: number; pending: Promise<void>[] } = { latencies: [], bad: 0, pending: [] };

  constructor(
    private readonly base: string,
    private readonly tokens: string[],
    size: number,
    private readonly skuIds: string[],
  ) {
    // Slot j starts j / size of the way through its visit: the visits under way, and the writing
    // ones among them (every fourth), are spread evenly over their course, as in a steady stream.
    this.slots = Array.from({ length: size }, (_, j) => this.arrive(Math.floor((j * VISIT_POLLS) / size)));
  }

  private arrive(polls: number): Farmer {
    const token = this.tokens[this.nextToken++];
    if (token === undefined) throw new Error('Visits: more arriving farmers than sessions made for them');
    const visit = this.visits++;
    return { token, polls, writeAfter: visit % WRITE_EVERY === 0 ? VISIT_POLLS / 2 : 0 };
  }

  private headers(farmer: Farmer): Record<string, string> {
    return { authorization: `Bearer ${farmer.token}`, 'accept-encoding': ACCEPT_ENCODING, ...(farmer.tag ? { 'if-none-match': farmer.tag } : {}) };
  }

  /** The i-th poll of a steady row: visits end and begin, and a farmer's write happens after its answer. */
  poll = (i: number): Ask => {
    const slot = i % this.slots.length;
    if (this.slots[slot]!.polls >= VISIT_POLLS) this.slots[slot] = this.arrive(0);
    const farmer = this.slots[slot]!;
    this.polls++;
    if (farmer.tag) this.withTag++;
    return {
      path: '/api/quotations',
      headers: this.headers(farmer),
      answered: (status, etag) => {
        if (status === 200 && etag) farmer.tag = etag;
        farmer.polls++;
        if (farmer.polls === farmer.writeAfter) this.writes.pending.push(this.requestQuotation(farmer));
      },
    };
  };

  /** The i-th poll of a herd: every farmer polling now polls once, with the tag it holds. */
  herdPoll = (i: number): Ask => {
    const farmer = this.slots[i]!;
    return {
      path: '/api/quotations',
      headers: this.headers(farmer),
      answered: (status, etag) => {
        if (status === 200 && etag) farmer.tag = etag;
      },
    };
  };

  /** The farmer requests a quotation (the screen's own write): its next poll's tag no longer holds. */
  private async requestQuotation(farmer: Farmer): Promise<void> {
    const started = performance.now();
    const skuIdentifier = this.skuIds[this.visits % this.skuIds.length]!;
    try {
      const res = await fetch(`${this.base}/api/quotations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${farmer.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ skusDetail: [{ skuIdentifier, quantity: 2 }] }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) this.writes.bad++;
    } catch {
      this.writes.bad++;
    }
    this.writes.latencies.push(performance.now() - started);
  }

  /** The share of polls so far sent holding a tag, and clears the counts for the next row. */
  takeTagShare(): number {
    const share = this.withTag / Math.max(1, this.polls);
    this.polls = 0;
    this.withTag = 0;
    return share;
  }
}

interface Row {
  name: string;
  figure: Paced;
  /** Under the p99 target (paced at 400/s or an admin row); otherwise printed. */
  judged: boolean;
  note?: string;
}

/** One target's rows and end state, for the summary. */
interface Outcome {
  target: Target;
  rows: Row[];
  rss?: number;
  /** The 1,000/s polls beside bare Fastify: p99 and CPU per request ratios. */
  bare?: { p99: number; cpu: number; bareP99: number; polls: Paced };
}

const goodPoll = (status: number) => status === 200 || status === 304;
const good200 = (status: number) => status === 200;

/**
 * A row's verdict: a judged row meets p99 ≤ 50 ms with no bad answers, from a sender that kept the
 * rate. A late sender's lateness is inside the latencies, so a miss names it (part of the miss may be
 * this side's), and a met row is met regardless.
 */
function verdict(row: Row): string {
  if (!row.judged) return 'printed';
  const f = row.figure;
  if (f.behind) return `VOID: the sender fell behind the rate (its last request ${f.lateMax} ms late)`;
  const misses = [f.p99 > TARGETS.p99Ms ? `p99 ${f.p99} > ${TARGETS.p99Ms} ms` : '', f.bad > 0 ? `${f.bad} bad` : '', f.lateP99 > LATE_MS ? `the sender's own lateness p99 ${f.lateP99} ms` : ''].filter(Boolean);
  return f.p99 <= TARGETS.p99Ms && f.bad === 0 ? 'met' : `NOT met (${misses.join(', ')})`;
}

function printRows(rows: Row[]): void {
  console.log('  paced row (open loop)                               rate/s   sent  p50 ms  p99 ms  max ms    200    304  bad  late p99  in flight  CPU ms/req  body B  verdict');
  for (const r of rows) {
    const f = r.figure;
    console.log(
      `  ${r.name.padEnd(50)} ${String(f.rate).padStart(7)} ${String(f.sent).padStart(6)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)} ${String(f.max).padStart(7)} ` +
        `${String(f.statuses.get(200) ?? 0).padStart(6)} ${String(f.statuses.get(304) ?? 0).padStart(6)} ${String(f.bad).padStart(4)} ${String(f.lateP99).padStart(9)} ${String(f.inFlightMax).padStart(10)} ` +
        `${(f.cpuPerRequest ?? NaN).toFixed(2).padStart(11)} ${String(f.bodyBytes).padStart(7)}  ${verdict(r)}`,
    );
    if (r.note) console.log(`      ${r.note}`);
  }
}

/**
 * Fresh sessions for this run (a copy's older ones are removed): the admin's, and the farmers' the
 * poll rows draw from, verified farmers in order of mobile number, split between the 400/s and the
 * 1,000/s rows.
 */
async function sessions(db: Kysely<Database>): Promise<{ admin: string; judged: string[]; besideBare: string[]; firstFarmerId: string }> {
  const now = Date.now();
  await db.deleteFrom('sessions').execute();
  const judgedCount = farmersFor(JUDGED_FARMERS);
  const besideBareCount = farmersFor(BESIDE_BARE_FARMERS);
  const admin = await db.selectFrom('users').select('id').where('mobileNumber', '=', ADMIN_NUMBER).executeTakeFirstOrThrow();
  const farmers = await db
    .selectFrom('users')
    .select('id')
    .where('isVerified', '=', 1)
    .where('mobileNumber', '<>', ADMIN_NUMBER)
    .orderBy('mobileNumber')
    .limit(judgedCount + besideBareCount)
    .execute();
  if (farmers.length < judgedCount + besideBareCount) throw new Error(`the poll rows need ${judgedCount + besideBareCount} verified farmers; the seed has ${farmers.length}`);
  const started = Date.now();
  const tokens: string[] = [];
  for (const f of farmers) tokens.push(await createSession(db, f.id, now, FARMER_SESSION_MS));
  console.log(`  ${tokens.length} farmers' sessions made (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return {
    admin: await createSession(db, admin.id, now, ADMIN_SESSION_MS),
    judged: tokens.slice(0, judgedCount),
    besideBare: tokens.slice(judgedCount),
    firstFarmerId: farmers[0]!.id,
  };
}

/**
 * What a running server would have done meanwhile, so the server's own start-up passes find nothing
 * to do while rows are measured: expire what is past its validity (since the seeding, or the
 * seeding's own long-ago prices), and the SMS the seeding's writes queued (some 40,000 notices) sent
 * as they came. Left pending, the outbox sender claimed 10 a second for the whole run, each claim a
 * transaction sorting every pending row, which on SQLite holds the one connection: 26% of the
 * server's CPU in a profile and a stall for every request behind it, none of it what users meet.
 */
async function settle(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  const expired = await sweepExpired(db, () => now, RULES);
  if (expired > 0) console.log(`  expired ${expired} quotations past their validity before measuring`);
  const sent = await db.updateTable('smsOutbox').set({ state: 'sent', sentAt: now, leaseUntil: null, leaseOwner: null }).where('state', '=', 'pending').executeTakeFirst();
  if (Number(sent.numUpdatedRows) > 0) console.log(`  marked ${sent.numUpdatedRows} seeded SMS notices sent before measuring`);
}

/** Every cursor of `pages` pages of a repository's list, walked as a client would. */
async function cursors(next: (cursor: string | undefined) => Promise<{ nextCursor: string | null }>, pages: number): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const page = await next(cursor);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
    found.push(cursor);
  }
  return found;
}

/**
 * The quotations list as CSV, every page (one row per line): how long the whole download takes and
 * how far the server's RSS rises above its level before, sampled every 50 ms while it streams.
 */
async function csvExportFigures(url: string, headers: Record<string, string>, pid: number): Promise<string> {
  const before = residentMegabytes(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMegabytes(pid))), 50);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let encoding = 'identity';
  try {
    const res = await fetch(`${url}/api/quotations/all.csv`, { headers: { authorization: headers.authorization! } });
    if (res.status !== 200 || !res.body) throw new Error(`CSV export answered ${res.status}`);
    encoding = res.headers.get('content-encoding') ?? encoding;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return `CSV export of every quotation: ${(lines - 1).toLocaleString('en')} lines, ${(bytes / 1e6).toFixed(1)} MB (sent ${encoding}) in ${seconds.toFixed(1)} s; RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB; target < 30 MB)`;
}

/**
 * The dashboard's first ask after the server's start (settled, no admin has asked yet), as the first
 * admin after a restart meets it: its latency, and how long before it its figures were read.
 */
async function firstSummaryAsk(url: string, headers: Record<string, string>): Promise<string> {
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/summary`, { headers });
  const body = (await res.json()) as { data: { at: string } };
  const ms = performance.now() - started;
  return `admin summary, the first ask after the start: ${res.status} in ${ms.toFixed(0)} ms, its figures read ${((Date.now() - Date.parse(body.data.at)) / 1000).toFixed(0)} s before it (load ${load()})`;
}

/** An admin row: the paths it asks in turn (a search or a deep page differs from one ask to the next, as admins' do). */
interface AdminRow {
  name: string;
  paths: string[];
  /** The same list call on the repositories, for its plan. */
  plan: (db: Kysely<Database>) => Promise<unknown>;
}

/** The admin rows: each list's first page, searches, and pages 8,000–10,000 deep reached through the cursor. */
async function adminRows(db: Kysely<Database>): Promise<AdminRow[]> {
  const now = Date.now();
  // Ten cursors around 8,000–10,000 rows deep (pages of 200, walked once here).
  const deep = async (next: (cursor: string | undefined) => Promise<{ nextCursor: string | null }>, pages: number) => (await cursors(next, pages)).slice(-10);
  const users = await deep((cursor) => userPage(db, { limit: 200, cursor }, now), 50);
  const quotations = await deep((cursor) => quotationPage(db, { limit: 200, cursor }, RULES), 50);
  const orders = await deep((cursor) => orderPage(db, { limit: 200, cursor }), 50);
  const q = (path: string, searches: string[]) => searches.map((s) => `${path}?q=${encodeURIComponent(s)}`);
  const c = (path: string, found: string[]) => found.map((cursor) => `${path}?cursor=${encodeURIComponent(cursor)}`);
  return [
    // The dashboard's figures, uncached: every aggregate over its index.
    { name: 'admin summary (the dashboard)', paths: ['/api/admin/summary'], plan: (d) => readSummary(d, now, { ...RULES, replyHours: 24 }) },
    { name: 'users, first page', paths: ['/api/users/all'], plan: (d) => userPage(d, { limit: 50 }, now) },
    { name: 'users, q (names, mobile prefixes)', paths: q('/api/users/all', ['geeta 12', '9000', 'kiran', 'ramesh 45', '70000012']), plan: (d) => userPage(d, { limit: 50, q: 'geeta 12' }, now) },
    { name: 'users, deep page via cursor', paths: c('/api/users/all', users), plan: (d) => userPage(d, { limit: 50, cursor: users[0] }, now) },
    { name: 'quotations, first page', paths: ['/api/quotations/all'], plan: (d) => quotationPage(d, { limit: 50 }, RULES) },
    {
      name: 'quotations, q (QT numbers, names)',
      paths: q('/api/quotations/all', ['QT2000', 'kiran 123', 'QT1500', 'meena 7', 'asha']),
      plan: (d) => quotationPage(d, { limit: 50, q: 'kiran 123' }, RULES),
    },
    { name: 'quotations, deep page via cursor', paths: c('/api/quotations/all', quotations), plan: (d) => quotationPage(d, { limit: 50, cursor: quotations[0] }, RULES) },
    { name: 'orders, first page', paths: ['/api/orders'], plan: (d) => orderPage(d, { limit: 50 }) },
    { name: 'orders, q (OD and QT numbers, names)', paths: q('/api/orders', ['OD1100', 'QT100001', 'meena', 'OD1', 'suresh 9']), plan: (d) => orderPage(d, { limit: 50, q: 'meena' }) },
    { name: 'orders, deep page via cursor', paths: c('/api/orders', orders), plan: (d) => orderPage(d, { limit: 50, cursor: orders[0] }) },
  ];
}

/**
 * Each list query the repositories run for one list call, under the database's own EXPLAIN: the
 * statements are caught as compiled (a plugin after CamelCasePlugin) and explained with their values.
 */
async function explain(db: Kysely<Database>, target: Target, name: string, call: (db: Kysely<Database>) => Promise<unknown>): Promise<void> {
  // Subqueries pass through transformQuery too (each under its own id); only statements that ran are kept.
  const compiled = new Map<string, CompiledQuery>();
  const caught: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const catcher: KyselyPlugin = {
    transformQuery(args) {
      if (args.node.kind === 'SelectQueryNode') compiled.set(args.queryId.queryId, executor.compileQuery(args.node as RootOperationNode, args.queryId));
      return args.node;
    },
    transformResult: async (args) => {
      const query = compiled.get(args.queryId.queryId);
      if (query) caught.push(query);
      return args.result;
    },
  };
  await call(db.withPlugin(catcher));
  console.log(`\n  ${name}  (load ${load()})`);
  for (const query of caught) {
    console.log(`    ${query.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
    if (target === 'sqlite') {
      const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      for (const row of plan.rows) console.log(`      ${row.detail.slice(0, 300)}`);
    } else {
      const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]));
      for (const row of plan.rows) console.log(`      ${row['QUERY PLAN'].slice(0, 300)}`);
    }
  }
}

/** An admin's edit of the first SKU (its name, back and forth between two), as the catalogue sheet sends it. */
async function editSku(base: string, adminToken: string): Promise<void> {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const skus = (await (await fetch(`${base}/api/skus`, { headers })).json()) as { data: { _id: string; name: string; version: number }[] };
  const sku = skus.data[0]!;
  const name = sku.name.endsWith(' ·') ? sku.name.slice(0, -2) : `${sku.name} ·`;
  const res = await fetch(`${base}/api/skus/${sku._id}`, { method: 'PATCH', headers, body: JSON.stringify({ name, version: sku.version }) });
  if (res.status !== 200) throw new Error(`the SKU edit answered ${res.status}: ${await res.text()}`);
}

/** The farmers' writes during a row, as a note (they are not paced: each follows its farmer's poll). */
async function writesNote(visits: Visits): Promise<string> {
  await Promise.all(visits.writes.pending);
  const w = visits.writes;
  const sorted = [...w.latencies].sort((a, b) => a - b);
  const note = w.latencies.length === 0 ? '' : `; farmers' quotation requests during it: ${w.latencies.length}, p99 ${Math.round(sorted[Math.ceil(0.99 * sorted.length) - 1]!)} ms, ${w.bad} bad`;
  w.latencies.length = 0;
  w.bad = 0;
  w.pending.length = 0;
  return note;
}

const share = (f: Paced, status: number) => `${(((f.statuses.get(status) ?? 0) / Math.max(1, f.sent)) * 100).toFixed(1)}%`;

/** A steady row: one poll interval of warm-up (every farmer's visit under way, unmeasured), then PACED_SECONDS measured. */
async function steadyPolls(app: Compiled, visits: Visits, rate: number, name: string, judged: boolean): Promise<Row> {
  await paced(app.url, rate, visits.slots.length, visits.poll, goodPoll);
  visits.takeTagShare();
  await writesNote(visits);
  const figure = await paced(app.url, rate, Math.round(rate * PACED_SECONDS), visits.poll, goodPoll, app.child.pid);
  const tagged = visits.takeTagShare();
  const note =
    `sent with a tag: ${(tagged * 100).toFixed(1)}% (planned ${(TAGGED_SHARE * 100).toFixed(1)}%); ` +
    `answered 304: ${share(figure, 304)} (planned ${(HELD_SHARE * 100).toFixed(1)}%: less the polls after a write)${await writesNote(visits)}`;
  return { name, figure, judged, note };
}

/**
 * Waits until the freshly started server's own start-up work (whatever passes a release runs over
 * its data when it starts) is done: less than SETTLED.cpuShare of a core over a second, and says how
 * long that took. The rows then measure a server that has been up for a while, as users mostly meet
 * it; the herd after a restart is measured without this wait, start-up work and all.
 */
async function settled(app: Compiled): Promise<void> {
  const started = performance.now();
  const cpuAtStart = cpuMs(app.child.pid!);
  for (;;) {
    const before = cpuMs(app.child.pid!);
    await new Promise((r) => setTimeout(r, 1000));
    const used = cpuMs(app.child.pid!) - before;
    const waited = (performance.now() - started) / 1000;
    if (used <= SETTLED.cpuShare * 1000 || waited > SETTLED.maxSeconds) {
      const how = used <= SETTLED.cpuShare * 1000 ? 'settled' : `still busy after ${SETTLED.maxSeconds} s, measured anyway`;
      console.log(`  the server's start-up work: ${how} ${waited.toFixed(0)} s after it answered, ${((cpuMs(app.child.pid!) - cpuAtStart) / 1000).toFixed(1)} s of CPU`);
      return;
    }
  }
}

/** A bare Fastify (bench/bare.ts) answering `body`, with `npm start`'s node flags. */
async function startBare(body: string): Promise<{ child: ChildProcess; url: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'krishi-bare-'));
  writeFileSync(join(dir, 'page.json'), body);
  const { child, port } = await spawnReady([...startFlags('.'), '--import', 'tsx', 'bench/bare.ts'], { BARE_BODY_FILE: join(dir, 'page.json') }, 'bare Fastify');
  return { child, url: `http://127.0.0.1:${port}`, dir };
}

/** A closed loop of CONNECTIONS connections for SECONDS: how much the server answers when saturated, and its queue's latency. */
async function saturation(app: Compiled, name: string, path: string, headers: (i: number) => Record<string, string>): Promise<string> {
  let next = 0;
  const cpuBefore = cpuMs(app.child.pid!);
  const result = await autocannon({
    url: app.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ method: 'GET', path, setupRequest: (req: autocannon.Request) => ({ ...req, headers: headers(next++) }) }],
  });
  const cpu = (cpuMs(app.child.pid!) - cpuBefore) / Math.max(1, result.requests.total);
  const bad = result.requests.total - result['2xx'] - result['3xx'] + result.errors + result.timeouts;
  return `  ${name.padEnd(50)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${cpu.toFixed(2).padStart(11)} ${String(bad).padStart(5)}   ${load()}`;
}

async function run(target: Target): Promise<Outcome | undefined> {
  const place: Place = await freshCopy(target);
  if (process.env.SCALE_SEED_ONLY) {
    console.log(target === 'sqlite' ? `${target}: DATA_DIR=${place.dataDir}` : `${target}: DATA_DIR=${place.dataDir} DATABASE_URL='${place.databaseUrl}'`);
    return undefined;
  }
  const { tokens, admin } = await preparing(place, async (db) => {
    // The server would migrate the copy at start; the plans and sessions need it first.
    await migrate(db, target);
    if (target === 'postgres') await analyzePostgres(db);
    await settle(db);
    // A year of the analyst's view for these farmers, read by the admin at the admin rows' rate.
    const analytics = analyticsRows(await seedAnalytics(db, Date.now(), FARMERS));
    const made = { tokens: await sessions(db), admin: [...(await adminRows(db)), ...analytics] };
    if (process.env.SCALE_PLANS !== '0') {
      console.log(`\nscale on ${target}: the plan of each list query`);
      for (const row of made.admin) await explain(db, target, row.name, row.plan);
      await explain(db, target, "farmer's first page", (d) => farmerQuotationPage(d, { userId: made.tokens.firstFarmerId, limit: 50 }, Date.now(), RULES));
    }
    return made;
  });
  if (process.env.SCALE_MEASURE === '0') return undefined;

  const profileDir = process.env.SCALE_PROFILE;
  const start = () =>
    startCompiled({
      dataDir: place.dataDir,
      ...(place.databaseUrl ? { databaseUrl: place.databaseUrl } : {}),
      nodeFlags: [...(process.env.SCALE_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []), ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    });
  const startedAt = performance.now();
  let app = await start();
  console.log(`\nscale on ${target}: compiled server on a fresh copy of the seeded database (${FARMERS.toLocaleString('en')} farmers, ${(FARMERS * QUOTATIONS_EACH).toLocaleString('en')} quotations); started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s, RSS ${residentMegabytes(app.child.pid!).toFixed(0)} MB; load ${load()}`);
  await settled(app);
  const adminHeaders = { authorization: `Bearer ${tokens.admin}`, 'accept-encoding': ACCEPT_ENCODING };
  if (ROWS.has('admin')) console.log(`  ${target}: ${await firstSummaryAsk(app.url, adminHeaders)}`);
  const skuIds = ((await (await fetch(`${app.url}/api/skus`, { headers: adminHeaders })).json()) as { data: { _id: string }[] }).data.map((s) => s._id);
  // A farmer's first page as JSON (no compression asked): the bare Fastify's answer, byte for byte the same size.
  const page = await (await fetch(`${app.url}/api/quotations`, { headers: { authorization: `Bearer ${tokens.besideBare.at(-1)!}`, 'accept-encoding': 'identity' } })).text();
  console.log(`  a farmer's first page: ${page.length} bytes of JSON`);
  const rows: Row[] = [];
  const outcome: Outcome = { target, rows };
  // Each row as it is measured, on stderr: the tables come at the end of a run of several minutes.
  const add = (row: Row) => {
    rows.push(row);
    process.stderr.write(`  ${target}: ${row.name}: p99 ${row.figure.p99} ms, ${verdict(row)} (load ${load()})\n`);
  };
  const saturated: string[] = [];
  try {
    if (ROWS.has('admin')) {
      console.log(`  admin lists, ${ADMIN_RATE} asks a second for ${ADMIN_SECONDS} s each…`);
      for (const row of admin) {
        const figure = await paced(app.url, ADMIN_RATE, ADMIN_RATE * ADMIN_SECONDS, (i) => ({ path: row.paths[i % row.paths.length]!, headers: adminHeaders }), good200, app.child.pid);
        add({ name: `admin: ${row.name}`, figure, judged: true });
      }
      console.log(`  ${target}: ${await csvExportFigures(app.url, adminHeaders, app.child.pid!)}`);
      // The floor of a row this slow on this machine: even a bare Fastify takes some ms after idling.
      const bare = await startBare(page);
      try {
        const figure = await paced(bare.url, ADMIN_RATE, ADMIN_RATE * ADMIN_SECONDS, () => ({ path: '/page', headers: {} }), good200, bare.child.pid);
        add({ name: `bare Fastify at ${ADMIN_RATE}/s, a farmer's page`, figure, judged: false, note: "the admin rows' yardstick: what a request costs at this rate with no app behind it" });
      } finally {
        await stopCompiled(bare.child);
        rmSync(bare.dir, { recursive: true, force: true });
      }
    }
    let besideBare: Visits | undefined;
    if (ROWS.has('polls')) {
      console.log(`  farmers polling: a visit is ${VISIT_POLLS} polls (${(VISIT_POLLS * POLL_S) / 60} min on the Request screen); its first poll holds no tag, and one visit in ${WRITE_EVERY} has a quotation request whose next poll misses its tag: ${(HELD_SHARE * 100).toFixed(1)}% of polls hold a tag that proves itself`);
      const judged = new Visits(app.url, tokens.judged, JUDGED_FARMERS, skuIds);
      add(await steadyPolls(app, judged, JUDGED_RATE, `farmers polling, ${JUDGED_FARMERS.toLocaleString('en')} (every ${POLL_S} s)`, true));

      await editSku(app.url, tokens.admin);
      const afterEdit = await paced(app.url, JUDGED_RATE, judged.slots.length, judged.herdPoll, goodPoll, app.child.pid);
      add({ name: 'herd after a SKU edit (each one next poll)', figure: afterEdit, judged: true, note: `answered 304: ${share(afterEdit, 304)} (every farmer held a tag)` });

      await stopCompiled(app.child);
      const restarting = performance.now();
      app = await start();
      const restartS = ((performance.now() - restarting) / 1000).toFixed(1);
      const afterRestart = await paced(app.url, JUDGED_RATE, judged.slots.length, judged.herdPoll, goodPoll, app.child.pid);
      add({ name: 'herd after a restart (each one next poll)', figure: afterRestart, judged: true, note: `the server took ${restartS} s to answer its health check; answered 304: ${share(afterRestart, 304)}` });

      besideBare = new Visits(app.url, tokens.besideBare, BESIDE_BARE_FARMERS, skuIds);
      const rate = BESIDE_BARE_FARMERS / POLL_S;
      const polls = await steadyPolls(app, besideBare, rate, `farmers polling, ${BESIDE_BARE_FARMERS.toLocaleString('en')} (every ${POLL_S} s)`, false);
      add(polls);
      const bare = await startBare(page);
      try {
        const count = Math.round(rate * PACED_SECONDS);
        await paced(bare.url, rate, rate * POLL_S, () => ({ path: '/page', headers: {} }), good200);
        const figure = await paced(bare.url, rate, count, () => ({ path: '/page', headers: {} }), good200, bare.child.pid);
        add({ name: 'bare Fastify, the same page from memory', figure, judged: false });
        outcome.bare = { p99: polls.figure.p99 / figure.p99, cpu: (polls.figure.cpuPerRequest ?? NaN) / (figure.cpuPerRequest ?? NaN), bareP99: figure.p99, polls: polls.figure };
        polls.note += `; beside bare Fastify: p99 ×${outcome.bare.p99.toFixed(2)}, CPU per request ×${outcome.bare.cpu.toFixed(2)}`;
      } finally {
        await stopCompiled(bare.child);
        rmSync(bare.dir, { recursive: true, force: true });
      }
    }
    if (ROWS.has('saturation')) {
      for (const row of admin.filter((r) => r.paths.length === 1)) saturated.push(await saturation(app, `admin: ${row.name}`, row.paths[0]!, () => adminHeaders));
      if (besideBare) {
        const slots = besideBare.slots.filter((f) => f.tag);
        const farmerHeaders = (f: Farmer, tag: boolean) => ({ authorization: `Bearer ${f.token}`, 'accept-encoding': ACCEPT_ENCODING, ...(tag ? { 'if-none-match': f.tag! } : {}) });
        saturated.push(await saturation(app, "farmers' polls, tags held (304)", '/api/quotations', (i) => farmerHeaders(slots[i % slots.length]!, true)));
        saturated.push(await saturation(app, "farmers' polls, no tag (200)", '/api/quotations', (i) => farmerHeaders(slots[i % slots.length]!, false)));
      }
    }
    outcome.rss = residentMegabytes(app.child.pid!);
  } finally {
    await stopCompiled(app.child);
  }

  console.log(`\nscale on ${target}: paced rows (each latency from the moment its request was due); targets: p99 ≤ ${TARGETS.p99Ms} ms and no bad answers on the admin rows and every row at ${JUDGED_RATE}/s`);
  printRows(rows);
  if (saturated.length > 0) {
    console.log(`\nscale on ${target}: saturation (queue) figures, a closed loop of ${CONNECTIONS} connections for ${SECONDS} s each; printed, never judged: they measure ${CONNECTIONS} ÷ throughput`);
    console.log('  closed-loop row                                      req/s  p50 ms  p99 ms  CPU ms/req   bad   load average');
    for (const line of saturated) console.log(line);
  }
  if (outcome.rss !== undefined) console.log(`  server RSS at the end: ${outcome.rss.toFixed(0)} MB (target ≤ ${TARGETS.rssMb} MB: ${outcome.rss <= TARGETS.rssMb ? 'met' : 'NOT met'}); load ${load()}`);
  if (profileDir) printProfile(profileDir);
  return outcome;
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** The newest CPU profile in `dir`: the functions with the most self time (as bench/profile.ts prints them). */
function printProfile(dir: string): void {
  const file = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort().at(-1);
  if (!file) return;
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[] };
  const total = profile.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    const key = `${functionName || '(anonymous)'}  ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\//, '')}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (n.hitCount ?? 0));
  }
  console.log(`\n  self time by function (${join(dir, file)}):`);
  for (const [k, v] of [...byFunction].sort((x, y) => y[1] - x[1]).slice(0, 30)) console.log(`  ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

/** The verdicts over every database measured: each judged row's p99, RSS, the 1,000/s ratios, then one line. */
function summary(outcomes: Outcome[]): void {
  console.log(`\nscale summary: targets p99 ≤ ${TARGETS.p99Ms} ms and no bad answers on every admin row and every row at ${JUDGED_RATE}/s (herds included); server RSS ≤ ${TARGETS.rssMb} MB at the end`);
  console.log(`  row${' '.repeat(48)}${outcomes.map((o) => o.target.padStart(10)).join('')}   (p99 ms)`);
  const names = [...new Set(outcomes.flatMap((o) => o.rows.filter((r) => r.judged).map((r) => r.name)))];
  const misses: string[] = [];
  for (const name of names) {
    const cells = outcomes.map((o) => {
      const row = o.rows.find((r) => r.name === name);
      if (!row) return '-'.padStart(10);
      const v = verdict(row);
      if (v !== 'met') misses.push(`${o.target}: ${name}: ${v}`);
      return `${row.figure.p99}${v === 'met' ? '' : ' ✗'}`.padStart(10);
    });
    console.log(`  ${name.padEnd(50)} ${cells.join('')}`);
  }
  for (const o of outcomes) {
    if (o.rss !== undefined && o.rss > TARGETS.rssMb) misses.push(`${o.target}: RSS ${o.rss.toFixed(0)} MB`);
    const rss = o.rss === undefined ? '' : `RSS at the end ${o.rss.toFixed(0)} MB (${o.rss <= TARGETS.rssMb ? 'met' : 'NOT met'})`;
    const bare = o.bare
      ? `; ${BESIDE_BARE_FARMERS.toLocaleString('en')} farmers polling (${BESIDE_BARE_FARMERS / POLL_S}/s, printed): p99 ${o.bare.polls.p99} ms = ×${o.bare.p99.toFixed(2)} bare Fastify's ${o.bare.bareP99} ms, CPU per request ×${o.bare.cpu.toFixed(2)}, ${o.bare.polls.bad} bad${o.bare.polls.behind ? ', the sender fell behind' : ''}`
      : '';
    console.log(`  ${o.target}: ${rss}${bare}`);
  }
  console.log(`  verdict: ${misses.length === 0 ? `every target met on ${outcomes.map((o) => o.target).join(' and ')}` : `NOT met: ${misses.join('; ')}`}`);
}

/** Every target in SCALE_DATABASES (the compiled server built first unless `build` is false). */
export async function scale(build = true): Promise<void> {
  if (build && !process.env.SCALE_SEED_ONLY) execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  const outcomes: Outcome[] = [];
  for (const target of (process.env.SCALE_DATABASES ?? 'sqlite,postgres').split(',')) {
    const outcome = await run(target as Target);
    if (outcome) outcomes.push(outcome);
  }
  if (outcomes.length > 0) summary(outcomes);
}

if (/[/\\]scale\.ts$/.test(process.argv[1] ?? '')) {
  scale().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
