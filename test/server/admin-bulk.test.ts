import { describe, expect, it } from 'vitest';
import { readCount } from '../../src/server/repos/list-counts';
import { databases, useTestApp } from '../support/server/app';
import { insertOrder, insertUser } from '../support/server/back-office';

const HOUR = 3_600_000;

describe.each(databases())('bulk work in the back office on %s', (kind) => {
  const t = useTestApp(kind);

  const post = async (url: string, payload: object) => t.as(await t.admin(), { method: 'POST', url, payload });
  const history = async (entity: 'users' | 'orders', id: string) =>
    (await t.as(await t.admin(), { method: 'GET', url: `/api/${entity}/${id}/history` })).json().data as { by: { _id: string } | null; changes: Record<string, unknown> }[];

  it('verifies the users it can, each with its own history row, and says why not for the others', async () => {
    const now = t.clock.now();
    const waiting = [await insertUser(t.db, { submittedAt: now - HOUR }), await insertUser(t.db, { submittedAt: now - 2 * HOUR })];
    const unsent = await insertUser(t.db, { submittedAt: null, createdAt: now - HOUR });
    const closed = await insertUser(t.db, { submittedAt: now - HOUR, removedAt: now });
    const verified = await insertUser(t.db, { submittedAt: now - HOUR, verified: true });
    const unverifiedBefore = await readCount(t.db, 'users', 'UNVERIFIED');
    const admin = await t.admin();

    const res = await post('/api/users/verify', { ids: [waiting[0], 'no-such-user', unsent, closed, verified, waiting[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { _id: waiting[0], ok: true },
      { _id: 'no-such-user', ok: false, code: 'NOT_FOUND' },
      { _id: unsent, ok: false, code: 'CONFLICT' },
      { _id: closed, ok: false, code: 'CONFLICT' },
      { _id: verified, ok: true },
      { _id: waiting[1], ok: true },
    ]);
    for (const id of waiting) {
      const row = await t.db.selectFrom('users').select('isVerified').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.isVerified).toBe(1);
      const last = (await history('users', id!)).at(-1)!;
      expect(last.by?._id).toBe(admin.userId);
      expect(last.changes).toEqual({ isVerified: { from: false, to: true } });
    }
    // The already verified one wrote nothing; the refused ones are as they were.
    expect(await history('users', verified)).toEqual([]);
    expect((await t.db.selectFrom('users').select('isVerified').where('id', '=', unsent).executeTakeFirstOrThrow()).isVerified).toBe(0);
    expect(await readCount(t.db, 'users', 'UNVERIFIED')).toBe(unverifiedBefore - 2);
  });

  it('moves the orders it can to one status, each audited, and reports an unknown id', async () => {
    const now = t.clock.now();
    const farmer = await insertUser(t.db, { submittedAt: now - HOUR, verified: true });
    const a = await insertOrder(t.db, { userId: farmer, status: 'CONFIRMATION_PENDING', createdAt: now - HOUR });
    const b = await insertOrder(t.db, { userId: farmer, status: 'ORDER_CONFIRMED', createdAt: now - 2 * HOUR });
    const transitBefore = await readCount(t.db, 'orders', 'IN_TRANSIT');

    const res = await post('/api/orders/update', { ids: [a.id, 'OD999999', b.displayId], status: 'IN_TRANSIT' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { _id: a.id, ok: true },
      { _id: 'OD999999', ok: false, code: 'NOT_FOUND' },
      { _id: b.displayId, ok: true },
    ]);
    for (const [order, from] of [
      [a, 'CONFIRMATION_PENDING'],
      [b, 'ORDER_CONFIRMED'],
    ] as const) {
      expect((await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('IN_TRANSIT');
      expect((await history('orders', order.id)).at(-1)!.changes).toEqual({ status: { from, to: 'IN_TRANSIT' } });
    }
    expect(await readCount(t.db, 'orders', 'IN_TRANSIT')).toBe(transitBefore + 2);
  });

  it('refuses more than 100 ids, repeated ids, an unknown status and a farmer, changing nothing', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `user${i}`);
    expect((await post('/api/users/verify', { ids })).statusCode).toBe(400);
    expect((await post('/api/users/verify', { ids: ['a', 'a'] })).statusCode).toBe(400);
    expect((await post('/api/users/verify', { ids: [] })).statusCode).toBe(400);
    expect((await post('/api/orders/update', { ids: ['a'], status: 'LOST' })).statusCode).toBe(400);
    expect((await post('/api/orders/update', { ids: ['a'] })).statusCode).toBe(400);
    const farmer = await t.farmer();
    expect((await t.as(farmer, { method: 'POST', url: '/api/users/verify', payload: { ids: [farmer.userId] } })).statusCode).toBe(403);
    expect((await t.as(farmer, { method: 'POST', url: '/api/orders/update', payload: { ids: ['a'], status: 'DELIVERED' } })).statusCode).toBe(403);
  });
});
