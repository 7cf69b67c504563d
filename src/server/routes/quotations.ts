/**
 * Quotations: a verified farmer creates, lists, reads and deletes their own; admins list all and
 * edit any. Every farmer move is asked of machines/quotation-lifecycle; a refused move is 409.
 * A quotation id may be its `_id` or its display id. Another farmer's quotation is 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreateQuotationBody, QuotationPatchBody } from '../../domain/api';
import { nextQuotationStatus } from '../../../machines/quotation-lifecycle.machine';
import { badRequest, conflict, notFound, versionConflict } from '../http/errors';
import {
  data,
  dataList,
  idParam,
  orderStatusEnum,
  paisa,
  quantity,
  quotationSchema,
  quotationStatusEnum,
} from '../http/schemas';
import {
  adminEditQuotation,
  createQuotation,
  findQuotationRow,
  loadQuotation,
  loadQuotations,
  moveStatus,
} from '../repos/quotations';
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';

/** What Fastify sets for an object it serializes: a cached answer goes out with the same header. */
const JSON_TYPE = 'application/json; charset=utf-8';

const skuId = { type: 'string', minLength: 1, maxLength: 64 } as const;

const createBody = {
  type: 'object',
  required: ['skusDetail'],
  additionalProperties: false,
  properties: {
    skusDetail: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['skuIdentifier', 'quantity'],
        additionalProperties: false,
        properties: { skuIdentifier: skuId, quantity },
      },
    },
  },
} as const;

const patchBody = {
  type: 'object',
  required: ['status', 'skusDetail', 'version'],
  additionalProperties: false,
  properties: {
    status: quotationStatusEnum,
    version: { type: 'integer', minimum: 1 },
    skusDetail: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['skuIdentifier', 'quantity', 'goodsPricePaisa', 'discountPaisa', 'shippingPricePaisa'],
        additionalProperties: false,
        properties: {
          skuIdentifier: skuId,
          quantity,
          goodsPricePaisa: paisa,
          discountPaisa: paisa,
          shippingPricePaisa: paisa,
        },
      },
    },
    // Read-only fields of the full quotation: accepted and ignored.
    _id: { type: 'string', maxLength: 64 },
    quotationDisplayId: { type: 'string', maxLength: 64 },
    image: { type: 'string', maxLength: 300 },
    orderStatus: { anyOf: [orderStatusEnum, { type: 'null' }] },
    deliveryOtp: { type: ['string', 'null'], maxLength: 8 },
    amountPaidPaisa: paisa,
    createdAt: { type: 'string', maxLength: 40 },
    updatedAt: { type: 'string', maxLength: 40 },
  },
} as const;

/** The caller's own quotation (admins may read any); anything else is 404. */
export async function quotationFor(db: Kysely<Database>, request: FastifyRequest, id: string, adminMayRead = false) {
  const row = await findQuotationRow(db, id);
  const me = request.user!;
  if (!row || (row.userId !== me.id && !(adminMayRead && me.isAdmin === 1))) throw notFound('No such quotation');
  return row;
}

