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

/** The price panel shows once the provider has priced the quotation. */
export const showsPrices = (status: QuotationStatus): boolean => status === 'COMPLETED' || status === 'ORDERED';

/** A quotation card shows its total once it is no longer waiting for a price (SPEC §2 /request). */
export const showsTotalOnCard = (status: QuotationStatus): boolean => status !== 'PENDING';
