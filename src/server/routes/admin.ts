/**
 * The back office (admins only): GET /api/admin/summary, the dashboard's figures in one answer; the
 * lists as CSV (GET /api/users/all.csv, /api/quotations/all.csv, /api/orders.csv: the lists' query,
 * every page); bulk work (POST /api/users/verify, POST /api/orders/update), each row its own audited
 * change through the single-row code, with an outcome per id.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type TObject } from 'typebox';
import { nextOrderStatus } from '../../../machines/order-lifecycle.machine';
import { quotationExpiresAt, quotationValidUntil } from '../../../machines/quotation-lifecycle.machine';
import { indiaToday } from '../../domain/india-date';
import { priceDetails } from '../../domain/money';
import { BULK_MAX } from '../../domain/constants';
import { AdminSummary, BulkOutcome } from '../../domain/schemas/admin';
import { Id, OrderStatusSchema } from '../../domain/schemas/common';
import type { QuotationStatus } from '../../domain/types';
import { orderFilters, orderListQuery, quotationFilters, quotationListQuery, userFilters, userListQuery } from '../http/back-office-query';
import { indiaTime, rupees, sendCsv, type Cell, type CsvPage } from '../http/csv';
import { data, dataList } from '../http/schemas';
import { findOrderRow, orderPage, updateOrder } from '../repos/orders';
import { quotationExportLines, type QuotationExportLine } from '../repos/quotation-export';
import { quotationKeyPage } from '../repos/quotations';
import { readSummary } from '../repos/summary';
import { staleWhileRefresh } from '../repos/stale-while-refresh';
import { userPage, verifyByAdmin } from '../repos/users';

/**
 * The dashboard's figures may be up to 30 s old: an admin's refresh every minute, or several admins
 * at once, then cost the database one read in 5 s at most, and none of them waits for it.
 */
const SUMMARY_FRESH_MS = 5_000;
const SUMMARY_MAX_AGE_MS = 30_000;

/**
 * A CSV page: small, so that what one page makes (its rows, their cells, its text) dies before the
 * collector's young generation is swept twice, and the server holds one page however long the list.
 * `npm run bench:scale` prints what the 200,000-quotation export adds to the server's memory.
 */
const EXPORT_PAGE = 50;

/** A list's query without its paging: an export reads every page. */
const exportQuery = <T extends TObject>(list: T) => Type.Omit(list, ['cursor', 'limit'], { additionalProperties: false });

const BulkIds = Type.Array(Id, { minItems: 1, maxItems: BULK_MAX, uniqueItems: true });
const BulkVerifyBody = Type.Object({ ids: BulkIds }, { additionalProperties: false });
const BulkOrderBody = Type.Object({ ids: BulkIds, status: OrderStatusSchema }, { additionalProperties: false });

/** An export's answer: the CSV text, streamed. */
const csvAnswer = { 200: { description: 'CSV (UTF-8 with a byte-order mark)', content: { 'text/csv': { schema: Type.String() } } } };

/** The day in the export's file name: India's today. */
const fileDay = (now: number) => indiaTime(new Date(now).toISOString()).slice(0, 10);

