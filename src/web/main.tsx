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
import { registerServiceWorker } from './shell/service-worker';
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
  // A transition: the first render yields to the browser every few milliseconds instead of holding
  // the main thread on a slow phone (the inline splash stays until it commits).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppActorContext.Provider logic={logic} options={{ input: { hasToken: getToken() !== null }, inspect }}>
          <Router>
            <App />
          </Router>
        </AppActorContext.Provider>
      </StrictMode>,
    ),
  );
}

afterFirstPaint(() => void boot());
registerServiceWorker();
