/**
 * The admin list answer cache (issue 11, decision 027), in the spirit of the farmer's (decision 025):
 * a page of GET /api/users/all, /api/quotations/all or /api/orders, kept as the bytes that went out,
 * keyed by the exact request (list, q, status, cursor, limit) and served again only while
 * - the versions of the lists it depends on (repos/answer-versions.ts, bumped by every write to that
 *   list in the write's own transaction, read before the page on every request) are the ones it was
 *   built at, and
 * - the clock has not reached its `expiresAt`, the first moment it may stop being true with no write
 *   (a priced quotation's validity end, a shown user's session end).
 * Every admin reads the same page (nothing in it depends on who asks), so one entry serves them all.
 *
 * An entry keeps the JSON and, once asked for, its brotli and gzip bytes, compressed exactly as
 * @fastify/compress would (http/compression.ts: same negotiation, options and threshold), and sends
 * them with the Content-Encoding and Vary the plugin would set; the plugin leaves an answer that
 * already has a Content-Encoding alone. So a hit costs no query beyond the versions, no
 * serialization and no compression. Bounded by entries and by bytes (JSON and compressed together);
 * with no room at all (LIST_CACHE_MB=0) the routes answer exactly as they would without it.
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminList, ListVersions } from '../repos/answer-versions';
import { parseSearch } from '../repos/paging';
import { API_ENCODINGS, COMPRESS_THRESHOLD, type ApiEncoding } from './compression';
import { KeptAnswers, ownUtf8 } from './kept-answers';

export interface ListAnswerLimits {
  /** At most this many pages. */
  maxEntries: number;
  /** At most this many bytes of JSON and compressed bytes in all. */
  maxBytes: number;
}

/** About 250 pages of 60 KB JSON with their compressed forms (issue 11's RSS budget is 200 MB). */
export const DEFAULT_LIST_ANSWERS: ListAnswerLimits = { maxEntries: 1_000, maxBytes: 16 * 1024 * 1024 };

export interface ListAnswer {
  version: string;
  expiresAt: number;
  json: Buffer;
  encoded: Partial<Record<ApiEncoding, Buffer>>;
}

/** What Fastify sets for an object it serializes: the answer goes out with the same header. */
const JSON_TYPE = 'application/json; charset=utf-8';

export interface ListRequest {
  list: AdminList;
  q?: string | undefined;
  status?: string | undefined;
  cursor?: string | undefined;
  limit?: string | undefined;
}

/** The cache key of a list request: every parameter that can change the answer. */
export const listKey = (r: ListRequest): string => JSON.stringify([r.list, r.q ?? null, r.status ?? null, r.cursor ?? null, r.limit ?? null]);

/**
 * The versions a list page depends on, as one string: its own list's, and the list its search
 * reaches into (a QT… search reads quotations, an OD… search orders: a new one may match).
 */
export function listVersion(r: ListRequest, versions: ListVersions): string {
  const kind = parseSearch(r.q)?.kind;
  const lists = new Set<AdminList>([r.list]);
  if (kind === 'quotation') lists.add('quotations');
  if (kind === 'order') lists.add('orders');
  return [...lists].map((list) => `${list}:${versions[list]}`).join(' ');
}

export class ListAnswerCache {
  private readonly kept: KeptAnswers<ListAnswer>;

  constructor(limits: ListAnswerLimits = DEFAULT_LIST_ANSWERS) {
    this.kept = new KeptAnswers(limits.maxEntries, limits.maxBytes, (entry) => entry.json);
  }

  /** The page stored for `key` at exactly `version` and still true at `now`; any other is dropped. */
  get(key: string, version: string, now: number): ListAnswer | undefined {
    return this.kept.find(key, (entry) => entry.version === version && now < entry.expiresAt);
  }

  /** Stores the page's JSON (when it fits the bounds) and returns its entry either way, to send it. */
  set(key: string, version: string, json: string, expiresAt: number): ListAnswer {
    return this.kept.keep(key, unstored(json, version, expiresAt));
  }

  /** The entry's bytes in `encoding`, compressed on first use and kept with it (counted in the bound). */
  encode(key: string, entry: ListAnswer, encoding: ApiEncoding): Buffer {
    return this.kept.encode(key, entry, encoding);
  }

  /** False when its bounds keep nothing (LIST_CACHE_MB=0): the routes then answer as without it. */
  get enabled(): boolean {
    return this.kept.enabled;
  }

  get size(): number {
    return this.kept.size;
  }

