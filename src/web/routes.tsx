/**
 * Which screen renders each path of SPEC §2. Every screen is its own lazily loaded module; the admin
 * screens live under ./admin so they build into their own chunks that a farmer's phone never downloads.
 * Guards are not here: the session machine decides where a path may go (DECISIONS §1).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTES, type RoutePath } from '../domain/routes';

type Screen = LazyExoticComponent<ComponentType>;

export const SCREENS: Record<RoutePath, Screen> = {
  [ROUTES.entry]: lazy(() => import('./screens/splash')),
  [ROUTES.loading]: lazy(() => import('./screens/loading')),
  [ROUTES.languageSelection]: lazy(() => import('./screens/language-selection')),
  [ROUTES.joinUs]: lazy(() => import('./screens/join-us')),
  [ROUTES.generateOtp]: lazy(() => import('./screens/generate-otp')),
  [ROUTES.verifyOtp]: lazy(() => import('./screens/verify-otp')),
  [ROUTES.profilePhoto]: lazy(() => import('./screens/profile-photo')),
  [ROUTES.aadhaarCard]: lazy(() => import('./screens/aadhaar-card')),
  [ROUTES.personalDetails]: lazy(() => import('./screens/personal-details')),
  [ROUTES.underVerification]: lazy(() => import('./screens/under-verification')),
  [ROUTES.home]: lazy(() => import('./screens/home')),
  [ROUTES.cart]: lazy(() => import('./screens/cart')),
  [ROUTES.request]: lazy(() => import('./screens/request')),
  [ROUTES.profile]: lazy(() => import('./screens/profile')),
  [ROUTES.skuDetails]: lazy(() => import('./screens/sku-details')),
  [ROUTES.quotationDetails]: lazy(() => import('./screens/quotation-details')),
  [ROUTES.orderStatus]: lazy(() => import('./screens/order-status')),
  [ROUTES.admin]: lazy(() => import('./admin/dashboard')),
  [ROUTES.adminUsers]: lazy(() => import('./admin/users')),
  [ROUTES.adminSkus]: lazy(() => import('./admin/skus')),
  [ROUTES.adminQuotations]: lazy(() => import('./admin/quotations')),
  [ROUTES.adminOrders]: lazy(() => import('./admin/orders')),
};
