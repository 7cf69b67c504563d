/** The cart bar (SPEC §2 shared elements): '{n} item(s) added' and 'Cart', only when the cart has items. */
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ROUTES } from '../../domain/routes';
import { CartIcon } from './icons';
import { NavLink } from './nav-link';
import { useCart } from './use-shop';

export function CartBar() {
  const count = useSelector(useCart(), (s) => s.context.items.length);
  const intl = useIntl();
  if (count === 0) return null;
  return (
    <div className="shop-cart-bar" role="region" aria-label={intl.formatMessage({ id: 'shop.cartBar.cart', defaultMessage: 'Cart' })}>
      <span className="shop-cart-bar-count" aria-live="polite">
        <FormattedMessage id="shop.cartBar.added" defaultMessage="{n, plural, one {# item added} other {# items added}}" values={{ n: count }} />
      </span>
      <NavLink to={ROUTES.cart} className="shop-cart-bar-link">
        <CartIcon size={20} />
        <FormattedMessage id="shop.cartBar.cart" defaultMessage="Cart" />
      </NavLink>
    </div>
  );
}
