/**
 * The Aadhaar card as the DPDP Act 2023 and UIDAI expect it handled: uploaded only with consent to the
 * current notice (recorded with its time), never cached, every admin's view recorded in the owner's
 * history, erased `aadhaarRetentionDays` after verification (at verification for 0) with the fact of
 * the verification kept; and each user's uploads bounded per hour.
 */
import { describe, expect, it } from 'vitest';
import { AADHAAR_NOTICE_VERSION } from '../../src/domain/constants';
import { createExpirySweeper, eraseDueAadhaar } from '../../src/server/expiry-sweep';
import { dueForErasure, eraseAadhaarIfDue } from '../../src/server/repos/users';
import { databases, testConfig, useTestApp, type TestApp } from '../support/server/app';
import { jpegWithGps, multipart, png } from '../support/server/images';
import { history, upload } from '../support/server/profile-steps';

const DAY = 86_400_000;
const idOf = (url: string) => url.split('/').pop()!;

/** A multipart body with the consent field after the file part (the browser's FormData order may be either). */
function consentAfterFile(bytes: Buffer, consent: string) {
  const body = multipart({ kind: 'aadhaar' }, { bytes });
  const boundary = body.headers['content-type'].split('boundary=')[1]!;
  const text = body.payload.toString('latin1').replace(`--${boundary}--\r\n`, `--${boundary}\r\nContent-Disposition: form-data; name="consent"\r\n\r\n${consent}\r\n--${boundary}--\r\n`);
  return { payload: Buffer.from(text, 'latin1'), headers: body.headers };
}

const imageCount = async (t: TestApp, ownerId: string) =>
  Number((await t.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).where('ownerId', '=', ownerId).executeTakeFirstOrThrow()).n);

/** A farmer who sent the form with a card; `verify` has the admin verify them. */
async function signedUp(t: TestApp, verify: boolean) {
  const s = await t.unverified();
  const aadhaar = await upload(t, s, 'aadhaar');
  const form = { name: 'Savita Parmar', mobileNumber: s.mobile, gender: 'female', aadhaar, farmAddress: 'Canal road, Anand' };
  expect((await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: form })).statusCode).toBe(200);
  if (verify) expect((await t.as(await t.admin(), { method: 'PATCH', url: `/api/users/verify/${s.userId}` })).statusCode).toBe(200);
  return { s, aadhaar, form };
}

