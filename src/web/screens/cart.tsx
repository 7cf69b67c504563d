/**
 * /cart, My Cart (SPEC §2): the items with their count, remove, minus, plus and 'Request Quotation'.
 * Minus and plus step by the item's unit (1, or 0.5 quintal/tonne); plus is off at the maximum.
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ROUTES } from '../../domain/routes';
import { MinusIcon, PlusIcon, TrashIcon } from '../shop/icons';
import { NavLink } from '../shop/nav-link';
import { ProductImage } from '../shop/product-image';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { useCart } from '../shop/use-shop';
import { skuName, unitText } from '../../domain/sku-text';
import { OfflineWriteReason } from '../shell/offline-line';
import { useWritesBlocked } from '../shell/use-connection';

export default function CartScreen() {
  const cart = useCart();
  const intl = useIntl();
  const items = useSelector(cart, (s) => s.context.items);
  const sending = useSelector(cart, (s) => s.hasTag('busy'));
  const canRequest = useSelector(cart, (s) => s.can({ type: 'quotation.request' }));
  const increasable = useSelector(
    cart,
    (s) => s.context.items.filter((i) => s.can({ type: 'cart.increment', id: i._id })).map((i) => i._id),
    (a, b) => a.join('\n') === b.join('\n'),
  );
  const offline = useWritesBlocked();

  const footer = (
    <>
      <OfflineWriteReason />
      <button type="button" className="shop-button shop-button-primary shop-button-block" disabled={!canRequest || offline} onClick={() => cart.send({ type: 'quotation.request' })}>
        {sending ? (
          <FormattedMessage id="shop.cart.sending" defaultMessage="Sending…" />
        ) : (
          <FormattedMessage id="shop.cart.requestQuotation" defaultMessage="Request Quotation" />
        )}
      </button>
    </>
  );

  return (
    <ShopLayout header={<BackHeader title={intl.formatMessage({ id: 'shop.cart.title', defaultMessage: 'My Cart' })} />} footer={footer}>
      <p className="shop-count">
        <FormattedMessage id="shop.cart.count" defaultMessage="{n, plural, one {# item} other {# items}}" values={{ n: items.length }} />
      </p>
      {items.length === 0 ? (
        <div className="shop-empty">
          <p>
            <FormattedMessage id="shop.cart.empty" defaultMessage="Your cart is empty" />
          </p>
          <NavLink to={ROUTES.home} className="shop-button shop-button-outline">
            <FormattedMessage id="shop.cart.browse" defaultMessage="Browse products" />
          </NavLink>
        </div>
      ) : (
        <ul className="shop-list" aria-busy={sending}>
          {items.map((item) => (
            <li key={item._id} className="shop-card shop-line">
              <ProductImage src={item.image} alt="" size="thumb" />
              <div className="shop-line-body">
                <strong>{skuName(item, intl.locale)}</strong>
                <span className="shop-muted">
                  {item.quantity} {unitText(item.skuQuantityUnit, intl)}
                </span>
                <div className="shop-stepper" role="group" aria-label={intl.formatMessage({ id: 'shop.cart.quantityOf', defaultMessage: 'Quantity of {name}' }, { name: skuName(item, intl.locale) })}>
                  <button type="button" className="shop-icon-button" disabled={sending} onClick={() => cart.send({ type: 'cart.decrement', id: item._id })} aria-label={intl.formatMessage({ id: 'shop.cart.decrease', defaultMessage: 'Decrease {name}' }, { name: skuName(item, intl.locale) })}>
                    <MinusIcon />
                  </button>
                  <output aria-live="polite">{item.quantity}</output>
                  <button type="button" className="shop-icon-button" disabled={!increasable.includes(item._id)} onClick={() => cart.send({ type: 'cart.increment', id: item._id })} aria-label={intl.formatMessage({ id: 'shop.cart.increase', defaultMessage: 'Increase {name}' }, { name: skuName(item, intl.locale) })}>
                    <PlusIcon />
                  </button>
                </div>
              </div>
              <button type="button" className="shop-icon-button shop-danger" disabled={sending} onClick={() => cart.send({ type: 'cart.remove', id: item._id })} aria-label={intl.formatMessage({ id: 'shop.cart.remove', defaultMessage: 'Remove {name}' }, { name: skuName(item, intl.locale) })}>
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </ShopLayout>
  );
}
