/**
 * The last step of main.tsx's boot, a chunk of its own: the app actor started, and the shell (wouter's
 * browser router, the actor's context, react-intl through the shell) rendered into #root as a
 * transition.
 *
 * The actor starts here, before React, and the shell renders once the session runs and its language's
 * texts have arrived. Started inside React (the Provider's own actor), the session appeared after the
 * first render as a store update, and React renders a store update synchronously: the whole shell
 * and the first screen in one task, 370–630 ms of main thread on a slow phone, during which
 * a tap goes unanswered. Rendered with the session already there, the first render is the transition,
 * which yields to the browser every few milliseconds. The inline splash stays until it commits.
 */
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { Router } from 'wouter';
import { createActor, waitFor, type InspectionEvent } from 'xstate';
import { textsSettled, type LocaleActorRef } from '../../machines/locale.machine';
import { App } from './app';
import { AppActorContext } from './app-context';
import type { bootLogic } from './boot-logic';
import { helpImproveOn, privacyControlOn } from './shell/help-improve';
import { transitionTap, type TransitionTap } from './shell/transition-tap';

export async function renderApp(root: Root, { logic, input }: Awaited<ReturnType<typeof bootLogic>>, inspect: ((event: InspectionEvent) => void) | undefined): Promise<void> {
  // Recording use rides the same inspection hook as the Stately inspector, on the root actor: no chart
  // knows it is recorded.
  const tap = transitionTap();
  const actor = createActor(logic, {
    input,
    inspect: (event) => {
      tap.inspect(event);
      inspect?.(event);
    },
  }).start();
  // The app chart restores the persisted slices (at most PERSIST_TIMEOUT_MS) and then runs the session.
  const running = await waitFor(actor, (s) => s.children.session !== undefined, { timeout: Infinity });
  // The texts of the session's language (the `locale` chart): without them the shell would render the
  // splash first and the screen later, again as an update. A failed download is the shell's to show (its retry).
  await waitFor(running.children.locale as LocaleActorRef, textsSettled, { timeout: Infinity });
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppActorContext.Provider actor={actor}>
          <Router>
            <App />
          </Router>
        </AppActorContext.Provider>
      </StrictMode>,
    ),
  );
  startRecording(tap);
}

/**
 * The recorder arrives on its own, well after the first screen (the tap keeps what happens meanwhile),
 * or as soon as the page first hides, when it sends at once: a farmer's first load never fetches it.
 * Never under Global Privacy Control (then the kept snapshots are dropped); it sends only while
 * "Help improve the app" is on.
 */
const RECORDER_AFTER_MS = 20_000;

function startRecording(tap: TransitionTap): void {
  if (privacyControlOn()) return tap.close();
  let loading = false;
  const load = (sendNow: boolean) => {
    if (loading) return;
    loading = true;
    document.removeEventListener('visibilitychange', onHide);
    void import('./shell/transition-recorder')
      .then(({ startRecorder }) => {
        const recorder = startRecorder({ attach: tap.attach, enabled: () => helpImproveOn(), storage: localStorage, send: (url, body) => navigator.sendBeacon(url, body) });
        if (sendNow) recorder.flush();
      })
      .catch(() => tap.close());
  };
  const onHide = () => document.visibilityState === 'hidden' && load(true);
  document.addEventListener('visibilitychange', onHide);
  setTimeout(() => load(false), RECORDER_AFTER_MS);
}
