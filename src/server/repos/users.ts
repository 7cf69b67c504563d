/** Users: lookups, the login upsert, profile writes, the admin's paged list and verification (with its audit row). */
import type { Kysely, Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import { COUNTRY_PREFIX, REMOVED_NUMBER_PREFIX } from '../../domain/constants';
import type { Gender, Geocoordinate, Language, User } from '../../domain/types';
import type { TimeRange } from '../../domain/waiting-age';
import { newId } from '../db/ids';
import type { Database, UsersTable } from '../db/schema';
import { appendAudit, diff, type Changes } from './audit';
import { take, type Budget } from './budgets';
import { imageIdFromUrl } from './images';
import { added, moved, readCount, shiftCounts } from './list-counts';
import { isoTime } from './iso-time';
import { cut, parseSearch, userCursor, type Search } from './paging';
import { boundedCount, matchingOrders, matchingQuotations, narrowUsers } from './search';

export type UserRow = Selectable<UsersTable>;

export function toUser(row: UserRow, isLoggedIn: boolean): User {
  return {
    _id: row.id,
    mobileNumber: row.mobileNumber,
    name: row.name,
    preferredLanguage: row.preferredLanguage as Language | null,
    profilePhoto: row.profilePhoto,
    aadhaar: row.aadhaar,
    gender: row.gender as Gender | null,
    age: row.age,
    farmAddress: row.farmAddress,
    geocoordinate:
      row.geoLat === null || row.geoLong === null
        ? null
        : { lat: row.geoLat, long: row.geoLong, accuracy: row.geoAccuracy ?? 0 },
    isLoggedIn,
    profileUpdated: row.profileUpdated === 1,
    isVerified: row.isVerified === 1,
    isAdmin: row.isAdmin === 1,
    profileSubmittedAt: row.profileSubmittedAt === null ? null : new Date(Number(row.profileSubmittedAt)).toISOString(),
    detailsChangedAt: row.detailsChangedAt === null ? null : isoTime(row.detailsChangedAt),
    removedAt: row.removedAt === null ? null : isoTime(row.removedAt),
  };
}

export const findUserById = (db: Kysely<Database>, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** The user logging in with this number, created on first login; listed admin numbers become verified admins. */
export async function upsertLoginUser(
  db: Kysely<Database>,
  mobileNumber: string,
  makeAdmin: boolean,
  now: number,
): Promise<UserRow> {
  const existing = await db.selectFrom('users').selectAll().where('mobileNumber', '=', mobileNumber).executeTakeFirst();
  if (existing) {
    if (makeAdmin && (existing.isAdmin !== 1 || existing.isVerified !== 1 || existing.profileUpdated !== 1)) {
      const admin = { isAdmin: 1, isVerified: 1, profileUpdated: 1, updatedAt: now };
      await db.transaction().execute(async (trx) => {
        await markVerified(trx, existing.id, now);
        await trx.updateTable('users').set(admin).where('id', '=', existing.id).execute();
      });
      return { ...existing, ...admin };
    }
    return existing;
  }
  const row: UserRow = {
    id: newId(),
    mobileNumber,
    ...NO_PROFILE,
    // Admins serve farmers and fill in no farmer profile: they start complete and verified, so the
    // route guards send them to /home, never into the registration steps.
    profileUpdated: makeAdmin ? 1 : 0,
    isVerified: makeAdmin ? 1 : 0,
    isAdmin: makeAdmin ? 1 : 0,
    createdAt: now,
    updatedAt: now,
    profileSubmittedAt: null,
    quotationsVersion: 0,
    verifiedAt: makeAdmin ? now : null,
    detailsChangedAt: null,
    aadhaarConsent: null,
    aadhaarConsentAt: null,
    removedAt: null,
  };
  await db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('users').values(row).onConflict((oc) => oc.column('mobileNumber').doNothing()).executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      await shiftCounts(trx, added('users', row.isVerified === 1 ? 'VERIFIED' : 'UNVERIFIED'));
    }
  });
  return (await db.selectFrom('users').selectAll().where('mobileNumber', '=', mobileNumber).executeTakeFirstOrThrow());
}

