/** The answers of GET /api/config and POST /api/uploads. */
import { Type } from 'typebox';
import { Nullable } from './common';

/** `GET /api/config` (public): contact details and the optional UPI payee. */
export const AppConfig = Type.Object({
  contactPhone: Type.String(),
  chatUrl: Type.String(),
  upiPayeeId: Nullable(Type.String()),
  upiPayeeName: Nullable(Type.String()),
  /** A pending quotation is usually answered within this many hours (QUOTATION_REPLY_HOURS). */
  quotationReplyHours: Type.Integer({ minimum: 1 }),
  /** Who hears a farmer's grievance about their data (DPDP Act 2023), for the Aadhaar notice. */
  grievanceContact: Type.String(),
  /** Days the Aadhaar image is kept after verification (0: erased at verification), for the notice. */
  aadhaarRetentionDays: Type.Integer({ minimum: 0 }),
});

export const UploadResponse = Type.Object({ url: Type.String() });
export const Health = Type.Object({ ok: Type.Boolean() });
