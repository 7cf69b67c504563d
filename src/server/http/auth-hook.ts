/**
 * The one authorization hook (DECISIONS §2 "Who may call what"). Each route declares
 * `config.access`; this hook reads it, resolves the bearer token and refuses before the handler runs:
 * no or dead token → 401; unverified user on a farmer call → 403; non-admin on an admin call → 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userForToken } from '../repos/sessions';
import { forbidden, unauthorized } from './errors';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header.trim());
  return match ? match[1]! : header.trim() === '' ? null : 'invalid';
}

export function installAuthHook(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearer(request);
    if (token === null) {
      if (access === 'optional') return;
      throw unauthorized();
    }
    const user = token === 'invalid' ? undefined : await userForToken(app.deps.db, token, app.deps.now());
    if (!user) throw unauthorized();
    request.user = user;
    request.token = token;
    reply.header('cache-control', 'no-store');
    if (access === 'verified' && user.isVerified !== 1 && user.isAdmin !== 1) {
      throw forbidden('Your account is waiting for verification');
    }
    if (access === 'admin' && user.isAdmin !== 1) throw forbidden('Only administrators may do this');
  });
}