export interface ProfileWrite {
  name: string;
  preferredLanguage?: Language;
  profilePhoto?: string | null;
  aadhaar: string;
  gender: Gender;
  age?: number | null;
  farmAddress: string;
  geocoordinate?: Geocoordinate | null;
}

/** How a profile write is attributed and bounded: the writer (the farmer for their own) and the budget it spends. */
export interface ProfileWriteOptions {
  byUserId?: string;
  /** Spent inside the write's transaction; an empty budget refuses the write with `RateLimitedError`. */
  budget?: Budget;
}

/** A write refused because its budget is spent; `retryAfterMs` says when there is room again. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('Budget spent');
  }
}

/** The profile fields as the audit trail records them: images by their id, never their bytes or url. */
function profileFacts(row: Pick<UserRow, 'name' | 'preferredLanguage' | 'profilePhoto' | 'aadhaar' | 'gender' | 'age' | 'farmAddress' | 'geoLat' | 'geoLong' | 'geoAccuracy'>) {
  return {
    name: row.name,
    preferredLanguage: row.preferredLanguage,
    profilePhoto: row.profilePhoto === null ? null : imageIdFromUrl(row.profilePhoto) || row.profilePhoto,
    aadhaar: row.aadhaar === null ? null : imageIdFromUrl(row.aadhaar) || row.aadhaar,
    gender: row.gender,
    age: row.age,
    farmAddress: row.farmAddress,
    geocoordinate: row.geoLat === null || row.geoLong === null ? null : { lat: row.geoLat, long: row.geoLong, accuracy: row.geoAccuracy ?? 0 },
  };
}

/**
 * The profile fields that are the farmer's personal data. When the account closes they are cleared
 * from the row, and their values are nulled in the account's own history too (closeAccount).
 */
/** A farmer's profile as it is before sign-up and after the account is closed: nothing held. */
const NO_PROFILE = {
  name: null,
  preferredLanguage: null,
  profilePhoto: null,
  aadhaar: null,
  gender: null,
  age: null,
  farmAddress: null,
  geoLat: null,
  geoLong: null,
  geoAccuracy: null,
} as const satisfies Partial<UserRow>;

const PERSONAL_FIELDS = ['name', 'preferredLanguage', 'profilePhoto', 'aadhaar', 'gender', 'age', 'farmAddress', 'geocoordinate'] as const;

/**
 * Takes the write's budget (if any), then the user's row (on PostgreSQL a row lock until commit, so an
 * admin's verification and this write are applied one after the other, never on the same stale read),
 * and answers the row as it was before this write.
 */
