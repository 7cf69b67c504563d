/**
 * GET /api/skus (verified farmers and admins); POST /api/skus, PATCH /api/skus/:id and
 * GET /api/skus/:id/history (admins). Every admin write is audited. An edit changes no quotation:
 * lines keep their SKU as quoted (decision 031).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { IdParam } from '../../domain/schemas/common';
import { Sku, SkuBody, SkuPatchBody } from '../../domain/schemas/sku';
import { notFound, versionConflict } from '../http/errors';
import { data, dataList, historySchema } from '../http/schemas';
import { loadHistory } from '../repos/audit';
import { createSku, findSku, listSkus, toSku, updateSku } from '../repos/skus';

export default async function skuRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    '/skus',
    { config: { access: 'verified' }, schema: { response: { 200: dataList(Sku) } } },
    async () => ({ data: await listSkus(db) }),
  );

  app.post(
    '/skus',
    {
      config: { access: 'admin' },
      schema: { body: SkuBody, response: { 201: data(Sku) } },
    },
    async (request, reply) => reply.code(201).send({ data: toSku(await createSku(db, request.body, now(), request.user!.id)) }),
  );

  app.patch(
    '/skus/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParam, body: SkuPatchBody, response: { 200: data(Sku) } },
    },
    async (request) => {
      // The sheet may send back what it read; _id and skuDisplayId are accepted and ignored.
      const { version, _id: _ignoredId, skuDisplayId: _ignoredDisplay, ...fields } = request.body;
      const result = await updateSku(db, request.params.id, version, fields, now(), request.user!.id);
      if (!result.ok) throw result.reason === 'missing' ? notFound('No such SKU') : versionConflict();
      return { data: toSku(result.row) };
    },
  );

  app.get(
    '/skus/:id/history',
    { config: { access: 'admin' }, schema: { params: IdParam, response: { 200: historySchema } } },
    async (request) => {
      const row = await findSku(db, request.params.id);
      if (!row) throw notFound('No such SKU');
      return { data: await loadHistory(db, 'sku', row.id) };
    },
  );
}
