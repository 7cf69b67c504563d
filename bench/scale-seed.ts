/**
 * The seeded database of `npm run bench:scale`: 20,000 farmers, 200,000 quotations (10 each, asked in
 * turn, so one farmer's rows lie apart in the tables as in a real shop's) and 20,000 orders, written
 * through the repositories' own functions on SQLite (about 2 minutes), then copied row by row into
 * PostgreSQL (about half a minute; see copyRows).
 *
 * The seeded databases are pristine: nothing ever serves them. Each bench run (and bench/scale-screens.ts)
 * serves a fresh copy (`freshCopy`), because the compiled server migrates its database forward when it
 * starts: the copy of one release's run must not be the next release's starting point, so a "before"
 * and an "after" run of two releases both start from the same rows.
 * - SQLite: the pristine file is SCALE_DATA_DIR/sqlite-<key>/krishi.sqlite; a run copies it to
 *   SCALE_DATA_DIR/<SCALE_RUN>-sqlite/krishi.sqlite.
 * - PostgreSQL: the pristine database is `scale` (SCALE_DATABASE_URL), its rows in the schema
 *   scale_<key>; a run serves `<that database>_<SCALE_RUN>`, made with `create database … template`.
 * Seed with the oldest release you will measure: a release's server migrates an older seed forward,
 * but no release can serve a database a newer release's migrations have touched.
 * A seed is marked complete only at its end, so a stopped seeding starts afresh. Change the seeding
 * below → bump SEED_VERSION.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { driverHandle, openDatabase } from '../src/server/db/connect';
import { analyzePostgres, APP_TABLES, migrateToLatest } from '../src/server/db/migrations';
import type { Database } from '../src/server/db/schema';
import { placeOrder } from '../src/server/repos/orders';
import { adminEditQuotation, createQuotation } from '../src/server/repos/quotations';
import { listSkus } from '../src/server/repos/skus';
import { upsertLoginUser, verifyUser, writeProfile } from '../src/server/repos/users';
import { seedDatabase } from '../src/server/seed/seed';

/** Bump when the seeding below changes: a kept database of another version is seeded afresh. */
const SEED_VERSION = 3; // 2: ten-digit mobile numbers (1 made nine); 3: farmers' quotations interleaved
export const FARMERS = Number(process.env.SCALE_FARMERS ?? 20_000);
export const QUOTATIONS_EACH = 10;
const KEY = `v${SEED_VERSION}_${FARMERS}`;
const NAMES = ['Ramesh', 'Suresh', 'Geeta', 'Harshad', 'Kiran', 'Meena', 'Bhavesh', 'Asha', 'Dinesh', 'Jaya'];
export const ADMIN_NUMBER = '9000000001';
const CACHE_DIR = process.env.SCALE_DATA_DIR ?? '/var/tmp/krishi-scale';
const POSTGRES_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale';
export const POSTGRES_SCHEMA = `scale_${KEY}`;
const SEEDED = `seeded ${KEY}`;
/** The name of the served copies, so two checkouts' runs can keep theirs apart. */
const RUN = process.env.SCALE_RUN ?? 'run';

export type Target = 'sqlite' | 'postgres';

/** A database a compiled server can be started on. */
export interface Place {
  target: Target;
  /** SQLite: the folder of krishi.sqlite; PostgreSQL: a folder for the server's secrets and uploads. */
  dataDir: string;
  /** PostgreSQL: the URL the compiled server connects with (its search_path is the seeded schema). */
  databaseUrl?: string;
}

const pristineSqliteDir = () => join(CACHE_DIR, `sqlite-${KEY}`);
const runDatabaseName = () => `${new URL(POSTGRES_URL).pathname.slice(1)}_${RUN}`;

