/**
 * The service worker (built by vite-plugin-pwa into /sw.js): registered once the
 * page has loaded, so it never competes with the first screen for the farmer's bandwidth. A new
 * version's worker waits until the old version's tabs are gone and so takes over on the next launch,
 * never in the middle of a form; that launch shows the translated "Updated" line (appWasUpdated).
 */
import type { KeyValueStore } from '../../../machines/persistence';

/** When this build was made (vite.config.ts `define`). */
declare const __APP_BUILD__: string;

export const BUILD_KEY = 'app:build';
export const APP_BUILD: string = typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : 'dev';

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Whether this launch runs a newer build than the last launch on this phone (remembered in the
 * store). The first launch ever is not an update. A store that throws reads as "not updated".
 */
export function appWasUpdated(store: KeyValueStore, build: string = APP_BUILD): boolean {
  try {
    const previous = store.getItem(BUILD_KEY);
    if (previous !== build) store.setItem(BUILD_KEY, build);
    return previous !== null && previous !== build;
  } catch {
    return false;
  }
}
