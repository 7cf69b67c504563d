/**
 * Conditional reads (issue 9, item 4): a strong ETag derived from the database versions that already
 * guard the answer cache (decision 025), so a poll that finds nothing changed is a 304 with no body.
 *
 * The tag is a hash of the reader, the exact url (path and query: a later page or filter is another
 * answer), the versions the answer was built at, and ANSWER_FORMAT. The versions are the ones read
 * with the session on this very request, before the answer is built, so a tag never names an answer
 * older than it (the same argument as the answer cache's). Another user's tag never matches: the
 * reader's id is part of what is hashed.
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
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  return trimmed.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

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

/** The tag of a farmer's own quotation answer at `url`, from the versions read with the session (decision 025). */
export function quotationAnswerTag(
  user: { id: string; quotationsVersion: number | string | bigint; catalogueVersion: number | string | bigint },
  url: string,
): string {
  return strongTag([user.id, url, Number(user.quotationsVersion), Number(user.catalogueVersion)]);
}
