/**
 * /cart, My Cart (SPEC §2): the items with their count, remove, minus, plus and 'Request Quotation'.
 * Minus and plus step by the item's unit (1, or 0.5 quintal/tonne); plus is off at the maximum.
 * Between them a box takes a typed quantity under the same unit rule as /sku-details: the cart chart
 * keeps a refused text as typed and says why (`cartItemBox`); nothing is changed unseen.
 */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { cartItemBox } from '../../../machines/cart.machine';
import { ROUTES } from '../../domain/routes';
import type { CartItem } from '../../domain/types';
import { TrashIcon } from '../shop/icons';
import { NavLink } from '../shop/nav-link';
import { ProductImage } from '../shop/product-image';
import { QuantityStepper } from '../shop/quantity-stepper';
import { BackHeader, ShopLayout } from '../shop/shop-layout';
import { useCart, type CartActorRef } from '../shop/use-shop';
import { skuName, unitText } from '../../domain/sku-text';
import { useWritesBlocked } from '../shell/use-connection';

export default function CartScreen() {
  const cart = useCart();
  const intl = useIntl();
  const items = useSelector(cart, (s) => s.context.items);
  const sending = useSelector(cart, (s) => s.hasTag('busy'));
  const canRequest = useSelector(cart, (s) => s.can({ type: 'quotation.request' }));
  const offline = useWritesBlocked();

  const footer = (
    <>
      {/* Offline, the request waits in the outbox: the farmer is told so before tapping. */}
      {offline ? (
        <p className="offline-reason shop-muted shop-small" role="note">
          <FormattedMessage id="outbox.cartOffline" />
        </p>
      ) : null}
      <button type="button" className="shop-button shop-button-primary shop-button-block" disabled={!canRequest} onClick={() => cart.send({ type: 'quotation.request' })}>
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
            <CartLine key={item._id} cart={cart} item={item} sending={sending} />
          ))}
        </ul>
      )}
    </ShopLayout>
  );
}

function CartLine({ cart, item, sending }: { cart: CartActorRef; item: CartItem; sending: boolean }) {
  const intl = useIntl();
  const name = skuName(item, intl.locale);
  const box = useSelector(cart, (s) => cartItemBox(s, item._id), (a, b) => a.text === b.text && a.refusal === b.refusal);
  const canDecrease = useSelector(cart, (s) => s.can({ type: 'cart.decrement', id: item._id }));
  const canIncrease = useSelector(cart, (s) => s.can({ type: 'cart.increment', id: item._id }));
  return (
    <li className="shop-card shop-line shop-cart-line">
      <ProductImage src={item.image} alt="" size="thumb" />
      <div className="shop-line-body">
        <strong>{name}</strong>
        <span className="shop-muted">
          {item.quantity} {unitText(item.skuQuantityUnit, intl)}
        </span>
      </div>
      <button type="button" className="shop-icon-button shop-danger" disabled={sending} onClick={() => cart.send({ type: 'cart.remove', id: item._id })} aria-label={intl.formatMessage({ id: 'shop.cart.remove', defaultMessage: 'Remove {name}' }, { name })}>
        <TrashIcon />
      </button>
      <QuantityStepper
        className="shop-cart-quantity"
        name={name}
        unit={item.skuQuantityUnit}
        box={box}
        label={intl.formatMessage({ id: 'shop.cart.quantityOf', defaultMessage: 'Quantity of {name}' }, { name })}
        disabled={sending}
        canDecrease={!sending && canDecrease}
        canIncrease={canIncrease}
        onDecrease={() => cart.send({ type: 'cart.decrement', id: item._id })}
        onIncrease={() => cart.send({ type: 'cart.increment', id: item._id })}
        onType={(text) => cart.send({ type: 'cart.type', id: item._id, text })}
      />
    </li>
  );
}
