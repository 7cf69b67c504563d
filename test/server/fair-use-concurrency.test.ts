/**
 * Fair use under concurrency: many creations by one farmer at the same moment must
 * not all pass the hourly count. Each creation writes the farmer's row (the version bump) before it
 * counts, inside its transaction; on PostgreSQL that row lock queues the others behind it, so each
 * count sees the creations committed before it. SQLite runs one write transaction at a time.
 */
import { describe, expect, it } from 'vitest';
import type { Sku } from '../../src/domain/types';
import { databases, testConfig, useTestApp } from '../support/server/app';

describe.each(databases())('fair use under concurrent creation on %s', (kind) => {
  const t = useTestApp(kind, { config: testConfig({ quotationHourlyLimit: 20, quotationDailyLimit: 100 }) });

  it('lets exactly 20 of 30 simultaneous POST /api/quotations through for one farmer, the rest 429 with Retry-After', async () => {
    const farmer = await t.farmer();
    const other = await t.farmer();
    const [sku] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data as Sku[];
    const post = (who: typeof farmer) =>
      t.as(who, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!._id, quantity: 1 }] } });

    // Another farmer's creations run among them and count only for that farmer.
    const answers = await Promise.all([...Array.from({ length: 30 }, () => post(farmer)), ...Array.from({ length: 5 }, () => post(other))]);
    const mine = answers.slice(0, 30);
    const statuses = mine.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const refused of mine.filter((r) => r.statusCode === 429)) {
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(answers.slice(30).map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);

    const stored = await t.db.selectFrom('quotations').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', farmer.userId).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(20);
    const page = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json();
    expect(page.total).toBe(20);
  });
});
