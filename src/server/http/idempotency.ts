/**
 * The `Idempotency-Key` header of the farmer's writes that the phone may send again (request a
 * quotation, delete one, place an order): a UUID the phone made when the farmer tapped. With it the
 * write is done once (repos/idempotency.ts): the same key and body again get the first answer,
 * status and body alike, and change nothing; the same key with another body is 422
 * IDEMPOTENCY_MISMATCH; a try whose twin is still being written is 409 IN_PROGRESS. Without it the
 * write behaves as it always did.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findKey, KeyTaken, type KeptAnswer, type Once, type StoredKey } from '../repos/idempotency';
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';
import { HttpError } from './errors';

const UUID = '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';

/** The header as the routes declare it (and the API description documents it). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      pattern: UUID,
      description:
        'A UUID made on the phone when the farmer tapped, sent with every try of this write. The same key and body again get the first answer and change nothing (kept a day); the same key with another body is 422 IDEMPOTENCY_MISMATCH; while its first try is being written, 409 IN_PROGRESS.',
    }),
  ),
});

/** The answer header that marks a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** JSON with its object keys sorted, so the same body hashes the same however the phone ordered it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const hashOf = (asked: unknown) => createHash('sha256').update(canonical(asked)).digest('hex');

/** A stored key's answer for this try: the first answer again, or 422/409. */
function replay(stored: StoredKey, route: string, bodyHash: string, reply: FastifyReply) {
  if (stored.route !== route || stored.bodyHash !== bodyHash) {
    throw new HttpError(422, 'IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was used for another request; make a new key for a new request');
  }
  if (!stored.answer) throw new HttpError(409, 'IN_PROGRESS', 'This request is still being done; ask again in a moment');
  return reply.header(REPLAYED_HEADER, 'true').code(stored.answer.status).send(stored.answer.body);
}

/**
 * Runs a farmer's write once per key. `route` names the route (its method and path template);
 * `asked` is what identifies the request besides it (its params and body). `write` does the write,
 * handing `once` (present only with a key) to the repo function, and answers as it always did.
 */
export async function writeOnce<Id>(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    route: string;
    asked: unknown;
    now: number;
    answer: Once<Id>['answer'];
    write: (once: Once<Id> | undefined) => Promise<KeptAnswer>;
  },
) {
  const key = request.headers['idempotency-key'];
  if (key === undefined) {
    const answer = await options.write(undefined);
    return reply.code(answer.status).send(answer.body);
  }
  if (typeof key !== 'string' || !new RegExp(UUID).test(key)) throw new HttpError(400, 'BAD_REQUEST', 'Idempotency-Key must be a UUID');
  const userId = request.user!.id;
  const normalKey = key.toLowerCase();
  const bodyHash = hashOf(options.asked);
  const earlier = await findKey(db, userId, normalKey, options.now);
  if (earlier) return replay(earlier, options.route, bodyHash, reply);
  const once: Once<Id> = { claim: { userId, key: normalKey, route: options.route, bodyHash, now: options.now }, answer: options.answer };
  try {
    const answer = await options.write(once);
    // The answer stored with the key is the one sent, so a replay is the same to the byte.
    const sent = once.kept ?? answer;
    return reply.code(sent.status).send(sent.body);
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const twin = await findKey(db, userId, normalKey, options.now);
    if (!twin) throw new HttpError(409, 'IN_PROGRESS', 'This request is still being done; ask again in a moment');
    return replay(twin, options.route, bodyHash, reply);
  }
}
