/**
 * GET /api/skus (verified farmers and admins); POST /api/skus, PATCH /api/skus/:id and
 * GET /api/skus/:id/history (admins). Every admin write is audited. An edit changes no quotation:
 * lines keep their SKU as quoted (decision 031).
 */
import type { FastifyInstance } from 'fastify';
import type { SkuBody, SkuPatchBody } from '../../domain/api';
import { notFound, versionConflict } from '../http/errors';
import { data, dataList, historySchema, idParam, skuSchema, uploadUrl } from '../http/schemas';
import { loadHistory } from '../repos/audit';
import { createSku, findSku, listSkus, toSku, updateSku } from '../repos/skus';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const;
const skuFields = {
  name: text(120),
  description: { type: 'string', maxLength: 2000 },
  categoryName: text(120),
  brandName: text(120),
  image: uploadUrl,
  availableQty: { type: 'integer', minimum: 0, maximum: 1e9 },
  minimumPrice: { type: 'integer', minimum: 0, maximum: 1e11 },
  skuQuantityUnit: text(40),
} as const;
const required = Object.keys(skuFields);
/** One language's texts: each optional, '' clears it on PATCH (the English field shows instead). */
const translatedTexts = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 120 },
    description: { type: 'string', maxLength: 2000 },
    categoryName: { type: 'string', maxLength: 120 },
    brandName: { type: 'string', maxLength: 120 },
  },
} as const;
const bodyFields = {
  ...skuFields,
  translations: {
    type: 'object',
    additionalProperties: false,
    properties: { hindi: translatedTexts, gujrati: translatedTexts },
  },
} as const;

export default async function skuRoutes(app: FastifyInstance) {
  const { db, now } = app.deps;

  app.get(
    '/skus',
    { config: { access: 'verified' }, schema: { response: { 200: dataList(skuSchema) } } },
    async () => ({ data: await listSkus(db) }),
  );

  app.post<{ Body: SkuBody }>(
    '/skus',
    {
      config: { access: 'admin' },
      schema: {
        body: { type: 'object', required, additionalProperties: false, properties: bodyFields },
        response: { 201: data(skuSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: toSku(await createSku(db, request.body, now(), request.user!.id)) }),
  );

  app.patch<{ Params: { id: string }; Body: SkuPatchBody }>(
    '/skus/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParam,
        body: {
          type: 'object',
          required: ['version'],
          additionalProperties: false,
          // The sheet may send back what it read; _id and skuDisplayId are accepted and ignored.
          properties: { ...bodyFields, version: { type: 'integer', minimum: 1 }, _id: { type: 'string' }, skuDisplayId: { type: 'string' } },
        },
        response: { 200: data(skuSchema) },
      },
    },
    async (request) => {
      const { version, ...rest } = request.body as SkuPatchBody & { _id?: string; skuDisplayId?: string };
      const { _id: _ignoredId, skuDisplayId: _ignoredDisplay, ...fields } = rest;
      const result = await updateSku(db, request.params.id, version, fields, now(), request.user!.id);
      if (!result.ok) throw result.reason === 'missing' ? notFound('No such SKU') : versionConflict();
      return { data: toSku(result.row) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/skus/:id/history',
    { config: { access: 'admin' }, schema: { params: idParam, response: { 200: historySchema } } },
    async (request) => {
      const row = await findSku(db, request.params.id);
      if (!row) throw notFound('No such SKU');
      return { data: await loadHistory(db, 'sku', row.id) };
    },
  );
}
