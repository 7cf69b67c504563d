/**
 * POST /api/uploads (multipart `file` + `kind`) → 201 {url}; GET /api/uploads/:id serves it.
 * SKU images are public, content-addressed and cached for a year; profile and Aadhaar images go
 * only to their owner and admins (anyone else gets 404), never stored by shared caches, and sent
 * again only when changed (a strong ETag, `private, no-cache`).
 */
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_KINDS, type UploadKind } from '../../domain/api';
import { UPLOAD_MAX_BYTES } from '../../domain/constants';
import { newId } from '../db/ids';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { answerIfUnchanged, strongTag } from '../http/etag';
import { IdParam } from '../../domain/schemas/common';
import { UploadResponse } from '../../domain/schemas/meta';
import { imageUrl, readImage, storeImage } from '../repos/images';
import { contentId, open, reencodeUpload, seal } from '../uploads/images';

export default async function uploadRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, secrets, now } = app.deps;
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
      let file: Buffer | undefined;
      const parts = request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 64 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname !== 'file') throw badRequest('The image goes in the field "file"');
          file = bytes;
        } else if (part.fieldname === 'kind') {
          kind = String(part.value);
        } else {
          throw badRequest(`Unknown field "${part.fieldname}"`);
        }
      }
      if (!kind || !(UPLOAD_KINDS as readonly string[]).includes(kind)) {
        throw badRequest(`kind must be one of ${UPLOAD_KINDS.join(', ')}`);
      }
      if (!file || file.length === 0) throw badRequest('Attach the image in the field "file"');
      const user = request.user!;
      if (kind === 'sku' && user.isAdmin !== 1) throw forbidden('Only administrators upload product images');

      const jpeg = await reencodeUpload(file);
      const at = now();
      const uploadKind = kind as UploadKind;
      if (uploadKind === 'sku') {
        const id = contentId(jpeg);
        await storeImage(db, { id, kind, ownerId: null, mime: 'image/jpeg', data: jpeg, iv: null, tag: null, createdAt: at });
        return reply.code(201).send({ url: imageUrl(id) });
      }
      const id = newId();
      const stored =
        uploadKind === 'aadhaar' ? seal(secrets.aadhaarKey, id, jpeg) : { data: jpeg, iv: null, tag: null };
      await storeImage(db, { id, kind, ownerId: user.id, mime: 'image/jpeg', ...stored, createdAt: at });
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
