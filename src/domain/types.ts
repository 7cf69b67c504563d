/** Entities as SPEC §3 names them; field names are the wire names. */
export const LANGUAGES = ['english', 'hindi', 'gujrati'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LOCALES = ['en', 'hi', 'gu'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_OF_LANGUAGE: Record<Language, Locale> = { english: 'en', hindi: 'hi', gujrati: 'gu' };
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
}

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
  /** Optimistic-concurrency version an admin edit must carry back. */
  version: number;
}

export interface CartItem {
  _id: string;
  name: string;
  image: string;
  quantity: number;
  skuQuantityUnit: string;
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
}

/** One quotation line. Prices are line totals in paisa (DECISIONS §1 Money). */
export interface QuotationLine {
  skuIdentifier: SkuRef;
  quantity: number;
  goodsPricePaisa: number;
  discountPaisa: number;
  shippingPricePaisa: number;
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
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface Order {
  _id: string;
  orderDisplayId: string;
  status: OrderStatus;
  amountPaidPaisa: number;
  deliveryOtp: string;
  userDetails: { name: string | null; mobileNumber: string };
  quotationDetail: { _id: string; quotationDisplayId: string; skusDetail: QuotationLine[] };
  version: number;
  createdAt: string;
  updatedAt: string;
}
