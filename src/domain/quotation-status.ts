/** How each quotation status reads (SPEC §2, §4): the badge, its tone, and the details screen's title. */
import type { QuotationStatus } from './types';

export type BadgeTone = 'orange' | 'green' | 'darkGreen' | 'red';

export const QUOTATION_BADGE: Record<QuotationStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Pending', tone: 'orange' },
  COMPLETED: { label: 'Received', tone: 'green' },
  ORDERED: { label: 'Ordered', tone: 'darkGreen' },
  DELETED: { label: 'Deleted', tone: 'red' },
  EXPIRED: { label: 'Expired', tone: 'red' },
  DECLINED: { label: 'Declined', tone: 'red' },
};

export const QUOTATION_TITLE: Record<QuotationStatus, string> = {
  PENDING: 'Waiting for price',
  COMPLETED: 'My Request',
  ORDERED: 'My Order',
  DELETED: 'Quotation Deleted',
  EXPIRED: 'Quotation Expired',
  DECLINED: 'Quotation Declined',
};

/** Why a farmer declined a priced quotation; `other` needs a note. */
export const DECLINE_REASONS = ['price_too_high', 'not_needed', 'bought_elsewhere', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The longest note a farmer may add to a decline or a counter-offer, in characters. */
export const BARGAIN_NOTE_MAX = 500;

// Which money a quotation shows (quoted, estimated, none) is the lifecycle's rule: machines/quotation-lifecycle `shownTotal`.

/** The admin's quotation filter beside the statuses: those with a counter-offer waiting (`countered=true`). */
export const COUNTERED = 'COUNTERED';
export type QuotationFilter = QuotationStatus | typeof COUNTERED;
