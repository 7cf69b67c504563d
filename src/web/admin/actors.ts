/**
 * The real effects of the admin charts, each one call through the shared client (SPEC §7, DECISIONS §2).
 * A stale `version` (409 VERSION_CONFLICT) is an expected outcome the charts route; anything else rejects
 * with the ApiFailure so the chart's onError fires. `call` is the client's `api` unless a test or tool
 * acts as another user against another server.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { DataResponse, PageResponse, UploadResponse } from '../../domain/api';
import type { AdminSummary, BulkOutcome } from '../../domain/schemas/admin';
import type { AuditEntry, Order, OrderStatus, Quotation, Sku, User } from '../../domain/types';
import { COUNTERED } from '../../domain/quotation-status';
import type { MoveSelectedInput, PageQuery } from '../../../machines/admin-list';
import type { SaveOrderInput } from '../../../machines/admin-orders.machine';
import type { SaveQuotationInput } from '../../../machines/admin-quotations.machine';
import type { SaveOutcome } from '../../../machines/admin-sheet';
import type { SaveSkuInput } from '../../../machines/admin-skus.machine';
import { api, apiBlob, toApiFailure, type ApiCall } from '../api/client';
import { indiaToday } from '../../domain/india-date';
import { saveFile } from './save-file';
import { fetchProtectedImage } from '../api/protected-image';
import { prepareImage } from '../onboarding/browser-actors';

/**
 * The admin lists' clock: the time at once, then every minute. A quotation turns late by the minute,
 * and a save is judged at the last reading, which can only be behind: a date it lets through late in a
 * day the server still refuses (DATE_IN_PAST), shown at the same field.
 */
export const listClock = fromCallback(({ sendBack }) => {
  const tick = () => sendBack({ type: 'clock.tick', now: Date.now() });
  tick();
  const id = setInterval(tick, 60_000);
  return () => clearInterval(id);
});

/** Runs a save; a 409 VERSION_CONFLICT becomes the `conflict` outcome, any other failure rethrows. */
async function saveOutcome(save: () => Promise<unknown>): Promise<SaveOutcome> {
  try {
    await save();
    return { outcome: 'saved' };
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.status === 409 && failure.data.code === 'VERSION_CONFLICT') return { outcome: 'conflict' };
    throw failure;
  }
}

/**
 * An effect whose request is aborted when its actor stops, and which then stays silent: React's StrictMode
 * stops and restarts the screen's actor, and the restarted child must not hear the first run's AbortError.
 */
const effect = <TOutput, TInput>(run: (input: TInput, signal: AbortSignal) => Promise<TOutput>) =>
  fromPromise<TOutput, TInput>(({ input, signal }) =>
    run(input, signal).catch((error: unknown) => {
      if (signal.aborted) return new Promise<TOutput>(() => undefined);
      throw error;
    }),
  );

/** One page of a list (`{ data, nextCursor, total }`, DECISIONS §5) for the search `q`, from `cursor` on. */
const pageOf = <T>(call: ApiCall, path: string) =>
  effect<PageResponse<T>, PageQuery>((input, signal) => call<PageResponse<T>>('GET', `${path}?${pageParams(input)}`, { signal }));

/** The query string of a page: the search and the status only when there are, the cursor only after the first page. */
export function pageParams(input: PageQuery): string {
  return listParams(input, new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) })).toString();
}

/** The query string of an export: the list's search, status and filters; the server reads every page. */
export const exportParams = (input: PageQuery): string => listParams({ ...input, cursor: null }, new URLSearchParams()).toString();

function listParams(input: PageQuery, params: URLSearchParams): URLSearchParams {
  const q = input.q.trim();
  if (q !== '') params.set('q', q);
  // The quotations' "counter-offer waiting" filter is a flag of its own on the server, not a status.
  if (input.status === COUNTERED) params.set('countered', 'true');
  else if (input.status !== null) params.set('status', input.status);
  for (const [name, value] of Object.entries(input.filters ?? {})) params.set(name, value);
  if (input.cursor !== null) params.set('cursor', input.cursor);
  return params;
}

/**
 * A list's CSV: fetched with the bearer token (never a token in the url), then saved as a file named
 * for the list and India's day. `fetchBlob` is the client's unless a test answers it.
 */
export const csvExport = (path: string, stem: string, fetchBlob: typeof apiBlob = apiBlob) =>
  effect<unknown, PageQuery>(async (input, signal) => {
    const query = exportParams(input);
    const blob = await fetchBlob(`/api${path}${query === '' ? '' : `?${query}`}`, { signal });
    saveFile(blob, `${stem}-${indiaToday(Date.now())}.csv`);
  });

