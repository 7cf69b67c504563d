/** The wire contract of `/api` (SPEC §7, DECISIONS §2) shared by the web app and the server. */
import type { Static } from 'typebox';
import type * as meta from './schemas/meta';
import type * as order from './schemas/order';
import type * as quotation from './schemas/quotation';
import type * as sku from './schemas/sku';
import type * as user from './schemas/user';

/** Every error answer: `{ message, code }` with a 4xx/5xx status. */
export interface ApiErrorBody {
  message: string;
  code: ApiErrorCode;
}

export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'DATE_IN_PAST',
  'DATE_OUT_OF_RANGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VERSION_CONFLICT',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_LOCKED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  'OVERLOADED',
  'UNAVAILABLE',
  'CHALLENGE_REQUIRED',
  'CONSENT_REQUIRED',
  'DELIVERY_CODE_INVALID',
  'DELIVERY_CODE_LOCKED',
  'IDEMPOTENCY_MISMATCH',
  'IN_PROGRESS',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** A failed call as the client sees it (SPEC §8). */
export interface ApiFailure {
  status: number;
  data: Partial<ApiErrorBody> & { message: string };
}
export const NETWORK_FAILURE: ApiFailure = { status: 500, data: { message: 'Network error or request failed' } };

export type RequestOtpBody = Static<typeof user.RequestOtpBody>;
export type OtpChallenge = Static<typeof user.OtpChallenge>;
export type VerifyOtpBody = Static<typeof user.VerifyOtpBody>;
export type VerifyOtpResponse = Static<typeof user.VerifyOtpResponse>;
export type ProfileResponse = Static<typeof user.ProfileResponse>;

export type LanguageOnlyBody = Static<typeof user.LanguageOnlyBody>;
export type ProfileBody = Static<typeof user.ProfileBody>;

export type SkuBody = Static<typeof sku.SkuBody>;
export type SkuPatchBody = Static<typeof sku.SkuPatchBody>;

export type CreateQuotationBody = Static<typeof quotation.CreateQuotationBody>;

/** `PATCH /quotations/{id}`: the full quotation with each skuIdentifier replaced by its id. */
export type QuotationPatchBody = Static<ReturnType<typeof quotation.quotationPatchBody>>;

export type OrderUpdateBody = Static<typeof order.OrderUpdateBody>;

export const UPLOAD_KINDS = ['profile', 'aadhaar', 'sku', 'problem'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export type UploadResponse = Static<typeof meta.UploadResponse>;

/** `GET /api/config` (public): contact details and the optional UPI payee. */
export type AppConfig = Static<typeof meta.AppConfig>;

/** Every other answer is `{ data }`. */
export interface DataResponse<T> {
  data: T;
}

/** A list answer: one page under `data`, newest first; `nextCursor` reads the next page; `total` counts the list. */
export interface PageResponse<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}

/**
 * What a farmer's write (request a quotation, delete one, place an order) came to, as the charts read
 * it: `done` when the server took it, `refused` when it answered anything else (a 409, a 400). The web
 * actors turn the HTTP status into it (`writeOutcome`), so no guard compares status numbers.
 */
export interface WriteResult {
  outcome: 'done' | 'refused';
  /** Done on the phone only: kept in the outbox, to be sent when the network returns. */
  queued?: boolean;
}

/** The outcome of a write whose one success status is `taken`. */
export const writeOutcome = (status: number, taken: number): WriteResult => ({ outcome: status === taken ? 'done' : 'refused' });
