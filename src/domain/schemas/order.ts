/** The order as the API sends it (and the admin's list row), and the admin's update body. */
import { Type } from 'typebox';
import { CalendarDate, Nullable, OrderStatusSchema, Paisa, Version } from './common';
import { Quotation } from './quotation';

export const Order = Type.Object({
  _id: Type.String(),
  orderDisplayId: Type.String(),
  status: OrderStatusSchema,
  amountPaidPaisa: Paisa,
  deliveryOtp: Type.String(),
  /** `YYYY-MM-DD`, set by an admin; null until then. */
  expectedDeliveryDate: CalendarDate,
  userDetails: Type.Object({ name: Nullable(Type.String()), mobileNumber: Type.String() }),
  quotationDetail: Type.Object({
    _id: Quotation.properties._id,
    quotationDisplayId: Quotation.properties.quotationDisplayId,
    skusDetail: Quotation.properties.skusDetail,
  }),
  version: Type.Integer(),
  createdAt: Type.String(),
  /** Absent in the admin's list (GET /orders), which no screen reads it from; the order's history has every change. */
  updatedAt: Type.Optional(Type.String()),
});

/**
 * A row of the admin's order list (GET /orders): the order without `updatedAt`, which no admin screen
 * reads (the sheet reads the version; the history lists every change). Keeps a page of 50 under 60 KB of JSON.
 */
const { updatedAt: _updated, ...adminOrderFields } = Order.properties;
export const AdminOrder = Type.Object(adminOrderFields);

export const OrderUpdateBody = Type.Object(
  {
    status: OrderStatusSchema,
    amountPaidPaisa: Paisa,
    /** `YYYY-MM-DD`, not before India's today unless unchanged (else 400 DATE_IN_PAST); null clears it; absent leaves it. */
    expectedDeliveryDate: Type.Optional(CalendarDate),
    /** Optional (SPEC §7 sends none): when present it must be the stored version, or 409. */
    version: Type.Optional(Version),
  },
  { additionalProperties: false },
);
