/**
 * The pieces every resource's schemas are built from (DECISIONS §5 Schemas): TypeBox values the
 * server validates and serialises with, whose `Static<>` types the app, the charts and the server
 * share. The phone imports these modules only as types, so no TypeBox code reaches its bundle.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { MOBILE_PATTERN } from '../constants';
import { QUANTITY_MAX } from '../quantity';
import { GENDERS, LANGUAGES, ORDER_STATUSES, QUOTATION_STATUSES } from '../types';

/** One of `values`, as `{ type: 'string', enum }`, typed as their union. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: object = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/**
 * `schema` or null, as `type: [its type, 'null']` (and null among an enum's values): the answer
 * serialiser takes its fast path for a list of types, where an anyOf would try each branch in turn.
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const { type, enum: values, ...rest } = schema as T & { type: string; enum?: unknown[] };
  return Type.Unsafe<Static<T> | null>({ type: [type, 'null'], ...rest, ...(values ? { enum: [...values, null] } : {}) });
};

export const LanguageSchema = StringEnum(LANGUAGES);
export const GenderSchema = StringEnum(GENDERS);
export const QuotationStatusSchema = StringEnum(QUOTATION_STATUSES);
export const OrderStatusSchema = StringEnum(ORDER_STATUSES);

export const MobileNumber = Type.String({ pattern: MOBILE_PATTERN });
/** A text a person types: 1 to `max` characters, not only spaces. */
export const Text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });
/** An entity id in a path: its `_id` or its display id. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const IdParam = Type.Object({ id: Id }, { additionalProperties: false });
/** A url this server handed out from POST /api/uploads. */
export const UploadUrl = Type.String({ maxLength: 200, pattern: '^/api/uploads/[A-Za-z0-9_-]{8,80}$' });
export const Paisa = Type.Integer({ minimum: 0, maximum: 1e13 });
/** A number above 0; whether it may carry a decimal is its SKU's unit rule, checked by the handler. */
export const Quantity = Type.Number({ exclusiveMinimum: 0, maximum: QUANTITY_MAX });
/** The optimistic-concurrency version an admin write may carry (DECISIONS §5 Versions). */
export const Version = Type.Integer({ minimum: 1 });
/** An ISO 8601 time as the server writes it. */
export const Timestamp = Type.String({ maxLength: 40 });
/** An order's expected delivery date: a real calendar date `YYYY-MM-DD` (ajv-formats `date`), or null to clear it. */
export const CalendarDate = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  format: 'date',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
});

export const Geocoordinate = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    long: Type.Number({ minimum: -180, maximum: 180 }),
    accuracy: Type.Number({ minimum: 0, maximum: 1e7 }),
  },
  { additionalProperties: false },
);

/** One move of an order's status, oldest first; the first is the order's creation (CONFIRMATION_PENDING). */
export const OrderStatusChange = Type.Object({ status: OrderStatusSchema, at: Timestamp }, { additionalProperties: false });

/** One row of an entity's audit trail: who changed which fields, and when (`by` is null for the clock's expiry). */
export const AuditEntry = Type.Object({
  at: Type.String(),
  by: Nullable(Type.Object({ _id: Type.String(), name: Nullable(Type.String()), mobileNumber: Type.String() })),
  changes: Type.Unsafe<Record<string, { from: unknown; to: unknown }>>({
    type: 'object',
    additionalProperties: { type: 'object', properties: { from: {}, to: {} } },
  }),
});
