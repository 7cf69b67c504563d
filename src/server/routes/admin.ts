/**
 * The back office (admins only): GET /api/admin/summary, the dashboard's figures in one answer.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AdminSummary } from '../../domain/schemas/admin';
import { data } from '../http/schemas';
import { readSummary } from '../repos/summary';

export default async function adminRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now, config } = app.deps;
  const rules = { validityDays: config.quotationValidityDays, replyHours: config.quotationReplyHours };

  app.get(
    '/admin/summary',
    {
      config: { access: 'admin' },
      schema: { response: { 200: data(AdminSummary) } },
    },
    async () => ({ data: await readSummary(db, now(), rules) }),
  );
}
