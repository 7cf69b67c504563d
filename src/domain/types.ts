/**
 * Entities as SPEC §3 names them; field names are the wire names. Each entity's type is the
 * `Static<>` of its schema in ./schemas (DECISIONS §5 Schemas), imported as a type only, so the
 * phone's bundle carries no schema code.
 */
import type { Static } from 'typebox';
import type * as common from './schemas/common';
import type * as delivery from './schemas/delivery';
import type * as order from './schemas/order';
import type * as quotation from './schemas/quotation';
import type * as sku from './schemas/sku';
import type * as user from './schemas/user';

export const LANGUAGES = ['english', 'hindi', 'gujrati'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LOCALES = ['en', 'hi', 'gu'] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_OF_LANGUAGE: Record<Language, Locale> = { english: 'en', hindi: 'hi', gujrati: 'gu' };
export const LANGUAGE_OF_LOCALE: Record<Locale, Language> = { en: 'english', hi: 'hindi', gu: 'gujrati' };
export const DEFAULT_LANGUAGE: Language = 'english';

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export type Geocoordinate = Static<typeof common.Geocoordinate>;

export type User = Static<typeof user.User>;

/** The SKU texts a catalogue translates (SPEC §3 names; DECISIONS §5 Catalogue languages). */
export const SKU_TEXT_FIELDS = ['name', 'description', 'categoryName', 'brandName'] as const;
export type SkuTextField = (typeof SKU_TEXT_FIELDS)[number];
/**
 * The texts a SKU carries per translated language: its translated fields and the search words farmers
 * type for it in that language (सींग, નારિયેળ), which home search finds but no screen shows.
 */
export const TRANSLATED_TEXT_FIELDS = [...SKU_TEXT_FIELDS, 'searchWords'] as const;
export type TranslatedTextField = (typeof TRANSLATED_TEXT_FIELDS)[number];
/** The languages a SKU carries besides its English fields. */
export const TRANSLATED_LANGUAGES = ['hindi', 'gujrati'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
/** Each field optional: a missing one falls back to the English field. */
export type SkuTexts = Static<typeof sku.SkuTexts>;
export type SkuTranslations = Static<typeof sku.SkuTranslations>;
/** What a quotation line and a cart item carry: the translated names only. */
export type SkuNameTranslations = Static<typeof sku.SkuNameTranslations>;

export type Sku = Static<typeof sku.Sku>;

export interface CartItem {
  _id: string;
  name: string;
  image: string;
  quantity: number;
  skuQuantityUnit: string;
  translations?: SkuNameTranslations;
}

export const QUOTATION_STATUSES = ['PENDING', 'COMPLETED', 'ORDERED', 'DELETED', 'EXPIRED', 'DECLINED'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

export const ORDER_STATUSES = [
  'CONFIRMATION_PENDING',
  'ORDER_CONFIRMED',
  'MATERIAL_LOADED',
  'IN_TRANSIT',
  'DELIVERED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type SkuRef = Static<typeof sku.SkuRef>;

/** One quotation line. Prices are line totals in paisa (DECISIONS §1 Money). */
export type QuotationLine = Static<typeof quotation.QuotationLine>;

/** One move of an order's status, oldest first; the first is the order's creation (CONFIRMATION_PENDING). */
export type OrderStatusChange = Static<typeof common.OrderStatusChange>;

/** A quotation as the farmer reads it; a row of the admin's list (GET /quotations/all) also names its farmer. */
export type Quotation = Static<typeof quotation.Quotation> & Pick<Static<typeof quotation.AdminQuotation>, 'farmerName'>;

/** One row of an entity's audit trail: who changed which fields, and when (`by` is null for the clock's expiry). */
export type AuditEntry = Static<typeof common.AuditEntry>;

export type Order = Static<typeof order.Order>;
export type DeliveryAddress = Static<typeof delivery.DeliveryAddress>;
export type DeliveryLocation = Static<typeof delivery.DeliveryLocation>;
export type PlaceOrderBody = Static<typeof delivery.PlaceOrderBody>;
export type OrderProblem = Static<typeof delivery.OrderProblem>;
export type ProblemBody = Static<typeof delivery.ProblemBody>;
