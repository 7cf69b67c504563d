/**
 * The database's tables as Kysely sees them (camelCase here, snake_case in SQL through CamelCasePlugin).
 * Times are epoch milliseconds from the app's injected clock; money is integer paisa; flags are 0/1.
 */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  mobileNumber: string;
  name: string | null;
  preferredLanguage: string | null;
  profilePhoto: string | null;
  aadhaar: string | null;
  gender: string | null;
  age: number | null;
  farmAddress: string | null;
  geoLat: number | null;
  geoLong: number | null;
  geoAccuracy: number | null;
  profileUpdated: number;
  isVerified: number;
  isAdmin: number;
  createdAt: number;
  updatedAt: number;
  /** When the sign-up form was last sent (the profile PUT with the form); null before. */
  profileSubmittedAt: number | null;
  /** Bumped with every write that changes this user's quotation list (decision 025). */
  quotationsVersion: Generated<number>;
  /** When an admin verified the account (the Aadhaar image's retention counts from it); null while unverified. */
  verifiedAt: number | null;
  /** When a verified farmer changed the name or Aadhaar, which put the account back to unverified; cleared on verification. */
  detailsChangedAt: number | null;
  /** The Aadhaar notice's version the farmer consented to (`aadhaar-v1`), and when. */
  aadhaarConsent: string | null;
  aadhaarConsentAt: number | null;
  /** When the farmer closed the account; the row stays for the books, emptied of personal data. */
  removedAt: number | null;
}

export interface SessionsTable {
  tokenHash: string;
  userId: string;
  expiresAt: number;
  createdAt: number;
}

/** One pending code per number: only its HMAC, its expiry and the wrong tries so far. */
export interface OtpVerificationsTable {
  mobileNumber: string;
  codeHash: string;
  expiresAt: number;
  tries: number;
  createdAt: number;
}

