/**
 * A query compiled once per database and then run with new parameter values: Kysely otherwise builds
 * and compiles the query tree on every call, which on the polling path (session lookup, quotation
 * list) cost as much as SQLite itself. `build` must use each parameter once, in the order given; the
 * first compilation checks that the compiled parameters are exactly those values, in that order.
 */
import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './schema';

export function prepared<P extends readonly unknown[], R>(build: (db: Kysely<Database>, ...params: P) => Compilable<R>) {
  const compiledFor = new WeakMap<Kysely<Database>, CompiledQuery<R>>();
  return async (db: Kysely<Database>, ...params: P): Promise<R[]> => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = build(db, ...params).compile();
      const same = compiled.parameters.length === params.length && compiled.parameters.every((p, i) => p === params[i]);
      if (!same) throw new Error('prepared(): the query must use each parameter once, in the order given');
      compiledFor.set(db, compiled);
    }
    return (await db.executeQuery<R>({ ...compiled, parameters: params })).rows;
  };
}
