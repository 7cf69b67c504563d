/**
 * The API's description: @fastify/swagger builds OpenAPI 3.1 from the route schemas the
 * routes declare; this file adds only what a schema cannot say: each route's summary and tag, the
 * bearer-token security of non-public routes, and the error answers each route can give, all in one
 * `onRoute` hook so no route file repeats them. A route missing from SUMMARIES keeps the placeholder
 * summary "(undocumented)", which the OpenAPI test refuses.
 */
import type { RouteOptions } from 'fastify';
import { API_ERROR_CODES } from '../../domain/api';

export const UNDOCUMENTED = '(undocumented)';

/** `METHOD /api/url` → [tag, summary]. */
export const SUMMARIES: Record<string, readonly [tag: string, summary: string]> = {
  'GET /api/auth/challenge': ['auth', 'A proof-of-work challenge (ALTCHA, SHA-256, five minutes) for a login code to a new number'],
  'POST /api/auth/request-otp': ['auth', 'Send a six-digit login code by SMS (a new number past the hour\'s budgets needs a solved challenge: 429 CHALLENGE_REQUIRED)'],
  'POST /api/auth/verify-otp': ['auth', 'Log in with the SMS code; answers a bearer token'],
  'POST /api/auth/logout': ['auth', 'End this session'],
  'GET /api/users/profile': ['users', "The caller's own profile"],
  'PUT /api/users/profile': ['users', 'Set the preferred language, or send the full profile for verification (a verified farmer who changes name or Aadhaar is verified again)'],
  'DELETE /api/users/profile': ['users', "Close the caller's own account: sessions end, photo and Aadhaar deleted, details erased; quotations and orders stay for the books"],
  'GET /api/users/all': ['users', 'Users, unverified first then newest, one page (admins)'],
  'PATCH /api/users/verify/{id}': ['users', 'Verify a user who sent a profile (admins)'],
  'GET /api/users/{id}/history': ['users', "A user's audit trail (admins)"],
  'GET /api/skus': ['skus', 'The catalogue'],
  'POST /api/skus': ['skus', 'Create a SKU (admins)'],
  'PATCH /api/skus/{id}': ['skus', 'Edit a SKU (admins)'],
  'GET /api/skus/{id}/history': ['skus', "A SKU's audit trail (admins)"],
  'POST /api/quotations': ['quotations', 'Request a quotation for a cart (fair-use caps apply)'],
  'GET /api/quotations': ['quotations', "The caller's quotations, newest first, one page"],
  'GET /api/quotations/all': ['quotations', 'Every quotation, newest first, one page, searchable; countered=true for those with a counter-offer waiting (admins)'],
  'GET /api/quotations/{id}': ['quotations', 'One quotation by id or display id'],
  'DELETE /api/quotations/{id}': ['quotations', 'Delete a PENDING quotation'],
  'POST /api/quotations/{id}/decline': ['quotations', 'Decline a priced, still valid quotation with a reason (other needs a note); it becomes DECLINED'],
  'POST /api/quotations/{id}/counter': ['quotations', 'Ask for a better price on a priced, still valid quotation; it goes back to PENDING with the counter-offer'],
  'PATCH /api/quotations/{id}': ['quotations', 'Price or edit a quotation; version optional (admins)'],
  'GET /api/quotations/{id}/history': ['quotations', "A quotation's audit trail (admins)"],
  'POST /api/orders/{quotationId}': ['orders', "Place an order from a COMPLETED, still valid quotation, with where and when to deliver (else the profile's place)"],
  'POST /api/orders/{id}/problem': ['orders', "Report a problem with one's own delivered order (one open at a time), with an optional photo"],
  'POST /api/orders/{id}/problem/close': ['orders', "Close an order's open problem with a note (admins)"],
  'GET /api/orders': ['orders', 'Every order, newest first, one page, searchable (admins)'],
  'PATCH /api/orders/update/{id}': [
    'orders',
    "Set an order's status, amount paid and expected delivery date (YYYY-MM-DD, not before today in India, else 400 DATE_IN_PAST; null clears); DELIVERED may carry the farmer's deliveryOtp (wrong: 400 DELIVERY_CODE_INVALID; five wrong: 409 DELIVERY_CODE_LOCKED); version optional (admins)",
  ],
  'GET /api/orders/{id}/history': ['orders', "An order's audit trail (admins)"],
  'POST /api/uploads': ['uploads', 'Upload a profile photo, Aadhaar card or SKU image'],
  'GET /api/uploads/{id}': ['uploads', 'An uploaded image (Aadhaar and photos to their owner and admins)'],
  'GET /api/admin/summary': ['admin', "The back office's figures: what waits and how long, orders due and late, the last 30 days' conversion, 12 weeks' revenue (India weeks) (admins)"],
  'GET /api/users/all.csv': ['admin', 'The users list as CSV (UTF-8 with BOM), every page, with the list\'s search and filters; no Aadhaar or photo (admins)'],
  'GET /api/quotations/all.csv': ['admin', 'The quotations list as CSV, one row per line, rupees with two decimals, India times (admins)'],
  'GET /api/orders.csv': ['admin', 'The orders list as CSV, every page, with the list\'s search and filters (admins)'],
  'POST /api/users/verify': ['admin', 'Verify up to 100 users, each its own audited change; an outcome per id (admins)'],
  'POST /api/orders/update': ['admin', 'Move up to 100 orders to one status, each its own audited change the order chart allows; an outcome per id (admins)'],
  'POST /api/analytics/transitions': ['analytics', "A phone's batch of recorded chart transitions (no session; 202, storing nothing under Sec-GPC: 1; known charts, states and events only; 5,000 per install a day)"],
  'GET /api/analytics/charts': ['analytics', 'Each chart with its transitions in the last 7, 30 or 90 days (analysts and admins)'],
  'GET /api/analytics/charts/{chartId}': ['analytics', "A chart's transitions with their counts and whether the model tests take them, and each state's median time (analysts and admins)"],
  'GET /api/analytics/funnel': ['analytics', 'The onboarding funnel: installs reaching each step, the drop-off and the median time between steps (analysts and admins)'],
  'GET /api/analytics/journeys': ['analytics', "A day's sampled journeys (analysts and admins)"],
  'GET /api/analytics/journeys/{id}': ['analytics', "A sampled journey's transitions in order, for replay (analysts and admins)"],
  'GET /api/config': ['meta', 'Contact details, the UPI payee and the hours a quotation is usually answered in'],
  'GET /api/health': ['meta', 'Liveness and database check'],
  'GET /api/ready': ['meta', 'Readiness for a load balancer: 503 while starting or shutting down'],
  'GET /api/openapi.json': ['meta', 'This OpenAPI 3.1 document'],
};

