/**
 * A read compiled once per database and then run with new parameter values (the polling path: the
 * session lookup on every authenticated call, the quotation list). Decision 023.
 *
 * - Kysely otherwise builds and compiles the query tree on every call. `build` must use each parameter
 *   once, in the order given; the first compilation checks that the compiled parameters are exactly
 *   those values, in that order.
 * - On SQLite the compiled SQL runs as one better-sqlite3 statement in raw (array) mode and the rows
 *   are built here, with the camelCase names Kysely's CamelCasePlugin gives: better-sqlite3 building
 *   row objects itself, then Kysely's executor and result plugin copying them, cost more than SQLite's
 *   own work on the 20-row quotation list. The rows are the ones Kysely would return (a test compares).
 * - A read never runs inside someone else's open transaction: better-sqlite3 has one connection, and a
 *   Kysely transaction holds it across awaits. While one is open, the read waits for the connection
 *   (Kysely's own lock) like any other query; otherwise it runs at once, synchronously.
 * - On PostgreSQL the compiled query goes through Kysely as usual.
 */
import type SQLite from 'better-sqlite3';
import { CamelCasePlugin, type CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { sqliteHandle } from './connect';
import type { Database } from './schema';

type Run<R> = (params: readonly unknown[]) => R[] | Promise<R[]>;

/** The result names CamelCasePlugin (as configured in connect.ts, defaults) gives a column. */
class ResultNames extends CamelCasePlugin {
  readonly of = (column: string): string => this.camelCase(column);
}
const resultNames = new ResultNames();

function sqliteRun<R>(db: Kysely<Database>, sqlite: SQLite.Database, sql: string): Run<R> {
  const statement = sqlite.prepare(sql);
  if (!statement.reader) throw new Error('prepared() is for queries that return rows');
  statement.raw(true);
  const names = statement.columns().map((c) => resultNames.of(c.name));
  const read = (params: readonly unknown[]): R[] => {
    const rows = statement.all(...params) as unknown[][];
    const out = new Array<R>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const values = rows[r]!;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
      out[r] = row as R;
    }
    return out;
  };
  return (params) => (sqlite.inTransaction ? db.connection().execute(async () => read(params)) : read(params));
}

function kyselyRun<R>(db: Kysely<Database>, compiled: CompiledQuery<R>): Run<R> {
  return async (params) => (await db.executeQuery<R>({ ...compiled, parameters: params })).rows;
}

export function prepared<P extends readonly unknown[], R>(build: (db: Kysely<Database>, ...params: P) => Compilable<R>) {
  const runFor = new WeakMap<Kysely<Database>, Run<R>>();
  return async (db: Kysely<Database>, ...params: P): Promise<R[]> => {
    let run = runFor.get(db);
    if (!run) {
      const compiled = build(db, ...params).compile();
      const same = compiled.parameters.length === params.length && compiled.parameters.every((p, i) => p === params[i]);
      if (!same) throw new Error('prepared(): the query must use each parameter once, in the order given');
      const sqlite = sqliteHandle(db);
      run = sqlite ? sqliteRun<R>(db, sqlite, compiled.sql) : kyselyRun(db, compiled);
      runFor.set(db, run);
    }
    return run(params);
  };
}
