/** How each quotation status reads (SPEC §2, §4): the badge, its tone, and the details screen's title. */
import type { QuotationStatus } from './types';

export type BadgeTone = 'orange' | 'green' | 'darkGreen' | 'red';

export const QUOTATION_BADGE: Record<QuotationStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Pending', tone: 'orange' },
  COMPLETED: { label: 'Received', tone: 'green' },
  ORDERED: { label: 'Ordered', tone: 'darkGreen' },
  DELETED: { label: 'Deleted', tone: 'red' },
  EXPIRED: { label: 'Expired', tone: 'red' },
};

export const QUOTATION_TITLE: Record<QuotationStatus, string> = {
  PENDING: 'Quotation Bucket',
  COMPLETED: 'My Request',
  ORDERED: 'My Order',
  DELETED: 'Quotation Deleted',
  EXPIRED: 'Quotation Expired',
};

// Which money a quotation shows (quoted, estimated, none) is the lifecycle's rule: machines/quotation-lifecycle `shownTotal`.