describe.each(databases())('the Aadhaar card on %s', (kind) => {
  const t = useTestApp(kind);

  it('refuses a card without consent, or with consent to another notice, with 400 CONSENT_REQUIRED and stores nothing', async () => {
    const s = await t.unverified();
    const bytes = await jpegWithGps();
    for (const fields of [{ kind: 'aadhaar' }, { kind: 'aadhaar', consent: 'aadhaar-v0' }, { kind: 'aadhaar', consent: '' }] as Record<string, string>[]) {
      const res = await t.as(s, { method: 'POST', url: '/api/uploads', ...multipart(fields, { bytes }) });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().code).toBe('CONSENT_REQUIRED');
    }
    const late = await t.as(s, { method: 'POST', url: '/api/uploads', ...consentAfterFile(bytes, 'aadhaar-v2') });
    expect(late.json().code).toBe('CONSENT_REQUIRED');
    expect(await imageCount(t, s.userId)).toBe(0);
    const row = await t.db.selectFrom('users').select(['aadhaarConsent', 'aadhaarConsentAt']).where('id', '=', s.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ aadhaarConsent: null, aadhaarConsentAt: null });
    expect(await history(t, s.userId)).toEqual([]);
    // A profile photo needs no consent.
    expect((await t.as(s, { method: 'POST', url: '/api/uploads', ...multipart({ kind: 'profile' }, { bytes }) })).statusCode).toBe(201);
  });

  it('takes a card with consent to the notice before or after the file, and records the consent and its time', async () => {
    const s = await t.unverified();
    const first = await t.as(s, { method: 'POST', url: '/api/uploads', ...multipart({ consent: AADHAAR_NOTICE_VERSION, kind: 'aadhaar' }, { bytes: await jpegWithGps() }) });
    expect(first.statusCode, first.body).toBe(201);
    const at = t.clock.now();
    const row = await t.db.selectFrom('users').select(['aadhaarConsent', 'aadhaarConsentAt']).where('id', '=', s.userId).executeTakeFirstOrThrow();
    expect({ ...row, aadhaarConsentAt: Number(row.aadhaarConsentAt) }).toEqual({ aadhaarConsent: 'aadhaar-v1', aadhaarConsentAt: at });
    t.clock.advance(5000);
    const second = await t.as(s, { method: 'POST', url: '/api/uploads', ...consentAfterFile(await jpegWithGps(), AADHAAR_NOTICE_VERSION) });
    expect(second.statusCode, second.body).toBe(201);
    const rows = await history(t, s.userId);
    expect(rows).toEqual([
      { at: new Date(at).toISOString(), by: { _id: s.userId, name: null, mobileNumber: s.mobile }, changes: { aadhaarConsent: { from: null, to: 'aadhaar-v1' } } },
      { at: new Date(at + 5000).toISOString(), by: { _id: s.userId, name: null, mobileNumber: s.mobile }, changes: { aadhaarConsent: { from: 'aadhaar-v1', to: 'aadhaar-v1' } } },
    ]);
  });

  it("sends a card with no-store and no ETag, and records each admin's view in the owner's history, a revalidation included", async () => {
    const { s, aadhaar } = await signedUp(t, false);
    const admin = await t.admin();
    const before = (await history(t, s.userId)).length;
    const own = await t.as(s, { method: 'GET', url: aadhaar });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers.etag).toBeUndefined();
    expect(await history(t, s.userId)).toHaveLength(before);
    const viewedAt = t.clock.now();
    const seen = await t.as(admin, { method: 'GET', url: aadhaar });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.headers.etag).toBeUndefined();
    t.clock.advance(1000);
    // A browser asking with a tag it made up still gets the bytes, and that is a view too.
    const asked = await t.as(admin, { method: 'GET', url: aadhaar, headers: { 'if-none-match': '"anything"' } });
    expect(asked.statusCode).toBe(200);
    const views = (await history(t, s.userId)).slice(before);
    expect(views).toEqual([
      { at: new Date(viewedAt).toISOString(), by: expect.objectContaining({ _id: admin.userId }), changes: { aadhaarViewed: { from: null, to: idOf(aadhaar) } } },
      { at: new Date(viewedAt + 1000).toISOString(), by: expect.objectContaining({ _id: admin.userId }), changes: { aadhaarViewed: { from: null, to: idOf(aadhaar) } } },
    ]);
    // A profile photo keeps its ETag and browser-only revalidation, and an admin's look at it is not recorded.
    const photo = await upload(t, s, 'profile');
    const looked = await t.as(admin, { method: 'GET', url: photo });
    expect(looked.headers['cache-control']).toBe('private, no-cache');
    expect(looked.headers.etag).toBeDefined();
    expect(await history(t, s.userId)).toHaveLength(before + 2);
  });

  it('erases the card after the retention days through the sweep, keeping the verification and its tick', async () => {
    const signed = await signedUp(t, true);
    const { aadhaar } = signed;
    const verifiedAt = t.clock.now();
    // A day short: the card stays. (Sessions end over such spans: each look logs in afresh.)
    t.clock.set(verifiedAt + 29 * DAY);
    await eraseDueAadhaar(t.db, t.clock.now(), 30);
    expect((await t.as(await t.admin(), { method: 'GET', url: aadhaar })).statusCode).toBe(200);
    t.clock.set(verifiedAt + 30 * DAY);
    const erasedAt = t.clock.now();
    // Through the app's sweeper, on the app's clock.
    const sweeper = createExpirySweeper({ db: t.db, now: t.clock.now, rules: { validityDays: 7 }, aadhaarRetentionDays: 30 });
    await sweeper.runOnce();
    await sweeper.stop();
    const admin = await t.admin();
    const s = await t.login(signed.s.mobile);
    expect((await t.as(admin, { method: 'GET', url: aadhaar })).statusCode).toBe(404);
    expect(await t.db.selectFrom('images').select('id').where('ownerId', '=', s.userId).where('kind', '=', 'aadhaar').execute()).toEqual([]);
    const profile = (await t.as(s, { method: 'GET', url: '/api/users/profile' })).json().user;
    expect(profile).toMatchObject({ aadhaar: null, isVerified: true, profileUpdated: true });
    const rows = await history(t, s.userId);
    expect(rows.find((r) => 'isVerified' in r.changes)).toMatchObject({ at: new Date(verifiedAt).toISOString(), by: { mobileNumber: admin.mobile } });
    expect(rows.at(-1)).toEqual({ at: new Date(erasedAt).toISOString(), by: null, changes: { aadhaar: { from: idOf(aadhaar), to: null } } });
    // Nothing more to do on the next pass.
    expect((await eraseDueAadhaar(t.db, t.clock.now(), 30)).erased).toBe(0);
    // The farmer editing the profile now must send a card again, and goes back to review with it.
    const { form } = { form: { name: 'Savita Parmar', mobileNumber: s.mobile, gender: 'female', farmAddress: 'Canal road, Anand' } };
    expect((await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: { ...form, aadhaar } })).statusCode).toBe(400);
    const card = await upload(t, s, 'aadhaar');
    const resent = await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: { ...form, aadhaar: card } });
    expect(resent.json().data).toMatchObject({ isVerified: false, aadhaar: card });
    // The card under review is not erased by the sweep.
    t.clock.advance(365 * DAY);
    await eraseDueAadhaar(t.db, t.clock.now(), 30);
    expect((await t.as(await t.admin(), { method: 'GET', url: card })).statusCode).toBe(200);
  });

  it('erases only accounts verified by the cutoff: the sweep lists only those, and the erasure checks again', async () => {
    const { s, aadhaar } = await signedUp(t, true);
    const verifiedAt = t.clock.now();
    const listed = async (cutoff: number) => (await dueForErasure(t.db, 0, cutoff, 1000)).map((u) => u.id);
    expect(await listed(verifiedAt - 1)).not.toContain(s.userId);
    expect(await listed(verifiedAt)).toContain(s.userId);
    // Listed a moment ago, but not due at the cutoff the erasure is given: the card stays.
    expect(await eraseAadhaarIfDue(t.db, s.userId, verifiedAt - 1, verifiedAt)).toBe(false);
    expect((await t.as(await t.admin(), { method: 'GET', url: aadhaar })).statusCode).toBe(200);
    expect(await eraseAadhaarIfDue(t.db, s.userId, verifiedAt, verifiedAt)).toBe(true);
    expect((await t.as(await t.admin(), { method: 'GET', url: aadhaar })).statusCode).toBe(404);
  });

  it('does not erase the card of a farmer who sent another one and is back under review', async () => {
    const { s, form } = await signedUp(t, true);
    const verifiedAt = t.clock.now();
    const card = await upload(t, s, 'aadhaar');
    expect((await t.as(s, { method: 'PUT', url: '/api/users/profile', payload: { ...form, aadhaar: card } })).json().data.isVerified).toBe(false);
    t.clock.set(verifiedAt + 40 * DAY);
    await eraseDueAadhaar(t.db, t.clock.now(), 30);
    expect((await t.as(await t.admin(), { method: 'GET', url: card })).statusCode).toBe(200);
  });

  it('allows the configured uploads an hour per user, then 429 with Retry-After', async () => {
    const s = await t.unverified();
    const limit = t.options.config.uploadHourlyLimit;
    const bytes = await png();
    const send = () => t.as(s, { method: 'POST', url: '/api/uploads', ...multipart({ kind: 'profile' }, { bytes, type: 'image/png', name: 'a.png' }) });
    for (let i = 0; i < limit; i++) {
      expect((await send()).statusCode, `upload ${i + 1}`).toBe(201);
      t.clock.advance(1000);
    }
    const before = await imageCount(t, s.userId);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBe(3600 - limit);
    expect(await imageCount(t, s.userId)).toBe(before);
    t.clock.advance(Number(refused.headers['retry-after']) * 1000);
    expect((await send()).statusCode).toBe(201);
  });
});

