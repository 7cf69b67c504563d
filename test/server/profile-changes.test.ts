/**
 * Profile changes after sign-up: a verified farmer's new name or Aadhaar card puts the account back
 * under verification (detailsChangedAt says why, the list counts move with it), every change is in the
 * user's history by its writer (images by id), a replaced photo or card is deleted with the write, and
 * a user makes at most PROFILE_WRITES_PER_HOUR profile writes an hour.
 */
import { describe, expect, it } from 'vitest';
import { PROFILE_WRITES_PER_HOUR } from '../../src/domain/constants';
import type { User } from '../../src/domain/types';
import { readCount } from '../../src/server/repos/list-counts';
import { databases, useTestApp, type Session, type TestApp } from '../support/server/app';
import { history, upload } from '../support/server/profile-steps';

const idOf = (url: string) => url.split('/').pop()!;

async function put(t: TestApp, s: Session, payload: object) {
  return t.as(s, { method: 'PUT', url: '/api/users/profile', payload });
}

/** A farmer who signed up through the API and whom the admin verified; answers the form they sent. */
async function verifiedThroughApi(t: TestApp) {
  const s = await t.unverified();
  const form = {
    name: 'Ramesh Patel',
    mobileNumber: s.mobile,
    preferredLanguage: 'gujrati',
    profilePhoto: await upload(t, s, 'profile'),
    aadhaar: await upload(t, s, 'aadhaar'),
    gender: 'male',
    age: 42,
    farmAddress: 'Near the temple, Gondal, Rajkot',
  };
  expect((await put(t, s, form)).statusCode).toBe(200);
  const verified = await t.as(await t.admin(), { method: 'PATCH', url: `/api/users/verify/${s.userId}` });
  expect(verified.statusCode, verified.body).toBe(200);
  return { s, form };
}

const imageIds = async (t: TestApp, ownerId: string, kind: string) =>
  (await t.db.selectFrom('images').select('id').where('ownerId', '=', ownerId).where('kind', '=', kind).execute()).map((r) => r.id).sort();

