/**
 * Bad input, property-based (fast-check): every route that takes a body or a parameter gets
 * malformed requests — missing or extra fields, wrong types, huge strings, `__proto__` keys,
 * bodies that are not objects, broken JSON, wrong content types, hostile ids. The answer is always
 * a 4xx JSON `{message, code}`, never a 5xx, and the database is exactly as it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantityRule } from '../../src/domain/quantity';
import type { Order, Quotation, Sku } from '../../src/domain/types';
import { multipart, png, uploadFields } from '../support/server/images';
import { sql } from 'kysely';
import { databases, useTestApp, type Session, type TestApp } from '../support/server/app';
import { APP_TABLES } from '../../src/server/db/migrations';

type Json = Record<string, unknown>;

interface Ctx {
  t: TestApp;
  farmer: Session;
  admin: Session;
  unverified: Session;
  sku: Sku;
  quotation: Quotation;
  order: Order;
  aadhaarUrl: string;
  skuImageUrl: string;
}

interface BodyTarget {
  route: string;
  who: (c: Ctx) => Session | null;
  url: (c: Ctx) => string;
  /** A valid body; mutations start from it. */
  valid: (c: Ctx) => Json;
  /** Fields the contract requires, so dropping one must be refused. */
  required: string[];
  /** An array field whose first element is mutated too. */
  lines?: { field: string; required: string[] };
}

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 60);

const BODY_TARGETS: BodyTarget[] = [
  {
    route: 'POST /api/auth/request-otp',
    who: () => null,
    url: () => '/api/auth/request-otp',
    valid: () => ({ mobileNumber: '9876543210' }),
    required: ['mobileNumber'],
  },
  {
    route: 'POST /api/auth/verify-otp',
    who: () => null,
    url: () => '/api/auth/verify-otp',
    valid: () => ({ mobileNumber: '9876543210', otp: '123456' }),
    required: ['mobileNumber', 'otp'],
  },
  {
    route: 'PUT /api/users/profile',
    who: (c) => c.unverified,
    url: () => '/api/users/profile',
    valid: (c) => ({
      name: 'Ramesh Patel',
      mobileNumber: c.unverified.mobile,
      preferredLanguage: 'gujrati',
      gender: 'male',
      age: 44,
      aadhaar: c.aadhaarUrl,
      farmAddress: 'Near the temple, Gondal',
      geocoordinate: { lat: 21.96, long: 70.8, accuracy: 20 },
    }),
    required: ['name', 'mobileNumber', 'gender', 'aadhaar', 'farmAddress'],
  },
  {
    route: 'POST /api/skus',
    who: (c) => c.admin,
    url: () => '/api/skus',
    valid: (c) => ({
      name: 'Rice husk',
      description: 'Dry husk',
      categoryName: 'Husk',
      brandName: 'Mill',
      image: c.skuImageUrl,
      availableQty: 10,
      minimumPrice: 1000,
      skuQuantityUnit: 'bag',
    }),
    required: ['name', 'description', 'categoryName', 'brandName', 'image', 'availableQty', 'minimumPrice', 'skuQuantityUnit'],
  },
  {
    route: 'PATCH /api/skus/:id',
    who: (c) => c.admin,
    url: (c) => `/api/skus/${c.sku._id}`,
    valid: (c) => ({ availableQty: 99, version: c.sku.version }),
    required: ['version'],
  },
  {
    route: 'POST /api/quotations',
    who: (c) => c.farmer,
    url: () => '/api/quotations',
    valid: (c) => ({ skusDetail: [{ skuIdentifier: c.sku._id, quantity: 2 }] }),
    required: ['skusDetail'],
    lines: { field: 'skusDetail', required: ['skuIdentifier', 'quantity'] },
  },
  {
    route: 'PATCH /api/quotations/:id',
    who: (c) => c.admin,
    url: (c) => `/api/quotations/${c.quotation._id}`,
    valid: (c) => ({
      ...c.quotation,
      status: 'COMPLETED',
      skusDetail: c.quotation.skusDetail.map((l) => ({
        skuIdentifier: l.skuIdentifier._id,
        quantity: l.quantity,
        goodsPricePaisa: 10_000,
        discountPaisa: 0,
        shippingPricePaisa: 500,
      })),
    }),
    required: ['status', 'skusDetail'],
    lines: { field: 'skusDetail', required: ['skuIdentifier', 'quantity', 'goodsPricePaisa', 'discountPaisa', 'shippingPricePaisa'] },
  },
  {
    route: 'PATCH /api/orders/update/:id',
    who: (c) => c.admin,
    url: (c) => `/api/orders/update/${c.order._id}`,
    valid: (c) => ({ status: 'IN_TRANSIT', amountPaidPaisa: 500, version: c.order.version }),
    required: ['status', 'amountPaidPaisa'],
  },
];

