/**
 * JSON schemas shared by the routes: the entities of src/domain/types.ts as they go out (response
 * schemas serialise fast and never leak a column), and the pieces bodies are built from.
 */
import { MOBILE_PATTERN } from '../../domain/constants';
import { QUANTITY_MAX } from '../../domain/quantity';
import { GENDERS, LANGUAGES, ORDER_STATUSES, QUOTATION_STATUSES } from '../../domain/types';
import { STATUS_HISTORY_LIMIT } from '../repos/audit';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const nullable = (type: string) => ({ type: [type, 'null'] });

export const mobileNumber = { type: 'string', pattern: MOBILE_PATTERN } as const;
export const idParam = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
} as const;
/** A url this server handed out from POST /api/uploads. */
export const uploadUrl = { type: 'string', maxLength: 200, pattern: '^/api/uploads/[A-Za-z0-9_-]{8,80}$' } as const;
export const paisa = { type: 'integer', minimum: 0, maximum: 1e13 } as const;
/** A number above 0; whether it may carry a decimal is its SKU's unit rule, checked by the handler. */
export const quantity = { type: 'number', exclusiveMinimum: 0, maximum: QUANTITY_MAX } as const;
export const languageEnum = { type: 'string', enum: [...LANGUAGES] } as const;
export const genderEnum = { type: 'string', enum: [...GENDERS] } as const;
export const quotationStatusEnum = { type: 'string', enum: [...QUOTATION_STATUSES] } as const;
export const orderStatusEnum = { type: 'string', enum: [...ORDER_STATUSES] } as const;
/** An order's expected delivery date: a real calendar date `YYYY-MM-DD` (ajv-formats `date`), or null to clear it. */
export const calendarDate = {
  type: ['string', 'null'],
  format: 'date',
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
} as const;
/** The order fields a quotation answer mirrors, as an admin's full quotation sends them back (accepted, ignored). */
export const orderMirrorInput = {
  expectedDeliveryDate: calendarDate,
  statusHistory: {
    type: 'array',
    maxItems: STATUS_HISTORY_LIMIT + 1,
    items: {
      type: 'object',
      required: ['status', 'at'],
      additionalProperties: false,
      properties: { status: orderStatusEnum, at: { type: 'string', maxLength: 40 } },
    },
  },
  paidAt: { type: ['string', 'null'], maxLength: 40 },
} as const;
export const geocoordinate = {
  type: ['object', 'null'],
  required: ['lat', 'long', 'accuracy'],
  additionalProperties: false,
  properties: {
    lat: { type: 'number', minimum: -90, maximum: 90 },
    long: { type: 'number', minimum: -180, maximum: 180 },
    accuracy: { type: 'number', minimum: 0, maximum: 1e7 },
  },
} as const;

