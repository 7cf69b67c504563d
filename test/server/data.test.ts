import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDisplayId } from '../../src/server/db/ids';
import { migrateToLatest } from '../../src/server/db/migrations';
import { seedDatabase } from '../../src/server/seed/seed';
import { databases, freshDatabase, T0, type TestDb } from '../support/server/app';

describe.each(databases())('the data layer on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase(kind);
  });
  afterAll(() => t.drop());

  it('migrates idempotently and seeds only an empty catalogue', async () => {
    await migrateToLatest(t.db);
    expect(await seedDatabase(t.db, T0)).toBe(8);
    expect(await seedDatabase(t.db, T0)).toBe(0);
    const skus = await t.db.selectFrom('skus').select(['displayId', 'image']).orderBy('displayId').execute();
    expect(skus.map((s) => s.displayId)).toEqual(['SKU1001', 'SKU1002', 'SKU1003', 'SKU1004', 'SKU1005', 'SKU1006', 'SKU1007', 'SKU1008']);
    const images = await t.db.selectFrom('images').select(['id', 'kind', 'mime']).execute();
    expect(images).toHaveLength(8);
    expect(new Set(images.map((i) => `${i.kind} ${i.mime}`))).toEqual(new Set(['sku image/webp']));
  });

  it('keeps money and times as exact integers', async () => {
    const big = 9_007_199_254_000; // near 2^53, beyond 32 bits
    await t.db.updateTable('skus').set({ minimumPrice: big }).where('displayId', '=', 'SKU1001').execute();
    const row = await t.db.selectFrom('skus').select('minimumPrice').where('displayId', '=', 'SKU1001').executeTakeFirstOrThrow();
    expect(row.minimumPrice).toBe(big);
  });

  it('hands back a display id when the transaction that took it rolls back', async () => {
    const take = () =>
      t.db.transaction().execute(async (trx) => {
        return nextDisplayId(trx, 'order');
      });
    const first = await take();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await nextDisplayId(trx, 'order');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const next = await take();
    expect(Number(next.slice(2))).toBe(Number(first.slice(2)) + 1);
  });

});

describe('SQLite settings', () => {
  it('runs SQLite in WAL with synchronous=FULL and foreign keys on', async () => {
    const t = await freshDatabase('sqlite');
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(t.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
    await t.drop();
  });
});
