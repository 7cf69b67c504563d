/**
 * The audit trail as an admin reads it: each changed field under its translated label,
 * money in rupees, statuses by their labels, dates formatted, quotation lines spelled out and an
 * empty value as "—". A user's history also holds the facts the law asks to keep: the Aadhaar notice
 * agreed to (its version), each admin view of the card, the card erased by the clock, the account
 * closed; an image reads "On file" (never its id), and a field this screen does not know keeps its
 * stored name and a plain value. Pure: the same entry and language always give the same rows.
 */
import type { IntlShape } from 'react-intl';
import { formatPaisa } from '../../domain/money';
import { formatWhen } from '../../domain/when';
import {
  ORDER_STATUSES,
  QUOTATION_STATUSES,
  TRANSLATED_TEXT_FIELDS,
  TRANSLATED_LANGUAGES,
  type AuditEntry,
  type OrderStatus,
  type QuotationStatus,
  type TranslatedTextField,
  type TranslatedLanguage,
} from '../../domain/types';
import { orderStatusText, quotationStatusText } from './status-labels';

export interface HistoryRow {
  field: string;
  label: string;
  from: string;
  to: string;
}

const EMPTY = '—';

const FIELD: Record<string, { id: string; defaultMessage: string }> = {
  status: { id: 'admin.history.field.status', defaultMessage: 'Status' },
  amountPaidPaisa: { id: 'admin.history.field.amountPaidPaisa', defaultMessage: 'Amount paid' },
  expectedDeliveryDate: { id: 'admin.history.field.expectedDeliveryDate', defaultMessage: 'Expected delivery date' },
  skusDetail: { id: 'admin.history.field.skusDetail', defaultMessage: 'Items' },
  pricedAt: { id: 'admin.history.field.pricedAt', defaultMessage: 'Priced on' },
  isVerified: { id: 'admin.history.field.isVerified', defaultMessage: 'Verification' },
  name: { id: 'admin.history.field.name', defaultMessage: 'Name' },
  description: { id: 'admin.history.field.description', defaultMessage: 'Description' },
  categoryName: { id: 'admin.history.field.categoryName', defaultMessage: 'Category' },
  brandName: { id: 'admin.history.field.brandName', defaultMessage: 'Brand' },
  searchWords: { id: 'admin.history.field.searchWords', defaultMessage: 'Search words' },
  image: { id: 'admin.history.field.image', defaultMessage: 'Image' },
  availableQty: { id: 'admin.history.field.availableQty', defaultMessage: 'Available quantity' },
  minimumPrice: { id: 'admin.history.field.minimumPrice', defaultMessage: 'Minimum price' },
  skuQuantityUnit: { id: 'admin.history.field.skuQuantityUnit', defaultMessage: 'Quantity unit' },
  aadhaar: { id: 'admin.history.field.aadhaar', defaultMessage: 'Aadhaar image' },
  profilePhoto: { id: 'admin.history.field.profilePhoto', defaultMessage: 'Photo' },
  aadhaarConsent: { id: 'admin.history.field.aadhaarConsent', defaultMessage: 'Aadhaar notice agreed' },
  aadhaarViewed: { id: 'admin.history.field.aadhaarViewed', defaultMessage: 'Aadhaar image viewed' },
  detailsChangedAt: { id: 'admin.history.field.detailsChangedAt', defaultMessage: 'Details changed after verification' },
  account: { id: 'admin.history.field.account', defaultMessage: 'Account' },
  // A farmer's own profile changes, under the labels the user's details use.
  preferredLanguage: { id: 'admin.users.language', defaultMessage: 'Language' },
  gender: { id: 'admin.users.gender', defaultMessage: 'Gender' },
  age: { id: 'admin.users.age', defaultMessage: 'Age' },
  farmAddress: { id: 'admin.users.farmAddress', defaultMessage: 'Farm address' },
  geocoordinate: { id: 'admin.users.geolocation', defaultMessage: 'Geolocation' },
};

/** A profile's language and gender values, by the labels the user's details use. */
const USER_VALUE: Record<string, Record<string, { id: string; defaultMessage: string }>> = {
  preferredLanguage: {
    english: { id: 'admin.users.language.english', defaultMessage: 'English' },
    hindi: { id: 'admin.users.language.hindi', defaultMessage: 'Hindi' },
    gujrati: { id: 'admin.users.language.gujrati', defaultMessage: 'Gujarati' },
  },
  gender: {
    male: { id: 'admin.users.gender.male', defaultMessage: 'Male' },
    female: { id: 'admin.users.gender.female', defaultMessage: 'Female' },
    other: { id: 'admin.users.gender.other', defaultMessage: 'Other' },
  },
};

const isPlace = (v: unknown): v is { lat: number; long: number } =>
  typeof v === 'object' && v !== null && typeof (v as { lat?: unknown }).lat === 'number' && typeof (v as { long?: unknown }).long === 'number';

