import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect';
import { forgetEventsBefore, giveBack, take, type Budget } from '../../src/server/repos/budgets';
import { databases, freshDatabase, T0, type TestDb } from '../support/server/app';

const HOUR = 3_600_000;

describe.each(databases())('shared budgets on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase(kind);
  });
  afterAll(async () => t.drop());

  const takeAt = (budgets: Budget[], at: number) => t.db.transaction().execute((trx) => take(trx, budgets, at));

  it('counts events per bucket over the window, all or none, and says when the first room opens', async () => {
    const wide: Budget = { bucket: 'wide', limit: 3, windowMs: HOUR };
    const narrow: Budget = { bucket: 'narrow:a', limit: 2, windowMs: HOUR };
    expect(await takeAt([wide, narrow], T0)).toMatchObject({ ok: true });
    expect(await takeAt([wide, narrow], T0 + 1000)).toMatchObject({ ok: true });
    expect(await takeAt([wide, narrow], T0 + 2000)).toEqual({ ok: false, bucket: 'narrow:a', retryAfterMs: HOUR - 2000 });
    // The refusal took nothing from the wide budget: one more fits there.
    expect(await takeAt([wide, { ...narrow, bucket: 'narrow:b' }], T0 + 3000)).toMatchObject({ ok: true });
    expect(await takeAt([wide], T0 + 4000)).toEqual({ ok: false, bucket: 'wide', retryAfterMs: HOUR - 4000 });
    expect(await takeAt([wide], T0 + HOUR + 1)).toMatchObject({ ok: true });
  });

  it('gives back exactly the events whose work did not happen, and the sweep forgets old ones', async () => {
    const two: Budget = { bucket: 'two', limit: 2, windowMs: HOUR };
    // Two takers in one millisecond; the first one's work fails: only its event goes back.
    const first = await takeAt([two], T0);
    expect(await takeAt([two], T0)).toMatchObject({ ok: true });
    if (!first.ok) throw new Error('the first taker was refused');
    await giveBack(t.db, first.events);
    expect(await takeAt([two], T0 + 5)).toMatchObject({ ok: true });
    expect(await takeAt([two], T0 + 6)).toMatchObject({ ok: false, bucket: 'two' });
    expect(await forgetEventsBefore(t.db, T0 + 2 * HOUR)).toBeGreaterThan(0);
    expect(await t.db.selectFrom('rateEvents').selectAll().execute()).toEqual([]);
  });

  it('never overspends under simultaneous takers (on PostgreSQL, two instances sharing the database)', async () => {
    // On PostgreSQL a second pool on the same schema stands for a second instance.
    const url = process.env.TEST_DATABASE_URL;
    const other = kind === 'postgres' && url ? openDatabase({ kind: 'postgres', url, searchPath: t.schema! }) : t.db;
    try {
      const budget: Budget = { bucket: 'race', limit: 10, windowMs: HOUR };
      const attempts = Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? other : t.db).transaction().execute((trx) => take(trx, [budget], T0 + 10 * HOUR)),
      );
      const results = await Promise.all(attempts);
      expect(results.filter((r) => r.ok)).toHaveLength(10);
    } finally {
      if (other !== t.db) await other.destroy();
    }
  });
});