describe.each(databases())('a retention of 0 days on %s', (kind) => {
  const t = useTestApp(kind, { config: testConfig({ aadhaarRetentionDays: 0 }) });

  it('erases the card in the verification itself, keeping who verified and when', async () => {
    const { s, aadhaar } = await signedUp(t, false);
    const admin = await t.admin();
    const extra = await upload(t, s, 'aadhaar');
    const at = t.clock.now();
    const res = await t.as(admin, { method: 'PATCH', url: `/api/users/verify/${s.userId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ isVerified: true, aadhaar: null });
    expect((await t.as(admin, { method: 'GET', url: aadhaar })).statusCode).toBe(404);
    expect((await t.as(s, { method: 'GET', url: extra })).statusCode).toBe(404);
    const rows = (await history(t, s.userId)).slice(-2);
    expect(rows).toEqual([
      { at: new Date(at).toISOString(), by: expect.objectContaining({ _id: admin.userId }), changes: { isVerified: { from: false, to: true } } },
      { at: new Date(at).toISOString(), by: null, changes: { aadhaar: { from: idOf(aadhaar), to: null } } },
    ]);
  });
});

describe.each(databases())('the running app erases cards after the configured days on %s', (kind) => {
  // The app's own sweeper, on a short interval, with AADHAAR_RETENTION_DAYS=2 from its configuration.
  const t = useTestApp(kind, { config: testConfig({ aadhaarRetentionDays: 2 }), expirySweepMs: 50 });

  it('keeps the card for two days after verification, then erases it', async () => {
    const { s } = await signedUp(t, true);
    const card = () => t.db.selectFrom('images').select('id').where('ownerId', '=', s.userId).where('kind', '=', 'aadhaar').execute();
    t.clock.advance(2 * DAY - 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await card()).toHaveLength(1);
    t.clock.advance(1);
    await expect.poll(card, { timeout: 5_000 }).toEqual([]);
  });
});
