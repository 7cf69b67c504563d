/**
 * On the server: keyset pages that hold still while rows are added, searches and status
 * filters, the optional version of the SPEC's PATCH bodies, `orderDisplayId` on quotations, the audit
 * trail (in the write's own transaction), quotation expiry on the test clock, and the fair-use caps.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry, Order, Quotation, Sku, User } from '../../src/domain/types';
import { updateOrder } from '../../src/server/repos/orders';
import { failingUpdateOf } from '../support/server/failing-write';
import { createTestApp, databases, dumpDatabase, testConfig, useTestApp, type Session, type TestApp } from '../support/server/app';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Page<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}

async function skuIds(t: TestApp, s: Session): Promise<string[]> {
  return ((await t.as(s, { method: 'GET', url: '/api/skus' })).json().data as Sku[]).map((x) => x._id);
}

async function create(t: TestApp, farmer: Session, skuId: string): Promise<Quotation> {
  const res = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: skuId, quantity: 2 }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const priced = (q: Quotation, status = 'COMPLETED', goods = 300_000) => ({
  status,
  skusDetail: q.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: goods, discountPaisa: 0, shippingPricePaisa: 1_000 })),
});

async function price(t: TestApp, admin: Session, q: Quotation, status = 'COMPLETED', goods = 300_000): Promise<Quotation> {
  const res = await t.as(admin, { method: 'PATCH', url: `/api/quotations/${q._id}`, payload: priced(q, status, goods) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Every page of a list from `url`, calling `between` after each page read. */