async function lockUser(trx: Transaction<Database>, id: string, now: number, budget: Budget | undefined): Promise<UserRow> {
  if (budget) {
    const taken = await take(trx, [budget], now);
    if (!taken.ok) throw new RateLimitedError(taken.retryAfterMs);
  }
  await trx.updateTable('users').set({ updatedAt: now }).where('id', '=', id).execute();
  return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Deletes the owner's images of `kind` other than the one the profile now names: a replaced photo or
 * card is gone with the write that replaced it, and so are uploads the farmer made and never sent.
 */
async function dropOtherImages(trx: Transaction<Database>, ownerId: string, kind: 'profile' | 'aadhaar', keptUrl: string | null): Promise<void> {
  const kept = keptUrl === null ? null : imageIdFromUrl(keptUrl);
  let query = trx.deleteFrom('images').where('ownerId', '=', ownerId).where('kind', '=', kind);
  if (kept) query = query.where('id', '!=', kept);
  await query.execute();
}

/**
 * Writes the sign-up form: the profile is complete, and sent now (the waiting screen shows when). The
 * name shows on the admin's quotation and order rows too (and their name search finds it). In the same
 * transaction:
 * - each changed field is recorded in the user's history `{ from, to }` (an image by its id), by the writer;
 * - a verified farmer (not an admin, whose standing comes from configuration) who changes the name or
 *   the Aadhaar card is back under verification: the admin verified the person on that card by that
 *   name, not the new one. `detailsChangedAt` tells the waiting screen and the admin's list why;
 * - a replaced photo or card is deleted.
 */
export async function writeProfile(db: Kysely<Database>, id: string, p: ProfileWrite, now: number, options: ProfileWriteOptions = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockUser(trx, id, now, options.budget);
    const after: UserRow = {
      ...before,
      name: p.name,
      ...(p.preferredLanguage !== undefined ? { preferredLanguage: p.preferredLanguage } : {}),
      ...(p.profilePhoto !== undefined ? { profilePhoto: p.profilePhoto } : {}),
      aadhaar: p.aadhaar,
      gender: p.gender,
      ...(p.age !== undefined ? { age: p.age } : {}),
      farmAddress: p.farmAddress,
      ...(p.geocoordinate !== undefined
        ? { geoLat: p.geocoordinate?.lat ?? null, geoLong: p.geocoordinate?.long ?? null, geoAccuracy: p.geocoordinate?.accuracy ?? null }
        : {}),
    };
    const changes = diff(profileFacts(before), profileFacts(after));
    const reset = before.isVerified === 1 && before.isAdmin !== 1 && ('name' in changes || 'aadhaar' in changes);
    await trx
      .updateTable('users')
      .set({
        name: after.name,
        preferredLanguage: after.preferredLanguage,
        profilePhoto: after.profilePhoto,
        aadhaar: after.aadhaar,
        gender: after.gender,
        age: after.age,
        farmAddress: after.farmAddress,
        geoLat: after.geoLat,
        geoLong: after.geoLong,
        geoAccuracy: after.geoAccuracy,
        profileUpdated: 1,
        profileSubmittedAt: now,
        updatedAt: now,
        ...(reset ? { isVerified: 0, verifiedAt: null, detailsChangedAt: now } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (reset) {
      changes.isVerified = { from: true, to: false };
      await shiftCounts(trx, moved('users', 'VERIFIED', 'UNVERIFIED'));
    }
    await dropOtherImages(trx, id, 'profile', after.profilePhoto);
    await dropOtherImages(trx, id, 'aadhaar', after.aadhaar);
    await appendAudit(trx, { entity: 'user', entityId: id, at: now, byUserId: options.byUserId ?? id, changes });
  });
}

/** Sets the preferred language alone, recorded in the user's history like any profile change. */
export async function writeLanguage(db: Kysely<Database>, id: string, language: Language, now: number, options: ProfileWriteOptions = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockUser(trx, id, now, options.budget);
    await trx.updateTable('users').set({ preferredLanguage: language }).where('id', '=', id).execute();
    const changes = diff({ preferredLanguage: before.preferredLanguage }, { preferredLanguage: language });
    await appendAudit(trx, { entity: 'user', entityId: id, at: now, byUserId: options.byUserId ?? id, changes });
  });
}

type UsersQuery = SelectQueryBuilder<Database, 'users', object>;

/** Narrows a user query to what `q` names: a mobile number or name (prefix), or the farmer of a quotation or order number. */
function searchUsers(db: Kysely<Database>, query: UsersQuery, search: Search): UsersQuery {
  switch (search.kind) {
    case 'quotation':
      return query.where('users.id', 'in', matchingQuotations(db, search).clearSelect().select('quotations.userId'));
    case 'order':
      return query.where('users.id', 'in', matchingOrders(db, search).clearSelect().select('orders.userId'));
    default:
      return narrowUsers(query, search);
  }
}

export type UserStatus = 'VERIFIED' | 'UNVERIFIED';

export interface UserListQuery {
  status?: UserStatus;
  /** Only those waiting for verification whose form was sent within this range (a waiting age). */
  submitted?: TimeRange;
  q?: string;
  cursor?: string;
  limit: number;
}

type UserPage = { data: User[]; nextCursor: string | null; total: number };

/** Narrows to the users waiting for verification (a form sent, not verified) who sent it within `range`. */
function waitingWithin(users: UsersQuery, range: TimeRange): UsersQuery {
  let waiting = users.where('users.isVerified', '=', 0).where('users.profileUpdated', '=', 1).where('users.profileSubmittedAt', 'is not', null);
  if (range.from !== undefined) waiting = waiting.where('users.profileSubmittedAt', '>=', range.from);
  if (range.to !== undefined) waiting = waiting.where('users.profileSubmittedAt', '<=', range.to);
  return waiting;
}

