/**
 * The querystring of every paged list and the `{ data, nextCursor, total }` answer, and the
 * optional version of an admin write, from its body or an If-Match header.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** Page size 1–200 (the querystring arrives as text; the app's Ajv does not coerce). */
const limit = { type: 'string', pattern: '^(200|1[0-9]{2}|[1-9][0-9]?)$', description: 'Page size, 1 to 200 (default 50)' } as const;
const cursor = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$', description: 'The nextCursor of the previous page' } as const;
const q = {
  type: 'string',
  maxLength: 64,
  description: 'A quotation (QT…) or order (OD…) number or its start, a mobile number or its start, or the start of a name',
} as const;

export interface ListQuerystring {
  limit?: string;
  cursor?: string;
  q?: string;
  status?: string;
}

/** `limit` and `cursor` (the farmer's list). */
export const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit, cursor },
} as const;

/** `limit`, `cursor`, `q` and `status` from `statuses` (the admin lists). */
export const searchQuery = (statuses: readonly string[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: { limit, cursor, q, status: { type: 'string', enum: [...statuses] } },
  }) as const;

/** One page of `schema` rows. */
export const pageOf = (schema: object) => ({
  type: 'object',
  required: ['data', 'nextCursor', 'total'],
  properties: {
    data: { type: 'array', items: schema },
    nextCursor: { type: ['string', 'null'] },
    total: { type: 'integer' },
  },
});

/**
 * The version an admin write expects, from the body or If-Match (`"3"`, `W/"3"` or `3`); undefined
 * when neither is given. Both given and different is a bad request.
 */
export function expectedVersion(request: FastifyRequest, bodyVersion: number | undefined): number | undefined {
  const header = request.headers['if-match'];
  let fromHeader: number | undefined;
  if (typeof header === 'string' && header.trim() !== '') {
    const match = /^(?:W\/)?"?([1-9]\d{0,9})"?$/.exec(header.trim());
    if (!match) throw badRequest('If-Match must be the version number, like "3"');
    fromHeader = Number(match[1]);
  }
  if (bodyVersion !== undefined && fromHeader !== undefined && bodyVersion !== fromHeader) {
    throw badRequest('The body version and If-Match differ');
  }
  return bodyVersion ?? fromHeader;
}
