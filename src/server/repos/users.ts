/** Users: lookups, the login upsert, profile writes and admin verification. */
import type { Kysely, Selectable } from 'kysely';
import type { Gender, Geocoordinate, Language, User } from '../../domain/types';
import { newId } from '../db/ids';
import type { Database, UsersTable } from '../db/schema';

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
      await db.updateTable('users').set(admin).where('id', '=', existing.id).execute();
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
    quotationsVersion: 0,
  };
  await db.insertInto('users').values(row).onConflict((oc) => oc.column('mobileNumber').doNothing()).execute();
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

export async function writeProfile(db: Kysely<Database>, id: string, p: ProfileWrite, now: number): Promise<void> {
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
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function writeLanguage(db: Kysely<Database>, id: string, language: Language, now: number): Promise<void> {
  await db.updateTable('users').set({ preferredLanguage: language, updatedAt: now }).where('id', '=', id).execute();
}

/** Every user, unverified first, then newest first; isLoggedIn tells whether a live session exists. */
export async function listUsers(db: Kysely<Database>, now: number): Promise<User[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('sessions')
            .select('sessions.tokenHash')
            .whereRef('sessions.userId', '=', 'users.id')
            .where('sessions.expiresAt', '>', now),
        )
        .as('hasSession'),
    )
    .orderBy('isVerified', 'asc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(({ hasSession, ...row }) => toUser(row, Boolean(hasSession)));
}

export async function verifyUser(db: Kysely<Database>, id: string, now: number): Promise<UserRow | undefined> {
  await db.updateTable('users').set({ isVerified: 1, updatedAt: now }).where('id', '=', id).execute();
  return findUserById(db, id);
}