  get totalBytes(): number {
    return this.kept.totalSize;
  }
}

/** An entry for one answer only (a read that wrote: its page is newer than the versions read before it). */
const unstored = (json: string, version: string, expiresAt: number): ListAnswer => ({ version, expiresAt, json: ownUtf8(json), encoded: {} });

/**
 * The encoding @fastify/compress would choose for this request and an answer of `size` bytes
 * (index.js onSend: no compression under `x-no-compression`, below the threshold, or when the
 * client accepts none of ours; `*` and `x-gzip` count as gzip), or undefined to send it as it is.
 */
export function answerEncoding(request: FastifyRequest, size: number): ApiEncoding | undefined {
  if (request.headers['x-no-compression'] !== undefined || size < COMPRESS_THRESHOLD) return undefined;
  const header = request.headers['accept-encoding'];
  if (header == null) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...API_ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/**
 * Sends a kept JSON answer of `size` bytes compressed as the client accepts, with the plugin's
 * headers: `encode` gives its bytes in the chosen encoding (kept with the answer, so compressed
 * once), `plain` the JSON itself when none is chosen. Used by both answer caches (the admin lists'
 * and the farmer's, http/answer-cache.ts) and by the farmer's stored pages (http/farmer-pages.ts),
 * which read their JSON only when a client takes no brotli.
 */
export async function sendEncodedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  size: number,
  plain: () => Buffer | Promise<Buffer>,
  encode: (encoding: ApiEncoding) => Buffer | Promise<Buffer>,
): Promise<FastifyReply> {
  void reply.type(JSON_TYPE);
  const encoding = answerEncoding(request, size);
  if (encoding === undefined) return reply.send(await plain());
  // As the plugin's setVaryHeader: accept-encoding added to any Vary already set.
  const vary = reply.getHeader('vary');
  const values = vary === undefined ? [] : [vary].flat().map(String);
  if (!values.some((v) => v.includes('accept-encoding'))) void reply.header('vary', [...values, 'accept-encoding'].join(', '));
  return reply.header('content-encoding', encoding).send(await encode(encoding));
}

/** Sends a list page from its entry: compressed as the client accepts, with the plugin's headers. */
export const sendListAnswer = (request: FastifyRequest, reply: FastifyReply, cache: ListAnswerCache, key: string, entry: ListAnswer): Promise<FastifyReply> =>
  sendEncodedAnswer(request, reply, entry.json.length, () => entry.json, (encoding) => cache.encode(key, entry, encoding));

/** What an admin list route builds on a miss: the page, when it stops being true by the clock, and whether reading it wrote. */
export interface BuiltPage {
  page: unknown;
  expiresAt: number;
  /** The read expired quotations (a write that moved the versions): the answer is sent, not kept. */
  wrote?: boolean;
}

/**
 * An admin list page, from the cache or built: the lists' versions were read with the session, in the
 * auth hook's statement (repos/sessions.ts), before anything else; an entry at those versions still
 * true now is sent as it is; otherwise `build` reads the page, the route's own response serializer
 * turns it into JSON (as Fastify would for the object), and it is kept
 * under the versions read before it (decision 025's argument: a write committed before this read
 * either shows in the page or moved the versions past the ones it is kept under).
 */
export async function answerListPage(
  request: FastifyRequest,
  reply: FastifyReply,
  list: ListRequest,
  build: (now: number) => Promise<BuiltPage>,
): Promise<FastifyReply> {
  const { now, listAnswers } = request.server.deps;
  // Off: the page object goes out as any route's does (Fastify serializes it, the plugin compresses it).
  if (!listAnswers.enabled) return reply.send((await build(now())).page);
  const key = listKey(list);
  const user = request.user!;
  const versions: ListVersions = {
    users: Number(user.usersListVersion),
    quotations: Number(user.quotationsListVersion),
    orders: Number(user.ordersListVersion),
  };
  const version = listVersion(list, versions);
  const at = now();
  const hit = listAnswers.get(key, version, at);
  if (hit !== undefined) return sendListAnswer(request, reply, listAnswers, key, hit);
  const built = await build(at);
  const text = reply.serialize(built.page);
  const json = typeof text === 'string' ? text : Buffer.from(text as ArrayBuffer).toString('utf8');
  const entry = built.wrote ? unstored(json, version, built.expiresAt) : listAnswers.set(key, version, json, built.expiresAt);
  return sendListAnswer(request, reply, listAnswers, key, entry);
}
