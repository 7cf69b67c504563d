/**
 * The frame of every admin screen: the shared back-arrow header with the screen's title, then the
 * content. No bottom navigation or cart: the admin section is a tool, not the shop.
 */
import type { ReactNode } from 'react';
import { ROUTES } from '../../domain/routes';
import { BackHeader } from '../shop/shop-layout';
import './admin.css';

/** `up` is where the back arrow leads after a deep link: the dashboard for its sections, Home for the dashboard. */
export function AdminLayout({ title, children, up = ROUTES.admin }: { title: ReactNode; children: ReactNode; up?: string }) {
  return (
    <div className="shop-screen admin-screen">
      <BackHeader title={title} up={up} />
      <main className="admin-main">{children}</main>
    </div>
  );
}
