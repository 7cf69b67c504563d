/**
 * The querystring of every paged list and the `{ data, nextCursor, total }` answer, and the
 * optional version of an admin write, from its body or an If-Match header.
 */
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { Nullable, StringEnum } from '../../domain/schemas/common';
import { badRequest } from './errors';
import { inOrder } from './schemas';

/** Page size 1–200 (the querystring arrives as text; the app's Ajv does not coerce). */
const limit = Type.String({ pattern: '^(200|1[0-9]{2}|[1-9][0-9]?)$', description: 'Page size, 1 to 200 (default 50)' });
const cursor = Type.String({ pattern: '^[A-Za-z0-9_-]{1,200}$', description: 'The nextCursor of the previous page' });
const q = Type.String({
  maxLength: 64,
  description: 'A quotation (QT…) or order (OD…) number or its start, a mobile number or its start, or the start of a name',
});

/** `limit` and `cursor` (the farmer's list). */
export const pageQuery = Type.Object(
  { limit: Type.Optional(limit), cursor: Type.Optional(cursor) },
  { additionalProperties: false },
);

/** `limit`, `cursor`, `q` and `status` from `statuses` (the admin lists). */
export const searchQuery = <const T extends readonly string[]>(statuses: T) =>
  Type.Object(
    { ...pageQuery.properties, q: Type.Optional(q), status: Type.Optional(StringEnum(statuses)) },
    { additionalProperties: false },
  );

/** One page of `schema` rows. */
export const pageOf = <T extends TSchema>(schema: T) =>
  Type.Object({ data: Type.Array(inOrder(schema)), nextCursor: Nullable(Type.String()), total: Type.Integer() });

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
