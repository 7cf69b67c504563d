/** Boots the app: the real effects, the optional inspector, the browser router. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app';
import { AppActorContext } from './app-context';
import { createAppLogic } from './app-logic';
import { getToken, setToken } from './api/client';
import { browserStorage } from './shell/browser-storage';
import { afterFirstPaint } from './shell/first-paint';
import { inspectorWanted, startInspector } from './shell/inspector';
import { appWasUpdated, registerServiceWorker } from './shell/service-worker';
import { LOCALES, type Locale } from '../domain/types';
import { loadMessages } from './i18n/messages';
import { SCREENS } from './routes';
import './styles.css';

const logic = createAppLogic({
  navigate: (to, options) => navigate(to, { replace: options.replace }),
  saveToken: setToken,
  store: browserStorage,
});

async function boot() {
  const inspect = inspectorWanted(window.location.search, import.meta.env.VITE_INSPECT) ? await startInspector() : undefined;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const reactRoot = createRoot(root);
  // Asked once per launch: a newer build than the last launch on this phone shows the "Updated" line.
  const input = { hasToken: getToken() !== null, appUpdated: appWasUpdated(browserStorage) };
  // A transition: the first render yields to the browser every few milliseconds instead of holding
  // the main thread on a slow phone (the inline splash stays until it commits).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppActorContext.Provider logic={logic} options={{ input, inspect }}>
          <Router>
            <App />
          </Router>
        </AppActorContext.Provider>
      </StrictMode>,
    ),
  );
}

/**
 * Fetched now, in parallel, rather than one after the other as the first render asks for them: the
 * texts in the language index.html's inline script read from the saved state (its `lang`), and the
 * script of the screen this address shows. Only a head start: the session still decides both.
 */
function preloadFirstScreen() {
  const lang = document.documentElement.lang as Locale;
  void loadMessages(LOCALES.includes(lang) ? lang : 'en').catch(() => undefined);
  const first = SCREENS[window.location.pathname as keyof typeof SCREENS] as (typeof SCREENS)[keyof typeof SCREENS] | undefined;
  void first?.preload().catch(() => undefined);
}

preloadFirstScreen();
afterFirstPaint(() => void boot());
registerServiceWorker();
