/** Entities as SPEC §3 names them; field names are the wire names. */
export const LANGUAGES = ['english', 'hindi', 'gujrati'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LOCALES = ['en', 'hi', 'gu'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_OF_LANGUAGE: Record<Language, Locale> = { english: 'en', hindi: 'hi', gujrati: 'gu' };
export const LANGUAGE_OF_LOCALE: Record<Locale, Language> = { en: 'english', hi: 'hindi', gu: 'gujrati' };
export const DEFAULT_LANGUAGE: Language = 'english';

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export interface Geocoordinate {
  lat: number;
  long: number;
  accuracy: number;
}

export interface User {
  _id: string;
  mobileNumber: string;
  name: string | null;
  preferredLanguage: Language | null;
  profilePhoto: string | null;
  aadhaar: string | null;
  gender: Gender | null;
  age: number | null;
  farmAddress: string | null;
  geocoordinate: Geocoordinate | null;
  isLoggedIn: boolean;
  profileUpdated: boolean;
  isVerified: boolean;
  isAdmin: boolean;
  /** When the sign-up form was last sent (ISO 8601, from the server), or null before. */
  profileSubmittedAt: string | null;
}

/** The SKU texts a catalogue translates (SPEC §3 names; DECISIONS §5 Catalogue languages). */
export const SKU_TEXT_FIELDS = ['name', 'description', 'categoryName', 'brandName'] as const;
export type SkuTextField = (typeof SKU_TEXT_FIELDS)[number];
/** The languages a SKU carries besides its English fields. */
export const TRANSLATED_LANGUAGES = ['hindi', 'gujrati'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
/** Each field optional: a missing one falls back to the English field. */
export type SkuTexts = Partial<Record<SkuTextField, string>>;
export type SkuTranslations = Partial<Record<TranslatedLanguage, SkuTexts>>;
/** What a quotation line and a cart item carry: the translated names only. */
export type SkuNameTranslations = Partial<Record<TranslatedLanguage, { name?: string }>>;

export interface Sku {
  _id: string;
  skuDisplayId: string;
  name: string;
  description: string;
  categoryName: string;
  brandName: string;
  image: string;
  availableQty: number;
  minimumPrice: number;
  skuQuantityUnit: string;
  /** Hindi and Gujarati texts; absent in a list saved by an older app. */
  translations?: SkuTranslations;
  /** Optimistic-concurrency version an admin edit must carry back. */
  version: number;
}

export interface CartItem {
  _id: string;
  name: string;
  image: string;
  quantity: number;
  skuQuantityUnit: string;
  translations?: SkuNameTranslations;
}

export const QUOTATION_STATUSES = ['PENDING', 'COMPLETED', 'ORDERED', 'DELETED', 'EXPIRED'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

export const ORDER_STATUSES = [
  'CONFIRMATION_PENDING',
  'ORDER_CONFIRMED',
  'MATERIAL_LOADED',
  'IN_TRANSIT',
  'DELIVERED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface SkuRef {
  _id: string;
  name: string;
  image: string;
  skuQuantityUnit: string;
  /** The SKU's minimum price per unit, paisa: a pending quotation's estimate (issue 13). */
  minimumPrice: number;
  translations?: SkuNameTranslations;
}

/** One quotation line. Prices are line totals in paisa (DECISIONS §1 Money). */
export interface QuotationLine {
  skuIdentifier: SkuRef;
  quantity: number;
  goodsPricePaisa: number;
  discountPaisa: number;
  shippingPricePaisa: number;
}

/** One move of an order's status, oldest first; the first is the order's creation (CONFIRMATION_PENDING). */
export interface OrderStatusChange {
  status: OrderStatus;
  at: string;
}

export interface Quotation {
  _id: string;
  quotationDisplayId: string;
  status: QuotationStatus;
  /** The first item's SKU image. */
  image: string;
  skusDetail: QuotationLine[];
  /** Mirrors the order placed from this quotation; null before an order exists. */
  orderStatus: OrderStatus | null;
  deliveryOtp: string | null;
  amountPaidPaisa: number;
  /** The order placed from this quotation (OD…), null before one exists. */
  orderDisplayId: string | null;
  /** The order's expected delivery date (`YYYY-MM-DD`) an admin set; null otherwise. Absent in a list saved by an older app. */
  expectedDeliveryDate?: string | null;
  /** The order's status moves, oldest first (empty before an order exists). Absent in a list saved by an older app. */
  statusHistory?: OrderStatusChange[];
  /** When the order's amount paid came to cover its total (from the audit trail); null while not. Absent in a list saved by an older app. */
  paidAt?: string | null;
  /** A priced (COMPLETED or EXPIRED) quotation's end of validity; null otherwise. */
  validUntil: string | null;
  /** When an admin last priced it, null if never. Absent in a list saved by an older app. */
  pricedAt?: string | null;
  /** The name of the farmer who asked for it: in the admin's list only (GET /quotations/all). */
  farmerName?: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** One row of an entity's audit trail: who changed which fields, and when (`by` is null for the clock's expiry). */
export interface AuditEntry {
  at: string;
  by: { _id: string; name: string | null; mobileNumber: string } | null;
  changes: Record<string, { from: unknown; to: unknown }>;
}

export interface Order {
  _id: string;
  orderDisplayId: string;
  status: OrderStatus;
  amountPaidPaisa: number;
  deliveryOtp: string;
  /** `YYYY-MM-DD`, set by an admin; null until then. */
  expectedDeliveryDate: string | null;
  userDetails: { name: string | null; mobileNumber: string };
  quotationDetail: { _id: string; quotationDisplayId: string; skusDetail: QuotationLine[] };
  version: number;
  createdAt: string;
  /** Absent in the admin's list (GET /orders), which no screen reads it from; the order's history has every change. */
  updatedAt?: string;
}
