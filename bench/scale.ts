/**
 * `npm run bench:scale` (and the "scale" section of `npm run bench`): the back office at business size
 * (issue 11).
 *
 * 1. Seed, once per SEED_VERSION: 20,000 farmers, 200,000 quotations (10 each, asked in turn, so one
 *    farmer's lie apart in the tables as in a real shop's) and 20,000 orders through the repositories'
 *    own functions on SQLite (about 3 minutes), then PostgreSQL with a copy of those rows (about a
 *    minute; see copyRows). The seeded database is kept (SQLite in
 *    SCALE_DATA_DIR/sqlite-<key>/krishi.sqlite, PostgreSQL in the schema scale_<key> of the database
 *    `scale`, created when missing) and marked complete only at the end, so a second run only
 *    measures. Change the seeding below → bump SEED_VERSION.
 * 2. Plans: each list query, as the repositories build it, under EXPLAIN QUERY PLAN (SQLite) or
 *    EXPLAIN ANALYZE (PostgreSQL). SCALE_PLANS=0 leaves them out; SCALE_MEASURE=0 prints only them.
 * 3. Measure on the compiled production server (bench/start-flags.ts startCompiled, as `npm run bench`)
 *    with autocannon at 20 connections: the first page of each admin list with and without `q`, a deep
 *    page reached through the cursor, the farmer's first page (1,000 farmers' first asks, each one
 *    request and each answer read, after 1,000 other farmers' unmeasured, each answered from the
 *    page the farmer's last change stored (decision 029); 1,000 more farmers' first asks whose
 *    stored pages were set past their end first, so each builds its page, as after a SKU edit before the
 *    server's catch-up walk reaches the farmer; then, over
 *    SCALE_SECONDS, the first 1,000 polling, their answers kept; then 1,000 more polling once each
 *    with the tag a server process stopped before this one gave them, as after a restart; then
 *    1,000 other farmers' first asks, pages built on ask, arriving at the rate 1,000, 2,000 and 3,000
 *    farmers poll, PACED_RATES, in an open loop: pacedAsks; last, 1,000 other farmers' first asks
 *    sent as soon as an admin's SKU edit is answered, while the server stores every page again, and
 *    how long that catch-up took). Prints req/s, p50/p99,
 *    bytes per answer and the load average beside each figure, and the server's RSS at the end.
 *
 *   SCALE_DATABASES=sqlite,postgres  SCALE_SECONDS=5  SCALE_FARMERS=20000  SCALE_DATA_DIR=/var/tmp/krishi-scale
 *   SCALE_SEED_ONLY=1: seed (or find seeded) and print where; `DATA_DIR=<that dir> npm start` serves it.
 *   SCALE_ONLY=<regular expression>: only the measurements whose name it matches (e.g. SCALE_ONLY='^quotations, first').
 *   SCALE_PROFILE=<folder>: the server runs with --cpu-prof into that folder; its hottest functions are printed.
 *   SCALE_NODE_FLAGS='--max-semi-space-size=16': more node flags for the server, after `npm start`'s own.
 *   LIST_CACHE_MB=0: the server without its admin list answer cache (decision 027), so every admin
 *   page is read, serialized and compressed: the cache-miss figures. With it (the default) the bench's
 *   repeated identical requests are nearly all hits.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CompiledQuery, PostgresAdapter, sql, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { ADMIN_SESSION_MS, FARMER_SESSION_MS, POLL_MS } from '../src/domain/constants';
import { driverHandle, openDatabase } from '../src/server/db/connect';
import SQLite from 'better-sqlite3';
import { analyzePostgres, APP_TABLES, migrateToLatest } from '../src/server/db/migrations';
import type { Database } from '../src/server/db/schema';
import { orderPage, placeOrder } from '../src/server/repos/orders';
import { adminEditQuotation, createQuotation, farmerQuotationPage, quotationPage, sweepExpired } from '../src/server/repos/quotations';
import { createSession } from '../src/server/repos/sessions';
import { FARMER_PAGE_FORMAT, findStoredPage, storeFarmerPage } from '../src/server/http/farmer-pages';
import { catalogueVersion } from '../src/server/repos/answer-versions';
import { listSkus } from '../src/server/repos/skus';
import { upsertLoginUser, userPage, verifyUser, writeProfile } from '../src/server/repos/users';
import { seedDatabase } from '../src/server/seed/seed';
import { residentMegabytes, startCompiled, stopCompiled } from './start-flags';

/** Bump when the seeding below changes: a kept database of another version is seeded afresh. */
const SEED_VERSION = 3; // 2: ten-digit mobile numbers (1 made nine); 3: farmers' quotations interleaved
const FARMERS = Number(process.env.SCALE_FARMERS ?? 20_000);
const KEY = `v${SEED_VERSION}_${FARMERS}`;
const QUOTATIONS_EACH = 10;
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
const CONNECTIONS = 20;
/** The farmers whose first asks are measured; as many others warm the server first. */
const FIRST_ASKS = 1_000;
/**
 * Arrival rates (requests a second) of the paced first asks: 1,000, 2,000 and 3,000 active farmers,
 * each polling every POLL_MS, whose next polls all miss the kept answers at once (after a catalogue
 * edit, or a restart): 200, 400 and 600 a second.
 */
