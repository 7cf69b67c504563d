/**
 * The envelopes every answer goes out in. The entities and bodies themselves are TypeBox schemas in
 * src/domain/schemas, one module per resource (DECISIONS §5 Schemas): response schemas serialise fast
 * and never leak a column.
 */
import { Type, type TSchema } from 'typebox';
import { AuditEntry } from '../../domain/schemas/common';

/**
 * `schema` as an answer goes out by it: fast-json-stringify writes an object's required properties
 * before its optional ones, so an object with an optional field (a SKU's `translations` before its
 * `version`) keeps its fields in their declared order only without a `required` list. An object whose
 * fields are all required keeps its list.
 */
export function inOrder<T extends TSchema>(schema: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) copy[key] = key === 'enum' ? value : walk(value);
    const { properties, required } = copy as { properties?: object; required?: string[] };
    if (properties && required && required.length < Object.keys(properties).length) delete copy.required;
    return copy;
  };
  return walk(schema) as T;
}

/** `{ data: <schema> }`, the envelope of every non-auth answer. */
export const data = <T extends TSchema>(schema: T) => Type.Object({ data: inOrder(schema) });
export const dataList = <T extends TSchema>(schema: T) => data(Type.Array(schema));

/** `GET …/{id}/history`: the audit trail, oldest first. */
export const historySchema = dataList(AuditEntry);