/** One row per code sent, for the spacing and the hourly and daily caps. */
export interface OtpSendsTable {
  id: string;
  mobileNumber: string;
  sentAt: number;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface SkusTable {
  id: string;
  displayId: string;
  name: string;
  description: string;
  categoryName: string;
  brandName: string;
  image: string;
  availableQty: number;
  minimumPrice: number;
  skuQuantityUnit: string;
  /** Hindi and Gujarati texts (migration 0003); null falls back to the English field. */
  hindiName: string | null;
  hindiDescription: string | null;
  hindiCategoryName: string | null;
  hindiBrandName: string | null;
  gujratiName: string | null;
  gujratiDescription: string | null;
  gujratiCategoryName: string | null;
  gujratiBrandName: string | null;
  /** Search words per language (migration 0020). */
  hindiSearchWords: string | null;
  gujratiSearchWords: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface QuotationsTable {
  id: string;
  displayId: string;
  userId: string;
  status: string;
  version: number;
  createdAt: number;
  updatedAt: number;
  /** When an admin last saved it COMPLETED: its validity runs from here (machines/quotation-lifecycle). */
  pricedAt: number | null;
  /** The pricing's number (migration 0015): 0 before the first, one more for each pricing that answers a counter. */
  revision: Generated<number>;
  /** Why the farmer declined it (DECLINED): price_too_high, not_needed, bought_elsewhere or other, with a note. */
  declineReason: string | null;
  declineNote: string | null;
  /** The farmer's counter-offer while it waits for the admin's answer (`counterAt` null when none waits). */
  counterTotalPaisa: number | null;
  counterNote: string | null;
  counterAt: number | null;
  /** The total of the revision a counter answered: the farmer sees it struck through beside the new one. */
  previousTotalPaisa: number | null;
}

export interface QuotationLinesTable {
  id: string;
  quotationId: string;
  position: number;
  skuId: string;
  /** The SKU as it was quoted (migration 0013): a catalogue edit leaves the line as the farmer saw it. */
  skuName: string;
  skuHindiName: string | null;
  skuGujratiName: string | null;
  skuImage: string;
  skuUnit: string;
  /** Paisa per unit when quoted: a pending quotation's estimate. */
  skuMinimumPrice: number;
  quantity: number;
  goodsPricePaisa: number;
  discountPaisa: number;
  shippingPricePaisa: number;
}

export interface OrdersTable {
  id: string;
  displayId: string;
  quotationId: string;
  userId: string;
  status: string;
  amountPaidPaisa: number;
  deliveryOtp: string;
  /** `YYYY-MM-DD`, set by an admin (migration 0006); null until then. */
  expectedDeliveryDate: string | null;
  /** How it was delivered (migration 0015): "code" when the admin gave the farmer's code, "admin" without; null before. */
  deliveredWith: string | null;
  /** Wrong delivery codes given; five lock the code until the admin moves the order without one. */
  deliveryCodeTries: Generated<number>;
  /** Where to deliver (migration 0016): the address as JSON text `{line, village?, district?, pinCode?, landmark?}`; null on older orders. */
  deliveryAddress: string | null;
  deliveryLat: number | null;
  deliveryLong: number | null;
  /** The farmer's preferred delivery date, `YYYY-MM-DD`; null when none was given. */
  preferredDate: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** Uploaded images, bytes in the database. Aadhaar rows hold AES-256-GCM ciphertext with its iv and tag. */
export interface ImagesTable {
  id: string;
  kind: string;
  ownerId: string | null;
  mime: string;
  data: Buffer;
  iv: Buffer | null;
  tag: Buffer | null;
  createdAt: number;
}

/** SMS notifications waiting to go out, written in the transaction of the change they report (migration 0004). */
export interface SmsOutboxTable {
  id: string;
  kind: string;
  toNumber: string;
  text: string;
  /** 'pending' until sent ('sent'), given up ('failed') or dropped while notifications are off ('skipped'). */
  state: string;
  attempts: number;
  nextAttemptAt: number;
  /** A sender holds the row until then; another may claim it after (a crashed sender's lease runs out). */
  leaseUntil: number | null;
  leaseOwner: string | null;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** Maintained row counts of the admin lists (`users`, `users:VERIFIED`, `quotations:PENDING`, …). */
export interface ListCountsTable {
  name: string;
  value: number;
}

/** One row per admin write (and per expiry): each changed field `{ from, to }` as JSON text. */
export interface AuditLogTable {
  id: string;
  entity: 'user' | 'sku' | 'quotation' | 'order';
  entityId: string;
  at: number;
  /** The admin who wrote; null for the clock (expiry). */
  byUserId: string | null;
  changes: string;
}

/** One counted event in a shared budget (`otp-new`, `otp-new-ip:<client>`, `upload:<user>`, …), migration 0014. */
export interface RateEventsTable {
  id: string;
  bucket: string;
  at: number;
}

/** A proof-of-work solution already used, kept until its challenge would have expired anyway. */
export interface SpentChallengesTable {
  signature: string;
  expiresAt: number;
}

/** A farmer's problem with a delivered order (migration 0016): at most one 'open' per order; an admin closes it with a note. */
export interface OrderProblemsTable {
  id: string;
  orderId: string;
  userId: string;
  /** short_weight, wet, wrong_material, damaged or other. */
  kind: string;
  note: string | null;
  /** The image id of the farmer's photo (an upload of kind `problem`); null without one. */
  photoId: string | null;
  status: 'open' | 'closed';
  adminNote: string | null;
  createdAt: number;
  closedAt: number | null;
}

/** Transitions of the app's charts per day (India date), chart, states and event (migration 0018): kept 400 days. */
export interface AnalyticsCountsTable {
  day: string;
  chart: string;
  fromState: string;
  toState: string;
  event: string;
  count: number;
}

/** Each chart's transitions per day: the list of charts reads these, not the counts. */
export interface AnalyticsChartDaysTable {
  day: string;
  chart: string;
  total: number;
}

/**
 * Time spent in a state per day, as a histogram (bucket = 4·log2(ms), domain/analytics.ts); the
 * onboarding funnel's time between steps is kept the same way under the chart `funnel`.
 */
export interface AnalyticsDwellTable {
  day: string;
  chart: string;
  state: string;
  bucket: number;
  count: number;
}

/** How many installs reached each onboarding step per day. */
export interface AnalyticsFunnelTable {
  day: string;
  step: string;
  count: number;
}

/**
 * One install's day: transitions counted against the daily cap, the funnel steps reached (bits, in
 * FUNNEL_STEPS order) and when, and the states it is in per chart since when (JSON), for time in state.
 * Only today's and yesterday's rows are kept. The install id is random, made on the phone.
 */
export interface AnalyticsInstallsTable {
  day: string;
  installId: string;
  count: number;
  steps: number;
  open: string;
  journeyId: string | null;
}

/** A sampled journey: one install's day, kept 30 days for replay. */
export interface AnalyticsJourneysTable {
  id: string;
  day: string;
  length: number;
  createdAt: number;
}

export interface AnalyticsJourneyStepsTable {
  journeyId: string;
  seq: number;
  chart: string;
  fromState: string;
  toState: string;
  event: string;
  at: number;
}

/** One farmer's write that the phone may send again: its answer, kept a day (null while it is being done). */
export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  route: string;
  bodyHash: string;
  status: number | null;
  answer: string | null;
  createdAt: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  otpVerifications: OtpVerificationsTable;
  otpSends: OtpSendsTable;
  counters: CountersTable;
  skus: SkusTable;
  quotations: QuotationsTable;
  quotationLines: QuotationLinesTable;
  orders: OrdersTable;
  images: ImagesTable;
  smsOutbox: SmsOutboxTable;
  listCounts: ListCountsTable;
  auditLog: AuditLogTable;
  rateEvents: RateEventsTable;
  spentChallenges: SpentChallengesTable;
  orderProblems: OrderProblemsTable;
  analyticsCounts: AnalyticsCountsTable;
  analyticsChartDays: AnalyticsChartDaysTable;
  analyticsDwell: AnalyticsDwellTable;
  analyticsFunnel: AnalyticsFunnelTable;
  analyticsInstalls: AnalyticsInstallsTable;
  analyticsJourneys: AnalyticsJourneysTable;
  analyticsJourneySteps: AnalyticsJourneyStepsTable;
  idempotencyKeys: IdempotencyKeysTable;
}
