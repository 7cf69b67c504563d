/**
 * The analyst's view of real use.
 * - POST /analytics/transitions (public, no session taken): a phone's batch of recorded transitions.
 *   202 when stored; 202 storing nothing under `Sec-GPC: 1`; 400 for any chart, state or event the
 *   exported chart definitions do not know, or any other field, and then nothing is stored. Each
 *   install keeps at most DAILY_INSTALL_CAP a day; the rest are dropped, still 202.
 * - GET /analytics/charts, /charts/{chartId}, /funnel, /journeys, /journeys/{id}: analysts and admins only.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { unknownPart } from '../../domain/analytics';
import {
  Accepted,
  ChartParam,
  ChartTotal,
  ChartTraffic,
  DayQuery,
  Funnel,
  Journey,
  JourneySummary,
  PeriodQuery,
  TransitionBatchBody,
} from '../../domain/schemas/analytics';
import { IdParam } from '../../domain/schemas/common';
import { knownCharts } from '../chart-vocabulary';
import { badRequest, notFound } from '../http/errors';
import { data, dataList } from '../http/schemas';
import { chartTotals, chartTraffic, funnel, journeysOf, journeySteps, periodStart, recordTransitions } from '../repos/analytics';

/** A full batch is about 80 KB of JSON; anything much larger is not one. */
const BATCH_BYTES = 160 * 1024;
const DEFAULT_DAYS = 30;

export default async function analyticsRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = app.deps;
  const charts = knownCharts();

  // navigator.sendBeacon sends a string as text/plain (a type it may send without asking first).
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BATCH_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body is not JSON'), undefined);
    }
  });

  app.post(
    '/analytics/transitions',
    {
      bodyLimit: BATCH_BYTES,
      config: { access: 'public' },
      schema: { body: TransitionBatchBody, response: { 202: data(Accepted) } },
    },
    async (request, reply) => {
      reply.code(202);
      if (request.headers['sec-gpc'] === '1') return { data: { accepted: 0 } };
      for (const t of request.body.transitions) {
        const unknown = unknownPart(charts.vocabulary, t);
        if (unknown) throw badRequest(`The batch names an ${unknown}`);
      }
      const accepted = await recordTransitions(db, request.body.installId, request.body.transitions, now());
      return { data: { accepted } };
    },
  );

  app.get(
    '/analytics/charts',
    { config: { access: 'analyst' }, schema: { querystring: PeriodQuery, response: { 200: dataList(ChartTotal) } } },
    async (request) => {
      const totals = await chartTotals(db, periodStart(now(), Number(request.query.days ?? DEFAULT_DAYS)));
      return { data: [...charts.definitions.keys()].map((chartId) => ({ chartId, total: totals.get(chartId) ?? 0 })) };
    },
  );

  app.get(
    '/analytics/charts/:chartId',
    { config: { access: 'analyst' }, schema: { params: ChartParam, querystring: PeriodQuery, response: { 200: data(ChartTraffic) } } },
    async (request) => {
      const definition = charts.definitions.get(request.params.chartId);
      if (!definition) throw notFound('No such chart');
      const since = periodStart(now(), Number(request.query.days ?? DEFAULT_DAYS));
      return { data: await chartTraffic(db, definition, charts.tested.get(definition.id) ?? new Set(), since) };
    },
  );

  app.get(
    '/analytics/funnel',
    { config: { access: 'analyst' }, schema: { querystring: PeriodQuery, response: { 200: data(Funnel) } } },
    async (request) => ({ data: await funnel(db, periodStart(now(), Number(request.query.days ?? DEFAULT_DAYS))) }),
  );

  app.get(
    '/analytics/journeys',
    { config: { access: 'analyst' }, schema: { querystring: DayQuery, response: { 200: dataList(JourneySummary) } } },
    async (request) => ({ data: (await journeysOf(db, request.query.day)).map((j) => ({ ...j, length: Number(j.length) })) }),
  );

  app.get(
    '/analytics/journeys/:id',
    { config: { access: 'analyst' }, schema: { params: IdParam, response: { 200: data(Journey) } } },
    async (request) => {
      const journey = await journeySteps(db, request.params.id);
      if (!journey) throw notFound('No such journey');
      return { data: journey };
    },
  );
}
