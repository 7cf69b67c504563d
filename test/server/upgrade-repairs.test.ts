/**
 * What an upgraded database held wrong in the counts and the pricing times, and migration 0010's repair of
 * databases an earlier release left:
 * - a verification (and a listed admin number's promotion) moves the users' counts by verification,
 *   and the users list's `total` under a status filter is that count, exact past the 10,000 rows a
 *   search's count stops at;
 * - a quotation priced before migration 0005 gets its pricing time, so it shows its validity and
 *   expires like any other;
 * - (0011) a search ending in 9 finds its rows on a PostgreSQL database created under a linguistic
 *   collation, where `:` (the range's end) sorts before the digits.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrations';
import { readCount } from '../../src/server/repos/list-counts';
import { parseSearch } from '../../src/server/repos/paging';
import { expireDue } from '../../src/server/repos/quotations';
import { matchingOrders, matchingQuotations, matchingUserIds } from '../../src/server/repos/search';
import { upsertLoginUser } from '../../src/server/repos/users';
import { databases, freshDatabase, T0, TEST_ADMIN, useTestApp } from '../support/server/app';

const DAY = 86_400_000;

describe.each(databases())('the users counted by verification on %s', (kind) => {
  const t = useTestApp(kind);

  /** Every user counted under their verification, as the table holds them. */
  async function expectUserCountsTrue(): Promise<void> {
    const rows = await t.db.selectFrom('users').select('isVerified').execute();
    expect(await readCount(t.db, 'users', 'VERIFIED')).toBe(rows.filter((r) => r.isVerified === 1).length);
    expect(await readCount(t.db, 'users', 'UNVERIFIED')).toBe(rows.filter((r) => r.isVerified === 0).length);
  }

  it('moves the counts when the admin verifies a farmer and when a listed admin number logs in', async () => {
    const admin = await t.admin();
    const waiting = await t.pending();
    await t.pending();
    await expectUserCountsTrue();
    expect((await t.as(admin, { method: 'PATCH', url: `/api/users/verify/${waiting.userId}` })).statusCode).toBe(200);
    await expectUserCountsTrue();
    // Verifying again writes nothing and moves nothing.
    expect((await t.as(admin, { method: 'PATCH', url: `/api/users/verify/${waiting.userId}` })).statusCode).toBe(200);
    await expectUserCountsTrue();

    // A number that logged in as a farmer and is then listed as an admin's becomes a verified admin.
    const farmerFirst = await t.pending('9812345670');
    await upsertLoginUser(t.db, farmerFirst.mobile, true, t.clock.now());
    await expectUserCountsTrue();
    const listed = (await t.as(admin, { method: 'GET', url: '/api/users/all?status=VERIFIED&limit=200' })).json();
    expect(listed.total).toBe(listed.data.length);
    expect(listed.data.map((u: { mobileNumber: string }) => u.mobileNumber)).toEqual(expect.arrayContaining([TEST_ADMIN, waiting.mobile, farmerFirst.mobile]));
  });

  it("gives the exact total of a status past 10,000 verified farmers", async () => {
    const admin = await t.admin();
    const many = 10_050;
    // Added as the writers add users: each row with its counts.
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${many})
      insert into users (id, mobile_number, is_verified, created_at, updated_at)
      select 'bulk' || i, cast(7000000000 + i as text), 1, ${T0}, ${T0} from n`.execute(t.db);
    await sql`update list_counts set value = value + ${many} where name in ('users', 'users:VERIFIED')`.execute(t.db);
    await expectUserCountsTrue();
    const verified = (await t.as(admin, { method: 'GET', url: '/api/users/all?status=VERIFIED&limit=1' })).json();
    expect(verified.total).toBe(await readCount(t.db, 'users', 'VERIFIED'));
    expect(verified.total).toBeGreaterThan(many);
  });
});

describe.each(databases())('migration 0010 on %s', (kind) => {
  it('gives the quotations priced before 0005 their pricing time, so they expire, and counts the users by verification again', async () => {
    const fresh = await freshDatabase(kind);
    const { db, schema } = fresh;
    try {
      // The database as a release before keyset lists left it: no pricing time, no counts.
      await migrateTo(db, '0004_sms_outbox', schema);
      const pricedAt = T0 + 3_600_000;
      await sql`insert into users (id, mobile_number, is_verified, created_at, updated_at)
        values ('u1', '9800000001', 0, ${T0}, ${T0}), ('u2', '9800000002', 1, ${T0}, ${T0}), ('u3', '9800000003', 0, ${T0}, ${T0})`.execute(db);
      await sql`insert into quotations (id, display_id, user_id, status, version, created_at, updated_at)
        values ('q1', 'QT100001', 'u1', 'COMPLETED', 2, ${T0}, ${pricedAt}), ('q2', 'QT100002', 'u1', 'PENDING', 1, ${T0}, ${T0})`.execute(db);
      // Then 0005 to 0009, and a verification as that release made it: the counts not moved.
      await migrateTo(db, '0009_list_versions', schema);
      await sql`update users set is_verified = 1 where id = 'u1'`.execute(db);
      expect(await readCount(db, 'users', 'VERIFIED')).toBe(0);

      await migrateToLatest(db, schema);
      const rows = await db.selectFrom('quotations').select(['id', 'pricedAt']).orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.pricedAt === null ? null : Number(r.pricedAt)])).toEqual([
        ['q1', pricedAt],
        ['q2', null],
      ]);
      expect(await readCount(db, 'users', 'VERIFIED')).toBe(2);
      expect(await readCount(db, 'users', 'UNVERIFIED')).toBe(1);
      const rules = { validityDays: 7 };
      expect(await expireDue(db, pricedAt + 7 * DAY - 1, rules)).toBe(0);
      expect(await expireDue(db, pricedAt + 7 * DAY, rules)).toBe(1);
      expect((await db.selectFrom('quotations').select('status').where('id', '=', 'q1').executeTakeFirstOrThrow()).status).toBe('EXPIRED');
    } finally {
      await fresh.drop();
    }
  });
});

describe.each(databases())('migration 0011 on %s', (kind) => {
  it('finds a mobile number, a name and order and quotation numbers by prefixes ending in 9, whatever the database sorts text by', async () => {
    const fresh = await freshDatabase(kind);
    const { db, schema } = fresh;
    try {
      await migrateTo(db, '0010_upgrade_repairs', schema);
      if (kind === 'postgres') {
        // A database created under a linguistic collation: its text columns sort by it.
        for (const [table, column] of [['users', 'mobile_number'], ['users', 'name'], ['quotations', 'display_id'], ['orders', 'display_id']]) {
          await sql.raw(`alter table ${table} alter column ${column} type text collate "en-US-x-icu"`).execute(db);
        }
      }
      await sql`insert into users (id, mobile_number, name, created_at, updated_at) values ('u1', '9876543219', 'Geeta 9', ${T0}, ${T0})`.execute(db);
      await sql`insert into quotations (id, display_id, user_id, status, version, created_at, updated_at) values ('q1', 'QT1000019', 'u1', 'ORDERED', 2, ${T0}, ${T0})`.execute(db);
      await sql`insert into orders (id, display_id, quotation_id, user_id, status, amount_paid_paisa, delivery_otp, version, created_at, updated_at)
        values ('o1', 'OD1000019', 'q1', 'u1', 'CONFIRMATION_PENDING', 0, '0042', 1, ${T0}, ${T0})`.execute(db);
      const userSearch = (q: string) => {
        const search = parseSearch(q)!;
        if (search.kind !== 'mobile' && search.kind !== 'name') throw new Error(`${q} is not a user search`);
        return search;
      };
      const found = async () => ({
        mobile: (await matchingUserIds(db, userSearch('9876543219')).execute()).map((r) => r.id),
        name: (await matchingUserIds(db, userSearch('Geeta 9')).execute()).map((r) => r.id),
        quotation: (await matchingQuotations(db, parseSearch('QT1000019')!).execute()).map((r) => r.id),
        order: (await matchingOrders(db, parseSearch('OD1000019')!).execute()).map((r) => r.id),
      });
      const all = { mobile: ['u1'], name: ['u1'], quotation: ['q1'], order: ['o1'] };
      if (kind === 'postgres') expect(await found()).toEqual({ mobile: [], name: [], quotation: [], order: [] });

      await migrateToLatest(db, schema);
      expect(await found()).toEqual(all);
    } finally {
      await fresh.drop();
    }
  });
});
