/** What every route reaches through `app.deps`, and what the auth hook leaves on the request. */
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import type { SessionUser } from '../repos/sessions';
import type { Secrets } from '../secrets';
import type { SmsTransport } from '../sms/transport';

/** Who may call a route (DECISIONS §2): declared once per route in `config.access`, enforced by one hook. */
export type Access = 'public' | 'optional' | 'user' | 'verified' | 'admin' | 'analyst';

export interface Deps {
  db: Kysely<Database>;
  config: ServerConfig;
  secrets: Secrets;
  sms: SmsTransport;
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    token: string | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
