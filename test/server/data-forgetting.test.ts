/**
 * The background sweep forgets what the service no longer needs, in bounded batches: login codes and
 * their sends after 30 days, SMS already sent, failed or skipped after 30 days (a pending one never),
 * budget events after a day, spent challenges once expired, and the images of a sign-up never sent
 * after 30 days.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { createExpirySweeper, FORGET_AFTER_MS, forgetOldRows } from '../../src/server/expiry-sweep';
import { databases, freshDatabase, T0, testClock, type Clock, type TestDb } from '../support/server/app';

/** The database and clock alone: a running app's own sweeper would race these tests for the same rows. */
interface TestApp {
  db: Kysely<Database>;
  clock: Clock;
}

const DAY = 86_400_000;

async function ids(t: TestApp) {
  const [codes, sends, sms, events, challenges, images] = await Promise.all([
    t.db.selectFrom('otpVerifications').select('mobileNumber').orderBy('mobileNumber').execute(),
    t.db.selectFrom('otpSends').select('id').orderBy('id').execute(),
    t.db.selectFrom('smsOutbox').select('id').orderBy('id').execute(),
    t.db.selectFrom('rateEvents').select('id').orderBy('id').execute(),
    t.db.selectFrom('spentChallenges').select('signature').orderBy('signature').execute(),
    t.db.selectFrom('images').select('id').orderBy('id').execute(),
  ]);
  return {
    codes: codes.map((r) => r.mobileNumber),
    sends: sends.map((r) => r.id),
    sms: sms.map((r) => r.id),
    events: events.map((r) => r.id),
    challenges: challenges.map((r) => r.signature),
    images: images.map((r) => r.id),
  };
}

/** Old and fresh rows of every table the sweep forgets; names say which should stay. */
async function fill(t: TestApp, now: number, oldCount: number) {
  const old = now - FORGET_AFTER_MS - 1;
  const fresh = now - FORGET_AFTER_MS + 1;
  await t.db.deleteFrom('otpVerifications').execute();
  await t.db.deleteFrom('otpSends').execute();
  await t.db.deleteFrom('smsOutbox').execute();
  await t.db.deleteFrom('rateEvents').execute();
  await t.db.deleteFrom('spentChallenges').execute();
  await t.db.deleteFrom('images').execute();
  await t.db.deleteFrom('users').execute();
  const user = (id: string, profileUpdated: number) => ({
    id,
    mobileNumber: `7${id.length}${id.charCodeAt(0)}${id.charCodeAt(id.length - 1)}`.padEnd(10, '0').slice(0, 10),
    name: null, preferredLanguage: null, profilePhoto: null, aadhaar: null, gender: null, age: null, farmAddress: null,
    geoLat: null, geoLong: null, geoAccuracy: null, profileUpdated, isVerified: 0, isAdmin: 0, createdAt: old, updatedAt: old,
    profileSubmittedAt: null, verifiedAt: null, detailsChangedAt: null, aadhaarConsent: null, aadhaarConsentAt: null, removedAt: null,
  });
  // An abandoned sign-up, one back to finish it today, and one sent for verification long ago.
  await t.db.insertInto('users').values([user('gone', 0), user('back', 0), user('sent', 1)]).execute();
  const image = (id: string, ownerId: string, at: number) => ({ id, kind: 'aadhaar', ownerId, mime: 'image/jpeg', data: Buffer.from('x'), iv: null, tag: null, createdAt: at });
  await t.db
    .insertInto('images')
    .values([image('old-card', 'gone', old), image('old-photo', 'back', old), image('stay-new-photo', 'back', fresh), image('stay-sent-card', 'sent', old)])
    .execute();
  const code = (n: string, at: number) => ({ mobileNumber: n, codeHash: 'h', expiresAt: at + 600_000, tries: 0, createdAt: at });
  await t.db.insertInto('otpVerifications').values([...Array.from({ length: oldCount }, (_, i) => code(`60000${String(i).padStart(5, '0')}`, old)), code('9999999999', fresh)]).execute();
  await t.db
    .insertInto('otpSends')
    .values([...Array.from({ length: oldCount }, (_, i) => ({ id: `old-${String(i).padStart(4, '0')}`, mobileNumber: '6000000000', sentAt: old })), { id: 'stay-send', mobileNumber: '6000000000', sentAt: fresh }])
    .execute();
  const sms = (id: string, state: string, at: number) => ({
    id,
    kind: 'quotationPriced',
    toNumber: '+916000000000',
    text: 't',
    state,
    attempts: 0,
    nextAttemptAt: at,
    leaseUntil: null,
    leaseOwner: null,
    lastError: null,
    createdAt: at,
    sentAt: null,
  });
  await t.db
    .insertInto('smsOutbox')
    .values([
      ...Array.from({ length: oldCount }, (_, i) => sms(`old-${String(i).padStart(4, '0')}`, ['sent', 'failed', 'skipped'][i % 3]!, old)),
      sms('stay-pending-old', 'pending', old),
      sms('stay-sent-fresh', 'sent', fresh),
    ])
    .execute();
  await t.db
    .insertInto('rateEvents')
    .values([
      { id: 'old-event', bucket: 'upload:x', at: now - DAY - 1 },
      { id: 'stay-event', bucket: 'upload:x', at: now - DAY + 1 },
    ])
    .execute();
  await t.db
    .insertInto('spentChallenges')
    .values([
      ...Array.from({ length: oldCount }, (_, i) => ({ signature: `old-${String(i).padStart(4, '0')}`, expiresAt: now - 1 })),
      { signature: 'stay-challenge', expiresAt: now + 1 },
    ])
    .execute();
}

