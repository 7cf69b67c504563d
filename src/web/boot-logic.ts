/**
 * The app's logic with the browser's real effects (the router's navigate, the token in localStorage,
 * the persisted state): the second step of main.tsx's boot, a chunk of its own. Importing it
 * evaluates XState and every chart (their state trees are built at import); `bootLogic` then
 * provides the real actors, which builds the provided trees: main.tsx runs the two in separate tasks.
 */
import { navigate } from 'wouter/use-browser-location';
import { getToken, setToken } from './api/client';
import { createAppLogic } from './app-logic';
import { browserStorage } from './shell/browser-storage';
import { appWasUpdated } from './shell/service-worker';

export function bootLogic() {
  const logic = createAppLogic({
    navigate: (to, options) => navigate(to, { replace: options.replace }),
    saveToken: setToken,
    store: browserStorage,
  });
  // Asked once per launch: a newer build than the last launch on this phone shows the "Updated" line.
  const input = { hasToken: getToken() !== null, appUpdated: appWasUpdated(browserStorage) };
  return { logic, input };
}
