/**
 * Static files go out precompressed (brotli, gzip or as they are, as the client
 * accepts, with Vary: Accept-Encoding), API answers above 1 KB are compressed on the fly, nothing is
 * compressed twice, images never; the CSP allows index.html's inline splash script by its hash only.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { SPLASH_SCRIPT_HASH } from '../../src/server/http/security-headers';
import { createTestApp, databases, useTestApp } from '../support/server/app';

/** A tiny built web app: index.html and a hashed script, each with its .br and .gz beside it. */
function webRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-root-'));
  mkdirSync(join(root, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><body><div id="root"></div>${'<p>splash</p>'.repeat(200)}</body></html>`,
    'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(root, name), text);
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(root, 'small.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

const root = webRoot();
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each(databases())('compression on %s', (kind) => {
  const t = useTestApp(kind, { webRoot: root });

  const decode = (raw: Buffer, encoding: string | undefined): string =>
    (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('sends the precompressed script and page the client accepts (%s → %s)', async (accept, expected) => {
    for (const [url, file] of [['/assets/index-abc123.js', 'assets/index-abc123.js'], ['/home', 'index.html']] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept, accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload, expected)).toBe(readFileSync(join(root, file), 'utf8'));
    }
  });

  it('compresses API answers above 1 KB as the client accepts, once', async () => {
    const farmer = await t.farmer();
    for (const [accept, expected] of [['br', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const res = await t.as(farmer, { method: 'GET', url: '/api/skus', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      const body = JSON.parse(decode(res.rawPayload, expected)) as { data: unknown[] };
      expect(body.data.length).toBeGreaterThan(0);
      if (expected) {
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        // Devanagari and Gujarati names compress less than English; still well under the raw size.
        expect(res.rawPayload.length).toBeLessThan(decode(res.rawPayload, expected).length * 0.7);
      }
    }
  });

  it('leaves small answers and images as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    const farmer = await t.farmer();
    const skus = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data as { image: string }[];
    const image = await t.app.inject({ method: 'GET', url: skus[0]!.image, headers: { 'accept-encoding': 'br, gzip' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect(image.headers['content-encoding']).toBeUndefined();
  });
});

describe("index.html's inline splash script", () => {
  const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

  it('is allowed by the CSP by its hash, and nothing inline is allowed otherwise', async () => {
    expect(inline).toHaveLength(1);
    expect(`sha256-${createHash('sha256').update(inline[0]!).digest('base64')}`).toBe(SPLASH_SCRIPT_HASH);
    const t = await createTestApp('sqlite');
    try {
      const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc.split(' ')).toEqual(["'self'", `'${SPLASH_SCRIPT_HASH}'`]);
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    } finally {
      await t.close();
    }
  });
});
