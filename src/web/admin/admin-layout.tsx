/**
 * The frame of every admin screen: the shared back-arrow header with the screen's title, then the
 * content. No bottom navigation or cart: the admin section is a tool, not the shop.
 */
import type { ReactNode } from 'react';
import { BackHeader } from '../shop/shop-layout';
import './admin.css';

export function AdminLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="shop-screen admin-screen">
      <BackHeader title={title} />
      <main className="admin-main">{children}</main>
    </div>
  );
}