/** Fastify's `:id` as OpenAPI's `{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `PATCH /api/users/verify/{id}` → `patchUsersVerifyById`: unique per method and path, stable for generated clients. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `By${capital(part.slice(1, -1))}` : capital(part)));
  return method.toLowerCase() + words.join('');
}

/**
 * Who may call: none needed (`[]`, stated so a reader never wonders), a bearer token, or either (an
 * image: SKU pictures are public, a farmer's own only with the token).
 */
const SECURITY = { public: [], optional: [{}, { bearer: [] }] } as const;

/** Answers that are not JSON, which no route schema describes. */
const BINARY_ANSWERS: Record<string, Record<string, object>> = {
  'GET /api/uploads/{id}': {
    200: { description: 'The image as JPEG (SKU images cached for a year; Aadhaar never stored by any cache)', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } },
    304: { description: 'Unchanged since the tag the caller holds (photos)' },
  },
};

const errorBody = {
  type: 'object',
  required: ['message', 'code'],
  properties: { message: { type: 'string' }, code: { type: 'string', enum: [...API_ERROR_CODES] } },
} as const;

const described = (description: string) => ({ description, ...errorBody });

/** The error answers a route can give, from what it declares: access, parameters, body. */
function errorAnswers(route: RouteOptions): Record<string, object> {
  const access = route.config?.access ?? 'public';
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const answers: Record<string, object> = {};
  if (schema.body || schema.params || schema.querystring || route.method === 'POST') answers['400'] = described('Invalid request');
  if (access !== 'public' && access !== 'optional') answers['401'] = described('No or expired session');
  if (access === 'verified' || access === 'admin' || access === 'analyst') answers['403'] = described('Not verified, or not an administrator (or an analyst, for the analytics)');
  if (schema.params) answers['404'] = described('No such resource (or not yours)');
  if (route.method === 'PATCH' || route.method === 'DELETE' || (route.method === 'POST' && schema.params)) {
    answers['409'] = described('Refused by the lifecycle, or a stale version');
  }
  const headers = schema.headers as { properties?: Record<string, unknown> } | undefined;
  if (headers?.properties?.['idempotency-key']) {
    // A write the phone may send again: its key's answers (http/idempotency.ts).
    answers['409'] = described('Refused by the lifecycle, or IN_PROGRESS: the first try with this Idempotency-Key is still being written');
    answers['422'] = described('IDEMPOTENCY_MISMATCH: this Idempotency-Key was used for another request');
  }
  answers['429'] = described('Too many requests; see Retry-After');
  answers['500'] = described('Unexpected failure');
  return answers;
}

/** Fills in summary, tag, security and error answers on an /api route as it is added. */
export function describeRoute(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  if (route.url.startsWith('/api/docs')) {
    // The reference page's own routes (@fastify/swagger-ui): public, and not part of the document.
    route.config = { ...route.config, access: 'public' };
    return;
  }
  const methods = [route.method].flat();
  const key = `${methods[0]} ${openApiPath(route.url)}`;
  const [tag, summary] = SUMMARIES[key] ?? ['undocumented', UNDOCUMENTED];
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const access = route.config?.access ?? 'public';
  route.schema = {
    ...schema,
    summary,
    tags: [tag],
    operationId: operationId(methods[0]!, openApiPath(route.url)),
    security: access === 'public' || access === 'optional' ? SECURITY[access] : [{ bearer: [] }],
    response: { ...errorAnswers(route), ...((schema.response as object | undefined) ?? {}) },
  };
  // A route sends these as bytes (a Buffer), which Fastify writes as they are: described here, never encoded.
  const binary = BINARY_ANSWERS[key];
  if (binary) route.schema.response = { ...binary, ...(route.schema.response as object) };
}