const PACED_RATES = [1_000, 2_000, 3_000].map((farmers) => farmers / (POLL_MS / 1000));
const TARGETS = { p99Ms: 30, pageBytes: 60 * 1024, rssMb: 200 };
/** How long the bench waits for the catch-up walk after its SKU edit. */
const CATCH_UP_WAIT_S = Number(process.env.CATCH_UP_WAIT_S ?? 300);
const NAMES = ['Ramesh', 'Suresh', 'Geeta', 'Harshad', 'Kiran', 'Meena', 'Bhavesh', 'Asha', 'Dinesh', 'Jaya'];
const ADMIN_NUMBER = '9000000001';
const CACHE_DIR = process.env.SCALE_DATA_DIR ?? '/var/tmp/krishi-scale';
const POSTGRES_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale';
const POSTGRES_SCHEMA = `scale_${KEY}`;
const SEEDED = `seeded ${KEY}`;
/** QUOTATION_VALIDITY_DAYS's default, as the compiled server runs. */
const RULES = { validityDays: 7 };

export type Target = 'sqlite' | 'postgres';

/** Where a target's kept database lives. */
interface Place {
  target: Target;
  /** SQLite: the folder of krishi.sqlite; PostgreSQL: a folder for the server's secrets and uploads. */
  dataDir: string;
  /** PostgreSQL: the URL the compiled server connects with (its search_path is the seeded schema). */
  databaseUrl?: string;
}

const sqliteDir = () => join(CACHE_DIR, `sqlite-${KEY}`);

function open(place: Place): Kysely<Database> {
  return place.target === 'postgres'
    ? openDatabase({ kind: 'postgres', url: POSTGRES_URL, searchPath: POSTGRES_SCHEMA })
    : openDatabase({ kind: 'sqlite', file: join(place.dataDir, 'krishi.sqlite') });
}

async function postgresAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The database `scale` exists (made when missing); true when its schema of this seed version is complete. */
async function postgresSeeded(): Promise<boolean> {
  const server = new URL(POSTGRES_URL);
  const name = server.pathname.slice(1);
  server.pathname = '/postgres';
  await postgresAdmin(server.toString(), async (c) => {
    const found = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await c.query(`create database "${name}"`);
  });
  return postgresAdmin(POSTGRES_URL, async (c) => {
    const marked = await c.query<{ mark: string | null }>(
      `select obj_description(oid, 'pg_namespace') as mark from pg_namespace where nspname = $1`,
      [POSTGRES_SCHEMA],
    );
    return marked.rows[0]?.mark === SEEDED;
  });
}

