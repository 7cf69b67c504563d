/** The price details of SPEC §3 (Total MRP, Discount on MRP, Shipping, Total Amount), live as the admin types. */
import { FormattedMessage } from 'react-intl';
import { formatPaisa, type PriceDetails } from '../../domain/money';

export function TotalsPanel({ details }: { details: PriceDetails }) {
  return (
    <section className="admin-totals" aria-labelledby="admin-totals-title">
      <h3 id="admin-totals-title" className="admin-visually-hidden">
        <FormattedMessage id="admin.price.title" defaultMessage="Price details" />
      </h3>
      <dl className="shop-rows" aria-live="polite">
        <div>
          <dt>
            <FormattedMessage id="admin.price.totalMrp" defaultMessage="Total MRP" />
          </dt>
          <dd>{formatPaisa(details.totalMrpPaisa)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="admin.price.discount" defaultMessage="Discount on MRP" />
          </dt>
          <dd>−{formatPaisa(details.discountPaisa)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="admin.price.shipping" defaultMessage="Shipping" />
          </dt>
          <dd>{formatPaisa(details.shippingPaisa)}</dd>
        </div>
        <div className="shop-rows-total">
          <dt>
            <FormattedMessage id="admin.price.total" defaultMessage="Total Amount" />
          </dt>
          <dd>{formatPaisa(details.totalPaisa)}</dd>
        </div>
      </dl>
    </section>
  );
}
