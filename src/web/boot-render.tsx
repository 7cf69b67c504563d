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
import type { SessionActorRef } from '../../machines/session.machine';
import { DEFAULT_LANGUAGE, LOCALE_OF_LANGUAGE } from '../domain/types';
import { App } from './app';
import { AppActorContext } from './app-context';
import type { bootLogic } from './boot-logic';
import { loadMessages } from './i18n/messages';

export async function renderApp(root: Root, { logic, input }: Awaited<ReturnType<typeof bootLogic>>, inspect: ((event: InspectionEvent) => void) | undefined): Promise<void> {
  const actor = createActor(logic, { input, inspect }).start();
  // The app chart restores the persisted slices (at most PERSIST_TIMEOUT_MS) and then runs the session.
  const running = await waitFor(actor, (s) => s.children.session !== undefined, { timeout: Infinity });
  const session = running.children.session as SessionActorRef;
  // The texts of the session's language: without them the shell would render the splash first and
  // the screen later, again as an update. A failed fetch is the shell's to show (its retry).
  await loadMessages(LOCALE_OF_LANGUAGE[session.getSnapshot().context.user.preferredLanguage ?? DEFAULT_LANGUAGE]).catch(() => undefined);
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
}
