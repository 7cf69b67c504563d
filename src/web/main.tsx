/**
 * Boots the app: the real effects, the optional inspector, the browser router.
 *
 * This entry script is small (React, the screen table, the texts' loader): it starts the first
 * screen's script and the saved language's texts at once. The rest arrives in parallel (index.html
 * carries a modulepreload for each boot chunk, build/boot-preloads.ts) and is evaluated in steps,
 * each its own task with a yield to the browser between them, once the inline splash has painted:
 * React DOM; XState and the charts; the charts provided with their real actors; the shell, rendered
 * as a transition. On a slow phone no step holds the main thread for long, so the splash stays
 * responsive and a tap is answered between steps.
 */
import { afterFirstPaint, nextTask, showBootFailed } from './shell/first-paint';
import { inspectorWanted, startInspector } from './shell/inspector';
import { registerServiceWorker } from './shell/service-worker';
import { LOCALES, type Locale } from '../domain/types';
import { loadMessages } from './i18n/messages';
import { SCREENS } from './routes';

/**
 * The charts (machines/) by group, as build/chunk-groups.ts chunks them: XState with the session and its
 * login and registration; the farmer's shop and screens (the admin's load with the first admin screen). Each builds its state trees
 * when its module is evaluated: one group per task, before boot-logic, whose own evaluation is then
 * little more than the app chart (a module is evaluated once, whoever imports it).
 */
const CHART_GROUPS = [
  () => import('../../machines/session.machine'),
  () =>
    Promise.all([
      import('../../machines/cart.machine'),
      import('../../machines/catalogue.machine'),
      import('../../machines/quotation-store.machine'),
      import('../../machines/connection.machine'),
      import('../../machines/quotation-list.machine'),
      import('../../machines/quotation-detail.machine'),
      import('../../machines/order-tracking.machine'),
      import('../../machines/protected-image.machine'),
    ]),
];

async function boot() {
  const inspect = inspectorWanted(window.location.search, import.meta.env.VITE_INSPECT) ? await startInspector() : undefined;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const { createRoot } = await import('react-dom/client');
  const reactRoot = createRoot(root);
  await nextTask();
  // Every chart builds its state tree when its module is evaluated: in groups, one task each.
  for (const group of CHART_GROUPS) {
    await group();
    await nextTask();
  }
  // Only now the first screen's script: its module imports the charts, and evaluated before the
  // steps above it would evaluate them all in one task.
  preloadFirstScreen();
  const { bootLogic } = await import('./boot-logic');
  await nextTask();
  const logic = await bootLogic(nextTask);
  await nextTask();
  const { renderApp } = await import('./boot-render');
  await nextTask();
  await renderApp(reactRoot, logic, inspect);
}

/**
 * The texts in the language index.html's inline script read from the saved state (its `lang`),
 * fetched now rather than when the first render asks for them. Only a head start: the session still
 * decides the language.
 */
function preloadTexts() {
  const lang = document.documentElement.lang as Locale;
  void loadMessages(LOCALES.includes(lang) ? lang : 'en').catch(() => undefined);
}

/** The script of the screen this address shows, before the shell renders and asks for it. */
function preloadFirstScreen() {
  const first = SCREENS[window.location.pathname as keyof typeof SCREENS] as (typeof SCREENS)[keyof typeof SCREENS] | undefined;
  void first?.preload().catch(() => undefined);
}

preloadTexts();
afterFirstPaint(() => void boot().catch((error: unknown) => {
  console.warn('The app could not start', error);
  showBootFailed();
}));
registerServiceWorker();