/** The farmers, their quotations and orders, through the repositories' own functions. */
async function seed(db: Kysely<Database>, target: Target): Promise<void> {
  const started = Date.now();
  const now = Date.now();
  await seedDatabase(db, now - 400 * 86_400_000);
  const skus = await listSkus(db);
  const admin = await upsertLoginUser(db, ADMIN_NUMBER, true, now - 400 * 86_400_000);
  const total = FARMERS * QUOTATIONS_EACH;

  async function seedFarmer(i: number): Promise<string> {
    const at = now - 300 * 86_400_000 + i * 1_000;
    const user = await upsertLoginUser(db, `${6 + (i % 4)}${String(i).padStart(9, '0')}`, false, at);
    await writeProfile(
      db,
      user.id,
      { name: `${NAMES[i % NAMES.length]} ${i}`, aadhaar: '/api/uploads/seeded-aadhaar', gender: i % 2 ? 'male' : 'female', farmAddress: `Village ${i % 500}, Gujarat` },
      at,
    );
    // Every fifth farmer still waits for verification (the users list shows them first).
    if (i % 5 !== 0) await verifyUser(db, user.id, at + 1_000, admin.id);
    return user.id;
  }

  /** The farmer's q-th quotation, the n-th of all (they ask in turn, so one farmer's rows lie apart, as in a real table). */
  async function seedQuotation(i: number, userId: string, q: number, n: number): Promise<void> {
    // Spread over the last 200 days, oldest first.
    const createdAt = now - 200 * 86_400_000 + Math.floor((n / total) * 200 * 86_400_000);
    const a = skus[(i + q) % skus.length]!;
    const b = skus[(i + q + 3) % skus.length]!;
    const id = await createQuotation(
      db,
      userId,
      [
        { skuId: a._id, quantity: q + 1, minimumPrice: a.minimumPrice },
        { skuId: b._id, quantity: 2, minimumPrice: b.minimumPrice },
      ],
      createdAt,
    );
    if (q === 0 || q === 5) {
      // One in ten is priced and ordered; one in ten priced (long ago: expired on first read, or recently: open).
      const pricedAt = q === 0 ? createdAt + 3_600_000 : i % 2 ? now - 86_400_000 : createdAt + 3_600_000;
      const lines = [a, b].map((s, k) => ({ skuIdentifier: s._id, quantity: k === 0 ? q + 1 : 2, goodsPricePaisa: 250_000, discountPaisa: 0, shippingPricePaisa: 5_000 }));
      await adminEditQuotation(db, { id, status: 'COMPLETED', lines, now: pricedAt, byUserId: admin.id });
      if (q === 0) await placeOrder(db, id, userId, { from: 'COMPLETED', to: 'ORDERED' }, pricedAt + 60_000);
    }
  }

  const farmers: string[] = [];
  for (let i = 0; i < FARMERS; i++) {
    farmers.push(await seedFarmer(i));
    if ((i + 1) % 5_000 === 0) process.stderr.write(`  ${target}: ${i + 1} farmers seeded (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  // Round by round, each farmer's next quotation: a farmer's ten are written among everyone else's.
  for (let q = 0; q < QUOTATIONS_EACH; q++) {
    for (let i = 0; i < FARMERS; i++) await seedQuotation(i, farmers[i]!, q, q * FARMERS + i);
    process.stderr.write(`  ${target}: ${((q + 1) * FARMERS).toLocaleString('en')} quotations seeded (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  console.log(`  ${target}: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The kept database of this seed version, seeded first when missing (or left half-done by a stopped run). */
async function ensureSeeded(target: Target): Promise<Place> {
  if (target === 'sqlite') {
    const dir = sqliteDir();
    const place: Place = { target, dataDir: dir };
    if (existsSync(join(dir, 'seeded'))) return place;
    console.log(`\nscale on sqlite: seeding ${FARMERS.toLocaleString('en')} farmers × ${QUOTATIONS_EACH} quotations into ${dir}…`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const db = open(place);
    await migrateToLatest(db);
    // Seeding only: no fsync per transaction (the measured server runs with the app's own settings).
    await sql`pragma synchronous = OFF`.execute(db);
    await seed(db, target);
    await sql`analyze`.execute(db);
    await db.destroy();
    writeFileSync(join(dir, 'seeded'), `${SEEDED}\n`);
    return place;
  }
  const dataDir = join(CACHE_DIR, `postgres-files-${KEY}`);
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${POSTGRES_SCHEMA}`)}`;
  const place: Place = { target, dataDir, databaseUrl };
  if (await postgresSeeded()) return place;
  // The very rows the repositories' functions wrote on SQLite (seeded there first when missing), copied
  // table by table: seeding PostgreSQL through the functions themselves queued every transaction on
  // the counter rows each insert updates (display ids, list counts) and ran at 5–14 farmers/s, 25–65
  // minutes for 20,000; the copy takes about a minute and makes both databases hold the same data.
  const source = await ensureSeeded('sqlite');
  console.log(`\nscale on postgres: copying the seeded SQLite database into ${POSTGRES_URL} schema ${POSTGRES_SCHEMA}…`);
  await postgresAdmin(POSTGRES_URL, async (c) => {
    await c.query(`drop schema if exists ${POSTGRES_SCHEMA} cascade`);
    await c.query(`create schema ${POSTGRES_SCHEMA}`);
  });
  const db = open(place);
  try {
    await migrateToLatest(db, POSTGRES_SCHEMA);
    await copyRows(join(source.dataDir, 'krishi.sqlite'), db);
    await analyzePostgres(db);
  } finally {
    await db.destroy();
  }
  await postgresAdmin(POSTGRES_URL, (c) => c.query(`comment on schema ${POSTGRES_SCHEMA} is '${SEEDED}'`));
  return place;
}

/**
 * Every row of the app's tables in the SQLite file into the (migrated, otherwise untouched) PostgreSQL
 * database, in one transaction: the rows the migrations themselves made (counters, list counts) are
 * replaced by SQLite's, so display ids and counts go on from where the seeding left them.
 */
async function copyRows(file: string, db: Kysely<Database>): Promise<void> {
  const handle = driverHandle(db);
  if (handle?.kind !== 'postgres') throw new Error('copyRows: not a PostgreSQL database');
  const started = Date.now();
  const source = new SQLite(file, { readonly: true });
  const client = await handle.pool.connect();
  try {
    await client.query('begin');
    for (const table of [...APP_TABLES].reverse()) await client.query(`delete from ${table}`);
    for (const table of APP_TABLES) {
      const columns = (source.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
      const perInsert = Math.floor(30_000 / columns.length);
      const rows = source.prepare(`select ${columns.join(', ')} from ${table}`).raw().iterate() as IterableIterator<unknown[]>;
      let chunk: unknown[][] = [];
      let copied = 0;
      const flush = async () => {
        if (chunk.length === 0) return;
        const values = chunk.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
        await client.query(`insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`, chunk.flat());
        copied += chunk.length;
        chunk = [];
      };
      for (const row of rows) {
        chunk.push(row);
        if (chunk.length === perInsert) await flush();
      }
      await flush();
      process.stderr.write(`  postgres: ${table}: ${copied} rows (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
    source.close();
  }
}

/**
 * The compiled server's environment for a kept database (seeded first when missing), for
 * bench/scale-screens.ts: its DATA_DIR, and on PostgreSQL its DATABASE_URL (the seeded schema).
 */
export async function seededEnv(target: Target): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
  const place = await ensureSeeded(target);
  return { DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}) };
}

/**
 * Fresh sessions for this run (the kept database's older ones are removed): the admin's, 1,000
 * verified farmers' (measured), 1,000 others' that warm the server before the first asks, and 1,000
 * more whose polls hold the tags an earlier server process gave them (`heldTags`).
 */
