/**
 * The described API: GET /api/openapi.json is a valid OpenAPI 3.1 document built from the
 * route schemas, naming every /api route the server registers with a summary, a tag and its error
 * answers; /api/docs serves the reference page under the app's own CSP.
 */
import { compileErrors, validate } from '@readme/openapi-parser';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AdminOrderAnswer } from '../../src/domain/schemas/order';
import { AdminQuotation, Quotation } from '../../src/domain/schemas/quotation';
import { Sku, SkuBody } from '../../src/domain/schemas/sku';
import { User } from '../../src/domain/schemas/user';
import { openApiPath, UNDOCUMENTED } from '../../src/server/http/api-docs';
import { useTestApp } from '../support/server/app';

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}
interface Operation {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  tags?: string[];
  responses?: Record<string, { content?: { 'application/json': { schema: JsonSchema } } }>;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

describe('the OpenAPI document', () => {
  const routes: string[] = [];
  const t = useTestApp('sqlite', {
    onRoute: ((route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
        routes.push(`${method} ${route.url}`);
      }
    }) as never,
  });

  async function document() {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    return res.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
  }

  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('names every /api route with a summary, a tag and its error answers', async () => {
    const doc = await document();
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      const op = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      expect(op, `${route} is missing from the document`).toBeDefined();
      expect(op!.summary, route).toBeTruthy();
      expect(op!.summary, `${route} has no summary in src/server/http/api-docs.ts`).not.toBe(UNDOCUMENTED);
      expect(op!.tags?.length, route).toBe(1);
      const errors = Object.keys(op!.responses ?? {}).filter((code) => Number(code) >= 400);
      expect(errors, route).toContain('500');
      expect(errors.length, route).toBeGreaterThan(1);
      expect(Object.keys(op!.responses ?? {}).some((code) => /^2\d\d$/.test(code)), `${route} names no success answer`).toBe(true);
    }
  });

  it('gives every operation a unique operationId and states who may call it', async () => {
    const doc = await document();
    const ids = Object.values(doc.paths).flatMap((path) => Object.values(path).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const login = doc.paths['/api/auth/request-otp']!.post!;
    expect(login.operationId).toBe('postAuthRequestOtp');
    expect(login.security).toEqual([]);
    expect(doc.paths['/api/users/verify/{id}']!.patch!.operationId).toBe('patchUsersVerifyById');
    expect(doc.paths['/api/users/verify/{id}']!.patch!.security).toEqual([{ bearer: [] }]);
    // An image: a SKU picture needs no token, a farmer's own photo does.
    const image = doc.paths['/api/uploads/{id}']!.get!;
    expect(image.security).toEqual([{}, { bearer: [] }]);
    expect(Object.keys(image.responses!)).toEqual(expect.arrayContaining(['200', '304', '404']));
    expect((await document() as unknown as { servers: unknown[] }).servers).toEqual([{ url: '/', description: 'This server' }]);
  });

  it('describes the list parameters and the page answer from the route schemas', async () => {
    const doc = await document();
    const list = doc.paths['/api/quotations/all']!.get!;
    expect(list.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:age',
      'query:countered',
      'query:cursor',
      'query:expiring',
      'query:late',
      'query:limit',
      'query:q',
      'query:sort',
      'query:status',
    ]);
    expect(Object.keys(list.responses!).sort()).toEqual(['200', '400', '401', '403', '429', '500']);
    const patch = doc.paths['/api/orders/update/{id}']!.patch!;
    expect(Object.keys(patch.responses!)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409']));
    const skuHistory = doc.paths['/api/skus/{id}/history']!.get!;
    expect(skuHistory.tags).toEqual(['skus']);
    expect(skuHistory.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
    expect(Object.keys(skuHistory.responses!).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500']);
  });

  it("describes the quotation, SKU, order and user with the fields of the domain's types, in their order", async () => {
    const doc = await document();
    const answer = (path: string, method: string, status = '200') =>
      doc.paths[path]![method]!.responses![status]!.content!['application/json'].schema.properties!.data!;
    const fields = (schema: JsonSchema) => Object.keys(schema.properties!);
    // The types everyone uses are Static<> of these schemas (src/domain/types.ts, api.ts).
    expect(fields(answer('/api/skus', 'get').items!)).toEqual(Object.keys(Sku.properties));
    expect(fields(answer('/api/quotations/{id}', 'get'))).toEqual(Object.keys(Quotation.properties));
    expect(fields(answer('/api/quotations/all', 'get').items!)).toEqual(Object.keys(AdminQuotation.properties));
    // The admin's order answer is the order without the farmer's delivery code.
    expect(fields(answer('/api/orders/update/{id}', 'patch'))).toEqual(Object.keys(AdminOrderAnswer.properties));
    expect(Object.keys(AdminOrderAnswer.properties)).not.toContain('deliveryOtp');
    expect(fields(answer('/api/users/all', 'get').items!)).toEqual(Object.keys(User.properties));
    const skuBody = doc.paths['/api/skus']!.post!.requestBody!.content['application/json'].schema;
    expect(fields(skuBody)).toEqual(Object.keys(SkuBody.properties));
    // Nothing of the schema library's own bookkeeping (`~kind`, `~optional`) reaches the document.
    expect(JSON.stringify(doc)).not.toMatch(/"~/);
  });

  it('serves the reference page at /api/docs, with scripts from its own origin only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const script = /<script src="([^"]+swagger-ui-bundle\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const bundle = await t.app.inject({ method: 'GET', url: new URL(script!, 'http://x/api/docs/').pathname });
    expect(bundle.statusCode).toBe(200);
  });
});
