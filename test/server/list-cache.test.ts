/**
 * The admin list answer cache (decision 027) never serves a stale page: every write that changes an
 * admin list bumps that list's version in its own transaction, each request reads the versions before
 * the page, a second app instance on the same database sees the first one's writes, the clock ends a
 * page when a priced quotation's validity or a shown session ends, and a cached answer is the
 * uncached one, byte for byte, in every encoding.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Quotation, Sku, User } from '../../src/domain/types';
import { ADMIN_SESSION_MS, FARMER_SESSION_MS } from '../../src/domain/constants';
import { buildApp } from '../../src/server/app';
import { ListAnswerCache, listKey, listVersion, type ListRequest } from '../../src/server/http/list-answers';
import type { AdminList, ListVersions } from '../../src/server/repos/answer-versions';
import { sweepExpired } from '../../src/server/repos/quotations';
import { createSession } from '../../src/server/repos/sessions';
import { writeProfile } from '../../src/server/repos/users';
import { adminSetQuotation } from '../support/quotation-writes';
import { databases, useTestApp, type Session } from '../support/server-app';

describe('the list answer cache', () => {
  it('keeps at most maxEntries pages, dropping the least recently used first', () => {
    const cache = new ListAnswerCache({ maxEntries: 2, maxBytes: 1_000 });
    cache.set('a', 'v1', 'A', Infinity);
    cache.set('b', 'v1', 'B', Infinity);
    expect(cache.get('a', 'v1', 0)?.json.toString()).toBe('A'); // a is now the most recent
    cache.set('c', 'v1', 'C', Infinity);
    expect(cache.get('b', 'v1', 0)).toBeUndefined();
    expect(['a', 'c'].map((k) => cache.get(k, 'v1', 0)?.json.toString())).toEqual(['A', 'C']);
  });

  it('counts the compressed bytes it keeps in its bound, and never keeps a page larger than the bound', () => {
    const cache = new ListAnswerCache({ maxEntries: 10, maxBytes: 3_000 });
    const json = JSON.stringify({ data: 'x'.repeat(1_500) });
    const entry = cache.set('a', 'v1', json, Infinity);
    const br = cache.encode('a', entry, 'br');
    expect(cache.totalBytes).toBe(entry.json.length + br.length);
    expect(cache.encode('a', entry, 'br')).toBe(br); // compressed once
    cache.set('b', 'v1', json, Infinity); // over 3,000 bytes with a: a goes
    expect(cache.get('a', 'v1', 0)).toBeUndefined();
    expect(cache.totalBytes).toBeLessThanOrEqual(3_000);
    cache.set('big', 'v1', 'y'.repeat(3_001), Infinity);
    expect(cache.get('big', 'v1', 0)).toBeUndefined();
    expect(cache.totalBytes).toBeLessThanOrEqual(3_000);
  });

  it('holds no more memory than it counts: the page and each compressed form in a block of exactly its size', () => {
    const cache = new ListAnswerCache({ maxEntries: 10, maxBytes: 100_000 });
    const entry = cache.set('a', 'v1', JSON.stringify({ data: 'x'.repeat(1_500) }), Infinity);
    for (const bytes of [entry.json, cache.encode('a', entry, 'br'), cache.encode('a', entry, 'gzip')]) {
      expect([bytes.byteOffset, bytes.buffer.byteLength]).toEqual([0, bytes.length]);
    }
  });

  it('serves a page only at the exact version it was kept at, and only before its expiry', () => {
    const cache = new ListAnswerCache({ maxEntries: 10, maxBytes: 1_000 });
    cache.set('a', 'quotations:4', 'old', 1_000);
    expect(cache.get('a', 'quotations:5', 0)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('a', 'quotations:5', 'new', 1_000);
    expect(cache.get('a', 'quotations:5', 999)?.json.toString()).toBe('new');
    expect(cache.get('a', 'quotations:5', 1_000)).toBeUndefined();
    expect(cache.totalBytes).toBe(0);
  });

  it("keys a page by every parameter, and a search by number on the list it reaches into too", () => {
    const versions = { users: 1, quotations: 2, orders: 3 };
    expect(listKey({ list: 'orders', q: 'a' })).not.toBe(listKey({ list: 'orders', status: 'a' }));
    expect(listKey({ list: 'orders', cursor: 'x' })).not.toBe(listKey({ list: 'orders', limit: '10' }));
    expect(listVersion({ list: 'users' }, versions)).toBe('users:1');
    expect(listVersion({ list: 'users', q: 'qt100' }, versions)).toBe('users:1 quotations:2');
    expect(listVersion({ list: 'users', q: 'OD1' }, versions)).toBe('users:1 orders:3');
    expect(listVersion({ list: 'orders', q: 'Geeta' }, versions)).toBe('orders:3');
  });
});

describe.each(databases())('the admin lists from the answer cache on %s', (kind) => {
  const t = useTestApp(kind);

  /** What the database says now, as the session lookup reads it. */
  async function readListVersions(): Promise<ListVersions> {
    const rows = await t.db.selectFrom('counters').select(['name', 'value']).where('name', 'like', 'list:%').execute();
    const versions: ListVersions = { users: 0, quotations: 0, orders: 0 };
    for (const row of rows) versions[row.name.slice('list:'.length) as AdminList] = Number(row.value);
    expect(rows).toHaveLength(3);
    return versions;
  }
  /** A second instance on the same database, with its own cache; and one with the cache off (Fastify and @fastify/compress answer). */
  let other: FastifyInstance;
  let uncached: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({ ...t.options });
    uncached = await buildApp({ ...t.options, listCache: { maxEntries: 0, maxBytes: 0 } });
    await Promise.all([other.ready(), uncached.ready()]);
  });
  afterAll(async () => {
    await other.close();
    await uncached.close();
  });

  const path: Record<ListRequest['list'], string> = { users: '/api/users/all', quotations: '/api/quotations/all', orders: '/api/orders' };
  const urlOf = (r: ListRequest): string => {
    const query = new URLSearchParams();
    for (const name of ['q', 'status', 'cursor', 'limit'] as const) if (r[name] !== undefined) query.set(name, r[name]!);
    const text = query.toString();
    return text ? `${path[r.list]}?${text}` : path[r.list];
  };

  async function read<T>(app: FastifyInstance, r: ListRequest, admin?: Session): Promise<{ data: T[]; total: number; nextCursor: string | null }> {
    const res = await app.inject({ method: 'GET', url: urlOf(r), headers: (admin ?? (await t.admin())).auth });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  /** Reads the page on both instances and checks each now keeps it at the database's versions. */
  async function warm(r: ListRequest, admin?: Session): Promise<void> {
    await read(t.app, r, admin);
    await read(other, r, admin);
    const version = listVersion(r, await readListVersions());
    expect(t.app.deps.listAnswers.get(listKey(r), version, t.clock.now())).toBeDefined();
    expect(other.deps.listAnswers.get(listKey(r), version, t.clock.now())).toBeDefined();
  }

  /** Both instances, warm, see the change on their next read. */
  async function expectBoth<T>(r: ListRequest, check: (page: { data: T[]; total: number }) => void, admin?: Session): Promise<void> {
    check(await read<T>(t.app, r, admin));
    check(await read<T>(other, r, admin));
  }

  async function create(s: Session, quantity = 3): Promise<Quotation> {
    const skus: Sku[] = (await t.as(s, { method: 'GET', url: '/api/skus' })).json().data;
    const res = await t.as(s, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: skus[0]!._id, quantity }] } });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }

  async function order(s: Session, q: Quotation): Promise<Order> {
    const placed = await t.as(s, { method: 'POST', url: `/api/orders/${q._id}` });
    expect(placed.statusCode).toBe(201);
    return placed.json().data;
  }

  const quotations: ListRequest = { list: 'quotations' };
  const orders: ListRequest = { list: 'orders' };
  const users: ListRequest = { list: 'users' };

  it('shows a quotation a farmer just created, and its new total', async () => {
    const farmer = await t.farmer();
    await create(farmer);
    await warm(quotations);
    const before = await read<Quotation>(t.app, quotations);
    const created = await create(farmer, 7);
    await expectBoth<Quotation>(quotations, (page) => {
      expect(page.data[0]!._id).toBe(created._id);
      expect(page.total).toBe(before.total + 1);
    });
  });

  it('shows a quotation the farmer deleted as DELETED', async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    await warm(quotations);
    expect((await t.as(farmer, { method: 'DELETE', url: `/api/quotations/${q._id}` })).statusCode).toBe(200);
    await expectBoth<Quotation>(quotations, (page) => expect(page.data[0]).toMatchObject({ _id: q._id, status: 'DELETED' }));
  });

  it("shows an admin's edit of prices and status on the quotations list", async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    await warm(quotations);
    await adminSetQuotation(t, q, 'COMPLETED', 123_400);
    await expectBoth<Quotation>(quotations, (page) =>
      expect(page.data[0]).toMatchObject({ _id: q._id, status: 'COMPLETED', skusDetail: [{ goodsPricePaisa: 123_400 }] }),
    );
  });

  it('shows a placed order on both lists, and every admin update of it', async () => {
    const farmer = await t.farmer();
    const q = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 50_000);
    await warm(quotations);
    await warm(orders);
    const placed = await order(farmer, q);
    await expectBoth<Quotation>(quotations, (page) =>
      expect(page.data[0]).toMatchObject({ _id: q._id, status: 'ORDERED', orderStatus: 'CONFIRMATION_PENDING', orderDisplayId: placed.orderDisplayId }),
    );
    await expectBoth<Order>(orders, (page) => expect(page.data[0]).toMatchObject({ _id: placed._id, status: 'CONFIRMATION_PENDING' }));

    await warm(quotations);
    await warm(orders);
    // Through the second instance: the first sees it too.
    const admin = await t.admin();
    const updated = await other.inject({
      method: 'PATCH',
      url: `/api/orders/update/${placed._id}`,
      headers: admin.auth,
      payload: { status: 'ORDER_CONFIRMED', amountPaidPaisa: 20_000 },
    });
    expect(updated.statusCode).toBe(200);
    await expectBoth<Quotation>(quotations, (page) => expect(page.data[0]).toMatchObject({ orderStatus: 'ORDER_CONFIRMED', amountPaidPaisa: 20_000 }));
    await expectBoth<Order>(orders, (page) => expect(page.data[0]).toMatchObject({ status: 'ORDER_CONFIRMED', amountPaidPaisa: 20_000 }));
  });

  it('shows an edited SKU in the lines of both lists', async () => {
    const farmer = await t.farmer();
    const q = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 50_000);
    await order(farmer, q);
    await warm(quotations);
    await warm(orders);
    const sku = q.skusDetail[0]!.skuIdentifier;
    const current = ((await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data as Sku[]).find((s) => s._id === sku._id)!;
    const edited = await t.as(await t.admin(), { method: 'PATCH', url: `/api/skus/${sku._id}`, payload: { name: 'Renamed husk', version: current.version } });
    expect(edited.statusCode).toBe(200);
    await expectBoth<Quotation>(quotations, (page) => expect(page.data[0]!.skusDetail[0]!.skuIdentifier.name).toBe('Renamed husk'));
    await expectBoth<Order>(orders, (page) => expect(page.data[0]!.quotationDetail.skusDetail[0]!.skuIdentifier.name).toBe('Renamed husk'));
  });

  it("shows a farmer's new name on all three lists", async () => {
    const farmer = await t.farmer();
    const q = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 50_000);
    await order(farmer, q);
    await warm(quotations);
    await warm(orders);
    await warm(users);
    await writeProfile(t.db, farmer.userId, { name: 'Renamed Farmer', aadhaar: '/api/uploads/x', gender: 'female', farmAddress: 'New road' }, t.clock.now());
    await expectBoth<Quotation>(quotations, (page) => expect(page.data[0]!.farmerName).toBe('Renamed Farmer'));
    await expectBoth<Order>(orders, (page) => expect(page.data[0]!.userDetails.name).toBe('Renamed Farmer'));
    await expectBoth<User>(users, (page) => expect(page.data.find((u) => u._id === farmer.userId)).toMatchObject({ name: 'Renamed Farmer', gender: 'female' }));
  });

  it('shows a new user, a verification, a language change, a logout and a login on the users list', async () => {
    await warm(users);
    const before = await read<User>(t.app, users);
    const pending = await t.pending();
    await expectBoth<User>(users, (page) => {
      expect(page.total).toBe(before.total + 1);
      expect(page.data.find((u) => u._id === pending.userId)).toMatchObject({ isVerified: false, isLoggedIn: true });
    });

    await warm(users);
    expect((await t.as(await t.admin(), { method: 'PATCH', url: `/api/users/verify/${pending.userId}` })).statusCode).toBe(200);
    await expectBoth<User>(users, (page) => expect(page.data.find((u) => u._id === pending.userId)).toMatchObject({ isVerified: true }));

    await warm(users);
    expect((await t.as(pending, { method: 'PUT', url: '/api/users/profile', payload: { preferredLanguage: 'hindi' } })).statusCode).toBe(200);
    await expectBoth<User>(users, (page) => expect(page.data.find((u) => u._id === pending.userId)).toMatchObject({ preferredLanguage: 'hindi' }));

    await warm(users);
    expect((await t.as(pending, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBeLessThan(300);
    await expectBoth<User>(users, (page) => expect(page.data.find((u) => u._id === pending.userId)).toMatchObject({ isLoggedIn: false }));

    await warm(users);
    await t.login(pending.mobile);
    await expectBoth<User>(users, (page) => expect(page.data.find((u) => u._id === pending.userId)).toMatchObject({ isLoggedIn: true }));
  });

  it('finds the farmer of a quotation created after the search page was kept (a QT search on the users list)', async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    // The number one past this one's, searched before it exists.
    const next = `QT${Number(q.quotationDisplayId.slice(2)) + 1}`;
    const other2 = await t.farmer();
    const search: ListRequest = { list: 'users', q: next };
    await warm(search);
    expect((await read<User>(t.app, search)).data).toEqual([]);
    const created = await create(other2);
    expect(created.quotationDisplayId).toBe(next);
    await expectBoth<User>(search, (page) => expect(page.data.map((u) => u._id)).toEqual([other2.userId]));
  });

  it('does not serve a page past the validity end of a priced quotation it shows (the clock, no write)', async () => {
    const farmer = await t.farmer();
    const q = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 50_000);
    const completed: ListRequest = { list: 'quotations', status: 'COMPLETED' };
    await warm(quotations);
    await warm(completed);
    expect((await read<Quotation>(t.app, quotations)).data[0]).toMatchObject({ _id: q._id, status: 'COMPLETED' });
    t.clock.advance(t.options.config.quotationValidityDays * 86_400_000 + 1_000);
    // A session of its own that outlives the move (the admin's own would end and a new login is a write).
    const admin = await longAdminSession();
    await expectBoth<Quotation>(quotations, (page) => expect(page.data[0]).toMatchObject({ _id: q._id, status: 'EXPIRED' }), admin);
    await expectBoth<Quotation>(completed, (page) => expect(page.data.map((x) => x._id)).not.toContain(q._id), admin);
  });

  it('brings a quotation into a kept EXPIRED page when its validity ends (the clock, no write)', async () => {
    const expiredPage: ListRequest = { list: 'quotations', status: 'EXPIRED' };
    const farmer = await t.farmer();
    const q = await adminSetQuotation(t, await create(farmer), 'COMPLETED', 50_000);
    const admin = await longAdminSession();
    await warm(expiredPage, admin);
    expect((await read<Quotation>(t.app, expiredPage, admin)).data.map((x) => x._id)).not.toContain(q._id);
    t.clock.advance(t.options.config.quotationValidityDays * 86_400_000 + 1_000);
    await expectBoth<Quotation>(expiredPage, (page) => expect(page.data[0]).toMatchObject({ _id: q._id, status: 'EXPIRED' }), admin);
  });

  it("shows the sweep's expiry of a quotation the page does not show in its total", async () => {
    const farmer = await t.farmer();
    const older = await create(farmer);
    const newer = await create(farmer, 5);
    await adminSetQuotation(t, older, 'COMPLETED', 50_000);
    t.clock.advance(2 * 86_400_000);
    await adminSetQuotation(t, newer, 'COMPLETED', 50_000);
    const admin = await longAdminSession();
    // One row: the newer quotation, valid two days longer than the older one beyond it.
    const first: ListRequest = { list: 'quotations', status: 'COMPLETED', limit: '1' };
    await warm(first, admin);
    const before = await read<Quotation>(t.app, first, admin);
    expect(before.data[0]!._id).toBe(newer._id);
    t.clock.advance((t.options.config.quotationValidityDays - 1) * 86_400_000);
    expect(await sweepExpired(t.db, t.clock.now, { validityDays: t.options.config.quotationValidityDays })).toBeGreaterThanOrEqual(1);
    await expectBoth<Quotation>(first, (page) => {
      expect(page.data[0]!._id).toBe(newer._id);
      expect(page.total).toBe(before.total - 1);
    }, admin);
  });

  it("does not serve a users page past the end of a session it shows as logged in (the clock, no write)", async () => {
    const farmer = await t.farmer();
    const admin = await longAdminSession();
    await warm(users, admin);
    expect((await read<User>(t.app, users, admin)).data.find((u) => u._id === farmer.userId)).toMatchObject({ isLoggedIn: true });
    t.clock.advance(FARMER_SESSION_MS + 1_000);
    await expectBoth<User>(users, (page) => expect(page.data.find((u) => u._id === farmer.userId)).toMatchObject({ isLoggedIn: false }), admin);
  });

  /** An admin session that outlives the clock moves above (made before the page is kept). */
  async function longAdminSession(): Promise<Session> {
    const admin = await t.admin();
    const token = await createSession(t.db, admin.userId, t.clock.now(), 100 * FARMER_SESSION_MS + ADMIN_SESSION_MS);
    return { ...admin, token, auth: { authorization: `Bearer ${token}` } };
  }

  const decode = (res: LightMyRequestResponse): string => {
    const encoding = res.headers['content-encoding'];
    return (encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString('utf8');
  };

  it.each([['br'], ['gzip'], ['gzip, deflate, br, zstd'], ['br;q=0, gzip'], ['*'], ['x-gzip'], ['identity'], ['deflate'], [''], [undefined]])(
    'answers a kept page exactly as an uncached one, with Accept-Encoding %s',
    async (accept) => {
      const farmer = await t.farmer();
      for (let i = 0; i < 12; i++) await create(farmer, i + 1); // a page above the 1 KB compression threshold
      const admin = await t.admin();
      for (const r of [quotations, orders, users, { list: 'quotations', limit: '1' } as ListRequest]) {
        const headers = { ...admin.auth, ...(accept === undefined ? {} : { 'accept-encoding': accept }) };
        await t.app.inject({ method: 'GET', url: urlOf(r), headers });
        const kept = await t.app.inject({ method: 'GET', url: urlOf(r), headers });
        expect(t.app.deps.listAnswers.get(listKey(r), listVersion(r, await readListVersions()), t.clock.now())).toBeDefined();
        const fresh = await uncached.inject({ method: 'GET', url: urlOf(r), headers });
        expect(uncached.deps.listAnswers.size).toBe(0);
        expect(kept.statusCode).toBe(200);
        expect(fresh.statusCode).toBe(200);
        const { date: _d1, ...keptHeaders } = kept.headers;
        const { date: _d2, ...freshHeaders } = fresh.headers;
        // The plugin streams what it compresses above its in-one-go size (no content-length then).
        if (freshHeaders['content-length'] === undefined) delete keptHeaders['content-length'];
        delete freshHeaders['transfer-encoding'];
        expect(keptHeaders).toEqual(freshHeaders);
        expect(decode(kept)).toBe(decode(fresh));
      }
    },
  );
});
