/**
 * Share (a priced quotation on /quotation-details, an order there and on /order-status): the plain-text
 * summary a farmer sends on WhatsApp or any app, in the farmer's language. A selector over the
 * quotation-detail and order-tracking charts' snapshots; the words come through the `ShareWords` the
 * screen passes (react-intl's), so the summary is pure and tested in each language.
 */
import { formatCalendarDay } from '../src/domain/india-date';
import { formatPaisa, priceDetails } from '../src/domain/money';
import { skuName, unitText, type UnitIntl } from '../src/domain/sku-text';
import { formatWhen } from '../src/domain/when';
import type { Quotation } from '../src/domain/types';

/** What the summary needs of react-intl, and where the app is. */
export interface ShareWords extends UnitIntl {
  readonly locale: string;
  formatMessage(descriptor: { id: string; defaultMessage?: string }, values?: Record<string, string | number>): string;
  /** The app's address the summary ends with (the site's origin). */
  readonly appUrl: string;
}

/** What the summary is of: a priced quotation, an order, or nothing to share (still pending, closed). */
export type ShareSubject = 'quotation' | 'order' | null;

export const shareSubjectOf = (quotation: Quotation | null): ShareSubject =>
  quotation === null || quotation.skusDetail.length === 0 ? null : quotation.status === 'ORDERED' ? 'order' : quotation.status === 'COMPLETED' ? 'quotation' : null;

/** The summary of the quotation a chart shows, or null when there is nothing to share. */
export function shareText(snapshot: { context: { quotation: Quotation | null } }, words: ShareWords): string | null {
  const quotation = snapshot.context.quotation;
  const subject = shareSubjectOf(quotation);
  if (quotation === null || subject === null) return null;
  const t = (id: string, defaultMessage: string, values?: Record<string, string | number>) => words.formatMessage({ id, defaultMessage }, values);
  const heading =
    subject === 'order'
      ? t('shop.share.orderHeading', 'My order {order} (quotation {quotation})', {
          order: quotation.orderDisplayId ?? quotation.quotationDisplayId,
          quotation: quotation.quotationDisplayId,
        })
      : t('shop.share.quotationHeading', 'Price for my quotation {quotation}', { quotation: quotation.quotationDisplayId });
  const items = quotation.skusDetail.map((line) => `• ${skuName(line.skuIdentifier, words.locale)}: ${line.quantity} ${unitText(line.skuIdentifier.skuQuantityUnit, words)}`);
  const total = t('shop.share.total', 'Total: {amount}', { amount: formatPaisa(priceDetails(quotation.skusDetail).totalPaisa) });
  const when =
    subject === 'quotation'
      ? quotation.validUntil
        ? t('shop.share.validUntil', 'Valid until {date}', { date: formatWhen(quotation.validUntil, words.locale) })
        : null
      : quotation.expectedDeliveryDate
        ? t('shop.share.deliveryDate', 'Delivery expected: {date}', { date: formatCalendarDay(quotation.expectedDeliveryDate, words.locale) })
        : null;
  const footer = t('shop.share.app', 'Krishi by-products: {url}', { url: words.appUrl });
  return [heading, ...items, total, ...(when === null ? [] : [when]), footer].join('\n');
}

/** The WhatsApp link that carries the summary, where the phone has no share sheet. */
export const whatsappLink = (text: string): string => `https://wa.me/?text=${encodeURIComponent(text)}`;
