/**
 * POST /api/orders/:quotationId (the owner, from a COMPLETED quotation still valid); GET /api/orders,
 * PATCH /api/orders/update/:id and GET /api/orders/:id/history (admins). The admin list is a keyset page.
 * The delivery code is the farmer's to give at the handover: the farmer's answer carries it, no admin
 * answer does, and a DELIVERED with it is recorded as confirmed by code.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Id, IdParam } from '../../domain/schemas/common';
import { AdminOrder, AdminOrderAnswer, Order, OrderUpdateBody } from '../../domain/schemas/order';
import { ORDER_STATUSES } from '../../domain/types';
import { nextQuotationStatus } from '../../../machines/quotation-lifecycle.machine';
import { badRequest, conflict, HttpError, notFound, versionConflict } from '../http/errors';
import { expectedVersion, pageOf, searchQuery } from '../http/list-query';
import { data, historySchema } from '../http/schemas';
import { loadHistory } from '../repos/audit';
import { findOrderRow, loadOrder, orderPage, placeOrder, updateOrder } from '../repos/orders';
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
    { config: { access: 'verified' }, schema: { params: QuotationIdParam, response: { 201: data(Order) } } },
    async (request, reply) => {
      const found = await quotationFor(db, request, request.params.quotationId);
      // A quotation past its validity expires now, and the lifecycle refuses an order from EXPIRED.
      const expired = await expireDue(db, now(), rules, { quotationId: found.id });
      const row = expired > 0 ? await quotationFor(db, request, found.id) : found;
      const from = row.status as Parameters<typeof nextQuotationStatus>[0];
      const to = nextQuotationStatus(from, { type: 'farmer.placeOrder' });
      if (to === null) throw conflict(`An order cannot be placed from a ${from} quotation`);
      const placed = await placeOrder(db, row.id, row.userId, { from, to }, now());
      if (!placed.ok) {
        throw conflict(placed.reason === 'exists' ? 'This quotation already has an order' : 'The quotation changed; reload it');
      }
      return reply.code(201).send({ data: (await loadOrder(db, placed.orderId))! });
    },
  );

  app.get(
    '/orders',
    { config: { access: 'admin' }, schema: { querystring: searchQuery(ORDER_STATUSES), response: { 200: pageOf(AdminOrder) } } },
    async (request) => {
      const { cursor, limit, q, status } = request.query;
      return orderPage(db, { cursor, q, status, limit: pageSize(limit) });
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
}
