/**
 * Security headers (DECISIONS §2, issue item 8). @fastify/helmet builds a fresh helmet middleware
 * on every request, which cost more than a whole SQLite query on the polling path; the headers never
 * vary here, so @fastify/helmet computes them once, on a probe instance at start-up, and a plain hook
 * sets that fixed set on every answer. HSTS is added only for requests that came over HTTPS.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The SHA-256 of index.html's one inline script (the splash's language pick): the
 * CSP allows that script by its hash, never any inline script. test/server/compression.test.ts
 * ("index.html's inline splash script") fails when the script and this hash drift apart; recompute with
 * `node -e "…createHash('sha256').update(script).digest('base64')"` over the text between the tags.
 */
export const SPLASH_SCRIPT_HASH = 'sha256-7hwSq5x10kD3dEb0TN1SUK7+2mZs/s+jPFV/x7oD/Ns=';

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", `'${SPLASH_SCRIPT_HASH}'`],
  workerSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers @fastify/helmet sends with this configuration. */
export async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP },
    hsts: false,
    crossOriginEmbedderPolicy: false,
    // Not helmet's same-origin: that cuts a window the app opens from the app, and the Stately
    // inspector (`?inspect`, https://stately.ai/inspect) then never receives a chart. Pages of other
    // origins that open this one are still kept apart.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  probe.get('/', async () => 'ok');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!NOT_SECURITY.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * What protects a script or stylesheet fetched by a page: it is never sniffed as another type, and
 * never read by another site's page. The rest of helmet's set (the content policy, framing, opener,
 * referrer, DNS prefetch) governs documents; on a subresource it means nothing, and on HTTP/1.1 it
 * is about 700 uncompressed bytes an answer, more than many of the app's scripts themselves.
 */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy'] as const;

/**
 * The built app's hashed scripts and stylesheets, but not a worker's script: a worker is a context
 * of its own, whose content policy comes with its script (the login's proof-of-work worker).
 */
export const isSubresource = (url: string): boolean => /^\/assets\/[^?]*\.(?:js|css)(?:\?|$)/.test(url) && !/-worker-[\w-]+\.js(?:\?|$)/.test(url);

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  const subresource = Object.fromEntries(SUBRESOURCE_HEADERS.map((name) => [name, headers[name]!]));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isSubresource(request.url) ? subresource : headers);
    // HSTS only means something over HTTPS (directly or, with TRUST_PROXY, through a proxy).
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
    done();
  });
}
