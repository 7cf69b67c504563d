/**
 * The app's logic with the browser's real effects (the router's navigate, the token in localStorage,
 * the persisted state): the second step of main.tsx's boot, a chunk of its own. Importing it
 * evaluates XState and every chart (their state trees are built at import); `bootLogic` then
 * provides the real actors, which builds the provided trees again: one part per task.
 */
import { navigate } from 'wouter/use-browser-location';
import { getToken, setToken } from './api/client';
import { createAppLogicInSteps } from './app-logic';
import { browserStorage } from './shell/browser-storage';
import { appWasUpdated } from './shell/service-worker';

/** The logic, provided one part per task (`between` yields to the browser), and the actor's input. */
export async function bootLogic(between: () => Promise<void>) {
  const logic = await createAppLogicInSteps({
    navigate: (to, options) => navigate(to, { replace: options.replace }),
    saveToken: setToken,
    store: browserStorage,
  }, between);
  // Asked once per launch: a newer build than the last launch on this phone shows the "Updated" line.
  const input = { hasToken: getToken() !== null, appUpdated: appWasUpdated(browserStorage) };
  return { logic, input };
}
