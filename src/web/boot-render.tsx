/**
 * The last step of main.tsx's boot, a chunk of its own: the shell (wouter's browser router, the app
 * actor's context, react-intl through the shell) rendered into #root as a transition.
 */
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import { Router } from 'wouter';
import { App } from './app';
import { AppActorContext } from './app-context';
import type { bootLogic } from './boot-logic';

export function renderApp(root: Root, { logic, input }: Awaited<ReturnType<typeof bootLogic>>, inspect: ((event: InspectionEvent) => void) | undefined): void {
  // A transition: the first render yields to the browser every few milliseconds instead of holding
  // the main thread on a slow phone (the inline splash stays until it commits).
  startTransition(() =>
    root.render(
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
