/** Bottom navigation (SPEC §2 shared elements): Home, Cart, Request, Profile; 450 px at most. */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { ROUTES } from '../../domain/routes';
import { CartIcon, HomeIcon, ProfileIcon, RequestIcon } from './icons';
import { NavLink } from './nav-link';
import { useCart } from './use-shop';

const TABS: { to: string; id: string; english: string; icon: () => ReactNode }[] = [
  { to: ROUTES.home, id: 'shop.nav.home', english: 'Home', icon: HomeIcon },
  { to: ROUTES.cart, id: 'shop.nav.cart', english: 'Cart', icon: () => <CartIcon /> },
  { to: ROUTES.request, id: 'shop.nav.request', english: 'Request', icon: RequestIcon },
  { to: ROUTES.profile, id: 'shop.nav.profile', english: 'Profile', icon: ProfileIcon },
];

export function BottomNav() {
  const [location] = useLocation();
  const intl = useIntl();
  const cartCount = useSelector(useCart(), (s) => s.context.items.length);
  return (
    <nav className="shop-bottom-nav" aria-label={intl.formatMessage({ id: 'shop.nav.label', defaultMessage: 'Main menu' })}>
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="shop-tab" current={location === tab.to}>
          <span className="shop-tab-icon">
            {tab.icon()}
            {tab.to === ROUTES.cart && cartCount > 0 ? (
              <span className="shop-tab-badge" aria-hidden="true">
                {cartCount}
              </span>
            ) : null}
          </span>
          <FormattedMessage id={tab.id} defaultMessage={tab.english} />
        </NavLink>
      ))}
    </nav>
  );
}
