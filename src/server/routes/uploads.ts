/**
 * POST /api/uploads (multipart `file` + `kind`, and for an Aadhaar card `consent`) → 201 {url};
 * GET /api/uploads/:id serves it.
 * - SKU images are public, content-addressed and cached for a year.
 * - Profile photos go only to their owner and admins (anyone else gets 404), never stored by shared
 *   caches, and sent again only when changed (a strong ETag, `private, no-cache`).
 * - Aadhaar cards (UIDAI's rules for a copy of the card; DPDP Act 2023): uploaded only with consent to
 *   the current notice (`consent=aadhaar-v1`, recorded with its time in the user's history), shown to
 *   the owner and admins only, stored by no cache at all (`no-store`, no ETag), and every admin's view
 *   is recorded in the owner's history.
 * - Each user uploads at most UPLOAD_HOURLY_LIMIT images an hour (a budget shared by every instance).
 */
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_KINDS, type UploadKind } from '../../domain/api';
import { AADHAAR_NOTICE_VERSION, UPLOAD_MAX_BYTES } from '../../domain/constants';
import { newId } from '../db/ids';
import { badRequest, forbidden, HttpError, notFound, rateLimited } from '../http/errors';
import { answerIfUnchanged, strongTag } from '../http/etag';
import { IdParam } from '../../domain/schemas/common';
import { UploadResponse } from '../../domain/schemas/meta';
import { appendAudit } from '../repos/audit';
import { take } from '../repos/budgets';
import { imageUrl, readImage, storeImage } from '../repos/images';
import { contentId, open, reencodeUpload, seal, sniffImage } from '../uploads/images';

const HOUR_MS = 3_600_000;

export default async function uploadRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, secrets, now, config } = app.deps;
  // Registered here, not on the whole app: its per-request hooks then run for these routes only.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });

  app.post(
    '/uploads',
    {
      config: { access: 'user' },
      schema: {
        consumes: ['multipart/form-data'],
        response: { 201: UploadResponse },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
      let kind: string | undefined;
      let consent: string | undefined;
      let file: Buffer | undefined;
      const parts = request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 64 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname !== 'file') throw badRequest('The image goes in the field "file"');
          file = bytes;
        } else if (part.fieldname === 'kind') {
          kind = String(part.value);
        } else if (part.fieldname === 'consent') {
          consent = String(part.value);
        } else {
          throw badRequest(`Unknown field "${part.fieldname}"`);
        }
      }
      if (!kind || !(UPLOAD_KINDS as readonly string[]).includes(kind)) {
        throw badRequest(`kind must be one of ${UPLOAD_KINDS.join(', ')}`);
      }
      // Before the bytes are looked at: without consent to the notice in force the card is not processed at all.
      if (kind === 'aadhaar' && consent !== AADHAAR_NOTICE_VERSION) {
        throw new HttpError(400, 'CONSENT_REQUIRED', `Uploading an Aadhaar card needs consent to the notice ${AADHAAR_NOTICE_VERSION} (field "consent")`);
      }
      if (!file || file.length === 0) throw badRequest('Attach the image in the field "file"');
      const user = request.user!;
      if (kind === 'sku' && user.isAdmin !== 1) throw forbidden('Only administrators upload product images');

      // Counted before decoding (a corrupt image costs the decoder as much as a good one), after the
      // cheap look at its first bytes: what is no JPEG or PNG at all is refused without spending any.
      if (sniffImage(file) === null) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send a JPEG or PNG image');
      const taken = await db.transaction().execute((trx) =>
        take(trx, [{ bucket: `upload:${user.id}`, limit: config.uploadHourlyLimit, windowMs: HOUR_MS }], now()),
      );
      if (!taken.ok) throw rateLimited(taken.retryAfterMs / 1000, 'Too many uploads; try again later');

      const jpeg = await reencodeUpload(file);
      const at = now();
      const uploadKind = kind as UploadKind;
      if (uploadKind === 'sku') {
        const id = contentId(jpeg);
        await storeImage(db, { id, kind, ownerId: null, mime: 'image/jpeg', data: jpeg, iv: null, tag: null, createdAt: at });
        return reply.code(201).send({ url: imageUrl(id) });
      }
      const id = newId();
      if (uploadKind === 'aadhaar') {
        const sealed = seal(secrets.aadhaarKey, id, jpeg);
        await db.transaction().execute(async (trx) => {
          await storeImage(trx, { id, kind, ownerId: user.id, mime: 'image/jpeg', ...sealed, createdAt: at });
          const before = await trx.selectFrom('users').select('aadhaarConsent').where('id', '=', user.id).executeTakeFirstOrThrow();
          await trx.updateTable('users').set({ aadhaarConsent: AADHAAR_NOTICE_VERSION, aadhaarConsentAt: at }).where('id', '=', user.id).execute();
          // Every upload is a consent given anew (its time is the row's), recorded even when the version is the same.
          await appendAudit(trx, {
            entity: 'user',
            entityId: user.id,
            at,
            byUserId: user.id,
            changes: { aadhaarConsent: { from: before.aadhaarConsent, to: AADHAAR_NOTICE_VERSION } },
          });
        });
        return reply.code(201).send({ url: imageUrl(id) });
      }
      await storeImage(db, { id, kind, ownerId: user.id, mime: 'image/jpeg', data: jpeg, iv: null, tag: null, createdAt: at });
      return reply.code(201).send({ url: imageUrl(id) });
    },
  );

  app.get(
    '/uploads/:id',
    { config: { access: 'optional' }, schema: { params: IdParam } },
    async (request, reply) => {
      const image = await readImage(db, request.params.id);
      if (!image) throw notFound('No such image');
      if (image.kind === 'sku') {
        return reply.type(image.mime).header('cache-control', 'public, max-age=31536000, immutable').send(image.data);
      }
      const user = request.user;
      if (!user || (user.id !== image.ownerId && user.isAdmin !== 1)) throw notFound('No such image');
      if (image.kind === 'aadhaar') {
        // Kept by no cache, the browser's included, and so never answered 304: each time an admin sees
        // the card its bytes are sent, and that view is recorded in the owner's history.
        if (user.id !== image.ownerId && image.ownerId !== null) {
          await appendAudit(db, { entity: 'user', entityId: image.ownerId, at: now(), byUserId: user.id, changes: { aadhaarViewed: { from: null, to: image.id } } });
        }
        const bytes = open(secrets.aadhaarKey, image.id, { data: image.data, iv: image.iv!, tag: image.tag! });
        return reply.type(image.mime).header('cache-control', 'no-store').send(bytes);
      }
      // An image id never changes its bytes (a new photo is a new id): revalidated, never re-sent
      // while unchanged, kept by the browser only (`private, no-cache`), asked for with the token each time.
      if (answerIfUnchanged(request, reply, strongTag(['image', image.id]))) return reply;
      const bytes =
        image.iv && image.tag
          ? open(secrets.aadhaarKey, image.id, { data: image.data, iv: image.iv, tag: image.tag })
          : image.data;
      return reply.type(image.mime).send(bytes);
    },
  );
}
