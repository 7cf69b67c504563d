/**
 * Opens the one Kysely instance: better-sqlite3 in DATA_DIR by default, a pg Pool when a URL is given.
 * SQLite runs in WAL with synchronous=FULL so an acknowledged write survives kill -9.
 */
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SelectQueryBuilder,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './schema';

export type DbTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; searchPath?: string };

const INT8_OID = 20;

/** The driver handle behind each Kysely instance opened here (the SMS outbox and the benches reach the driver through it). */
export type DriverHandle = { kind: 'sqlite'; sqlite: SQLite.Database } | { kind: 'postgres'; pool: pg.Pool };
const driverHandles = new WeakMap<Kysely<Database>, DriverHandle>();

/** The better-sqlite3 connection or pg pool of a Kysely instance opened here; undefined for a transaction. */
export const driverHandle = (db: Kysely<Database>): DriverHandle | undefined => driverHandles.get(db);

/**
 * A read inside a write transaction that holds the rows it reads until the commit: FOR NO KEY UPDATE
 * on PostgreSQL (the lock the UPDATE that follows takes anyway, taken at the read), where
 * transactions run side by side; unchanged on SQLite, which runs one write transaction at a time and
 * has no such clause. The dialect is read from the adapter, which a transaction or a `withPlugin`
 * instance shares with its root.
 */
export function lockingRead(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    postgres ? query.forNoKeyUpdate() : query;
}

function openSqlite(file: string): Kysely<Database> {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  driverHandles.set(db, { kind: 'sqlite', sqlite });
  return db;
}

/**
 * Kysely asks the driver to prepare every query afresh; the same few statements (the session lookup
 * on every call, the page reads) repeat on every poll, so better-sqlite3's prepared statements are
 * kept by their SQL, the least recently used dropped past a bound on their SQL's size (a statement's
 * memory in SQLite grows with it; `in (?, ?, …)` lists make many texts). Safe because better-sqlite3
 * runs each statement to completion synchronously (Kysely's streaming `iterate` is not used here).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ maxSize: 1024 * 1024, sizeCalculation: (_, sql) => sql.length });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}

function openPostgres(url: string, searchPath?: string): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
    // bigint columns hold epoch milliseconds and paisa, all well inside Number's safe range.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: detachingRows(pool) }), plugins: [new CamelCasePlugin()] });
  driverHandles.set(db, { kind: 'postgres', pool });
  return db;
}

/**
 * The pool as Kysely sees it: each answer's rows handed over in an array of their own, the driver's
 * result emptied. Once V8 has seen the driver's result objects outlive young collections (while the
 * server starts) it allocates them straight into the old generation, and an old result holding a
 * page's rows kept those rows alive through every young collection until the next full one: a
 * 200,000-quotation CSV export promoted some 100 MB of rows and the server grew by 80 MB, where on
 * SQLite it grows by 15. Emptied, the old result holds nothing young and the rows die young. (No
 * cursor: the server never streams a query through Kysely.)
 */
function detachingRows(pool: pg.Pool): PostgresPool {
  const detaching = (client: pg.PoolClient): PostgresPoolClient => ({
    query: (async (sql: string, parameters: readonly unknown[]) => {
      const result = await client.query(sql, parameters as unknown[]);
      // Several statements in one text answer a list of results, which Kysely reads as no rows.
      if (!Array.isArray(result.rows)) return result;
      const rows = result.rows.slice();
      result.rows.length = 0;
      return { command: result.command, rowCount: result.rowCount, rows };
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return { connect: async () => detaching(await pool.connect()), end: () => pool.end() };
}

export function openDatabase(target: DbTarget): Kysely<Database> {
  return target.kind === 'sqlite' ? openSqlite(target.file) : openPostgres(target.url, target.searchPath);
}

/** SQLite's own check that the file is whole (`ok` when it is). */
export async function sqliteIntegrity(file: string): Promise<string> {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    sqlite.close();
  }
}
