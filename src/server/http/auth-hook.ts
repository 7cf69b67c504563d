/**
 * The one authorization hook (DECISIONS §2 "Who may call what"). Each route declares
 * `config.access`; this hook reads it, resolves the bearer token and refuses before the handler runs:
 * no or dead token → 401; unverified user on a farmer call → 403; non-admin on an admin call → 403;
 * neither analyst nor admin on an analyst's call → 403.
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { userForToken } from '../repos/sessions';
import type { Access } from './context';
import { forbidden, unauthorized } from './errors';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header.trim());
  return match ? match[1]! : header.trim() === '' ? null : 'invalid';
}

/**
 * Each route's check is attached as its own onRequest hook when the route is added, with its access
 * level already read: nothing is looked up per request beyond the token (the polling path, decision 023).
 * It runs after the app-wide onRequest hooks (security headers, CORS), as an app-wide hook added here would.
 */
export function installAuthHook(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || access === 'public') return;
    const check = checkFor(app, access);
    route.onRequest = route.onRequest === undefined ? [check] : [...[route.onRequest].flat(), check];
  });
}

function checkFor(app: FastifyInstance, access: Exclude<Access, 'public'>): onRequestAsyncHookHandler {
  return async (request, reply) => {
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
    // The analyst's role is read from the configuration at each call, so removing a number ends it at once.
    if (access === 'analyst' && user.isAdmin !== 1 && !app.deps.config.analystMobileNumbers.includes(user.mobileNumber)) {
      throw forbidden('Only analysts and administrators may do this');
    }
  };
}
