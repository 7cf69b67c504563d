/**
 * Conditional reads: a strong ETag made from the farmer's quotations version, so that a poll every
 * 5 s that finds nothing changed is a 304 with no body, on 3G and prepaid data the cheapest answer.
 *
 * The tag is a hash of the reader, the exact url (path and query: a later page is another answer),
 * the version the answer was read at, and ANSWER_FORMAT. The version is the one read with the session
 * on this very request, before the answer is read, and every write that changes the answer bumps it
 * in its own transaction: a tag never names an answer older than the rows it was read from. Another
 * user's tag never matches: the reader's id is part of what is hashed.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Bump when the JSON shape of a tagged answer changes without any database version moving (a deploy). */
export const ANSWER_FORMAT = 3;

/** `cache-control` of a tagged answer: the browser may keep it but must ask every time; shared caches never keep it. */
export const REVALIDATE = 'private, no-cache';

/** A strong entity tag over these parts (quoted, as it goes in the header). */
export function strongTag(parts: readonly (string | number)[]): string {
  const hash = createHash('sha256').update(JSON.stringify([ANSWER_FORMAT, ...parts])).digest('base64url');
  return `"${hash.slice(0, 27)}"`;
}

/**
 * Whether `If-None-Match` names `tag` (RFC 9110 §13.1.2: a list of tags or `*`, compared weakly, so
 * a `W/` prefix a proxy may have added still matches).
 */
export function noneMatchHits(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return listedTags(header).includes(tag);
}

/** The tags an `If-None-Match` list names, each as its strong form (a `W/` prefix dropped). */
const listedTags = (header: string): string[] => header.split(',').map((candidate) => candidate.trim().replace(/^W\//, ''));

/**
 * Sets the tag and `private, no-cache` on the reply; when the request already holds this tag, sends
 * 304 with no body and returns true (the route then returns the reply without building the answer).
 */
export function answerIfUnchanged(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  void reply.header('etag', tag).header('cache-control', REVALIDATE);
  if (!noneMatchHits(request.headers['if-none-match'], tag)) return false;
  void reply.code(304).send();
  return true;
}

/** What a farmer's quotation answer is built with besides the database: `validUntil` follows the validity days. */
export interface TagRules {
  validityDays: number;
}

/**
 * The tag of a farmer's own quotation answer at `url`: the version read with the session, the
 * validity days the answer's `validUntil` follows (a configuration, changed by a restart),
 * and `expiresAt`, the moment the answer stops being true by the clock alone (the first validity end
 * it shows; Infinity when none). The tag also carries that moment in the clear, after the hash (base
 * 36 epoch ms; empty for Infinity), so that a poll can be answered from the tag it holds alone
 * (`heldQuotationTag`) on an instance that does not keep the answer.
 */
export function quotationAnswerTag(
  user: { id: string; quotationsVersion: number | string | bigint },
  url: string,
  rules: TagRules,
  expiresAt = Infinity,
): string {
  const end = Number.isFinite(expiresAt) ? expiresAt.toString(36) : '';
  const hashed = strongTag([user.id, url, Number(user.quotationsVersion), rules.validityDays, end]);
  return `${hashed.slice(0, -1)}.${end}"`;
}

/** A quotation answer's tag as `quotationAnswerTag` writes it, its end of truth captured. */
const QUOTATION_TAG = /^"[\w-]{27}\.([0-9a-z]{0,11})"$/;

/** At most this many tags of an `If-None-Match` list are checked (a hash each); a browser sends one. */
const HELD_TAGS_CHECKED = 4;

/**
 * The tag in the request's `If-None-Match` that this farmer's answer at its url carries now, when the
 * client holds one: made for this version (read with the session on this request) and these rules,
 * and not yet at the end of truth it names. Then nothing the answer shows has changed, and the route
 * answers 304 without reading the page, though this instance never built it (a restart, another
 * instance). The tag is a hash, not a secret: a client that
 * forges one with another end can only keep its own answer from refreshing until a write.
 */
export function heldQuotationTag(
  request: FastifyRequest,
  user: Parameters<typeof quotationAnswerTag>[0],
  rules: TagRules,
  now: number,
): string | undefined {
  const header = request.headers['if-none-match'];
  if (!header) return undefined;
  for (const tag of listedTags(header).slice(0, HELD_TAGS_CHECKED)) {
    const end = QUOTATION_TAG.exec(tag)?.[1];
    if (end === undefined) continue;
    const expiresAt = end === '' ? Infinity : parseInt(end, 36);
    if (now < expiresAt && quotationAnswerTag(user, request.url, rules, expiresAt) === tag) return tag;
  }
  return undefined;
}
