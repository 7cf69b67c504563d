/**
 * A read compiled once per database and then run with new parameter values (the polling path: the
 * session lookup on every authenticated call, the quotation list). Decisions 023 and 024.
 *
 * - Kysely otherwise builds and compiles the query tree on every call. `build` must use each parameter
 *   once, in the order given; the first compilation checks that the compiled parameters are exactly
 *   those values, in that order. A read of a list of ids takes them as rest parameters (`in (?, ?, …)`):
 *   it is compiled once per count of parameters, and checked the same way each time. Each count is a
 *   statement kept per database (and per PostgreSQL connection), so the caller bounds the count: the
 *   audit reads (repos/audit.ts) take one page's orders, at most the page size limit plus one.
 * - The compiled SQL then runs on the driver directly, its rows built here with the camelCase names
 *   Kysely's CamelCasePlugin gives (a test compares them with Kysely's own rows):
 *   - SQLite: one better-sqlite3 statement in raw (array) mode. better-sqlite3 building row objects,
 *     then Kysely's executor and result plugin copying them, cost more than SQLite's own work on the
 *     20-row quotation list. A read never runs inside someone else's open transaction: better-sqlite3
 *     has one connection, and a Kysely transaction holds it across awaits, so while one is open the
 *     read waits for the connection (Kysely's own lock) like any other query would.
 *   - PostgreSQL: a named prepared statement on the pool (pg prepares it once per connection), so the
 *     server neither parses nor re-plans the four-table join on every poll. Pool queries never run on
 *     a client that is inside a transaction.
 * - Inside a transaction (`trx`), the query goes through Kysely as usual.
 */
import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { CamelCasePlugin, type CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type pg from 'pg';
import { driverHandle } from './connect';
import type { Database } from './schema';

type Run<R> = (params: readonly unknown[]) => R[] | Promise<R[]>;

/** The result names CamelCasePlugin (as configured in connect.ts, defaults) gives a column. */
class ResultNames extends CamelCasePlugin {
  readonly of = (column: string): string => this.camelCase(column);
}
const resultNames = new ResultNames();

function toRows<R>(names: readonly string[], rows: unknown[][]): R[] {
  const out = new Array<R>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const values = rows[r]!;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    out[r] = row as R;
  }
  return out;
}

function sqliteRun<R>(db: Kysely<Database>, sqlite: SQLite.Database, sql: string): Run<R> {
  const statement = sqlite.prepare(sql);
  if (!statement.reader) throw new Error('prepared() is for queries that return rows');
  statement.raw(true);
  const names = statement.columns().map((c) => resultNames.of(c.name));
  const read = (params: readonly unknown[]): R[] => toRows<R>(names, statement.all(...params) as unknown[][]);
  return (params) => (sqlite.inTransaction ? db.connection().execute(async () => read(params)) : read(params));
}

function postgresRun<R>(pool: pg.Pool, sql: string): Run<R> {
  const name = `prepared_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
  let names: string[] | undefined;
  return async (params) => {
    const result = await pool.query<unknown[]>({ name, text: sql, values: params as unknown[], rowMode: 'array' });
    names ??= result.fields.map((f) => resultNames.of(f.name));
    return toRows<R>(names, result.rows);
  };
}

function kyselyRun<R>(db: Kysely<Database>, compiled: CompiledQuery<R>): Run<R> {
  return async (params) => (await db.executeQuery<R>({ ...compiled, parameters: params })).rows;
}

export function prepared<P extends readonly unknown[], R>(build: (db: Kysely<Database>, ...params: P) => Compilable<R>) {
  const runsFor = new WeakMap<Kysely<Database>, Map<number, Run<R>>>();
  return async (db: Kysely<Database>, ...params: P): Promise<R[]> => {
    let runs = runsFor.get(db);
    if (!runs) runsFor.set(db, (runs = new Map()));
    let run = runs.get(params.length);
    if (!run) {
      const compiled = build(db, ...params).compile();
      const same = compiled.parameters.length === params.length && compiled.parameters.every((p, i) => p === params[i]);
      if (!same) throw new Error('prepared(): the query must use each parameter once, in the order given');
      const driver = driverHandle(db);
      run =
        driver?.kind === 'sqlite'
          ? sqliteRun<R>(db, driver.sqlite, compiled.sql)
          : driver?.kind === 'postgres'
            ? postgresRun<R>(driver.pool, compiled.sql)
            : kyselyRun(db, compiled);
      runs.set(params.length, run);
    }
    return run(params);
  };
}