async function readAll<T>(t: TestApp, s: Session, url: string, limit: number, between: () => Promise<void> = async () => {}): Promise<{ rows: T[]; totals: number[] }> {
  const rows: T[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await t.as(s, { method: 'GET', url: `${url}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    const page: Page<T> = res.json();
    expect(page.data.length).toBeLessThanOrEqual(limit);
    rows.push(...page.data);
    totals.push(page.total);
    cursor = page.nextCursor;
    await between();
  } while (cursor !== null);
  return { rows, totals };
}

describe.each(databases())('paged lists on %s', (kind) => {
  const t = useTestApp(kind, { config: testConfig({ quotationHourlyLimit: 10_000, quotationDailyLimit: 100_000 }) });

  it('lists every quotation exactly once across pages while new ones are created between page reads', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const [sku] = await skuIds(t, farmer);
    for (let i = 0; i < 23; i++) {
      await create(t, farmer, sku!);
      if (i % 3 === 0) t.clock.advance(1_000); // some share a createdAt: the display id breaks the tie
    }
    const before: Page<Quotation> = (await t.as(admin, { method: 'GET', url: '/api/quotations/all?limit=200' })).json();
    const added: string[] = [];
    const { rows, totals } = await readAll<Quotation>(t, admin, '/api/quotations/all', 4, async () => {
      added.push((await create(t, farmer, sku!))._id);
    });
    const ids = rows.map((q) => q._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(before.data.map((q) => q._id));
    for (const id of added) expect(ids).not.toContain(id);
    expect(totals[0]).toBe(before.total);
    expect(totals.at(-1)).toBe(before.total + added.length - 1);
    // Newest first, as the first page of a fresh read shows the rows added meanwhile.
    const fresh: Page<Quotation> = (await t.as(admin, { method: 'GET', url: `/api/quotations/all?limit=${added.length}` })).json();
    expect(fresh.data.map((q) => q._id)).toEqual([...added].reverse());
  });

  it("pages the farmer's own list the same way, with the total of their quotations only", async () => {
    const farmer = await t.farmer();
    const other = await t.farmer();
    const [sku] = await skuIds(t, farmer);
    for (let i = 0; i < 7; i++) await create(t, farmer, sku!);
    await create(t, other, sku!);
    const { rows, totals } = await readAll<Quotation>(t, farmer, '/api/quotations', 3, async () => {
      await create(t, other, sku!);
    });
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((q) => q._id)).size).toBe(7);
    expect(totals).toEqual([7, 7, 7]);
    // The default page answers the spec's plain GET with the list under data.
    const plain = await t.as(farmer, { method: 'GET', url: '/api/quotations' });
    expect(plain.json().data).toHaveLength(7);
  });

  it('lists users unverified first, then newest, each once across pages, with a status filter', async () => {
    const admin = await t.admin();
    const waiting = [await t.pending(), await t.pending()];
    const { rows, totals } = await readAll<User>(t, admin, '/api/users/all', 2, async () => {
      await t.unverified();
    });
    expect(new Set(rows.map((u) => u._id)).size).toBe(rows.length);
    const firstVerified = rows.findIndex((u) => u.isVerified);
    expect(rows.slice(firstVerified).every((u) => u.isVerified)).toBe(true);
    for (const w of waiting) expect(rows.findIndex((u) => u._id === w.userId)).toBeLessThan(firstVerified);
    expect(totals[0]).toBe(rows.length);
    const unverified: Page<User> = (await t.as(admin, { method: 'GET', url: '/api/users/all?status=UNVERIFIED&limit=200' })).json();
    expect(unverified.data.every((u) => !u.isVerified)).toBe(true);
    expect(unverified.total).toBe(unverified.data.length);
    const verified: Page<User> = (await t.as(admin, { method: 'GET', url: '/api/users/all?status=VERIFIED&limit=200' })).json();
    expect(verified.data.every((u) => u.isVerified)).toBe(true);
  });

  it('tells on the users list who has a live session, on a page and in a search', async () => {
    const admin = await t.admin();
    const inside = await t.farmer('9811100001', 'Kiran Live');
    const gone = await t.farmer('9811100002', 'Kiran Gone');
    expect((await t.as(gone, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    for (const url of ['/api/users/all?limit=200', '/api/users/all?q=98111000', '/api/users/all?q=kiran']) {
      const users: User[] = (await t.as(admin, { method: 'GET', url })).json().data;
      const seen = (id: string) => users.find((u) => u._id === id)?.isLoggedIn;
      expect([seen(inside.userId), seen(gone.userId)], url).toEqual([true, false]);
    }
  });

  it('finds an order by its own number or its quotation number, and a farmer by name or mobile, on every admin list', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer(undefined, 'Zubin Qureshi');
    const [sku] = await skuIds(t, farmer);
    const q = await price(t, admin, await create(t, farmer, sku!));
    const order: Order = (await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).json().data;
    const get = async <T>(url: string): Promise<Page<T>> => (await t.as(admin, { method: 'GET', url })).json();

    for (const needle of [q.quotationDisplayId, order.orderDisplayId, q.quotationDisplayId.toLowerCase(), 'zubin', 'ZUB', farmer.mobile, farmer.mobile.slice(0, 7)]) {
      const orders = await get<Order>(`/api/orders?q=${encodeURIComponent(needle)}`);
      expect(orders.data.map((o) => o._id), needle).toContain(order._id);
      expect(orders.total).toBe(orders.data.length);
      const quotations = await get<Quotation>(`/api/quotations/all?q=${encodeURIComponent(needle)}`);
      expect(quotations.data.map((x) => x._id), needle).toContain(q._id);
      const users = await get<User>(`/api/users/all?q=${encodeURIComponent(needle)}`);
      expect(users.data.map((u) => u._id), needle).toContain(farmer.userId);
      if (needle !== farmer.mobile.slice(0, 7)) expect(users.data, needle).toHaveLength(1);
    }
    expect((await get<Order>(`/api/orders?q=${order.orderDisplayId}`)).data).toHaveLength(1);
    expect((await get<Order>('/api/orders?q=nobody-by-this-name')).data).toEqual([]);
    expect((await get<Order>(`/api/orders?q=${order.orderDisplayId}&status=DELIVERED`)).data).toEqual([]);
    const confirmed = await get<Order>('/api/orders?status=CONFIRMATION_PENDING&limit=200');
    expect(confirmed.data.every((o) => o.status === 'CONFIRMATION_PENDING')).toBe(true);
    expect(confirmed.total).toBe(confirmed.data.length);
    const completed = await get<Quotation>('/api/quotations/all?status=ORDERED&limit=200');
    expect(completed.data.map((x) => x._id)).toContain(q._id);
    expect(completed.total).toBe(completed.data.length);
  });

  it('carries the order number on the quotation in every answer', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const [sku] = await skuIds(t, farmer);
    const q = await price(t, admin, await create(t, farmer, sku!));
    expect(q.orderDisplayId).toBeNull();
    const order: Order = (await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).json().data;
    const one: Quotation = (await t.as(farmer, { method: 'GET', url: `/api/quotations/${q._id}` })).json().data;
    const mine: Quotation[] = (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data;
    const all: Quotation[] = (await t.as(admin, { method: 'GET', url: `/api/quotations/all?q=${q.quotationDisplayId}` })).json().data;
    for (const seen of [one, mine.find((x) => x._id === q._id)!, all[0]!]) expect(seen.orderDisplayId).toBe(order.orderDisplayId);
  });

  it("names each quotation's farmer on the admin's list (only there); the admin's lists leave out what no admin screen reads", async () => {
    const admin = await t.admin();
    const asha = await t.farmer('9876512345', 'Asha Verma');
    const bhavesh = await t.farmer('9876554321', 'Bhavesh Shah');
    const [sku] = await skuIds(t, asha);
    const hers = await create(t, asha, sku!);
    const his = await price(t, admin, await create(t, bhavesh, sku!));
    const placed = await t.as(bhavesh, { method: 'POST', url: `/api/orders/${his._id}` });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.updatedAt).toEqual(expect.any(String));
    const orders: Order[] = (await t.as(admin, { method: 'GET', url: '/api/orders?limit=1' })).json().data;
    expect([orders[0]!._id, 'updatedAt' in orders[0]!]).toEqual([placed.json().data._id, false]);
    // Other tests of this file made quotations too: these two are the newest.
    const all: Quotation[] = (await t.as(admin, { method: 'GET', url: '/api/quotations/all?limit=2' })).json().data;
    expect(all.map((q) => [q._id, q.farmerName])).toEqual([
      [his._id, 'Bhavesh Shah'],
      [hers._id, 'Asha Verma'],
    ]);
    expect(Object.keys(all[0]!).filter((k) => ['statusHistory', 'paidAt', 'expectedDeliveryDate', 'pricedAt', 'validUntil'].includes(k))).toEqual([]);
    // The row as listed goes back whole as the SPEC's PATCH body (skuIdentifier replaced by its id).
    const row = all[1]!;
    const sent = await t.as(admin, { method: 'PATCH', url: `/api/quotations/${row._id}`, payload: { ...row, ...priced(row) } });
    expect(sent.statusCode, sent.body).toBe(200);
    // The farmer's own answers carry the tracker and no farmer's name.
    const mine: Quotation[] = (await t.as(bhavesh, { method: 'GET', url: '/api/quotations' })).json().data;
    expect(mine[0]!.farmerName).toBeUndefined();
    expect(mine[0]!.statusHistory?.map((m) => m.status)).toEqual(['CONFIRMATION_PENDING']);
  });

  it('updates an order with the SPEC body (no version), checks a version given in the body or If-Match, and records each change', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const [sku] = await skuIds(t, farmer);
    const q = await price(t, admin, await create(t, farmer, sku!));
    const order: Order = (await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).json().data;
    const url = `/api/orders/update/${order.orderDisplayId}`;
    const plain = await t.as(admin, { method: 'PATCH', url, payload: { status: 'ORDER_CONFIRMED', amountPaidPaisa: 50_000 } });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({ status: 'ORDER_CONFIRMED', amountPaidPaisa: 50_000, version: 2 });

    const before = await dumpDatabase(t.db);
    const stale = await t.as(admin, { method: 'PATCH', url, payload: { status: 'IN_TRANSIT', amountPaidPaisa: 0 }, headers: { 'if-match': '"1"' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await t.as(admin, { method: 'PATCH', url, payload: { status: 'IN_TRANSIT', amountPaidPaisa: 0, version: 1 } })).statusCode).toBe(409);
    expect(await dumpDatabase(t.db)).toEqual(before);

    const matched = await t.as(admin, { method: 'PATCH', url, payload: { status: 'IN_TRANSIT', amountPaidPaisa: 50_000 }, headers: { 'if-match': 'W/"2"' } });
    expect(matched.statusCode, matched.body).toBe(200);

    const history: AuditEntry[] = (await t.as(admin, { method: 'GET', url: `/api/orders/${order._id}/history` })).json().data;
    expect(history).toEqual([
      {
        at: new Date(t.clock.now()).toISOString(),
        by: { _id: admin.userId, name: null, mobileNumber: admin.mobile },
        changes: { status: { from: 'CONFIRMATION_PENDING', to: 'ORDER_CONFIRMED' }, amountPaidPaisa: { from: 0, to: 50_000 } },
      },
      {
        at: new Date(t.clock.now()).toISOString(),
        by: { _id: admin.userId, name: null, mobileNumber: admin.mobile },
        changes: { status: { from: 'ORDER_CONFIRMED', to: 'IN_TRANSIT' } },
      },
    ]);
  });

  it('edits a quotation without a version, records who changed which fields, and verifying a user is recorded too', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const [sku] = await skuIds(t, farmer);
    const q = await create(t, farmer, sku!);
    const res = await t.as(admin, { method: 'PATCH', url: `/api/quotations/${q.quotationDisplayId}`, payload: priced(q, 'COMPLETED', 123_400) });
    expect(res.statusCode, res.body).toBe(200);
    const history: AuditEntry[] = (await t.as(admin, { method: 'GET', url: `/api/quotations/${q._id}/history` })).json().data;
    expect(history).toHaveLength(1);
    expect(history[0]!.by!._id).toBe(admin.userId);
    expect(history[0]!.changes.status).toEqual({ from: 'PENDING', to: 'COMPLETED' });
    expect(history[0]!.changes.skusDetail!.to).toEqual([
      { sku: sku, quantity: 2, goodsPricePaisa: 123_400, discountPaisa: 0, shippingPricePaisa: 1_000 },
    ]);
    expect((history[0]!.changes.skusDetail!.from as { goodsPricePaisa: number }[])[0]!.goodsPricePaisa).not.toBe(123_400);

    const waiting = await t.pending();
    expect((await t.as(admin, { method: 'PATCH', url: `/api/users/verify/${waiting.userId}` })).statusCode).toBe(200);
    const userHistory: AuditEntry[] = (await t.as(admin, { method: 'GET', url: `/api/users/${waiting.userId}/history` })).json().data;
    expect(userHistory).toEqual([{ at: expect.any(String), by: expect.objectContaining({ _id: admin.userId }), changes: { isVerified: { from: false, to: true } } }]);
    expect((await t.as(admin, { method: 'GET', url: '/api/quotations/QT999999/history' })).statusCode).toBe(404);
  });

  it('writes the audit row in the same transaction as the change: a write that fails after it leaves neither', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const [sku] = await skuIds(t, farmer);
    const q = await price(t, admin, await create(t, farmer, sku!));
    const order: Order = (await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).json().data;
    const before = await dumpDatabase(t.db);
    const auditBefore = await t.db.selectFrom('auditLog').selectAll().execute();
    // The farmer's version bump comes after the audit insert in updateOrder: make it fail.
    const failing = failingUpdateOf('users');
    await expect(
      updateOrder(t.db.withPlugin(failing.plugin), { id: order._id, status: 'DELIVERED', amountPaidPaisa: 9, now: t.clock.now(), byUserId: admin.userId }),
    ).rejects.toThrow('the disk is full');
    expect(failing.auditWritten()).toBe(true);
    expect(await t.db.selectFrom('auditLog').selectAll().execute()).toEqual(auditBefore);
    expect(await dumpDatabase(t.db)).toEqual(before);
  });
});

describe.each(databases())('quotation validity on %s', (kind) => {
  const t = useTestApp(kind);

  it('keeps a priced quotation valid for 7 days, then expires it on read and refuses its order with 409; an admin may re-price it', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const [sku] = await skuIds(t, farmer);
    const q = await price(t, admin, await create(t, farmer, sku!));
    const pricedAt = t.clock.now();
    expect(q.validUntil).toBe(new Date(pricedAt + 7 * DAY).toISOString());
    const read = async () => (await t.as(farmer, { method: 'GET', url: '/api/quotations' })).json().data.find((x: Quotation) => x._id === q._id) as Quotation;
    expect((await read()).status).toBe('COMPLETED');

    t.clock.set(pricedAt + 7 * DAY - 1);
    expect((await read()).status).toBe('COMPLETED');
    t.clock.set(pricedAt + 7 * DAY);
    const expired = await read();
    expect(expired).toMatchObject({ status: 'EXPIRED', validUntil: q.validUntil });
    const order = await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` });
    expect(order.statusCode).toBe(409);
    const history: AuditEntry[] = (await t.as(await t.admin(), { method: 'GET', url: `/api/quotations/${q._id}/history` })).json().data;
    expect(history.at(-1)).toEqual({ at: new Date(pricedAt + 7 * DAY).toISOString(), by: null, changes: { status: { from: 'COMPLETED', to: 'EXPIRED' } } });

    t.clock.advance(HOUR);
    const repriced = await price(t, await t.admin(), expired);
    expect(repriced).toMatchObject({ status: 'COMPLETED', validUntil: new Date(t.clock.now() + 7 * DAY).toISOString() });
    expect((await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).statusCode).toBe(201);
  });

  it('records the new pricing time when a save restarts the validity, even a save that changes nothing else', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const [sku] = await skuIds(t, farmer);
    const q = await price(t, admin, await create(t, farmer, sku!));
    const pricedAt = t.clock.now();
    t.clock.advance(6 * DAY);
    // A new admin session: the first one has ended by now.
    const later = await t.admin();
    const saved = await price(t, later, q);
    expect(saved.validUntil).toBe(new Date(t.clock.now() + 7 * DAY).toISOString());
    const history: AuditEntry[] = (await t.as(later, { method: 'GET', url: `/api/quotations/${q._id}/history` })).json().data;
    expect(history[0]!.changes.pricedAt).toEqual({ from: null, to: new Date(pricedAt).toISOString() });
    expect(history).toHaveLength(2);
    expect(history[1]!.changes).toEqual({ pricedAt: { from: new Date(pricedAt).toISOString(), to: new Date(t.clock.now()).toISOString() } });
  });

  it('expires at the moment of ordering even when nothing read it before', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const [sku] = await skuIds(t, farmer);
    const q = await price(t, admin, await create(t, farmer, sku!));
    t.clock.advance(8 * DAY);
    const order = await t.as(farmer, { method: 'POST', url: `/api/orders/${q.quotationDisplayId}` });
    expect(order.statusCode).toBe(409);
    expect((await t.as(farmer, { method: 'GET', url: `/api/quotations/${q._id}` })).json().data.status).toBe('EXPIRED');
    // The admin list shows it EXPIRED too, and counts it there.
    const expiredList: Page<Quotation> = (await t.as(await t.admin(), { method: 'GET', url: '/api/quotations/all?status=EXPIRED&limit=200' })).json();
    expect(expiredList.data.map((x) => x._id)).toContain(q._id);
    expect(expiredList.total).toBe(expiredList.data.length);
  });
});