/**
 * One page of users, unverified first, then newest first (SPEC §2), over the index in that order;
 * isLoggedIn tells whether a live session exists.
 */
export async function userPage(db: Kysely<Database>, list: UserListQuery, now: number): Promise<UserPage> {
  const after = userCursor(list.cursor);
  const search = parseSearch(list.q);
  // A closed account has left the list (and its counts): nothing to verify, no one to call.
  let filtered: UsersQuery = db.selectFrom('users').where('users.removedAt', 'is', null);
  if (list.status !== undefined) filtered = filtered.where('users.isVerified', '=', list.status === 'VERIFIED' ? 1 : 0);
  if (list.submitted) filtered = waitingWithin(filtered, list.submitted);
  if (search) filtered = searchUsers(db, filtered, search);
  const page = filtered.selectAll('users');
  const ordered = (query: typeof page) =>
    query.orderBy('users.isVerified', 'asc').orderBy('users.createdAt', 'desc').orderBy('users.id', 'asc').limit(list.limit + 1);
  let found: Awaited<ReturnType<ReturnType<typeof ordered>['execute']>>;
  if (!after) found = await ordered(page).execute();
  else {
    // After a cursor: the rest of its own group (unverified or verified) as a range of users_page_idx
    // (is_verified = v, created_at ≤ c), then, when that group ends inside the page, the verified group
    // from its start. One OR across both groups is no index range: it read the index from the list's start.
    const [verified, createdAt, id] = after;
    found = await ordered(
      page
        .where('users.isVerified', '=', verified)
        .where('users.createdAt', '<=', createdAt)
        .where((eb) => eb.or([eb('users.createdAt', '<', createdAt), eb('users.id', '>', id)])),
    ).execute();
    if (found.length <= list.limit && verified === 0) {
      found = found.concat(await ordered(page.where('users.isVerified', '=', 1)).limit(list.limit + 1 - found.length).execute());
    }
  }
  const { rows, nextCursor } = cut(found, list.limit, (r) => [r.isVerified, Number(r.createdAt), r.id]);
  const total = search || list.submitted ? await boundedCount(db, filtered) : await readCount(db, 'users', list.status);
  // Who has a live session, asked for this page's users only: as a column of the page query it was
  // worked out for every match before sorting (a broad search: thousands), or on PostgreSQL over every session.
  const live =
    rows.length === 0
      ? []
      : await db
          .selectFrom('sessions')
          .select('sessions.userId')
          .where('sessions.userId', 'in', rows.map((r) => r.id))
          .where('sessions.expiresAt', '>', now)
          .execute();
  const loggedIn = new Set(live.map((s) => s.userId));
  return { data: rows.map((row) => toUser(row, loggedIn.has(row.id))), nextCursor, total };
}

/**
 * Marks a user verified, moving the users' counts by verification with it, inside the caller's
 * transaction; false (nothing written) when already verified.
 */
export async function markVerified(trx: Transaction<Database>, id: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ isVerified: 1, verifiedAt: now, detailsChangedAt: null, updatedAt: now })
    .where('id', '=', id)
    .where('isVerified', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await shiftCounts(trx, moved('users', 'UNVERIFIED', 'VERIFIED'));
  return true;
}

/**
 * Erases the user's Aadhaar card inside the caller's transaction: every Aadhaar image they own is
 * deleted and the profile no longer names one, recorded in their history by the clock. What remains is
 * the fact that an admin verified them, and when (the verification's own history row); the account
 * stays verified. Answers whether anything was erased.
 */
