/** Users: lookups, the login upsert, profile writes, the admin's paged list and verification (with its audit row). */
import type { Kysely, Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import type { Gender, Geocoordinate, Language, User } from '../../domain/types';
import { newId } from '../db/ids';
import type { Database, UsersTable } from '../db/schema';
import { appendAudit } from './audit';
import { added, moved, readCount, shiftCounts } from './list-counts';
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

/**
 * Writes the sign-up form: the profile is complete, and sent now (the waiting screen shows when). The
 * name shows on the admin's quotation and order rows too (and their name search finds it).
 */
export async function writeProfile(db: Kysely<Database>, id: string, p: ProfileWrite, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeProfileRow(trx, id, p, now);
  });
}

async function writeProfileRow(db: Transaction<Database>, id: string, p: ProfileWrite, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: p.name,
      ...(p.preferredLanguage !== undefined ? { preferredLanguage: p.preferredLanguage } : {}),
      ...(p.profilePhoto !== undefined ? { profilePhoto: p.profilePhoto } : {}),
      aadhaar: p.aadhaar,
      gender: p.gender,
      ...(p.age !== undefined ? { age: p.age } : {}),
      farmAddress: p.farmAddress,
      ...(p.geocoordinate !== undefined
        ? {
            geoLat: p.geocoordinate?.lat ?? null,
            geoLong: p.geocoordinate?.long ?? null,
            geoAccuracy: p.geocoordinate?.accuracy ?? null,
          }
        : {}),
      profileUpdated: 1,
      profileSubmittedAt: now,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function writeLanguage(db: Kysely<Database>, id: string, language: Language, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ preferredLanguage: language, updatedAt: now }).where('id', '=', id).execute();
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
  q?: string;
  cursor?: string;
  limit: number;
}

type UserPage = { data: User[]; nextCursor: string | null; total: number };

/**
 * One page of users, unverified first, then newest first (SPEC §2), over the index in that order;
 * isLoggedIn tells whether a live session exists.
 */
export async function userPage(db: Kysely<Database>, list: UserListQuery, now: number): Promise<UserPage> {
  const after = userCursor(list.cursor);
  const search = parseSearch(list.q);
  let filtered: UsersQuery = db.selectFrom('users');
  if (list.status !== undefined) filtered = filtered.where('users.isVerified', '=', list.status === 'VERIFIED' ? 1 : 0);
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
  const total = search ? await boundedCount(db, filtered) : await readCount(db, 'users', list.status);
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

/** Verifies a user in one transaction with the admin's audit row; nothing is written when already verified. */
export async function verifyUser(db: Kysely<Database>, id: string, now: number, byUserId: string): Promise<UserRow | undefined> {
  await db.transaction().execute(async (trx) => {
    if (!(await markVerified(trx, id, now))) return;
    await appendAudit(trx, { entity: 'user', entityId: id, at: now, byUserId, changes: { isVerified: { from: false, to: true } } });
  });
  return findUserById(db, id);
}