async function sessions(
  db: Kysely<Database>,
): Promise<{
  adminToken: string;
  farmerTokens: string[];
  warmupTokens: string[];
  heldTokens: string[];
  builtTokens: string[];
  builtWarmupTokens: string[];
  pacedTokens: string[][];
  catchUpTokens: string[];
}> {
  const now = Date.now();
  await db.deleteFrom('sessions').execute();
  const admin = await db.selectFrom('users').select('id').where('mobileNumber', '=', ADMIN_NUMBER).executeTakeFirstOrThrow();
  const farmers = await db
    .selectFrom('users')
    .select('id')
    .where('isVerified', '=', 1)
    .where('mobileNumber', '<>', ADMIN_NUMBER)
    .orderBy('mobileNumber')
    .limit((6 + PACED_RATES.length) * FIRST_ASKS)
    .execute();
  // What a running server's periodic sweep would have expired meanwhile (validity ends since the last
  // run, or the seeding's own long-ago prices): the server's own pass, so its first sweep at start has
  // nothing left to do while the lists are measured.
  const expired = await sweepExpired(db, () => now, RULES);
  if (expired > 0) console.log(`  expired ${expired} quotations past their validity before measuring`);
  // Likewise the SMS the seeding's writes queued (a pricing or order-move notice each, some 40,000):
  // a running server would have sent them as they came. Left pending, the compiled server's outbox
  // sender claimed 10 a second for the whole run, each claim a transaction sorting every pending row,
  // which on SQLite holds the one connection: 26% of the server's CPU in a profile (issue 11) and a
  // stall for every request behind it, none of it the lists' own cost.
  const sent = await db.updateTable('smsOutbox').set({ state: 'sent', sentAt: now, leaseUntil: null, leaseOwner: null }).where('state', '=', 'pending').executeTakeFirst();
  if (Number(sent.numUpdatedRows) > 0) console.log(`  marked ${sent.numUpdatedRows} seeded SMS notices sent before measuring`);
  // The farmers whose asks must build their page: the built-on-ask row, its warm-up and the paced rows.
  const group = (i: number) => farmers.slice(i * FIRST_ASKS, (i + 1) * FIRST_ASKS);
  const building = [group(3), group(4), ...PACED_RATES.map((_, i) => group(5 + i))].flat().map((f) => f.id);
  // And what the server stores after each write (decision 029): every farmer's first page as of
  // their last change. The seeding wrote through the repositories, not the server, so those pages are
  // stored here, with the server's own function; a kept database keeps them, and a later run builds
  // only the pages a write since (the sweep above) left behind.
  const storing = Date.now();
  const behind = await db
    .selectFrom('users')
    .leftJoin('farmerPages', 'farmerPages.userId', 'users.id')
    .select('users.id')
    .where('users.isAdmin', '=', 0)
    .where((eb) =>
      eb.or([
        eb('farmerPages.userId', 'is', null),
        eb('farmerPages.quotationsVersion', '<>', eb.ref('users.quotationsVersion')),
        eb('farmerPages.catalogueVersion', '<>', catalogueVersion()),
        eb('farmerPages.validityDays', '<>', RULES.validityDays),
        eb('farmerPages.format', '<>', FARMER_PAGE_FORMAT),
      ]),
    )
    .execute();
  for (const { id } of behind) await storeFarmerPage(db, id, now, RULES);
  if (behind.length > 0) {
    console.log(`  stored ${behind.length} farmers' first pages (${((Date.now() - storing) / 1000).toFixed(0)} s)`);
    // Those writes' dirty pages go to disk now, not while the server is measured.
    if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`checkpoint`.execute(db);
  }
  // Then the building farmers' pages are set past their end: a stored page that does not hold, which
  // the server's catch-up walk leaves to the expiry sweep (the walk stores a page that is missing or
  // behind in versions, rule or format), and the sweep finds nothing due in them. So each of their asks
  // reads its row, finds that it does not hold and builds the page, as an ask after a SKU edit does
  // before the walk reaches the farmer, and the server's walk at start leaves them so (a removed row it
  // would store again: it finds missing pages too).
  for (let i = 0; i < building.length; i += 500) {
    await db.updateTable('farmerPages').set({ expiresAt: 0 }).where('userId', 'in', building.slice(i, i + 500)).execute();
  }
  const tokens: string[] = [];
  for (const f of farmers) tokens.push(await createSession(db, f.id, now, FARMER_SESSION_MS));
  const tokenGroup = (i: number) => tokens.slice(i * FIRST_ASKS, (i + 1) * FIRST_ASKS);
  return {
    adminToken: await createSession(db, admin.id, now, ADMIN_SESSION_MS),
    farmerTokens: tokenGroup(0),
    warmupTokens: tokenGroup(1),
    heldTokens: tokenGroup(2),
    builtTokens: tokenGroup(3),
    builtWarmupTokens: tokenGroup(4),
    pacedTokens: PACED_RATES.map((_, i) => tokenGroup(5 + i)),
    catchUpTokens: tokenGroup(5 + PACED_RATES.length),
  };
}

/** The load average now (1, 5, 15 minutes), as `uptime` prints it. */
const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

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
      for (const row of plan.rows) console.log(`      ${row.detail}`);
    } else {
      const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]));
      for (const row of plan.rows) console.log(`      ${row['QUERY PLAN']}`);
    }
  }
}

/** The plan of each measured list's queries. */
export async function explainAll(db: Kysely<Database>, target: Target, list: Measured[]): Promise<void> {
  console.log(`\nscale on ${target}: the plan of each list query`);
  for (const m of list) if (!m.warm) await explain(db, target, m.name, m.call);
}