/** A PostgreSQL URL for another database on the same server. */
function databaseAt(name: string, schema?: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  if (schema) url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Kysely on a place's database (on PostgreSQL, its seeded schema; the pristine database when the place names none). */
function open(place: Place): Kysely<Database> {
  if (place.target === 'sqlite') return openDatabase({ kind: 'sqlite', file: join(place.dataDir, 'krishi.sqlite') });
  const url = new URL(place.databaseUrl ?? POSTGRES_URL);
  url.search = '';
  return openDatabase({ kind: 'postgres', url: url.toString(), searchPath: POSTGRES_SCHEMA });
}

/** The same migrations the compiled server runs at start, on a place's database. */
export const migrate = (db: Kysely<Database>, target: Target) => migrateToLatest(db, target === 'postgres' ? POSTGRES_SCHEMA : undefined);

async function postgresAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The pristine database `scale` exists (made when missing); true when its schema of this seed version is complete. */
async function postgresSeeded(): Promise<boolean> {
  const name = new URL(POSTGRES_URL).pathname.slice(1);
  await postgresAdmin(databaseAt('postgres'), async (c) => {
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
    // Each line with the SKU's minimum price as the farmer saw it: a release that takes it from the
    // caller needs it, one that quotes the catalogue's own ignores it, so one seeding serves both.
    const lines = [
      { skuId: a._id, quantity: q + 1, minimumPrice: a.minimumPrice },
      { skuId: b._id, quantity: 2, minimumPrice: b.minimumPrice },
    ];
    const id = await createQuotation(db, userId, lines, createdAt);
    if (q === 0 || q === 5) {
      // One in ten is priced and ordered; one in ten priced (long ago: expired on first read, or recently: open).
      const pricedAt = q === 0 ? createdAt + 3_600_000 : i % 2 ? now - 86_400_000 : createdAt + 3_600_000;
      const priced = [a, b].map((s, k) => ({ skuIdentifier: s._id, quantity: k === 0 ? q + 1 : 2, goodsPricePaisa: 250_000, discountPaisa: 0, shippingPricePaisa: 5_000 }));
      await adminEditQuotation(db, { id, status: 'COMPLETED', lines: priced, now: pricedAt, byUserId: admin.id });
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

/** The pristine database of this seed version, seeded first when missing (or left half-done by a stopped run). */
async function ensurePristine(target: Target): Promise<void> {
  if (target === 'sqlite') {
    const dir = pristineSqliteDir();
    if (existsSync(join(dir, 'seeded'))) return;
    console.log(`\nscale on sqlite: seeding ${FARMERS.toLocaleString('en')} farmers × ${QUOTATIONS_EACH} quotations into ${dir}…`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const db = open({ target, dataDir: dir });
    await migrateToLatest(db);
    // Seeding only: no fsync per transaction (the measured server runs with the app's own settings).
    await sql`pragma synchronous = OFF`.execute(db);
    await seed(db, target);
    await sql`analyze`.execute(db);
    // One file to copy: the write-ahead log folded in.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    await db.destroy();
    writeFileSync(join(dir, 'seeded'), `${SEEDED}\n`);
    return;
  }
  if (await postgresSeeded()) return;
  // The very rows the repositories' functions wrote on SQLite (seeded there first when missing), copied
  // table by table: seeding PostgreSQL through the functions themselves queued every transaction on
  // the counter rows each insert updates (display ids, list counts) and ran at 5–14 farmers/s, 25–65
  // minutes for 20,000; the copy takes about half a minute and makes both databases hold the same data.
  await ensurePristine('sqlite');
  console.log(`\nscale on postgres: copying the seeded SQLite database into ${POSTGRES_URL} schema ${POSTGRES_SCHEMA}…`);
  await postgresAdmin(POSTGRES_URL, async (c) => {
    await c.query(`drop schema if exists ${POSTGRES_SCHEMA} cascade`);
    await c.query(`create schema ${POSTGRES_SCHEMA}`);
  });
  const db = open({ target, dataDir: '' });
  try {
    await migrateToLatest(db, POSTGRES_SCHEMA);
    await copyRows(join(pristineSqliteDir(), 'krishi.sqlite'), db);
    await analyzePostgres(db);
  } finally {
    await db.destroy();
  }
  await postgresAdmin(POSTGRES_URL, (c) => c.query(`comment on schema ${POSTGRES_SCHEMA} is '${SEEDED}'`));
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
 * A fresh copy of the pristine seeded database (seeded first when missing), for one run of the
 * compiled server: whatever the server or the bench does to it (migrations, sessions, writes) is gone
 * at the next run. Replaces the previous run's copy.
 */
export async function freshCopy(target: Target): Promise<Place> {
  await ensurePristine(target);
  const started = Date.now();
  const dataDir = join(CACHE_DIR, `${RUN}-${target}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (target === 'sqlite') {
    // With its write-ahead log, if a seeding closed without folding it in.
    for (const file of ['krishi.sqlite', 'krishi.sqlite-wal']) {
      if (existsSync(join(pristineSqliteDir(), file))) copyFileSync(join(pristineSqliteDir(), file), join(dataDir, file));
    }
    console.log(`  sqlite: fresh copy of the seeded database in ${dataDir} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return { target, dataDir };
  }
  const name = runDatabaseName();
  const pristine = new URL(POSTGRES_URL).pathname.slice(1);
  await postgresAdmin(databaseAt('postgres'), async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    // A file copy: one checkpoint, then the files; the default (WAL_LOG) writes every page through the log.
    await c.query(`create database "${name}" template "${pristine}" strategy file_copy`);
  });
  console.log(`  postgres: fresh copy of the seeded database as ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return { target, dataDir, databaseUrl: databaseAt(name, POSTGRES_SCHEMA) };
}

/**
 * `work` on a place's database with commits that do not wait for the disk: the bench's own
 * preparation (migrations, some 11,000 sessions: a minute of fsyncs on PostgreSQL otherwise). On
 * SQLite the setting is the one connection's; on PostgreSQL the database's default while `work` runs,
 * reset before the server opens its own connections, which then wait as configured.
 */
export async function preparing<T>(place: Place, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const name = place.databaseUrl ? new URL(place.databaseUrl).pathname.slice(1) : undefined;
  if (name) await postgresAdmin(databaseAt('postgres'), (c) => c.query(`alter database "${name}" set synchronous_commit = off`));
  const db = open(place);
  try {
    if (!name) await sql`pragma synchronous = OFF`.execute(db);
    return await work(db);
  } finally {
    await db.destroy();
    if (name) await postgresAdmin(databaseAt('postgres'), (c) => c.query(`alter database "${name}" reset synchronous_commit`));
  }
}

/**
 * The compiled server's environment on a fresh copy of the seeded database (seeded first when
 * missing), for bench/scale-screens.ts: its DATA_DIR, and on PostgreSQL its DATABASE_URL.
 */
export async function seededEnv(target: Target): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
  const place = await freshCopy(target);
  return { DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}) };
}
