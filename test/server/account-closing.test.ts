/**
 * A farmer's right to leave (DPDP Act 2023): DELETE /api/users/profile closes the caller's own account
 * in one transaction. Every session ends, the images go, the row keeps no personal value and no number
 * that finds it, codes and SMS to the number go, the history keeps only that it happened; the farmer's
 * quotations and orders stay for the books, showing the farmer as removed; the same number logging in
 * again is a new account. No table keeps the number or the name anywhere.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REMOVED_NUMBER_PREFIX } from '../../src/domain/constants';
import type { AuditEntry, Order, Quotation, User } from '../../src/domain/types';
import { APP_TABLES } from '../../src/server/db/migrations';
import { readCount } from '../../src/server/repos/list-counts';
import { databases, useTestApp, type Session, type TestApp } from '../support/server/app';
import { upload } from '../support/server/profile-steps';

/** Every table's rows whose text holds one of `needles`, as `table: row` strings (every column, as JSON). */
async function rowsHolding(t: TestApp, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of APP_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.db);
    for (const row of rows) {
      const text = JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
      if (needles.some((needle) => text.toLowerCase().includes(needle.toLowerCase()))) found.push(`${table}: ${text.slice(0, 300)}`);
    }
  }
  return found;
}

async function priced(t: TestApp, farmer: Session): Promise<Quotation> {
  const admin = await t.admin();
  const sku = (await t.as(admin, { method: 'GET', url: '/api/skus' })).json().data[0];
  const q: Quotation = (await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 2 }] } })).json().data;
  const body = {
    ...q,
    status: 'COMPLETED',
    skusDetail: q.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: 50_000, discountPaisa: 0, shippingPricePaisa: 2_000 })),
  };
  const res = await t.as(admin, { method: 'PATCH', url: `/api/quotations/${q._id}`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe.each(databases())('closing an account on %s', (kind) => {
  const t = useTestApp(kind);

  it('erases the farmer everywhere in one go, keeps the books showing them as removed, and lets the number start afresh', async () => {
    const s = await t.unverified();
    const admin = await t.admin();
    const other = await t.login(s.mobile); // a second phone
    const form = {
      name: 'Bhavesh Chaudhary',
      mobileNumber: s.mobile,
      preferredLanguage: 'gujrati',
      profilePhoto: await upload(t, s, 'profile'),
      aadhaar: await upload(t, s, 'aadhaar'),
      gender: 'male',
      age: 51,
      farmAddress: 'Khet no. 14, Palanpur',
      geocoordinate: { lat: 24.17, long: 72.43, accuracy: 20 },
    };
    expect((await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: form })).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'PATCH', url: `/api/users/verify/${s.userId}` })).statusCode).toBe(200);
    // The admin looks at the card; the farmer renames (the history now holds both names).
    expect((await t.as(admin, { method: 'GET', url: form.aadhaar })).statusCode).toBe(200);
    expect((await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: { ...form, name: 'Bhaveshbhai Chaudhary' } })).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'PATCH', url: `/api/users/verify/${s.userId}` })).statusCode).toBe(200);
    // Books: an order, and a quotation still waiting for a price; an SMS queued to the number.
    const quotation = await priced(t, s);
    const order: Order = (await t.as(s, { method: 'POST', url: `/api/orders/${quotation._id}` })).json().data;
    const sku = (await t.as(admin, { method: 'GET', url: '/api/skus' })).json().data[0];
    const pending: Quotation = (await t.as(s, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 1 }] } })).json().data;
    expect(await t.db.selectFrom('smsOutbox').select('id').where('toNumber', '=', `+91${s.mobile}`).execute()).not.toEqual([]);
    // A code asked for and never used.
    t.clock.advance(t.options.config.otpResendSeconds * 1000 + 1000);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: s.mobile } })).statusCode).toBe(200);
    const needles = [s.mobile, 'Bhavesh', 'Palanpur'];
    expect((await rowsHolding(t, needles)).length).toBeGreaterThan(0);

    const verifiedBefore = await readCount(t.db, 'users', 'VERIFIED');
    const usersBefore = await readCount(t.db, 'users');
    const at = t.clock.now();
    const res = await t.as(s, { method: 'DELETE', url: '/api/users/profile' });
    expect(res.statusCode, res.body).toBe(200);
    const closed: User = res.json().data;
    expect(closed).toMatchObject({
      _id: s.userId,
      mobileNumber: `${REMOVED_NUMBER_PREFIX}${s.userId}`,
      name: null,
      preferredLanguage: null,
      profilePhoto: null,
      aadhaar: null,
      gender: null,
      age: null,
      farmAddress: null,
      geocoordinate: null,
      profileUpdated: false,
      isVerified: false,
      removedAt: new Date(at).toISOString(),
    });

    // Every session has ended.
    for (const session of [s, other]) expect((await t.as(session, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    // Images, codes, sends and messages to the number are gone; nothing anywhere holds the number or the names.
    expect(await t.db.selectFrom('images').select('id').where('ownerId', '=', s.userId).execute()).toEqual([]);
    expect(await rowsHolding(t, needles)).toEqual([]);
    // The counts: the account has left the admin's list.
    expect(await readCount(t.db, 'users', 'VERIFIED')).toBe(verifiedBefore - 1);
    expect(await readCount(t.db, 'users')).toBe(usersBefore - 1);
    const listed: User[] = (await t.as(admin, { method: 'GET', url: '/api/users/all?limit=100' })).json().data;
    expect(listed.map((u) => u._id)).not.toContain(s.userId);
    expect((await t.as(admin, { method: 'GET', url: `/api/users/all?q=${s.mobile}` })).json().total).toBe(0);
    expect((await t.as(admin, { method: 'PATCH', url: `/api/users/verify/${s.userId}` })).statusCode).toBe(409);

    // The history: the closing by the farmer; earlier personal values nulled; the service's facts kept.
    const history: AuditEntry[] = (await t.as(admin, { method: 'GET', url: `/api/users/${s.userId}/history` })).json().data;
    expect(history.at(-1)).toEqual({
      at: new Date(at).toISOString(),
      by: { _id: s.userId, name: null, mobileNumber: `${REMOVED_NUMBER_PREFIX}${s.userId}` },
      changes: { account: { from: 'open', to: 'closed' } },
    });
    const renamed = history.find((e) => 'name' in e.changes && !('gender' in e.changes));
    expect(renamed!.changes).toEqual({ name: { from: null, to: null }, isVerified: { from: true, to: false } });
    expect(history.filter((e) => 'isVerified' in e.changes && e.changes.isVerified!.to === true)).toHaveLength(2);
    expect(history.some((e) => 'aadhaarViewed' in e.changes)).toBe(true);
    expect(history.some((e) => 'aadhaarConsent' in e.changes)).toBe(true);

    // The books: the order and quotations stay, the farmer shown as removed.
    const orders: Order[] = (await t.as(admin, { method: 'GET', url: '/api/orders?limit=100' })).json().data;
    expect(orders.find((o) => o._id === order._id)!.userDetails).toEqual({ name: null, mobileNumber: `${REMOVED_NUMBER_PREFIX}${s.userId}` });
    const quotations: Quotation[] = (await t.as(admin, { method: 'GET', url: '/api/quotations/all?limit=100' })).json().data;
    expect(quotations.filter((q) => q._id === quotation._id || q._id === pending._id).map((q) => q.farmerName)).toEqual([null, null]);
    // Pricing the waiting quotation tells no one: there is no number to send to.
    const outboxBefore = (await t.db.selectFrom('smsOutbox').select('id').execute()).length;
    const body = {
      ...pending,
      status: 'COMPLETED',
      skusDetail: pending.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: 10_000, discountPaisa: 0, shippingPricePaisa: 0 })),
    };
    expect((await t.as(admin, { method: 'PATCH', url: `/api/quotations/${pending._id}`, payload: body })).statusCode).toBe(200);
    expect((await t.db.selectFrom('smsOutbox').select('id').execute()).length).toBe(outboxBefore);

    // The same number logs in to a new, empty account that sees none of the old one's records.
    const again = await t.login(s.mobile);
    expect(again.userId).not.toBe(s.userId);
    expect((await t.as(again, { method: 'GET', url: '/api/users/profile' })).json().user).toMatchObject({
      mobileNumber: s.mobile,
      name: null,
      profileUpdated: false,
      isVerified: false,
      removedAt: null,
    });
    expect((await t.as(again, { method: 'GET', url: `/api/quotations/${quotation._id}` })).statusCode).toBe(403);
    expect(await readCount(t.db, 'users')).toBe(usersBefore);
  });

  it('refuses to close an admin account with 403, and a closed account cannot close again', async () => {
    const admin = await t.admin();
    const res = await t.as(admin, { method: 'DELETE', url: '/api/users/profile' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await t.as(admin, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(200);
    const s = await t.unverified();
    expect((await t.as(s, { method: 'DELETE', url: '/api/users/profile' })).statusCode).toBe(200);
    expect((await t.as(s, { method: 'DELETE', url: '/api/users/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/profile' })).statusCode).toBe(401);
  });
});
