/** The price panel (SPEC §2 /quotation-details): Total MRP, Discount on MRP, Shipping, Total Amount. */
import { FormattedMessage } from 'react-intl';
import { formatPaisa, priceDetails } from '../../domain/money';
import type { QuotationLine } from '../../domain/types';

export function PricePanel({ lines }: { lines: readonly QuotationLine[] }) {
  const price = priceDetails(lines);
  return (
    <section className="shop-card shop-panel" aria-labelledby="shop-price-title">
      <h2 id="shop-price-title" className="shop-section-title">
        <FormattedMessage id="shop.price.title" defaultMessage="Price Details" />
      </h2>
      <dl className="shop-rows">
        <div>
          <dt>
            <FormattedMessage id="shop.price.totalMrp" defaultMessage="Total MRP" />
          </dt>
          <dd>{formatPaisa(price.totalMrpPaisa)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="shop.price.discount" defaultMessage="Discount on MRP" />
          </dt>
          <dd className="shop-saving">−{formatPaisa(price.discountPaisa)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="shop.price.shipping" defaultMessage="Shipping" />
          </dt>
          <dd>{formatPaisa(price.shippingPaisa)}</dd>
        </div>
        <div className="shop-rows-total">
          <dt>
            <FormattedMessage id="shop.price.total" defaultMessage="Total Amount" />
          </dt>
          <dd>{formatPaisa(price.totalPaisa)}</dd>
        </div>
      </dl>
    </section>
  );
}