describe.each(databases())('profile changes on %s', (kind) => {
  const t = useTestApp(kind);

  it('puts a verified farmer who changes the name back under verification, says when, and moves the counts', async () => {
    const { s, form } = await verifiedThroughApi(t);
    const verifiedBefore = await readCount(t.db, 'users', 'VERIFIED');
    const unverifiedBefore = await readCount(t.db, 'users', 'UNVERIFIED');
    t.clock.advance(60_000);
    const at = new Date(t.clock.now()).toISOString();
    const res = await put(t, s, { ...form, name: 'Ramesh K. Patel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Ramesh K. Patel', isVerified: false, detailsChangedAt: at });
    expect(await readCount(t.db, 'users', 'VERIFIED')).toBe(verifiedBefore - 1);
    expect(await readCount(t.db, 'users', 'UNVERIFIED')).toBe(unverifiedBefore + 1);
    // The admin's list says why the account is back: it sits with the unverified.
    const page = (await t.as(await t.admin(), { method: 'GET', url: `/api/users/all?status=UNVERIFIED&q=${s.mobile}` })).json();
    expect(page.data.map((u: User) => [u._id, u.detailsChangedAt])).toEqual([[s.userId, at]]);
    // Verified again: the reason is gone.
    const again = await t.as(await t.admin(), { method: 'PATCH', url: `/api/users/verify/${s.userId}` });
    expect(again.json().data).toMatchObject({ isVerified: true, detailsChangedAt: null });
    expect(await readCount(t.db, 'users', 'VERIFIED')).toBe(verifiedBefore);
  });

  it('puts a verified farmer who sends another Aadhaar card back under verification', async () => {
    const { s, form } = await verifiedThroughApi(t);
    const res = await put(t, s, { ...form, aadhaar: await upload(t, s, 'aadhaar') });
    expect(res.json().data).toMatchObject({ isVerified: false });
    expect(res.json().data.detailsChangedAt).not.toBeNull();
  });

  it('keeps a verified farmer verified through other changes, and the answer keeps its field order', async () => {
    const { s, form } = await verifiedThroughApi(t);
    const res = await put(t, s, { ...form, farmAddress: 'Canal road, Gondal', age: 43, preferredLanguage: 'hindi' });
    expect(res.json().data).toMatchObject({ isVerified: true, detailsChangedAt: null, farmAddress: 'Canal road, Gondal' });
    expect(Object.keys(res.json().data)).toEqual([
      '_id', 'mobileNumber', 'name', 'preferredLanguage', 'profilePhoto', 'aadhaar', 'gender', 'age', 'farmAddress', 'geocoordinate',
      'isLoggedIn', 'profileUpdated', 'isVerified', 'isAdmin', 'profileSubmittedAt', 'detailsChangedAt', 'removedAt',
    ]);
  });

  it('never puts an admin under verification', async () => {
    const admin = await t.admin();
    const res = await put(t, admin, { name: 'Admin Renamed', mobileNumber: admin.mobile, gender: 'female', aadhaar: await upload(t, admin, 'aadhaar'), farmAddress: 'Office' });
    expect(res.json().data).toMatchObject({ isAdmin: true, isVerified: true, detailsChangedAt: null });
  });

  it('records every profile change in the history by the farmer, images by id, the language alone too', async () => {
    const { s, form } = await verifiedThroughApi(t);
    const sent = (await history(t, s.userId)).filter((e) => e.by?._id === s.userId && !('aadhaarConsent' in e.changes));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.changes).toEqual({
      name: { from: null, to: 'Ramesh Patel' },
      preferredLanguage: { from: null, to: 'gujrati' },
      profilePhoto: { from: null, to: idOf(form.profilePhoto) },
      aadhaar: { from: null, to: idOf(form.aadhaar) },
      gender: { from: null, to: 'male' },
      age: { from: null, to: 42 },
      farmAddress: { from: null, to: 'Near the temple, Gondal, Rajkot' },
    });
    t.clock.advance(1000);
    await put(t, s, { preferredLanguage: 'hindi' });
    t.clock.advance(1000);
    await put(t, s, { ...form, preferredLanguage: 'hindi', name: 'R. Patel' });
    const rows = await history(t, s.userId);
    const [language, renamed] = rows.slice(-2);
    expect(language).toMatchObject({ by: { _id: s.userId }, changes: { preferredLanguage: { from: 'gujrati', to: 'hindi' } } });
    expect(renamed).toMatchObject({
      by: { _id: s.userId },
      changes: { name: { from: 'Ramesh Patel', to: 'R. Patel' }, isVerified: { from: true, to: false } },
    });
    expect(Object.keys(renamed!.changes).sort()).toEqual(['isVerified', 'name']);
    // The same language again changes nothing and records nothing.
    await put(t, s, { preferredLanguage: 'hindi' });
    expect(await history(t, s.userId)).toHaveLength(rows.length);
  });

  it('deletes a replaced photo and card (and uploads never sent) with the write that replaces them', async () => {
    const { s, form } = await verifiedThroughApi(t);
    const unsent = await upload(t, s, 'profile');
    expect(await imageIds(t, s.userId, 'profile')).toEqual([idOf(form.profilePhoto), idOf(unsent)].sort());
    const photo = await upload(t, s, 'profile');
    const card = await upload(t, s, 'aadhaar');
    expect((await put(t, s, { ...form, profilePhoto: photo, aadhaar: card })).statusCode).toBe(200);
    expect(await imageIds(t, s.userId, 'profile')).toEqual([idOf(photo)]);
    expect(await imageIds(t, s.userId, 'aadhaar')).toEqual([idOf(card)]);
    expect((await t.as(s, { method: 'GET', url: form.profilePhoto })).statusCode).toBe(404);
    // Taking the photo away deletes it too.
    expect((await put(t, s, { ...form, profilePhoto: null, aadhaar: card })).statusCode).toBe(200);
    expect(await imageIds(t, s.userId, 'profile')).toEqual([]);
    expect(await imageIds(t, s.userId, 'aadhaar')).toEqual([idOf(card)]);
  });

  it(`allows ${PROFILE_WRITES_PER_HOUR} profile writes an hour, then 429 with Retry-After until the hour has passed`, async () => {
    const s = await t.unverified();
    const languages = ['hindi', 'english'] as const;
    for (let i = 0; i < PROFILE_WRITES_PER_HOUR; i++) {
      const res = await put(t, s, { preferredLanguage: languages[i % 2] });
      expect(res.statusCode, `write ${i + 1}`).toBe(200);
      t.clock.advance(1000);
    }
    const refused = await put(t, s, { preferredLanguage: 'gujrati' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBe(3600 - PROFILE_WRITES_PER_HOUR);
    const profile = (await t.as(s, { method: 'GET', url: '/api/users/profile' })).json().user;
    expect(profile.preferredLanguage).toBe(languages[(PROFILE_WRITES_PER_HOUR - 1) % 2]);
    // Another farmer's budget is their own.
    expect((await put(t, await t.unverified(), { preferredLanguage: 'hindi' })).statusCode).toBe(200);
    t.clock.advance(wait * 1000);
    expect((await put(t, s, { preferredLanguage: 'gujrati' })).statusCode).toBe(200);
  });
});