/** The cursor `pages` pages of `limit` deep into one of the repository's lists, walked as a client would. */
async function deepCursor(next: (cursor: string | undefined) => Promise<{ nextCursor: string | null }>, pages: number): Promise<string> {
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const page = await next(cursor);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return cursor ?? '';
}

interface Measured {
  name: string;
  path: string;
  /** The farmers' tokens, rotated; the admin's otherwise. */
  farmers?: boolean;
  /**
   * Each farmer asks once, and only those requests are measured (autocannon's `amount`, not a
   * duration): every one a miss of the answer cache, read, serialized and compressed. Before them,
   * as many other farmers ask once, unmeasured, so the server has run this path as a server that
   * has been up for a while has. (Measured over a duration, the first asks were the first 4% of the
   * requests and the rest hits of the kept answers: the p99 then reflected the misses only partly.)
   */
  firstAsks?: boolean;
  /**
   * First asks as above by 1,000 other farmers, each of whose stored page (decision 029) was left
   * behind first, with 1,000 more such farmers' unmeasured before them: every ask reads its row, finds
   * it behind and builds its page, as the asks after a SKU edit (which leaves every stored page behind) do.
   */
  builtOnAsk?: boolean;
  /**
   * First asks as above, by 1,000 farmers no other row asks for, each of whose stored page was
   * left behind first (so each builds its page, as `builtOnAsk`), arriving at this many a second
   * (pacedAsks) instead of each of the 20 connections asking again as soon as it is answered: the
   * closed loop measures the server saturated, this the herd real farmers make at the rate they poll.
   */
  paced?: { rate: number };
  /**
   * A miss path: every ask misses the page its farmer's last write stored (decision 029), so each
   * builds it (built on ask, closed loop or paced) or brings it to a new catalogue (after a SKU edit),
   * as for a while after a SKU edit or a deploy. These rows were added to issue 11's measures (each
   * list's page; the farmer's first page as the server serves it: stored, kept, or proved by a held
   * tag), and are reported beside its targets, not under them.
   */
  missPath?: boolean;
  /**
   * Asked once with every token before measuring (not counted): the server then holds each farmer's
   * answer (decision 025), as it does for farmers who keep polling an unchanged list.
   */
  warm?: boolean;
  /**
   * 1,000 other farmers each poll once, holding the tag (ETag) another server process on the same
   * database gave them before this one started: polls after a restart (or of answers a cache has
   * dropped), each a 304 that this server proves from the tag alone, never having built the answer.
   */
  heldTags?: boolean;
  /**
   * First asks as `firstAsks`, by 1,000 farmers no other row asks for, sent as soon as an admin's SKU
   * edit is answered: every stored page is then behind, and the server's catch-up walk
   * (FarmerPages.catchUp) stores them again while these asks come in, each served from its row if the
   * walk has passed it, else built on ask. Measured last: the walk goes on after them (its length is
   * printed).
   */
  afterSkuEdit?: boolean;
  /** The same list call on the repositories, for its plan. */
  call: (db: Kysely<Database>) => Promise<unknown>;
}

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** The server's CPU time per answer (ms): what the crowded machine's clock figures cannot show. */
  cpuPerRequest: number;
  /** The JSON answer's size. */
  bytes: number;
  /** Its size on the wire, compressed as a phone's browser accepts. */
  wire: number;
  bad: number;
  load: string;
}

/** What Chromium on a phone sends: the server compresses API answers above 1 KB (issue 9). */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The body's size as sent, compressed (fetch would decode it, so a raw request counts it). */
function wireBytes(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
  });
}