export async function eraseAadhaar(trx: Transaction<Database>, id: string, now: number): Promise<boolean> {
  const user = await trx.selectFrom('users').select(['aadhaar', 'verifiedAt']).where('id', '=', id).executeTakeFirst();
  if (!user || (user.aadhaar === null && user.verifiedAt === null)) return false;
  const named = user.aadhaar === null ? null : imageIdFromUrl(user.aadhaar) || user.aadhaar;
  // The card the profile names, and every card uploaded up to the verification; one uploaded since
  // (a farmer about to send a new card for review) is not the verified one and stays for that review.
  const images = await trx
    .deleteFrom('images')
    .where('ownerId', '=', id)
    .where('kind', '=', 'aadhaar')
    .where((eb) => {
      const which = [];
      if (user.verifiedAt !== null) which.push(eb('createdAt', '<=', user.verifiedAt));
      if (named !== null) which.push(eb('id', '=', named));
      return eb.or(which);
    })
    .executeTakeFirst();
  if (named === null && Number(images.numDeletedRows) === 0) return false;
  if (named !== null) await trx.updateTable('users').set({ aadhaar: null }).where('id', '=', id).execute();
  await appendAudit(trx, { entity: 'user', entityId: id, at: now, byUserId: null, changes: { aadhaar: { from: named, to: null } } });
  return true;
}

/**
 * The retention sweep's erasure of one account: only while it is still verified at or before
 * `cutoff` (a farmer who has since changed the card is back under review, and that card stays).
 */
export async function eraseAadhaarIfDue(db: Kysely<Database>, id: string, cutoff: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .updateTable('users')
      .set({ updatedAt: now })
      .where('id', '=', id)
      .where('isVerified', '=', 1)
      .where('verifiedAt', '<=', cutoff)
      .executeTakeFirst();
    return Number(due.numUpdatedRows) === 1 && eraseAadhaar(trx, id, now);
  });
}

/**
 * Verifies a user in one transaction with the admin's audit row; nothing is written when already
 * verified. `eraseAadhaar` (a retention of 0 days): the card has served its purpose once the admin has
 * seen it, and goes in the same transaction.
 */
export async function verifyUser(
  db: Kysely<Database>,
  id: string,
  now: number,
  byUserId: string,
  options: { eraseAadhaar?: boolean } = {},
): Promise<UserRow | undefined> {
  await db.transaction().execute(async (trx) => {
    if (!(await markVerified(trx, id, now))) return;
    await appendAudit(trx, { entity: 'user', entityId: id, at: now, byUserId, changes: { isVerified: { from: false, to: true } } });
    if (options.eraseAadhaar) await eraseAadhaar(trx, id, now);
  });
  return findUserById(db, id);
}

export type AdminVerification = { ok: true; user: UserRow } | { ok: false; code: 'NOT_FOUND' | 'CONFLICT'; message: string };

/**
 * An admin's verification of one user (PATCH /users/verify/:id and each row of the bulk verify):
 * refused for an unknown user, a closed account, or a user who has not sent a profile (verification
 * reviews a submitted one). Already verified is no error, and writes nothing.
 */
export async function verifyByAdmin(
  db: Kysely<Database>,
  id: string,
  now: number,
  byUserId: string,
  options: { eraseAadhaar?: boolean } = {},
): Promise<AdminVerification> {
  const found = await findUserById(db, id);
  if (!found) return { ok: false, code: 'NOT_FOUND', message: 'No such user' };
  if (found.removedAt !== null) return { ok: false, code: 'CONFLICT', message: 'This account was closed by its farmer' };
  if (found.profileUpdated !== 1) return { ok: false, code: 'CONFLICT', message: 'This user has not completed their profile yet' };
  const user = await verifyUser(db, id, now, byUserId, options);
  return user ? { ok: true, user } : { ok: false, code: 'NOT_FOUND', message: 'No such user' };
}

/**
 * The accounts whose Aadhaar is due for erasure: verified at or before `cutoff` (and at or after
 * `from`, a range of users_verified_at_idx the sweep narrows as it goes), still naming a card.
 */
export const dueForErasure = (db: Kysely<Database>, from: number, cutoff: number, batch: number) =>
  db
    .selectFrom('users')
    .select(['id', 'verifiedAt'])
    .where('verifiedAt', '>=', from)
    .where('verifiedAt', '<=', cutoff)
    .where('aadhaar', 'is not', null)
    .orderBy('verifiedAt')
    .limit(batch)
    .execute();

