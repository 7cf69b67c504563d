/**
 * main.tsx's last boot step (src/web/boot-render.tsx): the app actor starts before React, and the
 * shell renders once the session runs and its texts have loaded, so its first commit is the screen.
 * Started inside React, the session appeared after the first render (the splash) and the screen came
 * as a store update, which React renders synchronously: one long task on a slow phone (decision 040).
 */
import { act, screen } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../src/web/boot-render';
import { createAppLogic } from '../../src/web/app-logic';
import { SCREENS } from '../../src/web/routes';
import { ROUTES } from '../../src/domain/routes';
import { controlledActors, memoryStore, onboardingActors } from '../support/web/render';

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** What #root showed after each change React made to it. */
function recordCommits(container: HTMLElement): string[] {
  const seen: string[] = [];
  new MutationObserver(() => {
    seen.push(container.querySelector('.boot-splash') ? 'splash' : container.childElementCount > 0 ? 'screen' : 'empty');
  }).observe(container, { childList: true, subtree: true });
  return seen;
}

describe('renderApp', () => {
  it("renders the screen in the shell's first commit, never the splash first", async () => {
    window.history.replaceState(null, '', ROUTES.languageSelection);
    // As main.tsx does before the shell: the first screen's script is already there.
    await SCREENS[ROUTES.languageSelection].preload();
    const actors = controlledActors();
    const logic = createAppLogic({
      navigate: (to, { replace }) => (replace ? window.history.replaceState(null, '', to) : window.history.pushState(null, '', to)),
      saveToken: () => undefined,
      store: memoryStore(),
      actors: onboardingActors(actors),
    });
    const container = document.createElement('div');
    document.body.append(container);
    const commits = recordCommits(container);
    root = createRoot(container);

    await act(() => renderApp(root!, { logic, input: { hasToken: false, appUpdated: false } }, undefined));

    await screen.findByRole('radio', { name: 'हिन्दी' });
    expect(commits.length).toBeGreaterThan(0);
    expect(commits).not.toContain('splash');
    expect(commits[0]).toBe('screen');
  });
});
