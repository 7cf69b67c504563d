/** The order as the API sends it (and the admin's list row), and the admin's update body. */
import { Type } from 'typebox';
import { CalendarDate, Nullable, OrderStatusSchema, Paisa, StringEnum, Version } from './common';
import { DeliveryAddress, DeliveryLocation, OrderProblem } from './delivery';

/** How an order was delivered: with the farmer's code ("code") or set by the admin without it ("admin"); null before. */
export const DeliveredWith = Nullable(StringEnum(['code', 'admin'] as const));
import { Quotation } from './quotation';


export const Order = Type.Object({
  _id: Type.String(),
  orderDisplayId: Type.String(),
  status: OrderStatusSchema,
  amountPaidPaisa: Paisa,
  /** The farmer's delivery code: in the farmer's own answer (POST /orders/{quotationId}) only, never an admin's. */
  deliveryOtp: Type.Optional(Type.String()),
  /** `YYYY-MM-DD`, set by an admin; null until then. */
  expectedDeliveryDate: CalendarDate,
  deliveredWith: DeliveredWith,
  /** Five wrong delivery codes lock the code until the admin moves the order without one. */
  deliveryCodeLocked: Type.Boolean(),
  /** Where to deliver (the farm address unless the farmer gave another); null on orders placed before it was asked. */
  deliveryAddress: Nullable(DeliveryAddress),
  deliveryLocation: Nullable(DeliveryLocation),
  /** The farmer's preferred delivery date `YYYY-MM-DD`; null when none was picked. */
  preferredDate: CalendarDate,
  /** The order's last problem reported by the farmer (open, or closed with the admin's note); null when none. */
  problem: Nullable(OrderProblem),
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
 * The order as an admin reads it (the answer of PATCH /orders/update/{id}): without the delivery code,
 * which is the farmer's to give at the handover (SPEC §3's admin Order carries none).
 */
const { deliveryOtp: _code, ...adminFields } = Order.properties;
export const AdminOrderAnswer = Type.Object(adminFields);

/**
 * A row of the admin's order list (GET /orders): the admin's order without `updatedAt`, which no admin screen
 * reads (the sheet reads the version; the history lists every change). Keeps a page of 50 under 60 KB of JSON.
 */
const { updatedAt: _updated, ...adminOrderFields } = adminFields;
export const AdminOrder = Type.Object(adminOrderFields);

export const OrderUpdateBody = Type.Object(
  {
    status: OrderStatusSchema,
    amountPaidPaisa: Paisa,
    /** `YYYY-MM-DD`, not before India's today unless unchanged (else 400 DATE_IN_PAST); null clears it; absent leaves it. */
    expectedDeliveryDate: Type.Optional(CalendarDate),
    /** Optional (SPEC §7 sends none): when present it must be the stored version, or 409. */
    version: Type.Optional(Version),
    /**
     * The farmer's delivery code, with status DELIVERED only: right, the delivery is recorded as confirmed
     * by code; wrong, 400 DELIVERY_CODE_INVALID and nothing changes; after five wrong, 409 DELIVERY_CODE_LOCKED
     * until the order is moved without one. Without it a DELIVERED is recorded as set by the admin.
     */
    deliveryOtp: Type.Optional(Type.String({ pattern: '^[0-9]{4}$' })),
  },
  { additionalProperties: false },
);
