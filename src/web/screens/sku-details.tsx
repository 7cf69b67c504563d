/**
 * /sku-details?sku_id={skuDisplayId} (SPEC §2): category and brand, name, image, the quantity input
 * with its unit between − and +, the cart chart's refusal of a quantity the unit does not allow, the
 * overview and 'Add to Cart'; a speaker button reads the name, the quantity and the overview aloud
 * where the phone has a voice for the language. The catalogue opens the product from the session's location (a deep
 * link fetches the list first); this view only renders and sends.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { quantityBox } from '../../../machines/cart.machine';
import { isCatalogueLoading, selectedSku } from '../../../machines/catalogue.machine';
import { cartItemOf } from '../../domain/cart';
import { productSpeech } from '../../../machines/read-aloud';
import { ProductImage } from '../shop/product-image';
import { ReadAloudButton, useSpokenWords } from '../shop/read-aloud-button';
import { QuantityStepper } from '../shop/quantity-stepper';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { useCart, useCatalogue } from '../shop/use-shop';
import { skuName, skuText } from '../../domain/sku-text';

export default function SkuDetailsScreen() {
  const catalogue = useCatalogue();
  const cart = useCart();
  const intl = useIntl();
  const words = useSpokenWords();
  const quantityId = useId();
  const sku = useSelector(catalogue, selectedSku);
  const loading = useSelector(catalogue, isCatalogueLoading);
  const skuId = sku?._id ?? '';
  const unit = sku?.skuQuantityUnit ?? '';
  const box = useSelector(cart, (s) => quantityBox(s, skuId), (a, b) => a.text === b.text && a.refusal === b.refusal);
  const item = sku ? cartItemOf(sku, 0) : null;
  const canAdd = useSelector(cart, (s) => (item ? s.can({ type: 'cart.add', item }) : false));
  const canDecrease = useSelector(cart, (s) => s.can({ type: 'draft.decrement', skuId, unit }));
  const canIncrease = useSelector(cart, (s) => s.can({ type: 'draft.increment', skuId, unit }));

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
        <div className="shop-product-heading">
          <h2 className="shop-product-name">{skuName(sku, intl.locale)}</h2>
          <ReadAloudButton text={productSpeech(sku, box.text, words)} />
        </div>
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
          <QuantityStepper
            id={quantityId}
            name={skuName(sku, intl.locale)}
            unit={unit}
            box={box}
            placeholder="0"
            canDecrease={canDecrease}
            canIncrease={canIncrease}
            onDecrease={() => cart.send({ type: 'draft.decrement', skuId, unit })}
            onIncrease={() => cart.send({ type: 'draft.increment', skuId, unit })}
            onType={(text) => cart.send({ type: 'draft.change', skuId, unit, text })}
          />
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