export const userSchema = {
  type: 'object',
  properties: {
    _id: str,
    mobileNumber: str,
    name: nullable('string'),
    preferredLanguage: nullable('string'),
    profilePhoto: nullable('string'),
    aadhaar: nullable('string'),
    gender: nullable('string'),
    age: nullable('integer'),
    farmAddress: nullable('string'),
    geocoordinate: {
      type: ['object', 'null'],
      properties: { lat: { type: 'number' }, long: { type: 'number' }, accuracy: { type: 'number' } },
    },
    isLoggedIn: bool,
    profileUpdated: bool,
    isVerified: bool,
    isAdmin: bool,
    /** When the sign-up form was last sent (ISO 8601), or null before. */
    profileSubmittedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

const texts = { type: 'object', properties: { name: str, description: str, categoryName: str, brandName: str } } as const;
const names = { type: 'object', properties: { name: str } } as const;
/** `translations: { hindi: {…}, gujrati: {…} }` as it goes out, each field optional. */
export const skuTranslationsSchema = { type: 'object', properties: { hindi: texts, gujrati: texts } } as const;

export const skuSchema = {
  type: 'object',
  properties: {
    _id: str,
    skuDisplayId: str,
    name: str,
    description: str,
    categoryName: str,
    brandName: str,
    image: str,
    availableQty: int,
    minimumPrice: int,
    skuQuantityUnit: str,
    translations: skuTranslationsSchema,
    version: int,
  },
} as const;

export const lineSchema = {
  type: 'object',
  properties: {
    skuIdentifier: {
      type: 'object',
      properties: {
        _id: str,
        name: str,
        image: str,
        skuQuantityUnit: str,
        minimumPrice: int,
        translations: { type: 'object', properties: { hindi: names, gujrati: names } },
      },
    },
    // 2.5 quintal: a number, not an integer, or the serializer would cut it to 2.
    quantity: { type: 'number' },
    goodsPricePaisa: int,
    discountPaisa: int,
    shippingPricePaisa: int,
  },
} as const;

export const quotationSchema = {
  type: 'object',
  properties: {
    _id: str,
    quotationDisplayId: str,
    status: str,
    image: str,
    skusDetail: { type: 'array', items: lineSchema },
    orderStatus: nullable('string'),
    deliveryOtp: nullable('string'),
    amountPaidPaisa: int,
    orderDisplayId: nullable('string'),
    expectedDeliveryDate: nullable('string'),
    /** The order's status moves for the farmer's tracker, oldest first (no author). */
    statusHistory: { type: 'array', items: { type: 'object', properties: { status: str, at: str } } },
    /** When the amount paid came to cover the total (the Payment Status step's date), null while not. */
    paidAt: nullable('string'),
    validUntil: nullable('string'),
    /** When an admin last priced it (COMPLETED), null if never: a closed quotation shows a total only then. */
    pricedAt: nullable('string'),
    version: int,
    createdAt: str,
    updatedAt: str,
  },
} as const;

/**
 * A row of the admin's quotation list (GET /quotations/all): the quotation with its farmer's name,
 * without what only the farmer's screens read (the order tracker's status moves and payment date, the
 * expected delivery date, the pricing time and end of validity: the admin sees the status, which
 * expiry keeps exact, and an order's facts on the orders list). Keeps a page of 50 under 60 KB of JSON.
 */
const {
  statusHistory: _moves,
  paidAt: _paid,
  expectedDeliveryDate: _delivery,
  pricedAt: _priced,
  validUntil: _valid,
  ...adminQuotationFields
} = quotationSchema.properties;
export const adminQuotationSchema = {
  type: 'object',
  properties: { ...adminQuotationFields, farmerName: nullable('string') },
} as const;

/** `GET …/{id}/history`: the audit trail, oldest first. */
export const historySchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          at: str,
          by: { type: ['object', 'null'], properties: { _id: str, name: nullable('string'), mobileNumber: str } },
          changes: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              properties: { from: {}, to: {} },
            },
          },
        },
      },
    },
  },
} as const;

export const orderSchema = {
  type: 'object',
  properties: {
    _id: str,
    orderDisplayId: str,
    status: str,
    amountPaidPaisa: int,
    deliveryOtp: str,
    expectedDeliveryDate: nullable('string'),
    userDetails: { type: 'object', properties: { name: nullable('string'), mobileNumber: str } },
    quotationDetail: {
      type: 'object',
      properties: { _id: str, quotationDisplayId: str, skusDetail: { type: 'array', items: lineSchema } },
    },
    version: int,
    createdAt: str,
    updatedAt: str,
  },
} as const;

/**
 * A row of the admin's order list (GET /orders): the order without `updatedAt`, which no admin screen
 * reads (the sheet reads the version; the history lists every change). Keeps a page of 50 under 60 KB of JSON.
 */
const { updatedAt: _updated, ...adminOrderFields } = orderSchema.properties;
export const adminOrderSchema = { type: 'object', properties: adminOrderFields } as const;

/** `{ data: <schema> }`, the envelope of every non-auth answer. */
export const data = (schema: object) => ({
  type: 'object',
  required: ['data'],
  properties: { data: schema },
});
export const dataList = (schema: object) => data({ type: 'array', items: schema });
