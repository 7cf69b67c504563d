/**
 * GET /api/config (public contact details, UPI payee, the usual reply time for a quotation, and what the
 * Aadhaar notice states: the grievance contact and how long the image is kept after verification),
 * GET /api/health and GET /api/openapi.json.
 */
import { sql } from 'kysely';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppConfig, Health } from '../../domain/schemas/meta';
import { data } from '../http/schemas';

export default async function metaRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: { response: { 200: data(AppConfig) } },
    },
    async () => ({
      data: {
        contactPhone: config.contactPhone,
        chatUrl: config.contactChatUrl,
        upiPayeeId: config.upiPayeeId,
        upiPayeeName: config.upiPayeeName,
        quotationReplyHours: config.quotationReplyHours,
        grievanceContact: config.grievanceContact,
        aadhaarRetentionDays: config.aadhaarRetentionDays,
      },
    }),
  );

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { response: { 200: data(Health) } },
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
      schema: { response: { 200: Type.Object({}, { additionalProperties: true }) } },
    },
    async () => app.swagger(),
  );
}
