/**
 * The frame of every inner screen: a sticky top bar (the screen's own header, or the back-arrow
 * header with a title, with the contact button docked at its end), the content, and a sticky dock
 * (the screen's action, the cart bar when asked for, the bottom navigation). Both bars take their
 * own room in the page, so the contact button never lies over a button, a field or an amount, and
 * the end of the content always scrolls clear of the dock.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ROUTES } from '../../domain/routes';
import { useSession } from '../shell/use-actors';
import { BottomNav } from './bottom-nav';
import { CartBar } from './cart-bar';
import { ContactFab, ContactSheet } from './contact';
import { BackIcon } from './icons';
import './shop.css';

/** Open state of the Contact Us sheet, held by the screen so 'Make Payment' can open it too. */
export function useContactSheet() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  return { open, show, hide };
}

export function BackHeader({ title, children, up = ROUTES.home }: { title: ReactNode; children?: ReactNode; up?: string }) {
  const session = useSession();
  const intl = useIntl();
  // The session steps back, or, for a screen opened from a link, goes to the one above (Home for the shop).
  const back = () => session.send({ type: 'nav.back', up });
  return (
    <header className="shop-header">
      <button type="button" className="shop-icon-button" onClick={back} aria-label={intl.formatMessage({ id: 'shop.common.back', defaultMessage: 'Back' })}>
        <BackIcon />
      </button>
      <h1 className="shop-header-title">{title}</h1>
      {children}
    </header>
  );
}

export function ShopLayout({
  header,
  children,
  cartBar = false,
  footer,
  contact,
}: {
  header: ReactNode;
  children: ReactNode;
  cartBar?: boolean;
  /** A sticky action above the navigation (e.g. 'Request Quotation'). */
  footer?: ReactNode;
  contact?: ReturnType<typeof useContactSheet>;
}) {
  const own = useContactSheet();
  const sheet = contact ?? own;
  return (
    <div className="shop-screen">
      <div className="shop-top">
        {header}
        <ContactFab onOpen={sheet.show} />
      </div>
      <main className="shop-main">{children}</main>
      <div className="shop-dock">
        {footer ? <div className="shop-footer">{footer}</div> : null}
        {cartBar ? <CartBar /> : null}
        <BottomNav />
      </div>
      {sheet.open ? <ContactSheet onClose={sheet.hide} /> : null}
    </div>
  );
}