/** The CPU time a process has used, in ms (/proc/<pid>/stat utime + stime, at 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(m: Measured, base: string, tokens: string[], pid: number, warmupTokens: string[] = [], tags: string[] = []): Promise<Figure> {
  // A held tag's farmer is not asked here: this server would then keep that answer.
  const probeToken = m.heldTags ? warmupTokens[0]! : tokens[0]!;
  const probe = await fetch(base + m.path, { headers: { authorization: `Bearer ${probeToken}` } });
  const bytes = (await probe.arrayBuffer()).byteLength;
  if (probe.status !== 200) throw new Error(`${m.path} answered ${probe.status}`);
  const wire = await wireBytes(base + m.path, probeToken);
  if (m.warm) {
    for (let i = 0; i < tokens.length; i += CONNECTIONS) {
      await Promise.all(
        tokens.slice(i, i + CONNECTIONS).map(async (token) => {
          const res = await fetch(base + m.path, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING } });
          await res.arrayBuffer();
        }),
      );
    }
  }
  const run = async (asking: string[], length: { duration: number } | { amount: number }, held: string[] = []) => {
    let next = 0;
    return autocannon({
      url: base,
      connections: CONNECTIONS,
      ...length,
      requests: [
        {
          method: 'GET',
          path: m.path,
          setupRequest: (req: autocannon.Request) => {
            const i = next++ % asking.length;
            const tag = held[i] ? { 'if-none-match': held[i] } : {};
            return { ...req, headers: { authorization: `Bearer ${asking[i]}`, 'accept-encoding': ACCEPT_ENCODING, ...tag } };
          },
        },
      ],
    });
  };
  if (m.firstAsks && !m.afterSkuEdit) await run(warmupTokens, { amount: warmupTokens.length });
  if (m.afterSkuEdit) await editSku(base, warmupTokens[0]!);
  const cpuBefore = cpuMs(pid);
  const figure = (total: number, rps: number, p50: number, p99: number, bad: number): Figure => {
    const cpuPerRequest = (cpuMs(pid) - cpuBefore) / Math.max(1, total);
    return { name: m.name, cpuPerRequest, rps, p50, p99, bytes, wire: m.heldTags ? 0 : wire, bad, load: load() };
  };
  if (m.paced) {
    const paced = await pacedAsks(base + m.path, tokens, m.paced.rate);
    return figure(tokens.length, m.paced.rate, paced.p50, paced.p99, paced.bad);
  }
  const result = await run(tokens, m.firstAsks || m.heldTags ? { amount: tokens.length } : { duration: SECONDS }, m.heldTags ? tags : []);
  // A held tag's poll is a 304 (no body): any other answer counts as bad.
  const bad = (m.heldTags ? result.requests.total - result['3xx'] : result.non2xx) + result.errors + result.timeouts;
  return figure(result.requests.total, result.requests.average, result.latency.p50, result.latency.p99, bad);
}

/** An admin's edit of the first SKU (its name, back and forth between two): the catalogue version moves. */
async function editSku(base: string, adminToken: string): Promise<void> {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const skus = (await (await fetch(`${base}/api/skus`, { headers })).json()) as { data: { _id: string; name: string; version: number }[] };
  const sku = skus.data[0]!;
  const name = sku.name.endsWith(' ·') ? sku.name.slice(0, -2) : `${sku.name} ·`;
  const res = await fetch(`${base}/api/skus/${sku._id}`, { method: 'PATCH', headers, body: JSON.stringify({ name, version: sku.version }) });
  if (res.status !== 200) throw new Error(`the SKU edit answered ${res.status}: ${await res.text()}`);
}

/**
 * Waits until no stored page is behind the catalogue (the server's catch-up walk is done); its length
 * in seconds, or Infinity when it has not come within CATCH_UP_WAIT_S.
 */
async function catchUpSeconds(place: Place, since: number): Promise<number> {
  const db = open(place);
  try {
    while (performance.now() - since < CATCH_UP_WAIT_S * 1000) {
      const behind = await db
        .selectFrom('farmerPages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('catalogueVersion', '<', catalogueVersion())
        .executeTakeFirstOrThrow();
      if (Number(behind.n) === 0) return (performance.now() - since) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return Infinity;
  } finally {
    await db.destroy();
  }
}

/**
 * One GET per token, the i-th sent at start + i / rate seconds whether or not earlier ones have been
 * answered (an open loop: autocannon's overallRate instead lets its connections ask as fast as they
 * can until the second's budget is spent, then waits, so its requests come in bursts). Each latency
 * runs from the moment the request was due, so a late timer on this side counts against the figure
 * too (no coordinated omission). Milliseconds, rounded as autocannon's; bad: not a 200.
 */
async function pacedAsks(url: string, tokens: string[], rate: number): Promise<{ p50: number; p99: number; bad: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let bad = 0;
  const ask = (token: string, due: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        if (res.statusCode !== 200) bad++;
        res.resume();
        res.on('end', () => latencies.push(performance.now() - due));
        // 'close' comes after 'end', and also when the answer breaks off (then counted as bad).
        res.on('close', () => {
          if (!res.complete) bad++;
          resolve();
        });
      });
      req.on('error', () => {
        bad++;
        resolve();
      });
    });
  const start = performance.now() + 10;
  const asked: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < tokens.length && start + (sent * 1000) / rate <= now) {
        asked.push(ask(tokens[sent]!, start + (sent * 1000) / rate));
        sent++;
      }
      if (sent < tokens.length) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(asked);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? NaN);
  return { p50: at(0.5), p99: at(0.99), bad };
}