/** An item's audit trail (`GET /{kind}/{id}/history`), oldest first. */
const historyOf = (call: ApiCall, kind: 'users' | 'skus' | 'quotations' | 'orders') =>
  effect<AuditEntry[], { id: string }>(
    async (input, signal) => (await call<DataResponse<AuditEntry[]>>('GET', `/${kind}/${encodeURIComponent(input.id)}/history`, { signal })).data,
  );

/** The catalogue is one list, not paged: it is answered as the one page a chart's list loads (searched on the phone). */
const wholeList = <T>(call: ApiCall, path: string) =>
  effect<PageResponse<T>, PageQuery>(async (_, signal) => {
    const data = (await call<DataResponse<T[]>>('GET', path, { signal })).data;
    return { data, nextCursor: null, total: data.length };
  });

/** Rows per page: a screenful or two on a phone, small enough for 3G. */
const ADMIN_PAGE_SIZE = 50;

export const adminDashboardActors = (call: ApiCall = api) => ({
  loadSummary: effect<AdminSummary, void>(async (_, signal) => (await call<DataResponse<AdminSummary>>('GET', '/admin/summary', { signal })).data),
});

export const adminUsersActors = (call: ApiCall = api) => ({
  loadUsers: pageOf<User>(call, '/users/all'),
  loadHistory: historyOf(call, 'users'),
  verifyUser: effect<unknown, { id: string }>((input, signal) =>
    call('PATCH', `/users/verify/${encodeURIComponent(input.id)}`, { signal }),
  ),
  verifyUsers: effect<BulkOutcome[], { ids: string[] }>(
    async (input, signal) => (await call<DataResponse<BulkOutcome[]>>('POST', '/users/verify', { body: { ids: input.ids }, signal })).data,
  ),
  exportList: csvExport('/users/all.csv', 'users'),
  /** The photo's and the Aadhaar image's protected-image charts fetch with the token. */
  fetchImage: fetchProtectedImage,
});

export const adminSkusActors = (call: ApiCall = api) => ({
  loadPage: wholeList<Sku>(call, '/skus'),
  loadHistory: historyOf(call, 'skus'),
  saveRow: effect<SaveOutcome, SaveSkuInput>((input, signal) =>
    saveOutcome(() =>
      input.id === null
        ? call('POST', '/skus', { body: input.body, signal })
        : call('PATCH', `/skus/${encodeURIComponent(input.id)}`, { body: input.body, signal }),
    ),
  ),
  prepareImage,
  uploadImage: effect<string, { file: Blob }>(async (input, signal) => {
    const form = new FormData();
    form.append('kind', 'sku');
    form.append('file', input.file, input.file.type === 'image/png' ? 'sku.png' : 'sku.jpg');
    return (await call<UploadResponse>('POST', '/uploads', { body: form, signal })).url;
  }),
});

export const adminQuotationsActors = (call: ApiCall = api) => ({
  loadPage: pageOf<Quotation>(call, '/quotations/all'),
  exportList: csvExport('/quotations/all.csv', 'quotations'),
  loadHistory: historyOf(call, 'quotations'),
  saveRow: effect<SaveOutcome, SaveQuotationInput>((input, signal) =>
    saveOutcome(() => call('PATCH', `/quotations/${encodeURIComponent(input.id)}`, { body: input.body, signal })),
  ),
});

export const adminOrdersActors = (call: ApiCall = api) => ({
  loadPage: pageOf<Order>(call, '/orders'),
  exportList: csvExport('/orders.csv', 'orders'),
  loadHistory: historyOf(call, 'orders'),
  saveRow: effect<SaveOutcome, SaveOrderInput>((input, signal) =>
    saveOutcome(() => call('PATCH', `/orders/update/${encodeURIComponent(input.id)}`, { body: input.body, signal })),
  ),
  moveSelected: effect<BulkOutcome[], MoveSelectedInput<OrderStatus>>(
    async (input, signal) => (await call<DataResponse<BulkOutcome[]>>('POST', '/orders/update', { body: { ids: input.ids, status: input.status }, signal })).data,
  ),
});

/** The effects of the four admin charts, by chart; app-logic provides them (tests pass controlled ones). */
export interface AdminActors {
  dashboard: ReturnType<typeof adminDashboardActors>;
  users: ReturnType<typeof adminUsersActors>;
  skus: ReturnType<typeof adminSkusActors>;
  quotations: ReturnType<typeof adminQuotationsActors>;
  orders: ReturnType<typeof adminOrdersActors>;
}

export const realAdminActors = (call: ApiCall = api): AdminActors => ({
  dashboard: adminDashboardActors(call),
  users: adminUsersActors(call),
  skus: adminSkusActors(call),
  quotations: adminQuotationsActors(call),
  orders: adminOrdersActors(call),
});
