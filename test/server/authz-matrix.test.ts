/**
 * The authorization matrix (DECISIONS §2 "Who may call what"): every route the server registers ×
 * every kind of caller. The routes come from Fastify itself (`onRoute`), so a route added without a
 * row here fails the test. Each cell prepares fresh data, so a successful call in one cell never
 * changes what another cell sees.
 */
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Order, Quotation, Sku, User } from '../../src/domain/types';
import { png, multipart, uploadFields } from '../support/server/images';
import { databases, testConfig, useTestApp, type Session, type TestApp } from '../support/server/app';

const CALLERS = ['none', 'forged', 'loggedOut', 'unverified', 'farmerA', 'farmerB', 'admin', 'analyst'] as const;
/** A number of ANALYST_MOBILE_NUMBERS: logged in like anyone, never verified, reading only the analyst's view. */
const ANALYST = '8100000009';
type Caller = (typeof CALLERS)[number];

/** What a cell sends: the URL with its ids filled in, and a body. */
interface Request {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

interface Fixtures {
  t: TestApp;
  a: Session;
  admin: Session;
}

interface Row {
  /** Prepares fresh data for one cell and returns the request to send. */
  prepare: (f: Fixtures) => Promise<Request>;
  /** The status each caller gets. */
  expect: Record<Caller, number>;
}

const PUBLIC = (ok: number) => ({ none: ok, forged: ok, loggedOut: ok, unverified: ok, farmerA: ok, farmerB: ok, admin: ok, analyst: ok });
const USER = (ok: number) => ({ none: 401, forged: 401, loggedOut: 401, unverified: ok, farmerA: ok, farmerB: ok, admin: ok, analyst: ok });
const VERIFIED = (ok: number) => ({ none: 401, forged: 401, loggedOut: 401, unverified: 403, farmerA: ok, farmerB: ok, admin: ok, analyst: 403 });
/** A farmer's own resource: another farmer (and an admin acting as a farmer) is told it does not exist. */
const OWN = (ok: number, admin = 404) => ({ ...VERIFIED(ok), farmerB: 404, admin });
const ADMIN = (ok: number) => ({ none: 401, forged: 401, loggedOut: 401, unverified: 403, farmerA: 403, farmerB: 403, admin: ok, analyst: 403 });
/** The analyst's view: analysts and admins. */
const ANALYTICS = (ok: number) => ({ ...ADMIN(ok), analyst: ok });

async function skus(f: Fixtures): Promise<Sku[]> {
  return (await f.t.as(f.admin, { method: 'GET', url: '/api/skus' })).json().data;
}

async function quotationOfA(f: Fixtures, status: Quotation['status'] = 'PENDING'): Promise<Quotation> {
  const [sku] = await skus(f);
  const created = await f.t.as(f.a, {
    method: 'POST',
    url: '/api/quotations',
    payload: { skusDetail: [{ skuIdentifier: sku!._id, quantity: 2 }] },
  });
  const q: Quotation = created.json().data;
  if (status === 'PENDING') return q;
  const priced = await f.t.as(f.admin, {
    method: 'PATCH',
    url: `/api/quotations/${q._id}`,
    payload: fullPatch(q, status),
  });
  return priced.json().data;
}

function fullPatch(q: Quotation, status: Quotation['status']) {
  return {
    ...q,
    status,
    skusDetail: q.skusDetail.map((l) => ({
      skuIdentifier: l.skuIdentifier._id,
      quantity: l.quantity,
      goodsPricePaisa: 50_000,
      discountPaisa: 1_000,
      shippingPricePaisa: 2_000,
    })),
  };
}

async function orderOfA(f: Fixtures): Promise<Order> {
  const q = await quotationOfA(f, 'COMPLETED');
  return (await f.t.as(f.a, { method: 'POST', url: `/api/orders/${q._id}` })).json().data;
}

/** Farmer A's order, delivered with A's code: where A may report a problem. */
async function deliveredOrderOfA(f: Fixtures): Promise<Order> {
  const order = await orderOfA(f);
  const payload = { status: 'DELIVERED', amountPaidPaisa: 0, deliveryOtp: order.deliveryOtp };
  return (await f.t.as(f.admin, { method: 'PATCH', url: `/api/orders/update/${order._id}`, payload })).json().data;
}

async function upload(f: Fixtures, session: Session, kind: 'profile' | 'aadhaar' | 'sku' | 'problem'): Promise<string> {
  const body = multipart(uploadFields(kind), { bytes: await png(), type: 'image/png', name: 'x.png' });
  return (await f.t.as(session, { method: 'POST', url: '/api/uploads', ...body })).json().url;
}

const newSku = {
  name: 'Rice husk',
  description: 'Dry husk from the mill',
  categoryName: 'Husk',
  brandName: 'Mill direct',
  availableQty: 100,
  minimumPrice: 25_000,
  skuQuantityUnit: 'bag',
};

const TABLE: Record<string, Row> = {
  'POST /api/auth/request-otp': {
    // Fresh numbers each time, so the resend spacing never answers for the caller's role.
    prepare: async () => ({ url: '/api/auth/request-otp', payload: { mobileNumber: `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` } }),
    expect: PUBLIC(200),
  },
  'POST /api/auth/verify-otp': {
    // A wrong code: public, and the refusal is the same whoever asks.
    prepare: async (f) => {
      const mobile = `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
      await f.t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: mobile } });
      const code = f.t.sms.lastCode(mobile);
      return { url: '/api/auth/verify-otp', payload: { mobileNumber: mobile, otp: code } };
    },
    expect: PUBLIC(200),
  },
  'POST /api/auth/logout': { prepare: async () => ({ url: '/api/auth/logout' }), expect: USER(200) },
  'GET /api/auth/challenge': { prepare: async () => ({ url: '/api/auth/challenge' }), expect: PUBLIC(200) },
  'GET /api/config': { prepare: async () => ({ url: '/api/config' }), expect: PUBLIC(200) },
  'GET /api/health': { prepare: async () => ({ url: '/api/health' }), expect: PUBLIC(200) },
  'GET /api/ready': { prepare: async () => ({ url: '/api/ready' }), expect: PUBLIC(200) },
  'GET /api/users/profile': { prepare: async () => ({ url: '/api/users/profile' }), expect: USER(200) },
  'PUT /api/users/profile': {
    prepare: async () => ({ url: '/api/users/profile', payload: { preferredLanguage: 'hindi' } }),
    expect: USER(200),
  },
  // A farmer closes their own account (each cell's caller is fresh); an admin's account is closed by configuration.
  'DELETE /api/users/profile': { prepare: async () => ({ url: '/api/users/profile' }), expect: { ...USER(200), admin: 403 } },
  'GET /api/users/all': { prepare: async () => ({ url: '/api/users/all?status=UNVERIFIED&q=7&limit=5' }), expect: ADMIN(200) },
  'GET /api/users/:id/history': {
    prepare: async (f) => ({ url: `/api/users/${f.a.userId}/history` }),
    expect: ADMIN(200),
  },
  'PATCH /api/users/verify/:id': {
    prepare: async (f) => ({ url: `/api/users/verify/${(await f.t.pending()).userId}` }),
    expect: ADMIN(200),
  },
  'GET /api/skus': { prepare: async () => ({ url: '/api/skus' }), expect: VERIFIED(200) },
  'POST /api/skus': {
    prepare: async (f) => ({ url: '/api/skus', payload: { ...newSku, image: await upload(f, f.admin, 'sku') } }),
    expect: ADMIN(201),
  },
  'PATCH /api/skus/:id': {
    prepare: async (f) => {
      const [sku] = await skus(f);
      return { url: `/api/skus/${sku!._id}`, payload: { availableQty: sku!.availableQty, version: sku!.version } };
    },
    expect: ADMIN(200),
  },
  'GET /api/skus/:id/history': {
    prepare: async (f) => ({ url: `/api/skus/${(await skus(f))[0]!.skuDisplayId}/history` }),
    expect: ADMIN(200),
  },
  'POST /api/quotations': {
    prepare: async (f) => ({
      url: '/api/quotations',
      payload: { skusDetail: [{ skuIdentifier: (await skus(f))[0]!._id, quantity: 1 }] },
    }),
    expect: VERIFIED(201),
  },
  'GET /api/quotations': { prepare: async () => ({ url: '/api/quotations?limit=2' }), expect: VERIFIED(200) },
  'GET /api/quotations/all': { prepare: async () => ({ url: '/api/quotations/all?status=PENDING&q=QT1&limit=3' }), expect: ADMIN(200) },
  'GET /api/quotations/:id/history': {
    prepare: async (f) => ({ url: `/api/quotations/${(await quotationOfA(f, 'COMPLETED'))._id}/history` }),
    expect: ADMIN(200),
  },
  'GET /api/quotations/:id': {
    prepare: async (f) => ({ url: `/api/quotations/${(await quotationOfA(f))._id}` }),
    // An admin may read any quotation.
    expect: OWN(200, 200),
  },
  'DELETE /api/quotations/:id': {
    prepare: async (f) => ({ url: `/api/quotations/${(await quotationOfA(f)).quotationDisplayId}` }),
    expect: OWN(200),
  },
  'POST /api/quotations/:id/decline': {
    prepare: async (f) => ({ url: `/api/quotations/${(await quotationOfA(f, 'COMPLETED'))._id}/decline`, payload: { reason: 'not_needed' } }),
    expect: OWN(200),
  },
  'POST /api/quotations/:id/counter': {
    prepare: async (f) => ({ url: `/api/quotations/${(await quotationOfA(f, 'COMPLETED'))._id}/counter`, payload: { note: 'A little less?' } }),
    expect: OWN(200),
  },
  'PATCH /api/quotations/:id': {
    prepare: async (f) => {
      const q = await quotationOfA(f);
      return { url: `/api/quotations/${q._id}`, payload: fullPatch(q, 'COMPLETED') };
    },
    expect: ADMIN(200),
  },
  'POST /api/orders/:quotationId': {
    prepare: async (f) => ({ url: `/api/orders/${(await quotationOfA(f, 'COMPLETED'))._id}` }),
    expect: OWN(201),
  },
  'POST /api/orders/:id/problem': {
    prepare: async (f) => ({
      url: `/api/orders/${(await deliveredOrderOfA(f))._id}/problem`,
      payload: { kind: 'short_weight', note: 'Two bags short', photo: new URL(await upload(f, f.a, 'problem'), 'http://x').pathname },
    }),
    expect: OWN(201),
  },
  'POST /api/orders/:id/problem/close': {
    prepare: async (f) => {
      const order = await deliveredOrderOfA(f);
      await f.t.as(f.a, { method: 'POST', url: `/api/orders/${order._id}/problem`, payload: { kind: 'wet' } });
      return { url: `/api/orders/${order._id}/problem/close`, payload: { note: 'Replaced the wet bags' } };
    },
    expect: ADMIN(200),
  },
  'GET /api/orders': { prepare: async () => ({ url: '/api/orders?status=CONFIRMATION_PENDING&q=OD&limit=4' }), expect: ADMIN(200) },
  'GET /api/orders/:id/history': {
    prepare: async (f) => ({ url: `/api/orders/${(await orderOfA(f)).orderDisplayId}/history` }),
    expect: ADMIN(200),
  },
  'PATCH /api/orders/update/:id': {
    prepare: async (f) => {
      const order = await orderOfA(f);
      return {
        url: `/api/orders/update/${order._id}`,
        payload: { status: 'ORDER_CONFIRMED', amountPaidPaisa: 1_000, version: order.version },
      };
    },
    expect: ADMIN(200),
  },
  'GET /api/admin/summary': { prepare: async () => ({ url: '/api/admin/summary' }), expect: ADMIN(200) },
  'GET /api/users/all.csv': { prepare: async () => ({ url: '/api/users/all.csv?status=UNVERIFIED&age=gt24h' }), expect: ADMIN(200) },
  'GET /api/quotations/all.csv': { prepare: async () => ({ url: '/api/quotations/all.csv?status=PENDING&q=QT1' }), expect: ADMIN(200) },
  'GET /api/orders.csv': { prepare: async () => ({ url: '/api/orders.csv?late=true' }), expect: ADMIN(200) },
  'POST /api/users/verify': { prepare: async (f) => ({ url: '/api/users/verify', payload: { ids: [f.a.userId] } }), expect: ADMIN(200) },
  'POST /api/orders/update': {
    prepare: async (f) => ({ url: '/api/orders/update', payload: { ids: [(await orderOfA(f))._id], status: 'ORDER_CONFIRMED' } }),
    expect: ADMIN(200),
  },
  'POST /api/uploads': {
    prepare: async () => ({
      url: '/api/uploads',
      ...multipart({ kind: 'profile' }, { bytes: await png(), type: 'image/png', name: 'x.png' }),
    }),
    expect: USER(201),
  },
  'GET /api/openapi.json': { prepare: async () => ({ url: '/api/openapi.json' }), expect: PUBLIC(200) },
  // The reference page (@fastify/swagger-ui): public static files, the same document as JSON and YAML.
  'GET /api/docs': { prepare: async () => ({ url: '/api/docs' }), expect: PUBLIC(200) },
  'GET /api/docs/json': { prepare: async () => ({ url: '/api/docs/json' }), expect: PUBLIC(200) },
  'GET /api/docs/yaml': { prepare: async () => ({ url: '/api/docs/yaml' }), expect: PUBLIC(200) },
  'GET /api/docs/static/*': { prepare: async () => ({ url: '/api/docs/static/swagger-ui.css' }), expect: PUBLIC(200) },
  // The old address of the page, sent on to /api/docs.
  'GET /api/docs/static/index.html': { prepare: async () => ({ url: '/api/docs/static/index.html' }), expect: PUBLIC(302) },
  'GET /api/docs/static/swagger-initializer.js': {
    prepare: async () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: PUBLIC(200),
  },
  'POST /api/analytics/transitions': {
    // Public, and takes no session: a fresh install each cell.
    prepare: async () => ({
      url: '/api/analytics/transitions',
      payload: {
        installId: `install-${Math.random().toString(36).slice(2).padEnd(12, '0')}`,
        transitions: [{ chart: 'otpLogin', from: 'otpLogin.enteringPhone', to: 'otpLogin.requestingCode', event: 'phone.submit', at: 1 }],
      },
    }),
    expect: PUBLIC(202),
  },
  'GET /api/analytics/charts': { prepare: async () => ({ url: '/api/analytics/charts?days=7' }), expect: ANALYTICS(200) },
  'GET /api/analytics/charts/:chartId': { prepare: async () => ({ url: '/api/analytics/charts/registration?days=90' }), expect: ANALYTICS(200) },
  'GET /api/analytics/funnel': { prepare: async () => ({ url: '/api/analytics/funnel?days=30' }), expect: ANALYTICS(200) },
  'GET /api/analytics/journeys': { prepare: async () => ({ url: '/api/analytics/journeys?day=2026-01-15' }), expect: ANALYTICS(200) },
  'GET /api/analytics/journeys/:id': {
    prepare: async (f) => {
      const installId = `install-${Math.random().toString(36).slice(2).padEnd(12, '0')}`;
      const transitions = [{ chart: 'otpLogin', from: 'otpLogin.enteringPhone', to: 'otpLogin.requestingCode', event: 'phone.submit', at: 1 }];
      await f.t.app.inject({ method: 'POST', url: '/api/analytics/transitions', payload: { installId, transitions } });
      const journey = await f.t.db.selectFrom('analyticsJourneys').select('id').orderBy('createdAt', 'desc').executeTakeFirstOrThrow();
      return { url: `/api/analytics/journeys/${journey.id}` };
    },
    expect: ANALYTICS(200),
  },
  'GET /api/uploads/:id': {
    // Farmer A's Aadhaar image: only A and admins see it; everyone else is told it does not exist.
    prepare: async (f) => ({ url: new URL(await upload(f, f.a, 'aadhaar'), 'http://x').pathname }),
    expect: { none: 404, forged: 401, loggedOut: 401, unverified: 404, farmerA: 200, farmerB: 404, admin: 200, analyst: 404 },
  },
};

describe.each(databases())('the authorization matrix on %s', (kind) => {
  const routes = new Set<string>();
  const t = useTestApp(kind, {
    // Farmer A creates a quotation in most cells: the fair-use caps are tested on their own.
    config: testConfig({ quotationHourlyLimit: 10_000, quotationDailyLimit: 100_000, analystMobileNumbers: [ANALYST] }),
    onRoute: ((route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS' || !route.url.startsWith('/api/')) continue;
        routes.add(`${method} ${route.url}`);
      }
    }) as never,
  });

  it('has a row for every route the server registers, and no row for a route it does not', () => {
    expect([...routes].sort()).toEqual(Object.keys(TABLE).sort());
  });

  async function caller(who: Caller, f: Fixtures): Promise<Session | null | { auth: Record<string, string> }> {
    switch (who) {
      case 'none':
        return null;
      case 'forged':
        return { auth: { authorization: `Bearer ${'A'.repeat(43)}` } };
      case 'loggedOut': {
        const s = await f.t.farmer();
        await f.t.as(s, { method: 'POST', url: '/api/auth/logout' });
        return s;
      }
      case 'unverified':
        return f.t.unverified();
      case 'farmerA':
        return f.a;
      case 'farmerB':
        return f.t.farmer();
      case 'admin':
        return f.admin;
      case 'analyst': {
        // Logging in moves the test clock: the admin's session, which prepares the cell, is checked again after.
        const s = await f.t.login(ANALYST);
        f.admin = await f.t.admin();
        return s;
      }
    }
  }

  for (const [route, row] of Object.entries(TABLE)) {
    const [method, path] = route.split(' ') as [string, string];
    it(`${route}: ${CALLERS.map((c) => `${c} ${row.expect[c]}`).join(', ')}`, async () => {
      const got: Partial<Record<Caller, number>> = {};
      for (const who of CALLERS) {
        // Farmer A is new for each cell, so one cell's writes never change another's answer. Each
        // login moves the test clock past the resend spacing: the admin's session is checked per
        // cell (renewed once it has expired), or a long row would outlive it.
        const f: Fixtures = { t, a: await t.farmer(), admin: await t.admin() };
        const session = await caller(who, f);
        const request = await row.prepare(f);
        const res = await t.as(session as Session | null, {
          method: method as 'GET',
          url: request.url,
          payload: request.payload as string,
          headers: request.headers,
        });
        got[who] = res.statusCode;
        if (res.statusCode >= 400) {
          // Every refusal is the JSON error shape, never a stack trace.
          const body = res.json();
          expect(Object.keys(body).sort()).toEqual(['code', 'message']);
        }
      }
      expect(got, `${path} answered differently than the table says`).toEqual(row.expect);
    });
  }

  it('keeps users, quotations and orders apart: a farmer lists only their own quotations', async () => {
    const admin = await t.admin();
    const a = await t.farmer();
    const b = await t.farmer();
    const f: Fixtures = { t, a, admin };
    const mine = await quotationOfA(f);
    const listB: Quotation[] = (await t.as(b, { method: 'GET', url: '/api/quotations' })).json().data;
    expect(listB.map((q) => q._id)).not.toContain(mine._id);
    const listA: Quotation[] = (await t.as(a, { method: 'GET', url: '/api/quotations' })).json().data;
    expect(listA.map((q) => q._id)).toContain(mine._id);
    // Verified farmers only: the matrix's cells leave more unverified users than a page holds, and those come first.
    const users: User[] = (await t.as(admin, { method: 'GET', url: '/api/users/all?status=VERIFIED' })).json().data;
    expect(users.map((u) => u._id)).toEqual(expect.arrayContaining([a.userId, b.userId]));
  });
});
