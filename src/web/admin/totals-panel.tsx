/** The price details of SPEC §3 (Total MRP, Discount on MRP, Shipping, Total Amount), live as the admin types. */
import { FormattedMessage } from 'react-intl';
import { formatPaisa, type PriceDetails } from '../../domain/money';
import { AmountRows } from './admin-parts';

export function TotalsPanel({ details }: { details: PriceDetails }) {
  return (
    <section className="admin-totals" aria-labelledby="admin-totals-title">
      <h3 id="admin-totals-title" className="admin-visually-hidden">
        <FormattedMessage id="admin.price.title" defaultMessage="Price details" />
      </h3>
      <AmountRows
        live
        rows={[
          { key: 'mrp', label: <FormattedMessage id="admin.price.totalMrp" defaultMessage="Total MRP" />, amount: formatPaisa(details.totalMrpPaisa) },
          { key: 'discount', label: <FormattedMessage id="admin.price.discount" defaultMessage="Discount on MRP" />, amount: `−${formatPaisa(details.discountPaisa)}` },
          { key: 'shipping', label: <FormattedMessage id="admin.price.shipping" defaultMessage="Shipping" />, amount: formatPaisa(details.shippingPaisa) },
          { key: 'total', label: <FormattedMessage id="admin.price.total" defaultMessage="Total Amount" />, amount: formatPaisa(details.totalPaisa) },
        ]}
      />
    </section>
  );
}
