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
});

export const UploadResponse = Type.Object({ url: Type.String() });
export const Health = Type.Object({ ok: Type.Boolean() });