describe.each(databases())('the sweep forgets on %s', (kind) => {
  const t = { clock: testClock(T0) } as TestApp;
  let fresh: TestDb;
  beforeAll(async () => {
    fresh = await freshDatabase(kind);
    t.db = fresh.db;
  });
  afterAll(async () => fresh.drop());

  it('deletes only what is past its keeping, whatever the backlog, in bounded batches', async () => {
    const now = t.clock.now();
    await fill(t, now, 25);
    // Batches of 10, at most ten a pass: a backlog of 25 goes in one pass.
    const done = await forgetOldRows(t.db, now, { batch: 10 });
    expect(done).toEqual({ otpVerifications: 25, otpSends: 25, smsOutbox: 25, abandonedSignUps: 2, analytics: 0, idempotencyKeys: 0, rateEvents: 1, spentChallenges: 25 });
    expect(await ids(t)).toEqual({
      codes: ['9999999999'],
      sends: ['stay-send'],
      sms: ['stay-pending-old', 'stay-sent-fresh'],
      events: ['stay-event'],
      challenges: ['stay-challenge'],
      images: ['stay-new-photo', 'stay-sent-card'],
    });
  });

  it('stops a pass after ten batches, leaving the rest to the next', async () => {
    const now = t.clock.now();
    await fill(t, now, 25);
    const done = await forgetOldRows(t.db, now, { batch: 2 });
    expect(done.otpSends).toBe(20);
    expect((await ids(t)).sends).toHaveLength(6);
    await forgetOldRows(t.db, now, { batch: 2 });
    expect((await ids(t)).sends).toEqual(['stay-send']);
  });

  it("runs in the app's sweeper on the app's clock", async () => {
    await fill(t, t.clock.now() + 2 * DAY, 3);
    t.clock.advance(2 * DAY);
    const sweeper = createExpirySweeper({ db: t.db, now: t.clock.now, rules: { validityDays: 7 }, aadhaarRetentionDays: 30 });
    await sweeper.runOnce();
    await sweeper.stop();
    expect((await ids(t)).sms).toEqual(['stay-pending-old', 'stay-sent-fresh']);
  });
});