/** Routes whose parameter is an id: hostile ids must be refused without a trace. */
const PARAM_TARGETS: { route: string; method: 'GET' | 'PATCH' | 'DELETE' | 'POST'; path: (id: string) => string; who: (c: Ctx) => Session }[] = [
  { route: 'PATCH /api/users/verify/:id', method: 'PATCH', path: (id) => `/api/users/verify/${id}`, who: (c) => c.admin },
  { route: 'GET /api/quotations/:id', method: 'GET', path: (id) => `/api/quotations/${id}`, who: (c) => c.farmer },
  { route: 'DELETE /api/quotations/:id', method: 'DELETE', path: (id) => `/api/quotations/${id}`, who: (c) => c.farmer },
  { route: 'POST /api/orders/:quotationId', method: 'POST', path: (id) => `/api/orders/${id}`, who: (c) => c.farmer },
  { route: 'GET /api/uploads/:id', method: 'GET', path: (id) => `/api/uploads/${id}`, who: (c) => c.farmer },
];

/** A JSON value of a different type than `value` (never null, which some fields accept). */
function wrongType(value: unknown): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  // A null may stand for a nullable string (deliveryOtp), so a string is no wrong type for it.
  if (typeof value !== 'string' && value !== null) options.push(fc.string({ maxLength: 20 }));
  if (typeof value !== 'number') options.push(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
  if (typeof value !== 'boolean') options.push(fc.boolean());
  if (!Array.isArray(value)) options.push(fc.array(fc.integer(), { maxLength: 3 }));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) options.push(fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }));
  return fc.oneof(...options);
}

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'isVerified', 'userId', 'id'),
  fc.string({ minLength: 1, maxLength: 12 }).filter((k) => /^[a-z]+$/i.test(k)),
);
const hugeString = fc.constantFrom(200_000, 1_000_000).map((n) => 'x'.repeat(n));

interface Sent {
  payload: string | Buffer;
  contentType: string;
  what: string;
}

