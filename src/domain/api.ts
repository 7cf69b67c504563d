/** The wire contract of `/api` (SPEC §7, DECISIONS §2) shared by the web app and the server. */
import type { Gender, Geocoordinate, Language, OrderStatus, QuotationStatus, SkuTranslations, User } from './types';

/** Every error answer: `{ message, code }` with a 4xx/5xx status. */
export interface ApiErrorBody {
  message: string;
  code: ApiErrorCode;
}

export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'DATE_IN_PAST',
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
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** A failed call as the client sees it (SPEC §8). */
export interface ApiFailure {
  status: number;
  data: Partial<ApiErrorBody> & { message: string };
}
export const NETWORK_FAILURE: ApiFailure = { status: 500, data: { message: 'Network error or request failed' } };

export interface RequestOtpBody {
  mobileNumber: string;
  /** The language the app shows; the login SMS of a number the server does not know yet uses it. */
  preferredLanguage?: Language;
}
export interface VerifyOtpBody {
  mobileNumber: string;
  otp: string;
}
export interface VerifyOtpResponse {
  token: string;
  profileUpdated: boolean;
}
export interface ProfileResponse {
  user: User;
}

export type LanguageOnlyBody = { preferredLanguage: Language };
export interface ProfileBody {
  name: string;
  mobileNumber: string;
  preferredLanguage?: Language;
  profilePhoto?: string | null;
  aadhaar: string;
  gender: Gender;
  age?: number | null;
  farmAddress: string;
  geocoordinate?: Geocoordinate | null;
}

export interface SkuBody {
  name: string;
  description: string;
  categoryName: string;
  brandName: string;
  image: string;
  availableQty: number;
  minimumPrice: number;
  skuQuantityUnit: string;
  /** Hindi and Gujarati texts; on PATCH a field given as '' clears it, a field left out stays. */
  translations?: SkuTranslations;
}
export type SkuPatchBody = Partial<SkuBody> & { version: number };

export interface CreateQuotationBody {
  skusDetail: { skuIdentifier: string; quantity: number }[];
}

/** `PATCH /quotations/{id}`: the full quotation with each skuIdentifier replaced by its id. */
export interface QuotationPatchBody {
  _id?: string;
  quotationDisplayId?: string;
  status: QuotationStatus;
  image?: string;
  skusDetail: {
    skuIdentifier: string;
    quantity: number;
    goodsPricePaisa: number;
    discountPaisa: number;
    shippingPricePaisa: number;
  }[];
  orderStatus?: OrderStatus | null;
  deliveryOtp?: string | null;
  amountPaidPaisa?: number;
  /** Optional: when present (here or as If-Match) it must be the stored version, or 409. */
  version?: number;
  createdAt?: string;
  updatedAt?: string;
}

export interface OrderUpdateBody {
  status: OrderStatus;
  amountPaidPaisa: number;
  /** `YYYY-MM-DD`, not before India's today unless unchanged (else 400 DATE_IN_PAST); null clears it; absent leaves it. */
  expectedDeliveryDate?: string | null;
  /** Optional (SPEC §7 sends none): when present it must be the stored version, or 409. */
  version?: number;
}

export const UPLOAD_KINDS = ['profile', 'aadhaar', 'sku'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export interface UploadResponse {
  url: string;
}

/** `GET /api/config` (public): contact details and the optional UPI payee. */
export interface AppConfig {
  contactPhone: string;
  chatUrl: string;
  upiPayeeId: string | null;
  upiPayeeName: string | null;
  /** A pending quotation is usually answered within this many hours (QUOTATION_REPLY_HOURS). */
  quotationReplyHours: number;
}

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
}

/** The outcome of a write whose one success status is `taken`. */
export const writeOutcome = (status: number, taken: number): WriteResult => ({ outcome: status === taken ? 'done' : 'refused' });
