/** Quotation status badges (SPEC §4): Pending orange, Received green, Ordered dark green, Deleted, Expired and Declined red. */
import { useIntl } from 'react-intl';
import { QUOTATION_BADGE } from '../../domain/quotation-status';
import type { QuotationStatus } from '../../domain/types';

export function StatusBadge({ status }: { status: QuotationStatus }) {
  const intl = useIntl();
  const badge = QUOTATION_BADGE[status];
  return (
    <span className={`shop-badge shop-badge-${badge.tone}`}>
      {intl.formatMessage({ id: `shop.status.${status}`, defaultMessage: badge.label })}
    </span>
  );
}
