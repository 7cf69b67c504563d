import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { databases, testConfig, useTestApp } from '../support/server/app';

function webRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'krishi-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Krishi</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'challenge-worker-def456.js'), 'onmessage = () => undefined');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe.each(databases())('HTTP behaviour on %s', (kind) => {
  const t = useTestApp(kind, { webRoot: webRoot() });
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

  it('sends the security headers: CSP, nosniff, Referrer-Policy, frame denial, no HSTS over plain HTTP', async () => {
    const res = await page('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // The inspector window `?inspect` opens keeps its link to the app (same-origin would cut it).
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']).toBeDefined();
  });

  it("sends a hashed script only the headers that protect a subresource; a worker's script keeps the page's set", async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'x-dns-prefetch-control']) {
      expect(script.headers[documentOnly], documentOnly).toBeUndefined();
    }
    const worker = await t.app.inject({ method: 'GET', url: '/assets/challenge-worker-def456.js' });
    expect(worker.statusCode).toBe(200);
    expect(String(worker.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('sends HSTS when the request came over HTTPS through a trusted proxy', async () => {
    const app = await buildApp({ ...t.options, config: testConfig({ trustProxy: 1 }) });
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    await app.close();
  });

  it('serves index.html with no-cache at / and for every spec route on reload', async () => {
    for (const url of ['/', '/home', '/sku-details?sku_id=SKU1001', '/admin/orders', '/register/aadhaar-card', '/no-such-page']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable for a year, other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers JSON 404 {message, code} for unknown API paths and non-HTML requests, never the page', async () => {
    for (const [url, accept] of [
      ['/api/nope', 'text/html'],
      ['/api/skus/extra/segments', 'application/json'],
      ['/assets/missing.js', '*/*'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: url!, headers: { accept: accept! } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
  });

  it('answers malformed JSON, a wrong content type and a __proto__ key with 4xx {message, code} and no stack', async () => {
    const farmer = await t.farmer();
    const cases = [
      { payload: '{"skusDetail": [', headers: { 'content-type': 'application/json' } },
      { payload: 'skusDetail=1', headers: { 'content-type': 'text/plain' } },
      { payload: '{"__proto__": {"isAdmin": true}, "skusDetail": []}', headers: { 'content-type': 'application/json' } },
    ];
    for (const c of cases) {
      const res = await t.as(farmer, { method: 'POST', url: '/api/quotations', ...c });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('marks logged-in API answers Cache-Control: no-store, and the tagged quotation list private, no-cache', async () => {
    const farmer = await t.farmer();
    for (const url of ['/api/skus', '/api/users/profile']) {
      expect((await t.as(farmer, { method: 'GET', url })).headers['cache-control']).toBe('no-store');
    }
    // Revalidated by its ETag on every poll, never kept by a shared cache.
    expect((await t.as(farmer, { method: 'GET', url: '/api/quotations' })).headers['cache-control']).toBe('private, no-cache');
  });

  it('answers GET /api/config and /api/health publicly', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({
      data: { contactPhone: expect.any(String), chatUrl: expect.stringMatching(/^https:/), upiPayeeId: null, upiPayeeName: null, quotationReplyHours: 24, grievanceContact: '+919000000000', aadhaarRetentionDays: 30 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ data: { ok: true } });
  });

  it('keeps CORS closed by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await t.app.inject({ method: 'OPTIONS', url: '/api/skus', headers: { origin: 'https://evil.example' } });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens CORS only to the configured origins', async () => {
    const app = await buildApp({ ...t.options, config: testConfig({ corsOrigins: ['https://farm.example'] }) });
    const ok = await app.inject({
      method: 'OPTIONS',
      url: '/api/skus',
      headers: { origin: 'https://farm.example', 'access-control-request-method': 'GET' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://farm.example');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const other = await app.inject({ method: 'GET', url: '/api/config', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  it('declares access and a schema on every API route, discoverable through onRoute', async () => {
    const routes: { method: string; url: string; access: unknown; schema: unknown }[] = [];
    const app = await buildApp({
      ...t.options,
      onRoute: (r) => {
        for (const method of [r.method].flat()) {
          if (r.url.startsWith('/api') && method !== 'HEAD') routes.push({ method, url: r.url, access: r.config?.access, schema: r.schema });
        }
      },
    });
    await app.close();
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'DELETE /api/quotations/:id',
        'DELETE /api/users/profile',
        'GET /api/admin/summary',
        'GET /api/analytics/charts',
        'GET /api/analytics/charts/:chartId',
        'GET /api/analytics/funnel',
        'GET /api/analytics/journeys',
        'GET /api/analytics/journeys/:id',
        'GET /api/auth/challenge',
        'GET /api/config',
        'GET /api/health',
        'GET /api/docs',
        'GET /api/docs/json',
        'GET /api/docs/static/*',
        'GET /api/docs/static/index.html',
        'GET /api/docs/static/swagger-initializer.js',
        'GET /api/docs/yaml',
        'GET /api/openapi.json',
        'GET /api/orders',
        'GET /api/orders.csv',
        'GET /api/orders/:id/history',
        'GET /api/quotations',
        'GET /api/quotations/:id/history',
        'GET /api/quotations/:id',
        'GET /api/quotations/all',
        'GET /api/quotations/all.csv',
        'GET /api/ready',
        'GET /api/skus',
        'GET /api/skus/:id/history',
        'GET /api/uploads/:id',
        'GET /api/users/:id/history',
        'GET /api/users/all',
        'GET /api/users/all.csv',
        'GET /api/users/profile',
        'PATCH /api/orders/update/:id',
        'PATCH /api/quotations/:id',
        'PATCH /api/skus/:id',
        'PATCH /api/users/verify/:id',
        'POST /api/analytics/transitions',
        'POST /api/auth/logout',
        'POST /api/auth/request-otp',
        'POST /api/auth/verify-otp',
        'POST /api/orders/:id/problem',
        'POST /api/orders/:id/problem/close',
        'POST /api/orders/:quotationId',
        'POST /api/orders/update',
        'POST /api/quotations',
        'POST /api/quotations/:id/counter',
        'POST /api/quotations/:id/decline',
        'POST /api/skus',
        'POST /api/uploads',
        'POST /api/users/verify',
        'PUT /api/users/profile',
      ].sort(),
    );
    for (const r of routes) {
      expect(['public', 'optional', 'user', 'verified', 'admin', 'analyst'], `${r.method} ${r.url}`).toContain(r.access);
      expect(r.schema, `${r.method} ${r.url}`).toBeDefined();
    }
  });

  it('limits OTP requests per IP loosely, answering 429 RATE_LIMITED with Retry-After', async () => {
    const app = await buildApp({ ...t.options, ipLimit: { max: 3, timeWindowMs: 60_000 } });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { mobileNumber: '9876500000', otp: '000000' } });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().code).toBe('RATE_LIMITED');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes).toEqual([400, 400, 400, 429]);
    await app.close();
  });
});