describe.each(databases())('fair use on %s', (kind) => {
  it('lets a farmer create 3 quotations an hour and 5 a day here, then answers 429 with Retry-After until the window frees', async () => {
    const t = await createTestApp(kind, { config: testConfig({ quotationHourlyLimit: 3, quotationDailyLimit: 5 }) });
    try {
      const farmer = await t.farmer();
      const other = await t.farmer();
      const [sku] = await skuIds(t, farmer);
      const start = t.clock.now();
      for (let i = 0; i < 3; i++) {
        await create(t, farmer, sku!);
        t.clock.advance(60_000);
      }
      const before = await dumpDatabase(t.db);
      const refused = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!, quantity: 1 }] } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      // The first of the three leaves the hour at start + 1 h: that is the wait.
      expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((start + HOUR - t.clock.now()) / 1000));
      expect(await dumpDatabase(t.db)).toEqual(before);
      // Another farmer is not affected.
      await create(t, other, sku!);

      t.clock.set(start + HOUR + 3 * 60_000);
      await create(t, farmer, sku!);
      await create(t, farmer, sku!);
      const daily = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!, quantity: 1 }] } });
      expect(daily.statusCode).toBe(429);
      expect(Number(daily.headers['retry-after'])).toBe(Math.ceil((start + DAY - t.clock.now()) / 1000));
      t.clock.set(start + DAY + 1);
      await create(t, farmer, sku!);
    } finally {
      await t.close();
    }
  });

  it('names the longer wait when both caps are full: the day, not the hour', async () => {
    const t = await createTestApp(kind, { config: testConfig({ quotationHourlyLimit: 3, quotationDailyLimit: 5 }) });
    try {
      const farmer = await t.farmer();
      const [sku] = await skuIds(t, farmer);
      const start = t.clock.now();
      await create(t, farmer, sku!);
      await create(t, farmer, sku!);
      t.clock.set(start + 2 * HOUR);
      for (let i = 0; i < 3; i++) {
        await create(t, farmer, sku!);
        t.clock.advance(60_000);
      }
      const refused = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!, quantity: 1 }] } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/a day/);
      // The first of the day's five leaves the day at start + 24 h; the hour frees sooner, but a retry
      // then would be refused again.
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBe(Math.ceil((start + DAY - t.clock.now()) / 1000));
      t.clock.set(start + 2 * HOUR + HOUR + 1);
      expect((await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!, quantity: 1 }] } })).statusCode).toBe(429);
      t.clock.set(start + DAY + 1);
      await create(t, farmer, sku!);
    } finally {
      await t.close();
    }
  });
});
