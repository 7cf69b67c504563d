/**
 * The price panel (SPEC §2 /quotation-details): Total MRP, Discount on MRP, Shipping, Total Amount.
 * While a quotation waits for its price, the estimate panel instead: "from ₹…" in total, from the
 * SKUs' minimum prices (machines/quotation-lifecycle `shownTotal`), marked as no quoted price.
 */
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

/** A pending quotation's estimate: the total "from ₹…", what it is (not a quote), and when a reply usually comes. */
export function EstimatePanel({ totalPaisa, replyHours }: { totalPaisa: number; replyHours: number | null }) {
  return (
    <section className="shop-card shop-panel shop-estimate" aria-labelledby="shop-estimate-title">
      <h2 id="shop-estimate-title" className="shop-section-title">
        <FormattedMessage id="shop.estimate.title" defaultMessage="Estimated price" />
      </h2>
      <dl className="shop-rows">
        <div className="shop-rows-total">
          <dt>
            <FormattedMessage id="shop.estimate.total" defaultMessage="Estimated total" />
          </dt>
          <dd>
            <FormattedMessage id="shop.estimate.from" defaultMessage="from {amount}" values={{ amount: formatPaisa(totalPaisa) }} />
          </dd>
        </div>
      </dl>
      <p className="shop-muted shop-small">
        <FormattedMessage
          id="shop.estimate.note"
          defaultMessage="An estimate from the minimum prices, not a quoted price. The final price comes with the quotation."
        />
      </p>
      {replyHours === null ? null : (
        <p className="shop-small shop-estimate-reply">
          <FormattedMessage
            id="shop.quotation.replyWithin"
            defaultMessage="We usually reply within {hours, plural, one {# hour} other {# hours}}."
            values={{ hours: replyHours }}
          />
        </p>
      )}
    </section>
  );
}
