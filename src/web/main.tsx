/** Boots the app: the real effects, the optional inspector, the browser router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app';
import { AppActorContext } from './app-context';
import { createAppLogic } from './app-logic';
import { getToken, setToken } from './api/client';
import { browserStorage } from './shell/browser-storage';
import { inspectorWanted, startInspector } from './shell/inspector';
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
  createRoot(root).render(
    <StrictMode>
      <AppActorContext.Provider logic={logic} options={{ input: { hasToken: getToken() !== null }, inspect }}>
        <Router>
          <App />
        </Router>
      </AppActorContext.Provider>
    </StrictMode>,
  );
}

void boot();
