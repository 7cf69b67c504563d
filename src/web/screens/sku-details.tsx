/**
 * /sku-details?sku_id={skuDisplayId} (SPEC §2): category and brand, name, image, the quantity input
 * with its unit, the overview and 'Add to Cart'. A deep link fetches the catalogue first.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { isCatalogueLoading, selectedSku } from '../../../machines/catalogue.machine';
import { cartItemOf } from '../../domain/cart';
import { ProductImage } from '../shop/product-image';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { useCart, useCatalogue } from '../shop/use-shop';
import { skuName, skuText, unitText } from '../../domain/sku-text';

export default function SkuDetailsScreen() {
  const skuDisplayId = new URLSearchParams(useSearch()).get('sku_id') ?? '';
  const catalogue = useCatalogue();
  const cart = useCart();
  const intl = useIntl();
  const quantityId = useId();
  const sku = useSelector(catalogue, selectedSku);
  const loading = useSelector(catalogue, isCatalogueLoading);
  const quantity = useSelector(cart, (s) => (sku && s.context.draft?.skuId === sku._id ? s.context.draft.quantity : 0));
  const item = sku ? cartItemOf(sku, 0) : null;
  const canAdd = useSelector(cart, (s) => (item ? s.can({ type: 'cart.add', item }) : false));

  useEffect(() => {
    catalogue.send({ type: 'sku.open', skuDisplayId });
  }, [catalogue, skuDisplayId]);

  const title = intl.formatMessage({ id: 'shop.sku.title', defaultMessage: 'Product Details' });
  if (!sku || !item) {
    return (
      <ShopLayout header={<BackHeader title={title} />}>
        <p className="shop-empty" role="status">
          {loading ? (
            <FormattedMessage id="common.loading" defaultMessage="Loading..." />
          ) : (
            <FormattedMessage id="shop.sku.notFound" defaultMessage="This product is not available" />
          )}
        </p>
      </ShopLayout>
    );
  }

  return (
    <ShopLayout header={<BackHeader title={title} />} cartBar>
      <article className="shop-product">
        <p className="shop-product-meta">
          <span>{skuText(sku, 'categoryName', intl.locale)}</span>
          <span aria-hidden="true"> · </span>
          <span>{skuText(sku, 'brandName', intl.locale)}</span>
        </p>
        <h2 className="shop-product-name">{skuName(sku, intl.locale)}</h2>
        <ProductImage src={sku.image} alt={skuName(sku, intl.locale)} size="hero" />

        <form
          className="shop-card shop-add"
          onSubmit={(e) => {
            e.preventDefault();
            cart.send({ type: 'cart.add', item });
          }}
        >
          <label htmlFor={quantityId} className="shop-label">
            <FormattedMessage id="shop.sku.quantity" defaultMessage="Quantity" />
          </label>
          <div className="shop-quantity-input">
            <input
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={quantity === 0 ? '' : String(quantity)}
              placeholder="0"
              onChange={(e) => cart.send({ type: 'draft.change', skuId: sku._id, quantity: Number.parseInt(e.target.value, 10) || 0 })}
            />
            <span className="shop-unit">{unitText(sku.skuQuantityUnit, intl.messages)}</span>
          </div>
          <button type="submit" className="shop-button shop-button-primary shop-button-block" disabled={!canAdd}>
            <FormattedMessage id="shop.sku.addToCart" defaultMessage="Add to Cart" />
          </button>
        </form>

        <section aria-labelledby="shop-sku-overview">
          <h3 id="shop-sku-overview" className="shop-section-title">
            <FormattedMessage id="shop.home.overviewTitle" defaultMessage="Product Overview" />
          </h3>
          <p className="shop-prose">{skuText(sku, 'description', intl.locale)}</p>
        </section>
      </article>
    </ShopLayout>
  );
}
