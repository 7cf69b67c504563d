/** POST /api/orders/:quotationId (the owner, from COMPLETED); GET /api/orders and PATCH /api/orders/update/:id (admins). */
import type { FastifyInstance } from 'fastify';
import type { OrderUpdateBody } from '../../domain/api';
import { nextQuotationStatus } from '../../../machines/quotation-lifecycle.machine';
import { conflict, notFound, versionConflict } from '../http/errors';
import { data, dataList, idParam, orderSchema, orderStatusEnum, paisa } from '../http/schemas';
import { findOrderRow, loadOrders, placeOrder, updateOrder } from '../repos/orders';
import { quotationFor } from './quotations';

const quotationIdParam = {
  ...idParam,
  required: ['quotationId'],
  properties: { quotationId: idParam.properties.id },
} as const;

export default async function orderRoutes(app: FastifyInstance) {
  const { db, now } = app.deps;

  app.post<{ Params: { quotationId: string } }>(
    '/orders/:quotationId',
    { config: { access: 'verified' }, schema: { params: quotationIdParam, response: { 201: data(orderSchema) } } },
    async (request, reply) => {
      const row = await quotationFor(db, request, request.params.quotationId);
      const from = row.status as Parameters<typeof nextQuotationStatus>[0];
      const to = nextQuotationStatus(from, { type: 'farmer.placeOrder' });
      if (to === null) throw conflict(`An order cannot be placed from a ${from} quotation`);
      const placed = await placeOrder(db, row.id, row.userId, { from, to }, now());
      if (!placed.ok) {
        throw conflict(placed.reason === 'exists' ? 'This quotation already has an order' : 'The quotation changed; reload it');
      }
      return reply.code(201).send({ data: (await loadOrders(db, placed.orderId))[0] });
    },
  );

  app.get(
    '/orders',
    { config: { access: 'admin' }, schema: { response: { 200: dataList(orderSchema) } } },
    async () => ({ data: await loadOrders(db) }),
  );

  app.patch<{ Params: { id: string }; Body: OrderUpdateBody }>(
    '/orders/update/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParam,
        body: {
          type: 'object',
          required: ['status', 'amountPaidPaisa', 'version'],
          additionalProperties: false,
          properties: { status: orderStatusEnum, amountPaidPaisa: paisa, version: { type: 'integer', minimum: 1 } },
        },
        response: { 200: data(orderSchema) },
      },
    },
    async (request) => {
      const { status, amountPaidPaisa, version } = request.body;
      const row = await findOrderRow(db, request.params.id);
      if (!row) throw notFound('No such order');
      if (!(await updateOrder(db, row.id, version, status, amountPaidPaisa, now()))) throw versionConflict();
      return { data: (await loadOrders(db, row.id))[0] };
    },
  );
}
