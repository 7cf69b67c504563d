/** GET /api/config (public contact details, UPI payee and the usual reply time for a quotation), GET /api/health and GET /api/openapi.json. */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../domain/api';
import { data } from '../http/schemas';

export default async function metaRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        response: {
          200: data({
            type: 'object',
            properties: {
              contactPhone: { type: 'string' },
              chatUrl: { type: 'string' },
              upiPayeeId: { type: ['string', 'null'] },
              upiPayeeName: { type: ['string', 'null'] },
              quotationReplyHours: { type: 'integer', minimum: 1 },
            },
            required: ['contactPhone', 'chatUrl', 'upiPayeeId', 'upiPayeeName', 'quotationReplyHours'],
          }),
        },
      },
    },
    async (): Promise<{ data: AppConfig }> => ({
      data: {
        contactPhone: config.contactPhone,
        chatUrl: config.contactChatUrl,
        upiPayeeId: config.upiPayeeId,
        upiPayeeName: config.upiPayeeName,
        quotationReplyHours: config.quotationReplyHours,
      },
    }),
  );

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { response: { 200: data({ type: 'object', properties: { ok: { type: 'boolean' } } }) } },
    },
    async () => {
      await sql`select 1`.execute(db);
      return { data: { ok: true } };
    },
  );

  app.get(
    '/openapi.json',
    {
      config: { access: 'public' },
      schema: { response: { 200: { type: 'object', additionalProperties: true } } },
    },
    async () => app.swagger(),
  );
}
