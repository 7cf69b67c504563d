/**
 * GET/PUT/DELETE /api/users/profile (any logged-in user; DELETE closes a farmer's own account);
 * GET /api/users/all (a keyset page, unverified first), PATCH /api/users/verify/:id and
 * GET /api/users/:id/history (admins).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { IdParam } from '../../domain/schemas/common';
import { ProfileResponse, ProfileUpdateBody, User } from '../../domain/schemas/user';
import { PROFILE_WRITES_PER_HOUR } from '../../domain/constants';
import { badRequest, conflict, forbidden, notFound, rateLimited } from '../http/errors';
import { userFilters, userListQuery } from '../http/back-office-query';
import { pageOf } from '../http/list-query';
import { data, historySchema } from '../http/schemas';
import { imageIdFromUrl, imageMeta } from '../repos/images';
import { loadHistory } from '../repos/audit';
import { pageSize } from '../repos/paging';
import {
  closeAccount,
  findUserById,
  RateLimitedError,
  toUser,
  userPage,
  verifyByAdmin,
  writeLanguage,
  writeProfile,
  type ProfileWriteOptions,
} from '../repos/users';

const HOUR_MS = 3_600_000;

export default async function userRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now, config } = app.deps;

  /** An image url in a profile must be the caller's own upload of that kind. */
  async function ownImage(url: string, kind: 'profile' | 'aadhaar', ownerId: string, field: string) {
    const meta = await imageMeta(db, imageIdFromUrl(url));
    if (!meta || meta.kind !== kind || meta.ownerId !== ownerId) throw badRequest(`${field} must be your own uploaded ${kind} image`);
  }

  app.get(
    '/users/profile',
    {
      config: { access: 'user' },
      schema: { response: { 200: ProfileResponse } },
    },
    async (request) => ({ user: toUser(request.user!, true), isAnalyst: config.analystMobileNumbers.includes(request.user!.mobileNumber) }),
  );

  app.put(
    '/users/profile',
    { config: { access: 'user' }, schema: { body: ProfileUpdateBody, response: { 200: data(User) } } },
    async (request) => {
      const me = request.user!;
      const body = request.body;
      // A user's profile writes are bounded (each one is a history row, and may delete images): a
      // phone stuck in a loop, or a script, cannot fill the history or churn the uploads.
      const options: ProfileWriteOptions = {
        byUserId: me.id,
        budget: { bucket: `profile:${me.id}`, limit: PROFILE_WRITES_PER_HOUR, windowMs: HOUR_MS },
      };
      try {
        if ('name' in body) {
          if (body.mobileNumber !== me.mobileNumber) throw badRequest('mobileNumber must be the number you logged in with');
          await ownImage(body.aadhaar, 'aadhaar', me.id, 'aadhaar');
          if (body.profilePhoto) await ownImage(body.profilePhoto, 'profile', me.id, 'profilePhoto');
          await writeProfile(db, me.id, body, now(), options);
        } else {
          await writeLanguage(db, me.id, body.preferredLanguage, now(), options);
        }
      } catch (error) {
        if (error instanceof RateLimitedError) throw rateLimited(error.retryAfterMs / 1000, 'Too many profile changes; try again later');
        throw error;
      }
      return { data: toUser((await findUserById(db, me.id))!, true) };
    },
  );

  app.delete(
    '/users/profile',
    { config: { access: 'user' }, schema: { response: { 200: data(User) } } },
    async (request) => {
      const me = request.user!;
      // An admin's standing comes from ADMIN_MOBILE_NUMBERS (the next login would make the number an
      // admin again) and every admin write names its author: an admin leaves by being taken off that
      // list, not by erasing the author of the books' history.
      if (me.isAdmin === 1) throw forbidden('An administrator account is closed by removing its number from ADMIN_MOBILE_NUMBERS');
      await closeAccount(db, me.id, now());
      return { data: toUser((await findUserById(db, me.id))!, false) };
    },
  );

  app.get(
    '/users/all',
    { config: { access: 'admin' }, schema: { querystring: userListQuery, response: { 200: pageOf(User) } } },
    async (request) => {
      const { cursor, limit, q, status } = request.query;
      const at = now();
      return userPage(db, { cursor, q, status, ...userFilters(request.query, at), limit: pageSize(limit) }, at);
    },
  );

  app.get(
    '/users/:id/history',
    { config: { access: 'admin' }, schema: { params: IdParam, response: { 200: historySchema } } },
    async (request) => {
      const found = await findUserById(db, request.params.id);
      if (!found) throw notFound('No such user');
      return { data: await loadHistory(db, 'user', found.id) };
    },
  );

  app.patch(
    '/users/verify/:id',
    { config: { access: 'admin' }, schema: { params: IdParam, response: { 200: data(User) } } },
    async (request) => {
      // A retention of 0 days: the card goes as soon as the admin has verified the person on it.
      const verified = await verifyByAdmin(db, request.params.id, now(), request.user!.id, { eraseAadhaar: config.aadhaarRetentionDays === 0 });
      if (!verified.ok) throw verified.code === 'NOT_FOUND' ? notFound(verified.message) : conflict(verified.message);
      return { data: toUser(verified.user, false) };
    },
  );
}
