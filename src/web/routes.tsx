/**
 * Which screen renders each path of SPEC §2. Every screen is its own lazily loaded module; the admin
 * screens live under ./admin so they build into their own chunks that a farmer's phone never downloads.
 * Guards are not here: the session machine decides where a path may go (DECISIONS §1).
 */
import { createElement, lazy, useEffect, type ComponentType, type ReactElement } from 'react';
import { CHUNK_TIMEOUT_MS } from '../domain/constants';
import { ROUTES, type RoutePath } from '../domain/routes';
import { ChunkLoadError } from './shell/chunk-load-error';

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

/** A screen: renders its module once loaded (waiting for it the first time), and can load it ahead. */
export type Screen = (() => ReactElement) & {
  /** Starts loading the screen's script (once); a failure is forgotten, so the next try fetches again. */
  preload(): Promise<ComponentType>;
};

/**
 * Runs a task once the page has loaded and the browser is idle: preloading never competes with what
 * the farmer is waiting for (the screen, its texts and pictures).
 */
const whenIdle = (task: () => void): void => {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 3_000 }) : setTimeout(task, 200));
  if (typeof document === 'undefined' || document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};

/**
 * Whether a screen fetches the screens a farmer goes to next. Yes once a service worker controls the
 * page (they come from its cache, no data spent) and where the browser has none. Not on a first
 * visit: the worker, installing after the page has loaded, is already bringing every farmer screen
 * into the cache, and the page fetching them too would spend the farmer's data on the same files
 * while the first screen's pictures are still coming.
 */
export const fetchesScreensAhead = (nav: { serviceWorker?: { controller: unknown } } | undefined): boolean =>
  !nav?.serviceWorker || nav.serviceWorker.controller !== null;

/**
 * A lazily loaded screen that can be preloaded. Once its module has arrived it
 * renders it directly, without a Suspense round: a preloaded screen opens with no fallback at all.
 * Before that, React.lazy waits for the same load. Once the screen shows, the scripts of the screens
 * a farmer goes to next from it (`next`, only those: a preloaded screen preloads nothing) are fetched
 * while the browser is idle (when `fetchesScreensAhead`), so those open at once too.
 */
function screen(name: string, load: () => Promise<{ default: ComponentType }>, next: () => readonly Screen[] = () => []): Screen {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= loadScreen(name, load).then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const preloadNext = () => {
    if (fetchesScreensAhead(typeof navigator === 'undefined' ? undefined : navigator)) next().forEach((other) => void other.preload().catch(() => undefined));
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function LoadedScreen() {
    useEffect(() => whenIdle(preloadNext), []);
    return createElement(loaded ?? Lazy);
  }
  return Object.assign(LoadedScreen, { preload });
}

/** An admin screen with the admin section's texts, both from admin chunks a farmer never fetches. */
const adminScreen = (name: string, load: () => Promise<{ default: ComponentType }>): Screen =>
  screen(name, async () => {
    const [module, { withAdminMessages }] = await Promise.all([load(), import('./admin/admin-messages')]);
    return { default: withAdminMessages(module.default) };
  });

export const SCREENS: Record<RoutePath, Screen> = {
  [ROUTES.entry]: screen('splash', () => import('./screens/splash'), () => [SCREENS[ROUTES.languageSelection]]),
  [ROUTES.loading]: screen('loading', () => import('./screens/loading')),
  [ROUTES.languageSelection]: screen('language-selection', () => import('./screens/language-selection'), () => [SCREENS[ROUTES.joinUs]]),
  [ROUTES.joinUs]: screen('join-us', () => import('./screens/join-us'), () => [SCREENS[ROUTES.generateOtp]]),
  [ROUTES.generateOtp]: screen('generate-otp', () => import('./screens/generate-otp'), () => [SCREENS[ROUTES.verifyOtp]]),
  [ROUTES.verifyOtp]: screen('verify-otp', () => import('./screens/verify-otp'), () => [SCREENS[ROUTES.profilePhoto], SCREENS[ROUTES.home]]),
  [ROUTES.profilePhoto]: screen('profile-photo', () => import('./screens/profile-photo'), () => [SCREENS[ROUTES.aadhaarCard]]),
  [ROUTES.aadhaarCard]: screen('aadhaar-card', () => import('./screens/aadhaar-card'), () => [SCREENS[ROUTES.personalDetails]]),
  [ROUTES.personalDetails]: screen('personal-details', () => import('./screens/personal-details'), () => [SCREENS[ROUTES.underVerification]]),
  [ROUTES.underVerification]: screen('under-verification', () => import('./screens/under-verification')),
  [ROUTES.home]: screen('home', () => import('./screens/home'), () => [SCREENS[ROUTES.skuDetails], SCREENS[ROUTES.cart], SCREENS[ROUTES.request], SCREENS[ROUTES.profile]]),
  [ROUTES.cart]: screen('cart', () => import('./screens/cart'), () => [SCREENS[ROUTES.request]]),
  [ROUTES.request]: screen('request', () => import('./screens/request'), () => [SCREENS[ROUTES.quotationDetails], SCREENS[ROUTES.home], SCREENS[ROUTES.profile]]),
  [ROUTES.profile]: screen('profile', () => import('./screens/profile'), () => [SCREENS[ROUTES.home], SCREENS[ROUTES.request]]),
  [ROUTES.skuDetails]: screen('sku-details', () => import('./screens/sku-details'), () => [SCREENS[ROUTES.cart]]),
  [ROUTES.quotationDetails]: screen('quotation-details', () => import('./screens/quotation-details'), () => [SCREENS[ROUTES.orderStatus]]),
  [ROUTES.orderStatus]: screen('order-status', () => import('./screens/order-status')),
  [ROUTES.admin]: adminScreen('admin-dashboard', () => import('./admin/dashboard')),
  [ROUTES.adminUsers]: adminScreen('admin-users', () => import('./admin/users')),
  [ROUTES.adminSkus]: adminScreen('admin-skus', () => import('./admin/skus')),
  [ROUTES.adminQuotations]: adminScreen('admin-quotations', () => import('./admin/quotations')),
  [ROUTES.adminOrders]: adminScreen('admin-orders', () => import('./admin/orders')),
  [ROUTES.analyst]: screen('analyst', () => import('./analyst/analyst-screen')),
};