/** What is measured: each list's path, and the same call on the repositories for its plan. */
export async function measuredLists(db: Kysely<Database>): Promise<Measured[]> {
  const now = Date.now();
  const rules = RULES;
  const deep = await deepCursor((cursor) => quotationPage(db, { limit: 200, cursor }, rules), 50);
  const deepOrders = await deepCursor((cursor) => orderPage(db, { limit: 200, cursor }), 40);
  const deepUsers = await deepCursor((cursor) => userPage(db, { limit: 200, cursor }, now), 40);
  // The first farmer sessions() gives a session to (verified, lowest mobile number).
  const farmer = await db.selectFrom('users').select('users.id').where('users.isVerified', '=', 1).where('mobileNumber', '<>', ADMIN_NUMBER).orderBy('mobileNumber').executeTakeFirstOrThrow();
  const list: Measured[] = [
    { name: 'users, first page', path: '/api/users/all', call: (d) => userPage(d, { limit: 50 }, now) },
    { name: 'users, q=name prefix', path: '/api/users/all?q=geeta%2012', call: (d) => userPage(d, { limit: 50, q: 'geeta 12' }, now) },
    { name: 'users, q=mobile prefix', path: '/api/users/all?q=9000', call: (d) => userPage(d, { limit: 50, q: '9000' }, now) },
    { name: 'users, page 41 via cursor (8,000 deep)', path: `/api/users/all?cursor=${deepUsers}`.replace(/\?cursor=$/, ''), call: (d) => userPage(d, { limit: 50, cursor: deepUsers || undefined }, now) },
    { name: 'quotations, first page', path: '/api/quotations/all', call: (d) => quotationPage(d, { limit: 50 }, rules) },
    { name: 'quotations, q=QT number prefix', path: '/api/quotations/all?q=QT2000', call: (d) => quotationPage(d, { limit: 50, q: 'QT2000' }, rules) },
    { name: 'quotations, q=name prefix', path: '/api/quotations/all?q=kiran%20123', call: (d) => quotationPage(d, { limit: 50, q: 'kiran 123' }, rules) },
    { name: 'quotations, status=COMPLETED', path: '/api/quotations/all?status=COMPLETED', call: (d) => quotationPage(d, { limit: 50, status: 'COMPLETED' }, rules) },
    { name: 'quotations, page 51 via cursor (10,000 deep)', path: `/api/quotations/all?cursor=${deep}`.replace(/\?cursor=$/, ''), call: (d) => quotationPage(d, { limit: 50, cursor: deep || undefined }, rules) },
    { name: 'orders, first page', path: '/api/orders', call: (d) => orderPage(d, { limit: 50 }) },
    { name: 'orders, q=QT number (its quotation)', path: '/api/orders?q=QT100001', call: (d) => orderPage(d, { limit: 50, q: 'QT100001' }) },
    { name: 'orders, q=OD number prefix', path: '/api/orders?q=OD1100', call: (d) => orderPage(d, { limit: 50, q: 'OD1100' }) },
    { name: 'orders, q=name prefix', path: '/api/orders?q=meena', call: (d) => orderPage(d, { limit: 50, q: 'meena' }) },
    { name: 'orders, page 41 via cursor (8,000 deep)', path: `/api/orders?cursor=${deepOrders}`.replace(/\?cursor=$/, ''), call: (d) => orderPage(d, { limit: 50, cursor: deepOrders || undefined }) },
    // Each farmer's first ask since their last change: the page that change stored (decision 029), one
    // point read (explained here), after the session lookup.
    { name: "farmer's first page, first asks (1,000)", path: '/api/quotations', farmers: true, firstAsks: true, call: (d) => findStoredPage(d, farmer.id) },
    {
      name: "farmer's first page, built on ask (1,000)",
      path: '/api/quotations',
      farmers: true,
      firstAsks: true,
      builtOnAsk: true,
      missPath: true,
      call: (d) => farmerQuotationPage(d, { userId: farmer.id, limit: 50 }, now, rules),
    },
    ...PACED_RATES.map((rate): Measured => ({
      name: `farmer's first page, built on ask at ${rate}/s`,
      path: '/api/quotations',
      farmers: true,
      firstAsks: true,
      paced: { rate },
      missPath: true,
      call: (d) => farmerQuotationPage(d, { userId: farmer.id, limit: 50 }, now, rules),
    })),
    // The same, once every farmer has asked: polls of unchanged lists, each a hit of decision 025's cache.
    { name: "farmer's first page, answers kept (1,000)", path: '/api/quotations', farmers: true, warm: true, call: (d) => farmerQuotationPage(d, { userId: farmer.id, limit: 50 }, now, rules) },
    { name: "farmer's first page, tags held (1,000)", path: '/api/quotations', farmers: true, heldTags: true, call: (d) => farmerQuotationPage(d, { userId: farmer.id, limit: 50 }, now, rules) },
    {
      name: "farmer's first page, after a SKU edit (1,000)",
      path: '/api/quotations',
      farmers: true,
      firstAsks: true,
      afterSkuEdit: true,
      missPath: true,
      call: (d) => findStoredPage(d, farmer.id),
    },
  ];
  return list;
}

/** Each farmer's tag of `path`, from a server process that is stopped before the measured one starts. */
async function tagsFromAnEarlierServer(place: Place, path: string, tokens: string[]): Promise<string[]> {
  const earlier = await startCompiled({ dataDir: place.dataDir, ...(place.databaseUrl ? { databaseUrl: place.databaseUrl } : {}) });
  try {
    const tags: string[] = [];
    for (const token of tokens) {
      const res = await fetch(earlier.url + path, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING } });
      await res.arrayBuffer();
      const tag = res.headers.get('etag');
      if (res.status !== 200 || !tag) throw new Error(`${path} answered ${res.status} without a tag`);
      tags.push(tag);
    }
    return tags;
  } finally {
    await stopCompiled(earlier.child);
  }
}