const json = (body: unknown, what: string): Sent => ({ payload: JSON.stringify(body), contentType: 'application/json', what });
/** JSON text with `__proto__` as an own key (JSON.stringify of an object literal would drop it). */
const withProtoKey = (body: Json, value: unknown): Sent => ({
  payload: JSON.stringify(body).replace(/^\{/, `{"__proto__":${JSON.stringify(value)},`),
  contentType: 'application/json',
  what: '__proto__ key',
});

/** The property names a route's JSON body, and a line of its array field, may have: its schema's, as the OpenAPI document states them. */
interface Accepted {
  body: Set<string>;
  line: Set<string>;
}

function mutations(target: BodyTarget, valid: Json, accepted: Accepted): fc.Arbitrary<Sent> {
  const keys = Object.keys(valid);
  const arbs: fc.Arbitrary<Sent>[] = [
    fc.constantFrom(...target.required).map((k) => {
      const { [k]: _dropped, ...rest } = valid;
      return json(rest, `missing ${k}`);
    }),
    // An extra key is one the route's schema does not accept: a generated `name` would only set the name.
    fc.tuple(extraKey.filter((k) => !keys.includes(k) && !accepted.body.has(k)), fc.jsonValue()).map(([k, v]) => (k === '__proto__' ? withProtoKey(valid, v) : json({ ...valid, [k]: v }, `extra ${k}`))),
    fc.constantFrom(...keys).chain((k) => wrongType(valid[k]).map((v) => json({ ...valid, [k]: v }, `${k} of the wrong type`))),
    fc.tuple(fc.constantFrom(...keys), hugeString).map(([k, v]) => json({ ...valid, [k]: v }, `huge ${k}`)),
    fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.array(fc.jsonValue(), { maxLength: 3 })).map((v) => json(v, 'not an object')),
    fc.constantFrom('{', '{"a":', 'not json', '{"a":1}}', '').map((p) => ({ payload: p, contentType: 'application/json', what: 'broken JSON' })),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml').map((ct) => ({
      payload: ct.includes('urlencoded') ? new URLSearchParams(valid as Record<string, string>).toString() : JSON.stringify(valid),
      contentType: ct,
      what: `content type ${ct}`,
    })),
  ];
  const lines = target.lines;
  if (lines) {
    const [first] = valid[lines.field] as Json[];
    const withLine = (line: unknown, what: string) => json({ ...valid, [lines.field]: [line] }, what);
    arbs.push(
      fc.constantFrom(...lines.required).map((k) => {
        const { [k]: _dropped, ...rest } = first!;
        return withLine(rest, `line missing ${k}`);
      }),
      fc.constantFrom(...lines.required).chain((k) => wrongType(first![k]).map((v) => withLine({ ...first, [k]: v }, `line ${k} of the wrong type`))),
      fc.tuple(extraKey.filter((k) => k !== '__proto__' && !(k in first!) && !accepted.line.has(k)), fc.jsonValue()).map(([k, v]) => withLine({ ...first, [k]: v }, `line extra ${k}`)),
      // The lines name the first SKU, sold by a whole-number unit (kg; checked in the setup), so 1.5 is refused
      // by its unit rule; 0.25 would be refused for any unit (quintal and tonne take one decimal).
      fc.constantFrom(-1, 0, 1.5, 0.25, 1e12).map((q) => withLine({ ...first, quantity: q }, `line quantity ${q}`)),
      fc.constant(json({ ...valid, [lines.field]: [] }, 'no lines')),
    );
  }
  return fc.oneof(...arbs);
}

const hostileId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', '__proto__', 'constructor', "1' OR '1'='1", 'QT0', 'null', '-1', '%E2%80%AE'),
  fc.constantFrom(300, 5000).map((n) => 'a'.repeat(n)),
);


