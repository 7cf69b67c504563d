/**
 * GET /api/ready: whether a load balancer should send this instance new farmers. 503 until the app
 * is ready (migrated, seeded, its routes in place) and again from the moment a shutdown begins, while
 * requests already sent are still answered; 200 otherwise. /api/health stays the liveness check.
 */
import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../http/errors';
import { data } from '../http/schemas';

export interface Readiness {
  /** From now on /api/ready answers 503: the instance is on its way out. */
  drain(): void;
  readonly ready: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export async function readinessRoutes(api: FastifyInstance): Promise<void> {
  const readiness = api.readiness;
  api.get(
    '/ready',
    { config: { access: 'public' }, schema: { response: { 200: data(Type.Object({ ready: Type.Boolean() })) } } },
    async () => {
      if (!readiness.ready) throw new HttpError(503, 'UNAVAILABLE', 'This instance is starting or shutting down', { 'retry-after': '5' });
      return { data: { ready: true } };
    },
  );
}

/** Decorates `app.readiness`: ready once the app is, until `drain()`. */
export function installReadiness(app: FastifyInstance): void {
  let started = false;
  let draining = false;
  app.decorate<Readiness>('readiness', {
    drain: () => void (draining = true),
    get ready() {
      return started && !draining;
    },
  });
  app.addHook('onReady', async () => void (started = true));
  app.addHook('preClose', async () => void (draining = true));
}

export interface StartingListener {
  /** Frees the port for the app; resolves once every connection is closed. */
  close(): Promise<void>;
}

/**
 * While the database migrates (minutes, on a large one) the port already answers, every request
 * with 503 UNAVAILABLE and Retry-After in the API's error shape: a load balancer sees an instance that
 * is starting, not one that is down, and a farmer's phone waits and asks again. The app takes the
 * port over once it is ready.
 */
export function listenWhileStarting(port: number, host: string): Promise<StartingListener> {
  const server = createServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' });
    response.end(JSON.stringify({ message: 'This instance is starting', code: 'UNAVAILABLE' }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed());
            server.closeAllConnections();
          }),
      });
    });
  });
}
