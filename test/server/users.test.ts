import { describe, expect, it } from 'vitest';
import { jpegWithGps, multipart, uploadFields } from '../support/server/images';
import { databases, dumpDatabase, useTestApp, type Session } from '../support/server/app';

describe.each(databases())('users on %s', (kind) => {
  const t = useTestApp(kind);
  const uploadAs = async (session: Session, kindOf: 'profile' | 'aadhaar') => {
    const res = await t.as(session, { method: 'POST', url: '/api/uploads', ...multipart(uploadFields(kindOf), { bytes: await jpegWithGps() }) });
    return res.json<{ url: string }>().url;
  };
  const profileOf = async (s: Session) => (await t.as(s, { method: 'GET', url: '/api/users/profile' })).json().user;

  async function fullProfile(session: Session, extra: Record<string, unknown> = {}) {
    return {
      name: 'Ramesh Patel',
      mobileNumber: session.mobile,
      preferredLanguage: 'gujrati',
      profilePhoto: await uploadAs(session, 'profile'),
      aadhaar: await uploadAs(session, 'aadhaar'),
      gender: 'male',
      age: 42,
      farmAddress: 'Near the temple, Gondal, Rajkot',
      geocoordinate: { lat: 21.96, long: 70.8, accuracy: 15 },
      ...extra,
    };
  }

  it('answers GET /users/profile with {user} for any logged-in user, verified or not', async () => {
    const s = await t.unverified();
    const res = await t.as(s, { method: 'GET', url: '/api/users/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().user).toEqual({
      _id: s.userId,
      mobileNumber: s.mobile,
      name: null,
      preferredLanguage: null,
      profilePhoto: null,
      aadhaar: null,
      gender: null,
      age: null,
      farmAddress: null,
      geocoordinate: null,
      isLoggedIn: true,
      profileUpdated: false,
      isVerified: false,
      isAdmin: false,
      profileSubmittedAt: null,
      detailsChangedAt: null,
      removedAt: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
  });

  it('sets the preferred language alone', async () => {
    const s = await t.unverified();
    const res = await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: { preferredLanguage: 'hindi' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ preferredLanguage: 'hindi', profileUpdated: false });
  });

  it('saves the sign-up form and marks the profile updated, still unverified', async () => {
    const s = await t.unverified();
    const body = await fullProfile(s);
    const res = await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...body, profileUpdated: true, isVerified: false, isAdmin: false });
    const login = await t.login(s.mobile);
    expect(login.token).not.toBe(s.token);
  });

  it('keeps when the sign-up form was sent, answers it on every phone, and leaves it on a language change', async () => {
    const s = await t.unverified();
    const body = await fullProfile(s);
    const at = new Date(t.clock.now()).toISOString();
    const sent = await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: body });
    expect(sent.json().data.profileSubmittedAt).toBe(at);
    t.clock.advance(60_000);
    const language = await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: { preferredLanguage: 'hindi' } });
    expect(language.json().data.profileSubmittedAt).toBe(at);
    // Another phone: a new login sees the same time.
    const other = await t.login(s.mobile);
    expect((await profileOf(other)).profileSubmittedAt).toBe(at);
    const admin = await t.admin();
    const page = (await t.as(admin, { method: 'GET', url: '/api/users/all?status=UNVERIFIED' })).json();
    expect(page.data.find((u: { _id: string }) => u._id === s.userId).profileSubmittedAt).toBe(at);
  });

  it('keeps no submission time when the form is refused', async () => {
    const s = await t.unverified();
    const body = await fullProfile(s, { gender: 'robot' });
    expect((await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: body })).statusCode).toBe(400);
    expect((await profileOf(s)).profileSubmittedAt).toBeNull();
  });

  it('refuses isAdmin or isVerified in a profile body with 400 and changes nothing', async () => {
    const s = await t.unverified();
    const before = await dumpDatabase(t.db);
    for (const extra of [{ isAdmin: true }, { isVerified: true }, { profileUpdated: true }]) {
      const res = await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: { preferredLanguage: 'hindi', ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
    const full = await fullProfile(s, { isAdmin: true });
    expect((await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: full })).statusCode).toBe(400);
    expect(await profileOf(s)).toMatchObject({ isAdmin: false, isVerified: false, profileUpdated: false });
  });

  it('refuses a profile missing a required field, with a bad gender, or with someone else\'s number', async () => {
    const s = await t.unverified();
    const body = await fullProfile(s);
    const { farmAddress: _f, ...missing } = body;
    for (const payload of [missing, { ...body, gender: 'robot' }, { ...body, mobileNumber: '9999999999' }, { ...body, name: '   ' }]) {
      expect((await t.as(s, { method: 'PUT', url: '/api/users/profile', payload })).statusCode).toBe(400);
    }
    expect((await profileOf(s)).profileUpdated).toBe(false);
  });

  it('refuses an Aadhaar url that is not the caller\'s own Aadhaar upload', async () => {
    const a = await t.unverified();
    const b = await t.unverified();
    const bAadhaar = await uploadAs(b, 'aadhaar');
    const body = await fullProfile(a, { aadhaar: bAadhaar });
    const res = await t.as(a, { method: 'PUT', url: '/api/users/profile', payload: body });
    expect(res.statusCode).toBe(400);
    const photoAsAadhaar = await fullProfile(a);
    photoAsAadhaar.aadhaar = photoAsAadhaar.profilePhoto;
    expect((await t.as(a, { method: 'PUT', url: '/api/users/profile', payload: photoAsAadhaar })).statusCode).toBe(400);
  });

  it('lists all users to admins, unverified first, and refuses farmers with 403', async () => {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const waiting = await t.unverified();
    const res = await t.as(admin, { method: 'GET', url: '/api/users/all' });
    expect(res.statusCode).toBe(200);
    const users: { _id: string; isVerified: boolean }[] = res.json().data;
    const firstVerified = users.findIndex((u) => u.isVerified);
    expect(users.slice(firstVerified).every((u) => u.isVerified)).toBe(true);
    expect(users.map((u) => u._id)).toEqual(expect.arrayContaining([farmer.userId, waiting.userId]));
    expect((await t.as(farmer, { method: 'GET', url: '/api/users/all' })).statusCode).toBe(403);
    expect((await t.as(waiting, { method: 'GET', url: '/api/users/all' })).statusCode).toBe(403);
  });

  it('lets an admin verify a user, after which farmer calls open to them', async () => {
    const admin = await t.admin();
    const waiting = await t.pending();
    const refused = await t.as(waiting, { method: 'GET', url: '/api/skus' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const res = await t.as(admin, { method: 'PATCH', url: `/api/users/verify/${waiting.userId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: waiting.userId, isVerified: true });
    expect((await t.as(waiting, { method: 'GET', url: '/api/skus' })).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'PATCH', url: '/api/users/verify/nosuchuser0000' })).statusCode).toBe(404);
    expect((await t.as(waiting, { method: 'PATCH', url: `/api/users/verify/${waiting.userId}` })).statusCode).toBe(403);
  });

  it('refuses to verify a user who has not sent a profile yet, and changes nothing', async () => {
    const admin = await t.admin();
    const fresh = await t.unverified();
    const res = await t.as(admin, { method: 'PATCH', url: `/api/users/verify/${fresh.userId}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    const row = await t.db.selectFrom('users').select(['isVerified']).where('id', '=', fresh.userId).executeTakeFirstOrThrow();
    expect(row.isVerified).toBe(0);
  });

  it('logs an admin in with a complete, verified account, so the app sends them to /home and not into registration', async () => {
    const admin = await t.admin();
    const profile = await t.as(admin, { method: 'GET', url: '/api/users/profile' });
    expect(profile.json().user).toMatchObject({ isAdmin: true, isVerified: true, profileUpdated: true });
  });
});