describe.each(databases())('bad input on %s', (kind) => {
  const t = useTestApp(kind);

  /** Every row of every table; images by identity only (their bytes never change in place), which keeps each run fast. */
  async function snapshot(): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const table of APP_TABLES) out[table] = (await sql`select * from ${sql.table(table)} order by 1`.execute(t.db)).rows;
    out.images = (await sql`select id, kind, owner_id, created_at from images order by 1`.execute(t.db)).rows;
    return out;
  }

  async function context(): Promise<Ctx> {
    const admin = await t.admin();
    const farmer = await t.farmer();
    const unverified = await t.unverified();
    const [sku] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data as Sku[];
    expect(quantityRule(sku!.skuQuantityUnit).decimals).toBe(0);
    const created = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!._id, quantity: 3 }] } });
    const quotation: Quotation = created.json().data;
    const other = (await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!._id, quantity: 1 }] } })).json().data as Quotation;
    const pricedBody = {
      ...other,
      status: 'COMPLETED',
      skusDetail: other.skusDetail.map((l) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: 100, discountPaisa: 0, shippingPricePaisa: 0 })),
    };
    await t.as(admin, { method: 'PATCH', url: `/api/quotations/${other._id}`, payload: pricedBody });
    const order: Order = (await t.as(farmer, { method: 'POST', url: `/api/orders/${other._id}` })).json().data;
    const up = async (s: Session, k: string) =>
      (await t.as(s, { method: 'POST', url: '/api/uploads', ...multipart(uploadFields(k), { bytes: await png(), type: 'image/png', name: 'a.png' }) })).json().url as string;
    return { t, farmer, admin, unverified, sku: sku!, quotation, order, aadhaarUrl: await up(unverified, 'aadhaar'), skuImageUrl: await up(admin, 'sku') };
  }

  /** Sends one bad request and checks the outcome: 4xx JSON error, nothing written. */
  async function refuses(c: Ctx, session: Session | null, method: string, url: string, sent: Sent): Promise<void> {
    const before = await snapshot();
    const res = await t.as(session, {
      method: method as 'POST',
      url,
      payload: sent.payload,
      headers: { 'content-type': sent.contentType },
    });
    expect(res.statusCode, `${method} ${url} with ${sent.what}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${method} ${url} with ${sent.what}`).toBeLessThan(500);
    const body = res.json();
    expect(typeof body.message).toBe('string');
    expect(typeof body.code).toBe('string');
    expect(res.body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
    expect(await snapshot(), `${method} ${url} with ${sent.what} changed the database`).toEqual(before);
  }

  type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; anyOf?: SchemaNode[]; oneOf?: SchemaNode[] };
  /** A schema's property names, with those of each of its `anyOf` / `oneOf` branches (the profile's two bodies). */
  const propertiesOf = (node: SchemaNode | undefined): Record<string, SchemaNode> =>
    Object.assign({}, node?.properties, ...[...(node?.anyOf ?? []), ...(node?.oneOf ?? [])].map(propertiesOf));
  /** What the route's body schema accepts, read from GET /api/openapi.json ('PATCH /api/skus/:id' is paths['/api/skus/{id}'].patch). */
  async function acceptedKeys(target: BodyTarget): Promise<Accepted> {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: SchemaNode }> } }>>;
    }>();
    const [method, path] = target.route.split(' ') as [string, string];
    const schema = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
    const body = new Set(Object.keys(propertiesOf(schema)));
    // A route whose schema could not be found would let every extra key through unchecked.
    expect(body.size, `${target.route}'s body schema in the OpenAPI document`).toBeGreaterThan(0);
    const line = target.lines ? new Set(Object.keys(propertiesOf(propertiesOf(schema)[target.lines.field]?.items))) : new Set<string>();
    if (target.lines) expect(line.size, `${target.route}'s line schema`).toBeGreaterThan(0);
    return { body, line };
  }

  for (const target of BODY_TARGETS) {
    it(`${target.route} refuses malformed bodies with a 4xx and changes nothing`, { timeout: 120_000 }, async () => {
      const c = await context();
      const valid = target.valid(c);
      const accepted = await acceptedKeys(target);
      expect([...accepted.body]).toEqual(expect.arrayContaining(target.required));
      const [method, ..._] = target.route.split(' ');
      await fc.assert(
        fc.asyncProperty(mutations(target, valid, accepted), async (sent) => refuses(c, target.who(c), method!, target.url(c), sent)),
        { numRuns: RUNS },
      );
      // The valid body itself passes validation, so the refusals above are about the mutations.
      const ok = await t.as(target.who(c), { method: method as 'POST', url: target.url(c), payload: valid });
      if (target.route.endsWith('verify-otp')) expect(ok.json().code).toBe('OTP_INVALID');
      else expect(ok.statusCode, ok.body.slice(0, 200)).toBeLessThan(300);
    });
  }

  for (const target of PARAM_TARGETS) {
    it(`${target.route} refuses hostile ids with a 4xx and changes nothing`, { timeout: 120_000 }, async () => {
      const c = await context();
      await fc.assert(
        fc.asyncProperty(hostileId, async (id) =>
          refuses(c, target.who(c), target.method, target.path(encodeURIComponent(id)), { payload: '', contentType: 'application/json', what: `id ${JSON.stringify(id.slice(0, 40))}` }),
        ),
        { numRuns: RUNS },
      );
    });
  }

  /** The paged lists: a hostile limit, cursor, q or status is a 400 JSON error and reads nothing. */
  const LIST_TARGETS: { url: string; who: (c: Ctx) => Session; search: boolean }[] = [
    { url: '/api/users/all', who: (c) => c.admin, search: true },
    { url: '/api/quotations/all', who: (c) => c.admin, search: true },
    { url: '/api/orders', who: (c) => c.admin, search: true },
    { url: '/api/quotations', who: (c) => c.farmer, search: false },
  ];
  const badParam = fc.oneof(
    fc.constantFrom('0', '-1', '201', '1.5', '1e2', 'ten', '', ' 5', '9999999999').map((v) => ['limit', v] as const),
    fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }).map((v) => Buffer.from(v).toString('base64url')),
      fc.constantFrom('WzFd', 'eyJhIjoxfQ', Buffer.from('[1,2,3]').toString('base64url'), Buffer.from('["x","QT1"]').toString('base64url'), '%%%', 'a'.repeat(300)),
    ).map((v) => ['cursor', v] as const),
    fc.constantFrom('NOPE', 'pending', '').map((v) => ['status', v] as const),
    fc.constantFrom('x'.repeat(65)).map((v) => ['q', v] as const),
    fc.tuple(extraKey.filter((k) => !['limit', 'cursor', 'q', 'status'].includes(k)), fc.string({ maxLength: 5 })),
  );

  for (const target of LIST_TARGETS) {
    it(`GET ${target.url} refuses a bad limit, cursor, status, q or an unknown parameter with 400`, { timeout: 120_000 }, async () => {
      const c = await context();
      await fc.assert(
        fc.asyncProperty(badParam, async ([name, value]) => {
          // A cursor that happens to decode to a well-formed key is a valid cursor, not a bad one.
          fc.pre(!(name === 'cursor' && /^[A-Za-z0-9_-]{1,200}$/.test(value) && wellFormedKey(value)));
          if (!target.search) fc.pre(name !== 'q' && name !== 'status');
          const res = await t.as(target.who(c), { method: 'GET', url: `${target.url}?${new URLSearchParams({ [name]: value }).toString()}` });
          expect(res.statusCode, `${target.url} ${name}=${value.slice(0, 40)}: ${res.body.slice(0, 200)}`).toBe(400);
          expect(res.json().code).toBe('BAD_REQUEST');
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('POST /api/uploads refuses bodies that are not a multipart image upload', async () => {
    const c = await context();
    const image = await png();
    const form = (fields: Record<string, string>, bytes: Buffer | null, what: string): Sent => {
      const m = multipart(fields, bytes ? { bytes, type: 'image/png', name: 'a.png' } : undefined);
      return { payload: m.payload, contentType: m.headers['content-type'], what };
    };
    const cases: [Session, Sent][] = [
      [c.farmer, { payload: JSON.stringify({ kind: 'profile' }), contentType: 'application/json', what: 'JSON instead of multipart' }],
      [c.farmer, form({ kind: 'profile' }, null, 'no file')],
      [c.farmer, form({ kind: 'passport' }, image, 'an unknown kind')],
      [c.farmer, form({}, image, 'no kind')],
      [c.farmer, form({ kind: 'profile' }, Buffer.from('GIF89a\x01\x00\x01\x00'), 'a GIF named png')],
      [c.farmer, form({ kind: 'sku' }, image, 'a farmer uploading a SKU image')],
    ];
    for (const [session, sent] of cases) await refuses(c, session, 'POST', '/api/uploads', sent);
  });
});

/** Does this cursor decode to a key some list accepts ([time, id] or [0|1, time, id])? */
function wellFormedKey(cursor: string): boolean {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(key)) return false;
    const time = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
    const id = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 64;
    return (key.length === 2 && time(key[0]) && id(key[1])) || (key.length === 3 && (key[0] === 0 || key[0] === 1) && time(key[1]) && id(key[2]));
  } catch {
    return false;
  }
}