/** Fields whose values are an uploaded image's id or url: what matters is whether one is on file. */
const IMAGE = new Set(['aadhaar', 'profilePhoto']);
const ACCOUNT: Record<string, { id: string; defaultMessage: string }> = {
  open: { id: 'admin.history.value.accountOpen', defaultMessage: 'Open' },
  closed: { id: 'admin.history.value.accountClosed', defaultMessage: 'Closed' },
};

const LANGUAGE: Record<TranslatedLanguage, { id: string; defaultMessage: string }> = {
  hindi: { id: 'admin.skus.lang.hindi', defaultMessage: 'Hindi' },
  gujrati: { id: 'admin.skus.lang.gujrati', defaultMessage: 'Gujarati' },
};

/** Fields whose values are paisa. */
const MONEY = new Set(['amountPaidPaisa', 'minimumPrice']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** A calendar date (an order's expected delivery): the same day everywhere, so shown in UTC. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isQuotationStatus = (v: unknown): v is QuotationStatus => (QUOTATION_STATUSES as readonly unknown[]).includes(v);
const isOrderStatus = (v: unknown): v is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(v);

/** "Name", "Name · Hindi" for a translated SKU text (`hindi.name`), or the stored name of a field this screen does not know. */
export function historyFieldLabel(intl: IntlShape, field: string): string {
  const [language, text] = field.split('.') as [string, string | undefined];
  if (
    text !== undefined &&
    (TRANSLATED_LANGUAGES as readonly string[]).includes(language) &&
    (TRANSLATED_TEXT_FIELDS as readonly string[]).includes(text)
  ) {
    return `${intl.formatMessage(FIELD[text as TranslatedTextField]!)} · ${intl.formatMessage(LANGUAGE[language as TranslatedLanguage])}`;
  }
  const known = FIELD[field];
  return known ? intl.formatMessage(known) : field;
}

/** One quotation line of an audit row: `{ sku, quantity, goodsPricePaisa, discountPaisa, shippingPricePaisa }`. */
interface AuditLine {
  quantity: number;
  goodsPricePaisa: number;
  discountPaisa: number;
  shippingPricePaisa: number;
}
const isAuditLine = (v: unknown): v is AuditLine =>
  typeof v === 'object' &&
  v !== null &&
  ['quantity', 'goodsPricePaisa', 'discountPaisa', 'shippingPricePaisa'].every((k) => typeof (v as Record<string, unknown>)[k] === 'number');

/** A stored value of `field` as the admin reads it. */
export function historyValue(intl: IntlShape, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (MONEY.has(field) && typeof value === 'number') return formatPaisa(value);
  if (IMAGE.has(field)) return intl.formatMessage({ id: 'admin.history.value.imageOnFile', defaultMessage: 'On file' });
  // An admin's view of the card names the image seen; the admin reads that it was seen, and by whom (the row's author).
  if (field === 'aadhaarViewed') return intl.formatMessage({ id: 'admin.history.value.cardViewed', defaultMessage: 'Viewed' });
  if (field === 'account' && typeof value === 'string' && ACCOUNT[value]) return intl.formatMessage(ACCOUNT[value]);
  const named = typeof value === 'string' ? USER_VALUE[field]?.[value] : undefined;
  if (named) return intl.formatMessage(named);
  if (field === 'geocoordinate' && isPlace(value)) {
    const degrees = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 5 });
    return `${degrees(value.lat)}, ${degrees(value.long)}`;
  }
  if (field === 'status' && isQuotationStatus(value)) return quotationStatusText(intl, value);
  if (field === 'status' && isOrderStatus(value)) return orderStatusText(intl, value);
  if (field === 'isVerified' && typeof value === 'boolean') {
    return value
      ? intl.formatMessage({ id: 'admin.users.verified', defaultMessage: 'Verified' })
      : intl.formatMessage({ id: 'admin.users.unverified', defaultMessage: 'Not verified' });
  }
  if (Array.isArray(value) && value.every(isAuditLine)) {
    if (value.length === 0) return EMPTY;
    return value
      .map((line) =>
        intl.formatMessage(
          {
            id: 'admin.history.line',
            defaultMessage: '{quantity} × goods {goods}, discount {discount}, shipping {shipping}',
          },
          {
            quantity: intl.formatNumber(line.quantity),
            goods: formatPaisa(line.goodsPricePaisa),
            discount: formatPaisa(line.discountPaisa),
            shipping: formatPaisa(line.shippingPricePaisa),
          },
        ),
      )
      .join('; ');
  }
  // The part of the day in the admin's language (formatWhen), not an English am/pm.
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatWhen(value, intl.locale);
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    return intl.formatDate(`${value}T00:00:00Z`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  if (typeof value === 'number') return intl.formatNumber(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The rows of one audit entry, in the order it records them. */
export function historyRows(intl: IntlShape, entry: AuditEntry): HistoryRow[] {
  return Object.entries(entry.changes).map(([field, change]) => ({
    field,
    label: historyFieldLabel(intl, field),
    from: historyValue(intl, field, change.from),
    to: historyValue(intl, field, change.to),
  }));
}
