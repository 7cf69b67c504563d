/**
 * The polling path's shortcuts (decision 023) give exactly what the plain code gives: prepared reads
 * return Kysely's rows and never see another caller's uncommitted writes; ISO times match Date's.
 */
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../src/server/db/prepared';
import type { Database } from '../../src/server/db/schema';
import { isoTime } from '../../src/server/repos/iso-time';
import { seedDatabase } from '../../src/server/seed/seed';
import { databases, freshDatabase, T0, type TestDb } from '../support/server-app';

const skusWithCounter = (db: Kysely<Database>, minimum: number) =>
  db
    .selectFrom('skus')
    .leftJoin('counters', 'counters.name', 'skus.categoryName')
    .select(['skus.id', 'skus.displayId', 'skus.skuQuantityUnit', 'skus.minimumPrice', 'skus.image as skuImage', 'counters.value as counterValue'])
    .where('skus.minimumPrice', '>=', minimum)
    .orderBy('skus.displayId');

describe.each(databases())('prepared reads on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase(kind);
    await seedDatabase(t.db, T0);
  });
  afterAll(() => t.drop());

  it('return the same rows, with the same names and values, as the Kysely query they were built from', async () => {
    const read = prepared(skusWithCounter);
    for (const minimum of [0, 500, 10 ** 9]) {
      expect(await read(t.db, minimum)).toEqual(await skusWithCounter(t.db, minimum).execute());
    }
    expect((await read(t.db, 0)).length).toBe(8);
  });

  it('never see what an open transaction wrote: all of it once committed, none of it if rolled back', async () => {
    const names = prepared((db: Kysely<Database>, value: number) => db.selectFrom('counters').select(['name', 'value']).where('value', '>=', value));
    const before = (await names(t.db, 0)).length;
    let during: Promise<{ name: string }[]> | undefined;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('counters').values({ name: 'rolled-back', value: 1 }).execute();
        during = names(t.db, 0);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await during!).map((r) => r.name)).not.toContain('rolled-back');

    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('counters').values({ name: 'committed', value: 1 }).execute();
      during = names(t.db, 0);
      await trx.insertInto('counters').values({ name: 'committed-too', value: 2 }).execute();
    });
    // SQLite's one connection makes the read wait for the commit; PostgreSQL reads the state before it.
    const seen = (await during!).map((r) => r.name).filter((n) => n.startsWith('committed'));
    expect(seen.length === 0 || seen.length === 2).toBe(true);
    if (kind === 'sqlite') expect(seen).toHaveLength(2);
    expect(await names(t.db, 0)).toHaveLength(before + 2);
  });
});

describe('ISO times on the polling path', () => {
  it('are exactly what Date#toISOString gives, for any millisecond from 1970 to 9999 and beyond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 5000 },
    );
    for (const ms of [0, 86_399_999, 86_400_000, T0, T0 + 1, 253_402_300_799_999, 253_402_300_800_000, -1, -86_400_001]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
    expect(isoTime(BigInt(T0))).toBe(new Date(T0).toISOString());
  });

  it('stay right when consecutive times fall on different days', () => {
    const day = 86_400_000;
    for (const ms of [T0, T0 + day, T0, T0 - 1, T0 - day * 400, T0 + 7]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