/** Values of the closed account's own history that are personal data (see closeAccount). */
function scrubbed(changes: Changes): Changes | null {
  let touched = false;
  const out: Changes = {};
  for (const [field, change] of Object.entries(changes)) {
    if ((PERSONAL_FIELDS as readonly string[]).includes(field) && (change.from !== null || change.to !== null)) {
      out[field] = { from: null, to: null };
      touched = true;
    } else out[field] = change;
  }
  return touched ? out : null;
}

/**
 * Closes a farmer's account (the farmer's right to erasure, DPDP Act 2023 §12), in one transaction:
 * - every session ends; the photo and Aadhaar images (and problem photos) are deleted; the orders lose
 *   their delivery place, the problems the farmer's note;
 * - the row is emptied of personal data and its number replaced (`removed:<id>`), so the number no
 *   longer finds it and logging in with it again starts a fresh account. The row itself stays: the
 *   farmer's quotations and orders are the books, and show the farmer as removed;
 * - it leaves the admin's users list (its counts with it) and can no longer be verified;
 * - pending codes, code sends, queued and past SMS to the number, and budgets named by it go;
 * - the history keeps that the account was closed, by the farmer, and when. Earlier rows of this
 *   account's own history held the personal values themselves (a name changed from → to, an address):
 *   those values are personal data like the row's, so they are nulled, keeping only which field changed
 *   and when; the rows that are facts about the service (verified, consent given, card viewed and
 *   erased, by whom and when) stay, since they hold no personal value.
 * Answers false when the account was already closed.
 */
export async function closeAccount(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').selectAll().where('id', '=', id).where('removedAt', 'is', null).executeTakeFirst();
    if (!before) return false;
    await trx
      .updateTable('users')
      .set({
        mobileNumber: `${REMOVED_NUMBER_PREFIX}${id}`,
        ...NO_PROFILE,
        profileUpdated: 0,
        isVerified: 0,
        verifiedAt: null,
        detailsChangedAt: null,
        profileSubmittedAt: null,
        aadhaarConsent: null,
        aadhaarConsentAt: null,
        removedAt: now,
        updatedAt: now,
      })
      .where('id', '=', id)
      .execute();
    const status = before.isVerified === 1 ? 'VERIFIED' : 'UNVERIFIED';
    await shiftCounts(trx, [
      ['users', -1],
      [`users:${status}`, -1],
    ]);
    await trx.deleteFrom('sessions').where('userId', '=', id).execute();
    await trx.deleteFrom('images').where('ownerId', '=', id).execute();
    // The orders stay for the books, without the farm's place; the problems without the farmer's words and photo.
    await trx.updateTable('orders').set({ deliveryAddress: null, deliveryLat: null, deliveryLong: null }).where('userId', '=', id).execute();
    await trx.updateTable('orderProblems').set({ note: null, photoId: null }).where('userId', '=', id).execute();
    const mobile = before.mobileNumber;
    await trx.deleteFrom('otpVerifications').where('mobileNumber', '=', mobile).execute();
    await trx.deleteFrom('otpSends').where('mobileNumber', '=', mobile).execute();
    await trx.deleteFrom('smsOutbox').where('toNumber', '=', `${COUNTRY_PREFIX}${mobile}`).execute();
    // Budgets keyed by the number (login codes to it): their events name the number.
    await trx.deleteFrom('rateEvents').where('bucket', 'like', `%${mobile}%`).execute();
    const history = await trx.selectFrom('auditLog').select(['id', 'changes']).where('entity', '=', 'user').where('entityId', '=', id).execute();
    for (const row of history) {
      const clean = scrubbed(JSON.parse(row.changes) as Changes);
      if (clean) await trx.updateTable('auditLog').set({ changes: JSON.stringify(clean) }).where('id', '=', row.id).execute();
    }
    await appendAudit(trx, { entity: 'user', entityId: id, at: now, byUserId: id, changes: { account: { from: 'open', to: 'closed' } } });
    return true;
  });
}
