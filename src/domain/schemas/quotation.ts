/** The quotation as the API sends it (the farmer's and the admin's list rows), and the bodies that write one. */
import { Type } from 'typebox';
import { BARGAIN_NOTE_MAX, DECLINE_REASONS } from '../quotation-status';
import {
  CalendarDate,
  Nullable,
  OrderStatusChange,
  OrderStatusSchema,
  Paisa,
  Quantity,
  QuotationStatusSchema,
  StringEnum,
  Text,
  Timestamp,
  Version,
} from './common';
import { SkuRef } from './sku';
import { OrderProblem } from './delivery';

/** One quotation line. Prices are line totals in paisa (DECISIONS §1 Money). */
export const QuotationLine = Type.Object({
  skuIdentifier: SkuRef,
  // 2.5 quintal: a number, not an integer, or the serialiser would cut it to 2.
  quantity: Quantity,
  goodsPricePaisa: Paisa,
  discountPaisa: Paisa,
  shippingPricePaisa: Paisa,
});

const AT = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{8,12}Z$';

export const DeclineReasonSchema = StringEnum(DECLINE_REASONS);

/** The farmer's ask for a better price, while it waits for the admin's answer: the total they would pay (optional) and a note. */
export const CounterOffer = Type.Object({
  totalPaisa: Nullable(Paisa),
  note: Nullable(Type.String({ maxLength: BARGAIN_NOTE_MAX })),
  at: Type.String({ pattern: AT }),
});

export const Quotation = Type.Object({
  _id: Type.String({ maxLength: 64 }),
  quotationDisplayId: Type.String({ maxLength: 64 }),
  status: QuotationStatusSchema,
  /** The first item's SKU image. */
  image: Type.String({ maxLength: 300 }),
  skusDetail: Type.Array(QuotationLine),
  /** Mirrors the order placed from this quotation; null before an order exists. */
  orderStatus: Nullable(OrderStatusSchema),
  deliveryOtp: Nullable(Type.String({ maxLength: 8 })),
  amountPaidPaisa: Paisa,
  /** The order placed from this quotation (OD…), null before one exists. */
  orderDisplayId: Nullable(Type.String({ pattern: '^OD[0-9]{1,12}$' })),
  /** How the order was delivered: with the farmer's code, or set by the provider; null before. Absent in a list saved by an older app. */
  deliveredWith: Type.Optional(Nullable(StringEnum(['code', 'admin'] as const))),
  /** The order's expected delivery date (`YYYY-MM-DD`) an admin set; null otherwise. Absent in a list saved by an older app. */
  expectedDeliveryDate: Type.Optional(CalendarDate),
  /** The order's last problem the farmer reported, for the tracker (open, or closed with the admin's note); null when none. Absent in a list saved by an older app. */
  problem: Type.Optional(Nullable(OrderProblem)),
  /** The order's status moves for the farmer's tracker, oldest first (no author; empty before an order exists). Absent in a list saved by an older app. */
  statusHistory: Type.Optional(Type.Array(OrderStatusChange)),
  /** When the order's amount paid came to cover its total (the Payment Status step's date); null while not. Absent in a list saved by an older app. */
  paidAt: Type.Optional(Nullable(Timestamp)),
  /** A priced (COMPLETED or EXPIRED) quotation's end of validity; null otherwise. */
  validUntil: Nullable(Type.String({ pattern: AT })),
  /** When an admin last priced it (COMPLETED), null if never: a closed quotation shows a total only then. Absent in a list saved by an older app. */
  pricedAt: Type.Optional(Nullable(Type.String({ pattern: AT }))),
  /** The pricing's number: 0 before the first, 1 at the first, one more for each pricing that answers a counter. Absent in a list saved by an older app. */
  revision: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The total of the revision before this one, shown struck through beside the new; null before a counter was answered. */
  previousTotalPaisa: Type.Optional(Nullable(Paisa)),
  /** The farmer's counter-offer waiting for an answer; null when none waits. */
  counterOffer: Type.Optional(Nullable(CounterOffer)),
  /** Why the farmer declined it; null unless DECLINED by the farmer. */
  decline: Type.Optional(Nullable(Type.Object({ reason: DeclineReasonSchema, note: Nullable(Type.String({ maxLength: BARGAIN_NOTE_MAX })) }))),
  version: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/**
 * A row of the admin's quotation list (GET /quotations/all): the quotation with its farmer's name,
 * without the delivery code (the farmer's to give at the handover) and what only the farmer's screens read (the order tracker's status moves and payment date, the
 * expected delivery date, the pricing time and end of validity: the admin sees the status, which
 * expiry keeps exact, and an order's facts on the orders list). Keeps a page of 50 under 60 KB of JSON.
 */
const {
  deliveryOtp: _code,
  statusHistory: _moves,
  paidAt: _paid,
  expectedDeliveryDate: _delivery,
  problem: _problem,
  pricedAt: _priced,
  validUntil: _valid,
  ...adminQuotationFields
} = Quotation.properties;
/** A quotation as an admin's write or read of another's answers it: all but the delivery code. */
const { deliveryOtp: _adminCode, ...adminReadFields } = Quotation.properties;
export const AdminQuotationAnswer = Type.Object(adminReadFields);

export const AdminQuotation = Type.Object({
  ...adminQuotationFields,
  /** The name of the farmer who asked for it. */
  farmerName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
});

/** POST /quotations/{id}/decline: why; `other` needs a note (checked by the route: 400). */
export const DeclineBody = Type.Object(
  { reason: DeclineReasonSchema, note: Type.Optional(Text(BARGAIN_NOTE_MAX)) },
  { additionalProperties: false },
);

/** POST /quotations/{id}/counter: the total the farmer would pay (below the quoted one) and a note, both optional. */
export const CounterBody = Type.Object(
  { totalPaisa: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e13 })), note: Type.Optional(Text(BARGAIN_NOTE_MAX)) },
  { additionalProperties: false },
);

