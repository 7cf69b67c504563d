/** What every route reaches through `app.deps`, and what the auth hook leaves on the request. */
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import type { SessionUser } from '../repos/sessions';
import type { AnswerCache } from './answer-cache';
import type { FarmerPages } from './farmer-pages';
import type { ListAnswerCache } from './list-answers';
import type { Secrets } from '../secrets';
import type { SmsTransport } from '../sms/transport';

/** Who may call a route (DECISIONS §2): declared once per route in `config.access`, enforced by one hook. */
export type Access = 'public' | 'optional' | 'user' | 'verified' | 'admin';

export interface Deps {
  db: Kysely<Database>;
  config: ServerConfig;
  secrets: Secrets;
  sms: SmsTransport;
  now: () => number;
  /** Each user's serialized GET /api/quotations answer, checked against the database's versions (decision 025). */
  quotationAnswers: AnswerCache;
  /** Each farmer's first page as built at their last change (decision 029). */
  farmerPages: FarmerPages;
  /** The admin list pages, checked against the lists' versions in the database (decision 027). */
  listAnswers: ListAnswerCache;
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
