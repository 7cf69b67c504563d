/** Business constants from SPEC §9, shared by the web app, the machines and the server. */
export const OTP_LENGTH = 6;
export const PHONE_LENGTH = 10;
export const COUNTRY_PREFIX = '+91';
export const RESEND_SECONDS = 120;

export const SPLASH_MS = 1000;
export const CAROUSEL_MS = 3000;
export const POLL_MS = 5000;
export const SKU_REFRESH_MS = 60_000;
export const PERSIST_TIMEOUT_MS = 5000;
export const CHUNK_TIMEOUT_MS = 120_000;
export const DEBOUNCE_MS = 500;
/** How long the shell's "Updated" line stays after a launch that runs a new version. */
export const UPDATED_NOTICE_MS = 6000;

export const IMAGE_MAX_SIDE = 800;
export const IMAGE_TARGET_BYTES = 500 * 1024;
export const IMAGE_QUALITY_START = 0.9;
export const IMAGE_QUALITY_MIN = 0.2;
export const IMAGE_QUALITY_STEP = 0.05;

export const MAX_LAYOUT_WIDTH = 450;
export const QUOTATION_PREVIEW_ITEMS = 3;

/** OTP rules (DECISIONS §2). */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_TRIES = 5;
export const OTP_MAX_PER_HOUR = 5;
export const OTP_MAX_PER_DAY = 10;

/** Sessions (DECISIONS §2). */
export const FARMER_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
export const ADMIN_SESSION_MS = 12 * 60 * 60 * 1000;

/** Uploads (DECISIONS §2). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 20_000_000;

/**
 * The version of the Aadhaar notice the farmer reads before uploading the card (DPDP Act 2023: consent
 * is to a stated purpose). The upload sends it as the form field `consent`; a new notice text is a new
 * version, and an upload consenting to an older one is refused.
 */
export const AADHAAR_NOTICE_VERSION = 'aadhaar-v1';

/** Profile writes (the form or the language) one user may make per hour. */
export const PROFILE_WRITES_PER_HOUR = 30;

/**
 * A closed account's mobile number is replaced by this prefix and the account's id, so the number no
 * longer finds it (a new login starts afresh) and the orders kept for the books show the farmer as removed.
 */
export const REMOVED_NUMBER_PREFIX = 'removed:';
export const isRemovedNumber = (value: string): boolean => value.startsWith(REMOVED_NUMBER_PREFIX);

/** A mobile number as the server accepts it: 10 digits starting 6–9 (sent as +91…). */
export const MOBILE_PATTERN = '^[6-9][0-9]{9}$';
export const isValidMobile = (value: string): boolean => new RegExp(MOBILE_PATTERN).test(value);
export const isOtpCode = (value: string): boolean => new RegExp(`^[0-9]{${OTP_LENGTH}}$`).test(value);

/** At most this many rows change in one bulk request (the admin's bulk verify and order moves). */
export const BULK_MAX = 100;
