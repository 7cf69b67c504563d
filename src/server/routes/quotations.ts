/**
 * Quotations: a verified farmer creates (within the fair-use caps), lists, reads and deletes their
 * own; admins list all, edit any and read its history. Every move is asked of
 * machines/quotation-lifecycle; a refused move is 409. Before a read shows or acts on a status, the
 * quotations in view whose validity has ended are expired (`expireDue`; the admin's and the farmer's
 * pages expire only the rows they show, and the server's sweep, src/server/expiry-sweep.ts, drains
 * the rest in the background). A quotation id may be its
 * `_id` or its display id. Another farmer's quotation is 404. Lists are keyset pages. Every line's
 * quantity follows its SKU's unit (src/domain/quantity, as the cart does): a fraction for a
 * whole-number unit, or a second decimal for quintal and tonne, is a 400 naming the line.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nextQuotationStatus } from '../../../machines/quotation-lifecycle.machine';
import { checkQuantity, QUANTITY_MAX, roundQuantity, type QuantityRefusal } from '../../domain/quantity';
import { IdParam } from '../../domain/schemas/common';
import { AdminQuotation, AdminQuotationAnswer, CounterBody, CreateQuotationBody, DeclineBody, Quotation, quotationPatchBody } from '../../domain/schemas/quotation';
import { badRequest, conflict, notFound, versionConflict } from '../http/errors';
import { answerIfUnchanged, heldQuotationTag, quotationAnswerTag, REVALIDATE } from '../http/etag';
import { quotationFilters, quotationListQuery } from '../http/back-office-query';
import { expectedVersion, pageOf, pageQuery } from '../http/list-query';
import { data, historySchema } from '../http/schemas';
import { IdempotencyHeaders, writeOnce } from '../http/idempotency';
import type { Once } from '../repos/idempotency';
import { loadHistory, STATUS_HISTORY_LIMIT } from '../repos/audit';
import { pageSize } from '../repos/paging';
import {
  adminEditQuotation,
  adminQuotationPage,
  createQuotation,
  expireDue,
  farmerQuotationPage,
  findQuotationRow,
  loadQuotation,
  moveStatus,
} from '../repos/quotations';
import { bargain, type BargainMove } from '../repos/bargaining';
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';

const patchBody = quotationPatchBody(STATUS_HISTORY_LIMIT);

/** The admin's list takes `countered=true`: only quotations with a counter-offer waiting for an answer. */
/** A note as stored: trimmed, and none when empty. */
const noteOf = (note: string | undefined): string | null => (note === undefined || note.trim() === '' ? null : note.trim());

const REFUSED: Record<QuantityRefusal, (quantity: number, unit: string) => string> = {
  notANumber: () => 'the quantity is not a number',
  tooSmall: () => 'the quantity must be more than 0',
  wholeOnly: (q, unit) => `${q} ${unit} is refused: ${unit} is sold in whole numbers only`,
  oneDecimal: (q, unit) => `${q} ${unit} is refused: ${unit} takes at most one decimal`,
  tooLarge: (q, unit) => `${q} ${unit} is more than the ${QUANTITY_MAX} ${unit} one request may ask for`,
};

interface LineSku {
  name: string;
  skuQuantityUnit: string;
}

/**
 * Every line's quantity against its SKU's unit; the first refused line is a 400 that names it
 * (`Line 2 (Rice Husk): …`, or with `label` the SKU's lines added up).
 */
function checkLineQuantities(
  lines: readonly { skuIdentifier: string; quantity: number }[],
  skus: ReadonlyMap<string, LineSku>,
  label = (index: number, sku: LineSku) => `Line ${index + 1} (${sku.name})`,
): void {
  lines.forEach((line, index) => {
    const sku = skus.get(line.skuIdentifier)!;
    const check = checkQuantity(line.quantity, sku.skuQuantityUnit);
    if (!check.ok) throw badRequest(`${label(index, sku)}: ${REFUSED[check.reason](line.quantity, sku.skuQuantityUnit)}`);
  });
}

/** The caller's own quotation (admins may read any); anything else is 404. */
export async function quotationFor(db: Kysely<Database>, request: FastifyRequest, id: string, adminMayRead = false) {
  const row = await findQuotationRow(db, id);
  const me = request.user!;
  if (!row || (row.userId !== me.id && !(adminMayRead && me.isAdmin === 1))) throw notFound('No such quotation');
  return row;
}

