/**
 * The audit trail (issue 11): every admin write appends one row in its own transaction, naming who
 * wrote, when, the entity and each changed field `{ from, to }`. The clock's expiry is recorded the
 * same way with no author. A write that changes nothing appends nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry } from '../../domain/types';
import { newId } from '../db/ids';
import type { AuditLogTable, Database } from '../db/schema';
import { isoTime } from './iso-time';

type Db = Kysely<Database> | Transaction<Database>;

let sequence = 0;
/** Sorts as written: the time, then a per-process sequence (two writes in one millisecond keep their order), then randomness. */
const auditId = (at: number) => `${String(at).padStart(15, '0')}-${String(sequence++ % 1e6).padStart(6, '0')}-${newId().slice(0, 8)}`;

export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields whose values differ between `before` and `after` (compared as JSON). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const key of Object.keys(after)) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

export async function appendAudit(
  trx: Db,
  entry: { entity: AuditLogTable['entity']; entityId: string; at: number; byUserId: string | null; changes: Changes },
): Promise<void> {
  if (Object.keys(entry.changes).length === 0) return;
  await trx
    .insertInto('auditLog')
    .values({ id: auditId(entry.at), ...entry, changes: JSON.stringify(entry.changes) })
    .execute();
}

/** An entity's history, oldest first, each row with its author's name and number (null for the clock). */
export async function loadHistory(db: Db, entity: AuditLogTable['entity'], entityId: string): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.byUserId')
    .select(['auditLog.id', 'auditLog.at', 'auditLog.changes', 'users.id as userId', 'users.name', 'users.mobileNumber'])
    .where('auditLog.entity', '=', entity)
    .where('auditLog.entityId', '=', entityId)
    .orderBy('auditLog.at')
    .orderBy('auditLog.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    at: isoTime(r.at),
    by: r.userId === null ? null : { _id: r.userId, name: r.name, mobileNumber: r.mobileNumber! },
    changes: JSON.parse(r.changes) as AuditEntry['changes'],
  }));
}
