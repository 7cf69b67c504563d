/**
 * Serving the built web app (dist/web): hashed files under /assets are immutable for a year,
 * index.html, the service worker and the manifest are revalidated every time. Every text file was
 * compressed at build (brotli and gzip beside it, build/precompress.ts): the best one the client accepts
 * goes out as it is, with `Vary: Accept-Encoding`, and nothing is compressed again here. Any other
 * GET that accepts HTML falls back to index.html so SPEC §2's routes load on a reload. /api never falls back: it answers JSON 404.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url === '/api' || request.url.startsWith('/api/')) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

export async function installWeb(app: FastifyInstance, webRoot: string | null): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  if (!webRoot || !existsSync(join(webRoot, 'index.html'))) return () => false;
  await app.register(fastifyStatic, {
    root: webRoot,
    cacheControl: false,
    etag: true,
    lastModified: true,
    preCompressed: true,
    setHeaders(reply, path) {
      const immutable = path.startsWith(join(webRoot, 'assets'));
      void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (request, reply) => {
    if (!wantsPage(request)) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