async function run(target: Target): Promise<void> {
  const place = await ensureSeeded(target);
  if (process.env.SCALE_SEED_ONLY) {
    console.log(target === 'sqlite' ? `${target}: DATA_DIR=${place.dataDir}` : `${target}: DATABASE_URL=${place.databaseUrl}`);
    return;
  }
  const db = open(place);
  // A kept database of an older release: the compiled server would migrate it; the plans need it first.
  await migrateToLatest(db, target === 'postgres' ? POSTGRES_SCHEMA : undefined);
  if (target === 'postgres') await analyzePostgres(db);
  const { adminToken, farmerTokens, warmupTokens, heldTokens, builtTokens, builtWarmupTokens, pacedTokens, catchUpTokens } = await sessions(db);
  const only = process.env.SCALE_ONLY ? new RegExp(process.env.SCALE_ONLY, 'i') : null;
  const list = (await measuredLists(db)).filter((m) => !only || only.test(m.name));
  if (process.env.SCALE_PLANS !== '0') await explainAll(db, target, list);
  await db.destroy();
  if (process.env.SCALE_MEASURE === '0') return;

  const held = list.find((m) => m.heldTags);
  const tags = held ? await tagsFromAnEarlierServer(place, held.path, heldTokens) : [];

  const profileDir = process.env.SCALE_PROFILE;
  const app = await startCompiled({
    dataDir: place.dataDir,
    ...(place.databaseUrl ? { databaseUrl: place.databaseUrl } : {}),
    nodeFlags: [...(process.env.SCALE_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []), ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
  });
  const rssAtStart = residentMegabytes(app.child.pid!);
  const figures: Figure[] = [];
  let catchUp: number | undefined;
  const rss = await (async () => {
    try {
      for (const m of list) {
        const paced = m.paced ? pacedTokens[PACED_RATES.indexOf(m.paced.rate)]! : undefined;
        const asking = paced ?? (m.heldTags ? heldTokens : m.builtOnAsk ? builtTokens : m.afterSkuEdit ? catchUpTokens : m.farmers ? farmerTokens : [adminToken]);
        const edited = performance.now();
        // The SKU edit's row takes the admin's token where the others warm up.
        figures.push(await measure(m, app.url, asking, app.child.pid!, m.builtOnAsk ? builtWarmupTokens : m.afterSkuEdit ? [adminToken] : warmupTokens, tags));
        if (m.afterSkuEdit) catchUp = await catchUpSeconds(place, edited);
      }
      return residentMegabytes(app.child.pid!);
    } finally {
      await stopCompiled(app.child);
    }
  })();

  // The same request over and over: with the admin list answer cache on, nearly every admin answer is a hit.
  const listCache = process.env.LIST_CACHE_MB === '0' ? 'off (LIST_CACHE_MB=0): every admin page built' : 'on: repeated admin pages are mostly cache hits';
  console.log(`\nscale on ${target}: ${CONNECTIONS} connections, ${SECONDS} s each, compiled server, admin list cache ${listCache}`);
  console.log('  measurement                                      req/s   p50 ms   p99 ms  CPU ms/req  JSON bytes  wire bytes  non-2xx   load average');
  for (const f of figures) {
    console.log(
      `  ${f.name.padEnd(46)} ${f.rps.toFixed(0).padStart(7)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${f.cpuPerRequest.toFixed(2).padStart(11)} ${String(f.bytes).padStart(11)} ${String(f.wire).padStart(11)} ${String(f.bad).padStart(8)}   ${f.load}`,
    );
  }
  if (profileDir) printProfile(profileDir);
  // The targets' rows, and the miss paths reported beside them; which rows miss, by name (a single
  // worst figure hides whether one row or every row is over).
  const missPaths = new Set(list.filter((m) => m.missPath).map((m) => m.name));
  const over = figures.filter((f) => !missPaths.has(f.name) && f.p99 > TARGETS.p99Ms).map((f) => `${f.name} ${f.p99} ms`);
  const targeted = figures.length - missPaths.size;
  const biggest = Math.max(...figures.map((f) => f.bytes));
  if (catchUp === Infinity) console.log(`  after the SKU edit, stored pages were still behind ${CATCH_UP_WAIT_S} s after the edit was sent`);
  else if (catchUp !== undefined) console.log(`  after the SKU edit, every stored page was caught up ${catchUp.toFixed(1)} s after the edit was sent`);
  console.log(`  server RSS: ${rssAtStart.toFixed(0)} MB when it started serving, ${rss.toFixed(0)} MB at the end (load ${load()})`);
  console.log(
    `  targets: p99 ≤ ${TARGETS.p99Ms} ms → ${over.length === 0 ? `met by ${targeted} of ${targeted} rows` : `NOT met by ${over.length} of ${targeted} rows (${over.join('; ')})`}; ` +
      `≤ 60 KB of JSON per page → ${biggest <= TARGETS.pageBytes ? 'met' : `NOT met (${biggest} bytes)`} (largest on the wire ${Math.max(...figures.map((f) => f.wire))} bytes); ` +
      `RSS ≤ ${TARGETS.rssMb} MB → ${rss <= TARGETS.rssMb ? 'met' : 'NOT met'}`,
  );
  const missFigures = figures.filter((f) => missPaths.has(f.name));
  if (missFigures.length > 0) {
    console.log(
      `  beside the targets, the miss paths (every ask misses its stored page): ` +
        missFigures.map((f) => `${f.name} p99 ${f.p99} ms (${f.p99 <= TARGETS.p99Ms ? 'within' : 'over'} ${TARGETS.p99Ms} ms)`).join('; '),
    );
  }
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

/** Every target in SCALE_DATABASES (the compiled server built first unless `build` is false). */
export async function scale(build = true): Promise<void> {
  if (build && !process.env.SCALE_SEED_ONLY) execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  for (const target of (process.env.SCALE_DATABASES ?? 'sqlite,postgres').split(',')) await run(target as Target);
}

if (/[/\\]scale\.ts$/.test(process.argv[1] ?? '')) {
  scale().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