export default async function quotationRoutes(app: FastifyInstance) {
  const { db, now, quotationAnswers } = app.deps;

  app.post<{ Body: CreateQuotationBody }>(
    '/quotations',
    { config: { access: 'verified' }, schema: { body: createBody, response: { 201: data(quotationSchema) } } },
    async (request, reply) => {
      // The same SKU twice in one request counts once, with the quantities added.
      const merged = new Map<string, number>();
      for (const l of request.body.skusDetail) merged.set(l.skuIdentifier, (merged.get(l.skuIdentifier) ?? 0) + l.quantity);
      const ids = [...merged.keys()];
      const skus = await db.selectFrom('skus').select(['id', 'minimumPrice']).where('id', 'in', ids).execute();
      const price = new Map(skus.map((s) => [s.id, Number(s.minimumPrice)]));
      const unknown = ids.find((id) => !price.has(id));
      if (unknown !== undefined) throw badRequest(`Unknown SKU ${unknown}`);
      const lines = ids.map((id) => ({ skuId: id, quantity: merged.get(id)!, minimumPrice: price.get(id)! }));
      const id = await createQuotation(db, request.user!.id, lines, now());
      return reply.code(201).send({ data: await loadQuotation(db, id) });
    },
  );

  // The 5-second polling load. The answer is kept serialized per user and served again only while the
  // user's quotations version and the catalogue version, read with the session on this very request,
  // are the ones it was built at (decision 025); a miss builds it as before, after that read.
  app.get(
    '/quotations',
    { config: { access: 'verified' }, schema: { response: { 200: dataList(quotationSchema) } } },
    async (request, reply) => {
      const user = request.user!;
      const version = Number(user.quotationsVersion);
      const catalogueVersion = Number(user.catalogueVersion);
      let body = quotationAnswers.get(user.id, version, catalogueVersion);
      if (body === undefined) {
        const text = reply.serialize({ data: await loadQuotations(db, { userId: user.id }) });
        // The route's response-schema serializer (the same Fastify uses for an object) returns text.
        body = typeof text === 'string' ? text : Buffer.from(text as ArrayBuffer).toString('utf8');
        quotationAnswers.set(user.id, version, catalogueVersion, body);
      }
      return reply.type(JSON_TYPE).send(body);
    },
  );

  app.get(
    '/quotations/all',
    { config: { access: 'admin' }, schema: { response: { 200: dataList(quotationSchema) } } },
    async () => ({ data: await loadQuotations(db, { all: true }) }),
  );

  app.get<{ Params: { id: string } }>(
    '/quotations/:id',
    { config: { access: 'verified' }, schema: { params: idParam, response: { 200: data(quotationSchema) } } },
    async (request) => {
      const row = await quotationFor(db, request, request.params.id, true);
      return { data: await loadQuotation(db, row.id) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/quotations/:id',
    { config: { access: 'verified' }, schema: { params: idParam, response: { 200: data(quotationSchema) } } },
    async (request) => {
      const row = await quotationFor(db, request, request.params.id);
      const from = row.status as Parameters<typeof nextQuotationStatus>[0];
      const to = nextQuotationStatus(from, { type: 'farmer.delete' });
      if (to === null) throw conflict(`A ${from} quotation cannot be deleted`);
      if (!(await moveStatus(db, row.id, from, to, now()))) throw conflict('The quotation changed; reload it');
      return { data: await loadQuotation(db, row.id) };
    },
  );

  app.patch<{ Params: { id: string }; Body: QuotationPatchBody }>(
    '/quotations/:id',
    { config: { access: 'admin' }, schema: { params: idParam, body: patchBody, response: { 200: data(quotationSchema) } } },
    async (request) => {
      const body = request.body;
      const row = await findQuotationRow(db, request.params.id);
      if (!row) throw notFound('No such quotation');
      const from = row.status as Parameters<typeof nextQuotationStatus>[0];
      const to = nextQuotationStatus(from, { type: 'admin.setStatus', status: body.status });
      if (to === null) throw conflict(`Cannot set ${body.status}`);
      const skuIds = [...new Set(body.skusDetail.map((l) => l.skuIdentifier))];
      const found = await db.selectFrom('skus').select('id').where('id', 'in', skuIds).execute();
      if (found.length !== skuIds.length) throw badRequest('Every skuIdentifier must be an existing SKU id');
      if (body.skusDetail.some((l) => l.discountPaisa > l.goodsPricePaisa)) {
        throw badRequest('A line discount cannot exceed its goods price');
      }
      if (row.version !== body.version) throw versionConflict();
      if (!(await adminEditQuotation(db, row.id, body.version, to, body.skusDetail, now()))) throw versionConflict();
      return { data: await loadQuotation(db, row.id) };
    },
  );
}
