/**
 * Quotations: a verified farmer creates (within the fair-use caps), lists, reads and deletes their
 * own; admins list all, edit any and read its history. Every move is asked of
 * machines/quotation-lifecycle; a refused move is 409. Before a read shows or acts on a status, the
 * quotations in view whose validity has ended are expired (`expireDue`). A quotation id may be its
 * `_id` or its display id. Another farmer's quotation is 404. Lists are keyset pages.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreateQuotationBody, QuotationPatchBody } from '../../domain/api';
import { nextQuotationStatus } from '../../../machines/quotation-lifecycle.machine';
import { QUOTATION_STATUSES, type QuotationStatus } from '../../domain/types';
import { badRequest, conflict, notFound, versionConflict } from '../http/errors';
import { answerIfUnchanged, quotationAnswerTag, REVALIDATE } from '../http/etag';
import { expectedVersion, pageOf, pageQuery, searchQuery, type ListQuerystring } from '../http/list-query';
import {
  data,
  historySchema,
  idParam,
  orderMirrorInput,
  orderStatusEnum,
  paisa,
  quantity,
  quotationSchema,
  quotationStatusEnum,
} from '../http/schemas';
import { loadHistory } from '../repos/audit';
import { pageSize } from '../repos/paging';
import {
  adminEditQuotation,
  createQuotation,
  expireDue,
  findQuotationRow,
  loadQuotation,
  moveStatus,
  quotationPage,
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
  required: ['status', 'skusDetail'],
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
    orderDisplayId: { type: ['string', 'null'], pattern: '^OD[0-9]{1,12}$' },
    validUntil: { type: ['string', 'null'], pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{8,12}Z$' },
    ...orderMirrorInput,
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
  const { db, now, quotationAnswers, config } = app.deps;
  const rules = { validityDays: config.quotationValidityDays };
  const fairUse = { hourly: config.quotationHourlyLimit, daily: config.quotationDailyLimit };

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
      const id = await createQuotation(db, request.user!.id, lines, now(), fairUse);
      return reply.code(201).send({ data: await loadQuotation(db, id, rules) });
    },
  );

  // The 5-second polling load, one page. The first page at the default size is kept serialized per
  // user and served again only while the user's quotations version and the catalogue version, read
  // with the session on this very request, are the ones it was built at (decision 025); a miss builds
  // it after that read. A quotation that expires on this read bumps the version: no cached answer then.
  app.get<{ Querystring: ListQuerystring }>(
    '/quotations',
    { config: { access: 'verified' }, schema: { querystring: pageQuery, response: { 200: pageOf(quotationSchema) } } },
    async (request, reply) => {
      const user = request.user!;
      const { cursor, limit } = request.query;
      const cacheable = cursor === undefined && limit === undefined;
      const expired = await expireDue(db, now(), rules, { userId: user.id });
      const version = Number(user.quotationsVersion);
      const catalogueVersion = Number(user.catalogueVersion);
      // A quotation that expired on this read moved the version past the one read with the session:
      // that answer carries no tag (the next poll gets the new one) and is never a 304.
      if (expired > 0) void reply.header('cache-control', REVALIDATE);
      else if (answerIfUnchanged(request, reply, quotationAnswerTag(user, request.url))) return reply;
      let body = cacheable && expired === 0 ? quotationAnswers.get(user.id, version, catalogueVersion) : undefined;
      if (body === undefined) {
        const page = await quotationPage(db, { userId: user.id, cursor, limit: pageSize(limit) }, rules);
        const text = reply.serialize(page);
        // The route's response-schema serializer (the same Fastify uses for an object) returns text.
        body = typeof text === 'string' ? text : Buffer.from(text as ArrayBuffer).toString('utf8');
        if (cacheable && expired === 0) quotationAnswers.set(user.id, version, catalogueVersion, body);
      }
      return reply.type(JSON_TYPE).send(body);
    },
  );

  app.get<{ Querystring: ListQuerystring }>(
    '/quotations/all',
    {
      config: { access: 'admin' },
      schema: { querystring: searchQuery(QUOTATION_STATUSES), response: { 200: pageOf(quotationSchema) } },
    },
    async (request) => {
      const { cursor, limit, q, status } = request.query;
      await expireDue(db, now(), rules);
      return quotationPage(db, { cursor, q, status: status as QuotationStatus | undefined, limit: pageSize(limit) }, rules);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/quotations/:id/history',
    { config: { access: 'admin' }, schema: { params: idParam, response: { 200: historySchema } } },
    async (request) => {
      const row = await findQuotationRow(db, request.params.id);
      if (!row) throw notFound('No such quotation');
      return { data: await loadHistory(db, 'quotation', row.id) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/quotations/:id',
    { config: { access: 'verified' }, schema: { params: idParam, response: { 200: data(quotationSchema) } } },
    async (request, reply) => {
      const row = await quotationFor(db, request, request.params.id, true);
      const expired = await expireDue(db, now(), rules, { quotationId: row.id });
      // The owner's own read is tagged by their versions (an admin's read of another's stays no-store),
      // unless this read expired it, which moved the owner's version past the one read with the session.
      if (row.userId === request.user!.id && expired === 0 && answerIfUnchanged(request, reply, quotationAnswerTag(request.user!, request.url))) return reply;
      return { data: await loadQuotation(db, row.id, rules) };
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
      return { data: await loadQuotation(db, row.id, rules) };
    },
  );

  app.patch<{ Params: { id: string }; Body: QuotationPatchBody }>(
    '/quotations/:id',
    { config: { access: 'admin' }, schema: { params: idParam, body: patchBody, response: { 200: data(quotationSchema) } } },
    async (request) => {
      const body = request.body;
      const version = expectedVersion(request, body.version);
      const stored = await findQuotationRow(db, request.params.id);
      if (!stored) throw notFound('No such quotation');
      // An expired quotation is re-priced from EXPIRED, so its history shows the expiry first.
      const row = (await expireDue(db, now(), rules, { quotationId: stored.id })) > 0 ? (await findQuotationRow(db, stored.id))! : stored;
      const from = row.status as Parameters<typeof nextQuotationStatus>[0];
      const to = nextQuotationStatus(from, { type: 'admin.setStatus', status: body.status });
      if (to === null) throw conflict(`Cannot set ${body.status}`);
      const skuIds = [...new Set(body.skusDetail.map((l) => l.skuIdentifier))];
      const found = await db.selectFrom('skus').select('id').where('id', 'in', skuIds).execute();
      if (found.length !== skuIds.length) throw badRequest('Every skuIdentifier must be an existing SKU id');
      if (body.skusDetail.some((l) => l.discountPaisa > l.goodsPricePaisa)) {
        throw badRequest('A line discount cannot exceed its goods price');
      }
      const saved = await adminEditQuotation(db, {
        id: row.id,
        ...(version === undefined ? {} : { expectedVersion: version }),
        status: to,
        lines: body.skusDetail,
        now: now(),
        byUserId: request.user!.id,
      });
      if (saved === 'missing') throw notFound('No such quotation');
      if (saved === 'conflict') throw versionConflict();
      return { data: await loadQuotation(db, row.id, rules) };
    },
  );
}