export default async function adminRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now, config } = app.deps;
  const rules = { validityDays: config.quotationValidityDays, replyHours: config.quotationReplyHours };
  const summary = staleWhileRefresh((at) => readSummary(db, at, rules), {
    freshMs: SUMMARY_FRESH_MS,
    maxAgeMs: SUMMARY_MAX_AGE_MS,
    // Due today, late and this week turn over at India's midnight: a figure from before it is not served after it.
    stillHolds: (keptAt, at) => indiaToday(keptAt) === indiaToday(at),
    onRefreshFailed: (error) => app.log.warn({ err: error }, 'the summary could not be read again; the kept one is served'),
  });
  // The first read after a start is the slow one (cold caches, new connections, unoptimised code): one
  // read as the server starts warms them, so the first admin to open the dashboard waits only for a warm
  // read. Its answer is not kept: farmers who submit before that admin looks are counted.
  app.addHook('onReady', async () => {
    readSummary(db, now(), rules).catch((error: unknown) => app.log.warn({ err: error }, 'the summary could not be read at start; the first ask reads it'));
  });

  app.get(
    '/admin/summary',
    { config: { access: 'admin' }, schema: { response: { 200: data(AdminSummary) } } },
    async () => ({ data: await summary(now()) }),
  );

  app.get('/users/all.csv', { config: { access: 'admin' }, schema: { querystring: exportQuery(userListQuery), response: csvAnswer } }, async (request, reply) => {
    const { q, status } = request.query;
    const at = now();
    const filters = userFilters(request.query, at);
    const header = ['Name', 'Mobile', 'Language', 'Gender', 'Age', 'Farm address', 'Latitude', 'Longitude', 'Verified', 'Profile sent at'];
    // No Aadhaar card or photo: an export leaves the server and is copied around.
    const readPage = async (cursor: string | undefined): Promise<CsvPage> => {
      const page = await userPage(db, { cursor, q, status, ...filters, limit: EXPORT_PAGE }, at);
      return {
        nextCursor: page.nextCursor,
        rows: page.data.map((u): Cell[] => [
          u.name,
          u.mobileNumber,
          u.preferredLanguage,
          u.gender,
          u.age,
          u.farmAddress,
          u.geocoordinate?.lat,
          u.geocoordinate?.long,
          u.isVerified ? 'yes' : 'no',
          indiaTime(u.profileSubmittedAt),
        ]),
      };
    };
    return sendCsv(reply, `users-${fileDay(at)}.csv`, header, readPage);
  });

  app.get(
    '/quotations/all.csv',
    { config: { access: 'admin' }, schema: { querystring: exportQuery(quotationListQuery), response: csvAnswer } },
    async (request, reply) => {
      const { q, status, countered } = request.query;
      const at = now();
      const filters = quotationFilters(request.query, at, rules);
      const list = { q, status, ...filters, limit: EXPORT_PAGE, ...(countered === 'true' ? { countered: true } : {}) };
      const header = [
        'Quotation', 'Status', 'Asked at', 'Priced at', 'Valid until', 'Revision', 'Farmer', 'Line', 'Product', 'Quantity', 'Unit',
        'Goods (₹)', 'Discount (₹)', 'Shipping (₹)', 'Line total (₹)', 'Quotation total (₹)', 'Order', 'Order status',
      ];
      // A priced one's validity, as the list shows it (quotations.ts): while COMPLETED or EXPIRED.
      const validUntilOf = (q: QuotationExportLine): number | null =>
        q.pricedAt !== null && (q.status === 'COMPLETED' || q.status === 'EXPIRED') ? quotationValidUntil(Number(q.pricedAt), rules.validityDays) : null;
      // What the list shows: one past its validity reads EXPIRED (the lifecycle decides), as the admin's page would.
      // Asked once per quotation, and only of a priced one: the others keep their status whatever the clock.
      const statusAt = (q: QuotationExportLine) =>
        q.status === 'COMPLETED' && quotationExpiresAt(q.status as QuotationStatus, at, validUntilOf(q)) ? 'EXPIRED' : q.status;
      const isoAt = (ms: number | bigint | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
      // The list's own keys page by page, and for each page only the columns a row needs (quotation-export.ts).
      const readPage = async (cursor: string | undefined): Promise<CsvPage> => {
        const keys = await quotationKeyPage(db, { ...list, cursor });
        const quotations = await quotationExportLines(db, keys.rows.map((k) => k.id));
        const rows = quotations.flatMap((lines) => {
          const q = lines[0]!;
          const total = priceDetails(lines).totalPaisa;
          const validUntil = validUntilOf(q);
          const status = statusAt(q);
          return lines.map((line, i): Cell[] => [
            q.displayId,
            status,
            indiaTime(isoAt(q.createdAt)),
            indiaTime(isoAt(q.pricedAt)),
            indiaTime(isoAt(validUntil)),
            q.revision,
            q.farmerName,
            i + 1,
            line.skuName,
            line.quantity,
            line.skuUnit,
            rupees(line.goodsPricePaisa),
            rupees(line.discountPaisa),
            rupees(line.shippingPricePaisa),
            rupees(line.goodsPricePaisa + line.shippingPricePaisa - line.discountPaisa),
            rupees(total),
            q.orderDisplayId,
            q.orderStatus,
          ]);
        });
        return { rows, nextCursor: keys.nextCursor };
      };
      return sendCsv(reply, `quotations-${fileDay(at)}.csv`, header, readPage);
    },
  );

  app.get('/orders.csv', { config: { access: 'admin' }, schema: { querystring: exportQuery(orderListQuery), response: csvAnswer } }, async (request, reply) => {
    const { q, status } = request.query;
    const at = now();
    const filters = orderFilters(request.query, at);
    const header = [
      'Order', 'Status', 'Placed at', 'Quotation', 'Farmer', 'Mobile', 'Expected delivery', 'Delivered with', 'Amount paid (₹)', 'Total (₹)', 'Problem',
    ];
    const readPage = async (cursor: string | undefined): Promise<CsvPage> => {
      const page = await orderPage(db, { cursor, q, status, ...filters, limit: EXPORT_PAGE });
      return {
        nextCursor: page.nextCursor,
        rows: page.data.map((o): Cell[] => [
          o.orderDisplayId,
          o.status,
          indiaTime(o.createdAt),
          o.quotationDetail.quotationDisplayId,
          o.userDetails.name,
          o.userDetails.mobileNumber,
          o.expectedDeliveryDate,
          o.deliveredWith,
          rupees(o.amountPaidPaisa),
          rupees(priceDetails(o.quotationDetail.skusDetail).totalPaisa),
          o.problem ? `${o.problem.kind} (${o.problem.status})` : null,
        ]),
      };
    };
    return sendCsv(reply, `orders-${fileDay(at)}.csv`, header, readPage);
  });

  app.post(
    '/users/verify',
    { config: { access: 'admin' }, schema: { body: BulkVerifyBody, response: { 200: dataList(BulkOutcome) } } },
    async (request) => {
      const outcomes: BulkOutcome[] = [];
      // One at a time, each in its own transaction with its audit row: a refused row leaves the others applied.
      for (const id of request.body.ids) {
        const verified = await verifyByAdmin(db, id, now(), request.user!.id, { eraseAadhaar: config.aadhaarRetentionDays === 0 });
        outcomes.push(verified.ok ? { _id: id, ok: true } : { _id: id, ok: false, code: verified.code });
      }
      return { data: outcomes };
    },
  );

  app.post(
    '/orders/update',
    { config: { access: 'admin' }, schema: { body: BulkOrderBody, response: { 200: dataList(BulkOutcome) } } },
    async (request) => {
      const { ids, status } = request.body;
      const outcomes: BulkOutcome[] = [];
      for (const id of ids) {
        const row = await findOrderRow(db, id);
        if (!row) {
          outcomes.push({ _id: id, ok: false, code: 'NOT_FOUND' });
          continue;
        }
        if (nextOrderStatus(row.status as typeof status, { type: 'admin.setStatus', status }) === null) {
          outcomes.push({ _id: id, ok: false, code: 'CONFLICT' });
          continue;
        }
        // The status alone: the amount paid and the expected date stay as they are; DELIVERED this way is
        // marked by the admin, without the farmer's code (which only the order sheet takes).
        const saved = await updateOrder(db, { id: row.id, status, amountPaidPaisa: Number(row.amountPaidPaisa), now: now(), byUserId: request.user!.id });
        outcomes.push(saved === 'saved' ? { _id: id, ok: true } : { _id: id, ok: false, code: saved === 'missing' ? 'NOT_FOUND' : saved === 'conflict' ? 'VERSION_CONFLICT' : 'CONFLICT' });
      }
      return { data: outcomes };
    },
  );
}