export default async function quotationRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now, config } = app.deps;
  const rules = { validityDays: config.quotationValidityDays };
  const fairUse = { hourly: config.quotationHourlyLimit, daily: config.quotationDailyLimit };

  app.post(
    '/quotations',
    { config: { access: 'verified' }, schema: { headers: IdempotencyHeaders, body: CreateQuotationBody, response: { 201: data(Quotation) } } },
    async (request, reply) =>
      writeOnce(db, request, reply, {
        route: 'POST /api/quotations',
        asked: request.body,
        now: now(),
        answer: async (trx, id: string) => ({ status: 201, body: { data: (await loadQuotation(trx, id, rules))! } }),
        write: (once) => requestQuotation(request.body.skusDetail, request.user!.id, once),
      }),
  );

  /** A farmer's request for prices, every line checked against its SKU's unit; its answer is 201 with the new quotation. */
  async function requestQuotation(lines: Static<typeof CreateQuotationBody>['skusDetail'], userId: string, once: Once | undefined) {
    const ids = [...new Set(lines.map((l) => l.skuIdentifier))];
    const rows = await db.selectFrom('skus').select(['id', 'name', 'skuQuantityUnit']).where('id', 'in', ids).execute();
    const skus = new Map(rows.map((s) => [s.id, s]));
    const unknown = ids.find((id) => !skus.has(id));
    if (unknown !== undefined) throw badRequest(`Unknown SKU ${unknown}`);
    checkLineQuantities(lines, skus);
    // The same SKU twice in one request counts once, with the quantities added (and checked again).
    const merged = new Map<string, number>();
    for (const l of lines) merged.set(l.skuIdentifier, roundQuantity((merged.get(l.skuIdentifier) ?? 0) + l.quantity, skus.get(l.skuIdentifier)!.skuQuantityUnit));
    checkLineQuantities(
      ids.map((id) => ({ skuIdentifier: id, quantity: merged.get(id)! })),
      skus,
      (_, sku) => `The lines of ${sku.name} added up`,
    );
    const created = ids.map((id) => ({ skuId: id, quantity: merged.get(id)! }));
    const id = await createQuotation(db, userId, created, now(), fairUse, once);
    return { status: 201, body: { data: (await loadQuotation(db, id, rules))! } };
  }

  // Every farmer on the Request screen polls this every 5 s. A poll holding the tag of the answer it
  // would get is a 304 proved by the tag alone: the version in it was read with the session, and its
  // end of truth has not come (http/etag.ts). Otherwise the page is read, the quotations in it past
  // their validity expiring first; that expiry moves the version past the one read with the session,
  // so such an answer goes out untagged and the next poll reads again.
  app.get(
    '/quotations',
    { config: { access: 'verified' }, schema: { querystring: pageQuery, response: { 200: pageOf(Quotation) } } },
    async (request, reply) => {
      const user = request.user!;
      const at = now();
      const held = heldQuotationTag(request, user, rules, at);
      if (held !== undefined && answerIfUnchanged(request, reply, held)) return reply;
      const { cursor, limit } = request.query;
      const { page, expired, expiresAt } = await farmerQuotationPage(db, { userId: user.id, cursor, limit: pageSize(limit) }, at, rules);
      if (expired > 0) void reply.header('cache-control', REVALIDATE);
      else if (answerIfUnchanged(request, reply, quotationAnswerTag(user, request.url, rules, expiresAt))) return reply;
      return page;
    },
  );

  app.get(
    '/quotations/all',
    {
      config: { access: 'admin' },
      schema: { querystring: quotationListQuery, response: { 200: pageOf(AdminQuotation) } },
    },
    async (request) => {
      const { cursor, limit, q, status, countered } = request.query;
      const at = now();
      const filters = quotationFilters(request.query, at, { ...rules, replyHours: config.quotationReplyHours });
      const list = { cursor, q, status, ...filters, limit: pageSize(limit), ...(countered === 'true' ? { countered: true } : {}) };
      return (await adminQuotationPage(db, list, at, rules)).page;
    },
  );

  app.get(
    '/quotations/:id/history',
    { config: { access: 'admin' }, schema: { params: IdParam, response: { 200: historySchema } } },
    async (request) => {
      const row = await findQuotationRow(db, request.params.id);
      if (!row) throw notFound('No such quotation');
      return { data: await loadHistory(db, 'quotation', row.id) };
    },
  );

  app.get(
    '/quotations/:id',
    { config: { access: 'verified' }, schema: { params: IdParam, response: { 200: data(Quotation) } } },
    async (request, reply) => {
      const row = await quotationFor(db, request, request.params.id, true);
      const own = row.userId === request.user!.id;
      const expired = await expireDue(db, now(), rules, { quotationId: row.id });
      // The owner's own read is tagged by their versions (an admin's read of another's stays no-store),
      // unless this read expired it, which moved the owner's version past the one read with the session.
      if (own && expired === 0 && answerIfUnchanged(request, reply, quotationAnswerTag(request.user!, request.url, rules))) return reply;
      const quotation = (await loadQuotation(db, row.id, rules))!;
      // The delivery code is the farmer's to give at the handover: an admin reading another's quotation never sees it.
      return { data: own ? quotation : { ...quotation, deliveryOtp: null } };
    },
  );

  app.delete(
    '/quotations/:id',
    { config: { access: 'verified' }, schema: { headers: IdempotencyHeaders, params: IdParam, response: { 200: data(Quotation) } } },
    async (request, reply) =>
      writeOnce(db, request, reply, {
        route: 'DELETE /api/quotations/:id',
        asked: request.params,
        now: now(),
        answer: async (trx, id: string) => ({ status: 200, body: { data: (await loadQuotation(trx, id, rules))! } }),
        write: async (once) => {
          const row = await quotationFor(db, request, request.params.id);
          const from = row.status as Parameters<typeof nextQuotationStatus>[0];
          const to = nextQuotationStatus(from, { type: 'farmer.delete' });
          if (to === null) throw conflict(`A ${from} quotation cannot be deleted`);
          if (!(await moveStatus(db, row.id, from, to, now(), once))) throw conflict('The quotation changed; reload it');
          return { status: 200, body: { data: (await loadQuotation(db, row.id, rules))! } };
        },
      }),
  );

  /**
   * The owner's bargaining move, as the lifecycle allows it. A quotation past its validity expires
   * first (its history shows the expiry), and the chart refuses a move from EXPIRED: 409.
   */
  async function bargainOn(request: FastifyRequest<{ Params: { id: string } }>, move: BargainMove) {
    const row = await quotationFor(db, request, request.params.id);
    const at = now();
    await expireDue(db, at, rules, { quotationId: row.id });
    const saved = await bargain(db, { ...move, quotationId: row.id, userId: request.user!.id, now: at, validityDays: rules.validityDays });
    if (saved === 'missing') throw notFound('No such quotation');
    if (saved === 'notBelow') throw badRequest('A better price must be below the quoted total');
    if (saved === 'refused') throw conflict('Only a priced quotation still valid can be declined or bargained on');
    return { data: (await loadQuotation(db, row.id, rules))! };
  }

  app.post(
    '/quotations/:id/decline',
    { config: { access: 'verified' }, schema: { params: IdParam, body: DeclineBody, response: { 200: data(Quotation) } } },
    async (request) => {
      const { reason } = request.body;
      const note = noteOf(request.body.note);
      if (reason === 'other' && note === null) throw badRequest('Say why in a note when the reason is other');
      return bargainOn(request, { type: 'farmer.decline', reason, note });
    },
  );

  app.post(
    '/quotations/:id/counter',
    { config: { access: 'verified' }, schema: { params: IdParam, body: CounterBody, response: { 200: data(Quotation) } } },
    async (request) => bargainOn(request, { type: 'farmer.counter', totalPaisa: request.body.totalPaisa ?? null, note: noteOf(request.body.note) }),
  );

  app.patch(
    '/quotations/:id',
    { config: { access: 'admin' }, schema: { params: IdParam, body: patchBody, response: { 200: data(AdminQuotationAnswer) } } },
    async (request) => {
      const body = request.body;
      const version = expectedVersion(request, body.version);
      const stored = await findQuotationRow(db, request.params.id);
      if (!stored) throw notFound('No such quotation');
      // An expired quotation is re-priced from EXPIRED, so its history shows the expiry first.
      await expireDue(db, now(), rules, { quotationId: stored.id });
      const skuIds = [...new Set(body.skusDetail.map((l) => l.skuIdentifier))];
      const found = await db.selectFrom('skus').select(['id', 'name', 'skuQuantityUnit']).where('id', 'in', skuIds).execute();
      if (found.length !== skuIds.length) throw badRequest('Every skuIdentifier must be an existing SKU id');
      checkLineQuantities(body.skusDetail, new Map(found.map((s) => [s.id, s])));
      if (body.skusDetail.some((l) => l.discountPaisa > l.goodsPricePaisa)) {
        throw badRequest('A line discount cannot exceed its goods price');
      }
      // The lifecycle is asked inside the edit's transaction, about the status stored then.
      const saved = await adminEditQuotation(db, {
        id: stored.id,
        ...(version === undefined ? {} : { expectedVersion: version }),
        status: body.status,
        lines: body.skusDetail,
        now: now(),
        byUserId: request.user!.id,
      });
      if (saved === 'missing') throw notFound('No such quotation');
      if (saved === 'conflict') throw versionConflict();
      if (saved === 'refused') throw conflict(`Cannot set ${body.status}`);
      return { data: (await loadQuotation(db, stored.id, rules))! };
    },
  );
}
