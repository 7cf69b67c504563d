/**
 * POST /api/orders/:quotationId (the owner, from a COMPLETED quotation still valid, with where and when
 * to deliver); GET /api/orders, PATCH /api/orders/update/:id and GET /api/orders/:id/history (admins).
 * The admin list is a keyset page. After delivery the owner reports a problem (POST /api/orders/:id/problem,
 * with a photo of upload kind `problem`) and an admin closes it with a note (POST .../problem/close).
 * The delivery code is the farmer's to give at the handover: the farmer's answer carries it, no admin
 * answer does, and a DELIVERED with it is recorded as confirmed by code.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Id, IdParam } from '../../domain/schemas/common';
import { AdminOrder, AdminOrderAnswer, Order, OrderUpdateBody } from '../../domain/schemas/order';
import { CloseProblemBody, OrderProblem, PlaceOrderBody, ProblemBody } from '../../domain/schemas/delivery';
import { isPreferredDateAllowed, PROBLEMS_PER_ORDER_MAX } from '../../domain/delivery';
import { nextQuotationStatus } from '../../../machines/quotation-lifecycle.machine';
import { badRequest, conflict, HttpError, notFound, versionConflict } from '../http/errors';
import { orderFilters, orderListQuery } from '../http/back-office-query';
import { expectedVersion, pageOf } from '../http/list-query';
import { data, historySchema } from '../http/schemas';
import { IdempotencyHeaders, writeOnce } from '../http/idempotency';
import { loadHistory } from '../repos/audit';
import { findOrderRow, loadOrder, orderPage, placeOrder, updateOrder } from '../repos/orders';
import { closeProblem, lastProblems, reportProblem } from '../repos/order-problems';
import { imageIdFromUrl, imageMeta } from '../repos/images';
import { pageSize } from '../repos/paging';
import { expireDue } from '../repos/quotations';
import { quotationFor } from './quotations';

const QuotationIdParam = Type.Object({ quotationId: Id }, { additionalProperties: false });

export default async function orderRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now, config } = app.deps;
  const rules = { validityDays: config.quotationValidityDays };

  app.post(
    '/orders/:quotationId',
    {
      config: { access: 'verified' },
      schema: { headers: IdempotencyHeaders, params: QuotationIdParam, body: PlaceOrderBody, response: { 201: data(Order) } },
      // SPEC §7 places an order with no body at all: that is the empty one, the profile's place and no date.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) =>
      writeOnce(db, request, reply, {
        route: 'POST /api/orders/:quotationId',
        asked: { params: request.params, body: request.body },
        now: now(),
        answer: async (trx, id: string) => ({ status: 201, body: { data: (await loadOrder(trx, id))! } }),
        write: async (once) => {
          const asked = request.body;
          if (asked.preferredDate !== undefined && !isPreferredDateAllowed(asked.preferredDate, now())) {
            throw new HttpError(400, 'DATE_OUT_OF_RANGE', "preferredDate must be from tomorrow to 30 days ahead, by India's calendar");
          }
          const found = await quotationFor(db, request, request.params.quotationId);
          // A quotation past its validity expires now, and the lifecycle refuses an order from EXPIRED.
          const expired = await expireDue(db, now(), rules, { quotationId: found.id });
          const row = expired > 0 ? await quotationFor(db, request, found.id) : found;
          const from = row.status as Parameters<typeof nextQuotationStatus>[0];
          const to = nextQuotationStatus(from, { type: 'farmer.placeOrder' });
          if (to === null) throw conflict(`An order cannot be placed from a ${from} quotation`);
          const placed = await placeOrder(
            db,
            row.id,
            row.userId,
            { from, to },
            now(),
            {
              ...(asked.deliveryAddress ? { address: asked.deliveryAddress } : {}),
              ...(asked.deliveryLocation ? { location: asked.deliveryLocation } : {}),
              ...(asked.preferredDate ? { preferredDate: asked.preferredDate } : {}),
            },
            once,
          );
          if (!placed.ok) {
            throw conflict(placed.reason === 'exists' ? 'This quotation already has an order' : 'The quotation changed; reload it');
          }
          return { status: 201, body: { data: (await loadOrder(db, placed.orderId))! } };
        },
      }),
  );

  app.get(
    '/orders',
    { config: { access: 'admin' }, schema: { querystring: orderListQuery, response: { 200: pageOf(AdminOrder) } } },
    async (request) => {
      const { cursor, limit, q, status } = request.query;
      return orderPage(db, { cursor, q, status, ...orderFilters(request.query, now()), limit: pageSize(limit) });
    },
  );

  app.get(
    '/orders/:id/history',
    { config: { access: 'admin' }, schema: { params: IdParam, response: { 200: historySchema } } },
    async (request) => {
      const row = await findOrderRow(db, request.params.id);
      if (!row) throw notFound('No such order');
      return { data: await loadHistory(db, 'order', row.id) };
    },
  );

  app.patch(
    '/orders/update/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParam, body: OrderUpdateBody, response: { 200: data(AdminOrderAnswer) } },
    },
    async (request) => {
      const { status, amountPaidPaisa, expectedDeliveryDate, deliveryOtp } = request.body;
      if (deliveryOtp !== undefined && status !== 'DELIVERED') throw badRequest('A delivery code confirms a delivery: send it with status DELIVERED');
      const version = expectedVersion(request, request.body.version);
      const row = await findOrderRow(db, request.params.id);
      if (!row) throw notFound('No such order');
      const saved = await updateOrder(db, {
        id: row.id,
        ...(version === undefined ? {} : { expectedVersion: version }),
        status,
        amountPaidPaisa,
        ...(expectedDeliveryDate === undefined ? {} : { expectedDeliveryDate }),
        ...(deliveryOtp === undefined ? {} : { deliveryOtp }),
        now: now(),
        byUserId: request.user!.id,
      });
      if (saved === 'missing') throw notFound('No such order');
      if (saved === 'conflict') throw versionConflict();
      if (saved === 'pastDate') throw new HttpError(400, 'DATE_IN_PAST', "expectedDeliveryDate must not be before today's date in India");
      if (saved === 'codeInvalid') throw new HttpError(400, 'DELIVERY_CODE_INVALID', 'That is not the delivery code of this order');
      if (saved === 'codeLocked') {
        throw new HttpError(409, 'DELIVERY_CODE_LOCKED', 'Too many wrong delivery codes: move the order without a code to go on');
      }
      return { data: (await loadOrder(db, row.id))! };
    },
  );

  app.post(
    '/orders/:id/problem',
    { config: { access: 'verified' }, schema: { params: IdParam, body: ProblemBody, response: { 201: data(OrderProblem) } } },
    async (request, reply) => {
      const me = request.user!;
      const row = await findOrderRow(db, request.params.id);
      if (!row || row.userId !== me.id) throw notFound('No such order');
      const { kind, photo } = request.body;
      const note = request.body.note?.trim() || null;
      if (kind === 'other' && note === null) throw badRequest('Say what went wrong in a note when the kind is other');
      let photoId: string | null = null;
      if (photo !== undefined) {
        const meta = await imageMeta(db, imageIdFromUrl(photo));
        if (!meta || meta.kind !== 'problem' || meta.ownerId !== me.id) throw badRequest('photo must be your own uploaded problem image');
        photoId = meta.id;
      }
      const saved = await reportProblem(db, { orderId: row.id, userId: me.id, kind, note, photoId, now: now() });
      if (saved === 'missing') throw notFound('No such order');
      if (saved === 'notDelivered') throw conflict('A problem is reported once the order is delivered');
      if (saved === 'open') throw conflict('This order already has a problem open; the provider will answer it first');
      if (saved === 'tooMany') throw conflict(`An order takes at most ${PROBLEMS_PER_ORDER_MAX} problems; call the provider`);
      return reply.code(201).send({ data: (await lastProblems(db, [row.id])).get(row.id)! });
    },
  );

  app.post(
    '/orders/:id/problem/close',
    { config: { access: 'admin' }, schema: { params: IdParam, body: CloseProblemBody, response: { 200: data(AdminOrderAnswer) } } },
    async (request) => {
      const row = await findOrderRow(db, request.params.id);
      if (!row) throw notFound('No such order');
      const saved = await closeProblem(db, { orderId: row.id, note: request.body.note.trim(), now: now(), byUserId: request.user!.id });
      if (saved === 'missing') throw notFound('No such order');
      if (saved === 'none') throw conflict('This order has no problem open');
      const { deliveryOtp: _code, ...order } = (await loadOrder(db, row.id))!;
      return { data: order };
    },
  );
}