/** A line as a body asks for it: its SKU by id, and the quantity. */
const askedLine = { skuIdentifier: Type.String({ minLength: 1, maxLength: 64 }), quantity: Quantity };

/** POST /quotations: the cart. */
export const CreateQuotationBody = Type.Object(
  {
    skusDetail: Type.Array(Type.Object(askedLine, { additionalProperties: false }), { minItems: 1, maxItems: 100 }),
  },
  { additionalProperties: false },
);

const optional = <K extends keyof typeof Quotation.properties>(key: K) => Type.Optional(Quotation.properties[key]);

/**
 * `PATCH /quotations/{id}`: the full quotation with each skuIdentifier replaced by its id. Only the
 * status, the lines and the version are read; the rest of what an admin's screen read is accepted
 * and ignored, up to `statusHistoryLimit` + 1 order status moves (the server keeps that many).
 */
export const quotationPatchBody = (statusHistoryLimit: number) =>
  Type.Object(
    {
      status: QuotationStatusSchema,
      /** Optional: when present (here or as If-Match) it must be the stored version, or 409. */
      version: Type.Optional(Version),
      skusDetail: Type.Array(
        Type.Object(
          {
            ...askedLine,
            goodsPricePaisa: Paisa,
            discountPaisa: Paisa,
            shippingPricePaisa: Paisa,
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 100 },
      ),
      _id: optional('_id'),
      quotationDisplayId: optional('quotationDisplayId'),
      image: optional('image'),
      orderStatus: Type.Optional(Type.Union([OrderStatusSchema, Type.Null()])),
      deliveryOtp: optional('deliveryOtp'),
      amountPaidPaisa: optional('amountPaidPaisa'),
      orderDisplayId: optional('orderDisplayId'),
      validUntil: optional('validUntil'),
      pricedAt: optional('pricedAt'),
      revision: optional('revision'),
      previousTotalPaisa: optional('previousTotalPaisa'),
      counterOffer: optional('counterOffer'),
      decline: optional('decline'),
      // The admin list's row names its farmer (GET /quotations/all).
      farmerName: AdminQuotation.properties.farmerName,
      expectedDeliveryDate: optional('expectedDeliveryDate'),
      deliveredWith: optional('deliveredWith'),
      statusHistory: Type.Optional(Type.Array(OrderStatusChange, { maxItems: statusHistoryLimit + 1 })),
      paidAt: optional('paidAt'),
      problem: optional('problem'),
      createdAt: optional('createdAt'),
      updatedAt: optional('updatedAt'),
    },
    { additionalProperties: false },
  );
