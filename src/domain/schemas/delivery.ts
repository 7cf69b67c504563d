/** Where and when an order is delivered, and the farmer's problems with a delivery: the wire schemas. */
import { Type } from 'typebox';
import { ADDRESS_LINE_MAX, ADDRESS_PART_MAX, PIN_CODE_PATTERN, PROBLEM_KINDS, PROBLEM_NOTE_MAX } from '../delivery';
import { Nullable, StringEnum, Text, Timestamp, UploadUrl } from './common';

/** Where to deliver: the address line (the farm address by default) and its optional parts; a PIN code is six digits. */
export const DeliveryAddress = Type.Object(
  {
    line: Text(ADDRESS_LINE_MAX),
    village: Type.Optional(Text(ADDRESS_PART_MAX)),
    taluka: Type.Optional(Text(ADDRESS_PART_MAX)),
    district: Type.Optional(Text(ADDRESS_PART_MAX)),
    pinCode: Type.Optional(Type.String({ pattern: PIN_CODE_PATTERN })),
    landmark: Type.Optional(Text(ADDRESS_PART_MAX)),
  },
  { additionalProperties: false },
);

/** The delivery's pin on the map. */
export const DeliveryLocation = Type.Object(
  { lat: Type.Number({ minimum: -90, maximum: 90 }), long: Type.Number({ minimum: -180, maximum: 180 }) },
  { additionalProperties: false },
);

/** A calendar date `YYYY-MM-DD` (ajv-formats `date`). */
const Day = Type.String({ format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

/**
 * POST /orders/{quotationId}: where and when, all optional (SPEC §7 sends no body). Without a place the
 * profile's farm address and pin are used; the preferred date is from tomorrow to 30 days ahead in India
 * (else 400 DATE_OUT_OF_RANGE).
 */
export const PlaceOrderBody = Type.Object(
  { deliveryAddress: Type.Optional(DeliveryAddress), deliveryLocation: Type.Optional(DeliveryLocation), preferredDate: Type.Optional(Day) },
  { additionalProperties: false },
);

export const ProblemKindSchema = StringEnum(PROBLEM_KINDS);

/** The farmer's problem with a delivered order, and how the admin closed it. */
export const OrderProblem = Type.Object({
  _id: Type.String(),
  kind: ProblemKindSchema,
  note: Nullable(Type.String({ maxLength: PROBLEM_NOTE_MAX })),
  /** The photo (an upload of kind `problem`: the farmer and admins only), or null. */
  photo: Nullable(Type.String({ maxLength: 200 })),
  status: StringEnum(['open', 'closed'] as const),
  adminNote: Nullable(Type.String({ maxLength: PROBLEM_NOTE_MAX })),
  createdAt: Timestamp,
  closedAt: Nullable(Timestamp),
});

/** POST /orders/{id}/problem: what went wrong, a note and the photo's url, both optional. */
export const ProblemBody = Type.Object(
  { kind: ProblemKindSchema, note: Type.Optional(Text(PROBLEM_NOTE_MAX)), photo: Type.Optional(UploadUrl) },
  { additionalProperties: false },
);

/** POST /orders/{id}/problem/close: the admin's note on what was done. */
export const CloseProblemBody = Type.Object({ note: Text(PROBLEM_NOTE_MAX) }, { additionalProperties: false });
