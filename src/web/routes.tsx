/**
 * Which screen renders each path of SPEC §2. Every screen is its own lazily loaded module; the admin
 * screens live under ./admin so they build into their own chunks that a farmer's phone never downloads.
 * Guards are not here: the session machine decides where a path may go (DECISIONS §1).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_TIMEOUT_MS } from '../domain/constants';
import { ROUTES, type RoutePath } from '../domain/routes';
import { ChunkLoadError } from './shell/error-screen';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * A screen's script, fetched when first shown. On a slow line it may take long, but not forever:
 * after CHUNK_TIMEOUT_MS (or a failed fetch) the error screen says which part failed to load.
 */
export function loadScreen(name: string, load: () => Promise<{ default: ComponentType }>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<{ default: ComponentType }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(name)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(name, error));
      },
    );
  });
}

const screen = (name: string, load: () => Promise<{ default: ComponentType }>): Screen => lazy(() => loadScreen(name, load));

/** An admin screen with the admin section's texts, both from admin chunks a farmer never fetches. */
const adminScreen = (name: string, load: () => Promise<{ default: ComponentType }>): Screen =>
  screen(name, async () => {
    const [module, { withAdminMessages }] = await Promise.all([load(), import('./admin/admin-messages')]);
    return { default: withAdminMessages(module.default) };
  });

export const SCREENS: Record<RoutePath, Screen> = {
  [ROUTES.entry]: screen('splash', () => import('./screens/splash')),
  [ROUTES.loading]: screen('loading', () => import('./screens/loading')),
  [ROUTES.languageSelection]: screen('language-selection', () => import('./screens/language-selection')),
  [ROUTES.joinUs]: screen('join-us', () => import('./screens/join-us')),
  [ROUTES.generateOtp]: screen('generate-otp', () => import('./screens/generate-otp')),
  [ROUTES.verifyOtp]: screen('verify-otp', () => import('./screens/verify-otp')),
  [ROUTES.profilePhoto]: screen('profile-photo', () => import('./screens/profile-photo')),
  [ROUTES.aadhaarCard]: screen('aadhaar-card', () => import('./screens/aadhaar-card')),
  [ROUTES.personalDetails]: screen('personal-details', () => import('./screens/personal-details')),
  [ROUTES.underVerification]: screen('under-verification', () => import('./screens/under-verification')),
  [ROUTES.home]: screen('home', () => import('./screens/home')),
  [ROUTES.cart]: screen('cart', () => import('./screens/cart')),
  [ROUTES.request]: screen('request', () => import('./screens/request')),
  [ROUTES.profile]: screen('profile', () => import('./screens/profile')),
  [ROUTES.skuDetails]: screen('sku-details', () => import('./screens/sku-details')),
  [ROUTES.quotationDetails]: screen('quotation-details', () => import('./screens/quotation-details')),
  [ROUTES.orderStatus]: screen('order-status', () => import('./screens/order-status')),
  [ROUTES.admin]: adminScreen('admin-dashboard', () => import('./admin/dashboard')),
  [ROUTES.adminUsers]: adminScreen('admin-users', () => import('./admin/users')),
  [ROUTES.adminSkus]: adminScreen('admin-skus', () => import('./admin/skus')),
  [ROUTES.adminQuotations]: adminScreen('admin-quotations', () => import('./admin/quotations')),
  [ROUTES.adminOrders]: adminScreen('admin-orders', () => import('./admin/orders')),
};
