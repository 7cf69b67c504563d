/**
 * Builds the Fastify app without listening (FD src/app.ts): tests call `buildApp(...)` and
 * `app.inject`, server.ts listens. Everything time-dependent reads `now`, so tests control time.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import sensible from '@fastify/sensible';
import underPressure from '@fastify/under-pressure';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Database } from './db/schema';
import { describeRoute } from './http/api-docs';
import { installAuthHook } from './http/auth-hook';
import type { Deps } from './http/context';
import { createExpirySweeper } from './expiry-sweep';
import { HttpError, installErrorHandlers, notFound, overloaded } from './http/errors';
import { installApiCompression } from './http/compression';
import { installSecurityHeaders } from './http/security-headers';
import { installWeb } from './http/web';
import { countedSms, installRequestMetrics, type Metrics } from './ops/metrics';
import { installReadiness, readinessRoutes } from './ops/readiness';
import { installRequestLog, requestId, safeLogging } from './ops/request-log';
import adminRoutes from './routes/admin';
import analyticsRoutes from './routes/analytics';
import authRoutes, { type IpLimit } from './routes/auth';
import metaRoutes from './routes/meta';
import orderRoutes from './routes/orders';
import quotationRoutes from './routes/quotations';
import skuRoutes from './routes/skus';
import uploadRoutes from './routes/uploads';
import userRoutes from './routes/users';
import type { Secrets } from './secrets';
import type { SmsTransport } from './sms/transport';

export interface AppOptions {
  db: Kysely<Database>;
  config: ServerConfig;
  secrets: Secrets;
  sms: SmsTransport;
  /** The clock every rule reads (OTP expiry and spacing, caps, sessions). Defaults to Date.now. */
  now?: () => number;
  /** The built web app to serve (dist/web); null or missing serves the API only. */
  webRoot?: string | null;
  /** The loose per-IP limit on the two OTP routes. */
  ipLimit?: IpLimit;
  logger?: FastifyServerOptions['logger'];
  /** Called for each route as it is added (the authorization matrix lists routes and their `config.access` this way). */
  onRoute?: (route: RouteOptions) => void;
  /** The quotation-expiry sweep's interval (src/server/expiry-sweep.ts); defaults to EXPIRY_SWEEP_INTERVAL_MS. */
  expirySweepMs?: number;
  /** How often the load-shedding bounds are sampled (a test knob; @fastify/under-pressure's default is 1 s). */
  overloadSampleMs?: number;
  /** Counts requests and login SMS into these (ops/metrics.ts); none: nothing is counted. */
  metrics?: Metrics | null;
}

export const DEFAULT_IP_LIMIT: IpLimit = { max: 100, timeWindowMs: 60_000 };

const REQUEST_TIMEOUT_MS = 30_000;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: typeof options.logger === 'object' ? { ...safeLogging, ...options.logger } : (options.logger ?? false),
    // Fastify's own two lines per request carry the raw url; ops/request-log.ts writes one without it.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    // A hop count trusts that many proxies nearest the server (Fastify's number form, which its types omit).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 256 * 1024,
    // A request has 30 s to arrive whole (a sign-up photo, shrunk on the phone, takes a few seconds on
    // slow 3G), checked every 5 s, so a body sent a byte at a time is cut off within 35 s rather than
    // holding its connection for ever; a connection that sends nothing for 40 s is closed. Node's
    // server enforces the request timeout only when it is given at construction, hence `http` too.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: 40_000,
    http: { requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 5_000 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });
  // Summary, tag, security and error answers for the OpenAPI document, before anyone reads a route.
  app.addHook('onRoute', describeRoute);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (options.metrics) installRequestMetrics(app, options.metrics);
  installRequestLog(app);

  const deps: Deps = {
    db: options.db,
    config,
    secrets: options.secrets,
    sms: countedSms(options.sms, 'login', options.metrics ?? null),
    now: options.now ?? Date.now,
  };
  app.decorate('deps', deps);
  // Due quotations expire in the background too (reads expire only what they show): from ready to close.
  const sweeper = createExpirySweeper({
    db: deps.db,
    now: deps.now,
    rules: { validityDays: config.quotationValidityDays },
    aadhaarRetentionDays: config.aadhaarRetentionDays,
    ...(options.expirySweepMs === undefined ? {} : { intervalMs: options.expirySweepMs }),
    log: app.log,
  });
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', async () => sweeper.stop());
  await app.register(sensible);
  installErrorHandlers(app);
  installReadiness(app);
  // Every answer names its request id (the one in its log line). API answers are never stored by
  // caches unless the route sets its own cache-control (public SKU images). Set up front rather than
  // in onSend: a route without onSend hooks skips that phase; and before the load shedding, so a
  // refused request names its id too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
  // Shed load before it hurts: past the bounds a new request is refused at once (503 OVERLOADED with
  // Retry-After) rather than queued behind the lag, where a phone on 3G would time out and ask again.
  // The liveness check is never shed, so a busy instance is not taken for a dead one.
  await app.register(underPressure, {
    maxEventLoopDelay: config.overload.eventLoopDelayMs,
    maxHeapUsedBytes: config.overload.heapUsedMb * 1024 * 1024,
    ...(options.overloadSampleMs === undefined ? {} : { sampleInterval: options.overloadSampleMs }),
    pressureHandler: async (request) => {
      if (request.routeOptions.url !== '/api/health') throw overloaded();
    },
  });

  await installSecurityHeaders(app);

  // CORS stays closed (no headers at all) unless CORS_ORIGINS lists the caller's origin.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'if-match'],
      maxAge: 600,
    });
  }
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', 'Too many requests from this network; wait a minute', {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
  installAuthHook(app);

  // OpenAPI 3.1 from the route schemas (GET /api/openapi.json, routes/meta.ts) and its reference page.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Krishi by-products API',
        version: '1',
        description: 'Every answer is `{ data }` (lists: `{ data, nextCursor, total }`); every error is `{ message, code }`.',
      },
      // The API is served by the app itself, at the page's own origin.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  const ipLimit = options.ipLimit ?? DEFAULT_IP_LIMIT;
  await app.register(
    async (api) => {
      await installApiCompression(api);
      await api.register(authRoutes, { ipLimit, metrics: options.metrics ?? null });
      await api.register(userRoutes);
      await api.register(skuRoutes);
      await api.register(quotationRoutes);
      await api.register(orderRoutes);
      await api.register(adminRoutes);
      await api.register(uploadRoutes);
      await api.register(metaRoutes);
      await api.register(analyticsRoutes);
      await api.register(readinessRoutes);
    },
    { prefix: '/api' },
  );

  const servePage = await installWeb(app, options.webRoot ?? null);
  app.setNotFoundHandler((request, reply) => {
    if (servePage(request, reply)) return;
    const error = notFound(`No route ${request.method} ${request.url.split('?')[0]}`);
    void reply.code(404).send({ message: error.message, code: error.code });
  });
  return app;
}
