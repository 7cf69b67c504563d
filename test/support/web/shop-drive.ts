/**
 * Drives rendered shop screens along model paths: the app boots with real timers, then timers turn
 * fake so each `xstate.after.*` tick of a path is one `advance(ms)`; actor answers are the test's.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { afterPendingWork } from '../after-pending-work';
import { answerAs, type ControlledCall } from '../machines/controlled';
import { ROUTES } from '../../../src/domain/routes';
import { SCREENS } from '../../../src/web/routes';

export function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Waits until `done()` holds without moving the fake clock. @testing-library's waitFor polls with
 * timers, which the fake clock holds still; this checks once per turn of Node's event loop (which
 * fake timers leave alone), letting promises, lazy screens and renders run in between.
 */
export async function until(done: () => boolean, what: string): Promise<void> {
  for (let turn = 0; !done(); turn += 1) {
    if (turn === 100) throw new Error(`Still waiting for ${what}`);
    await act(() => afterPendingWork());
  }
}

/** Answers a controlled actor's call as the path's done/error event says, once its chart has taken the answer. */
export async function answer<TOutput>(call: ControlledCall<TOutput, unknown>, event: AnyEventObject): Promise<void> {
  await act(() => answerAs(call, event));
}

/** The delay name of an `xstate.after.<delay>.<state id>` event. */
export const delayOf = (event: AnyEventObject): string => event.type.split('.')[2] ?? '';

/**
 * Loads every shop screen through the app's own screen table, as the app preloads the next screens,
 * so a screen then opens directly. (Importing the modules alone left each screen's first show to a
 * Suspense round, whose commit runs its effects later: the page could show before its views listened
 * to their charts, and a quantity typed in that gap reached the cart chart while its box went back
 * to empty.)
 */
export async function preloadShopScreens(): Promise<void> {
  const shop = [ROUTES.home, ROUTES.skuDetails, ROUTES.cart, ROUTES.request, ROUTES.quotationDetails, ROUTES.orderStatus, ROUTES.profile];
  await Promise.all(shop.map((path) => SCREENS[path].preload()));
}

/** Waits until the lazily loaded screen has replaced the Suspense fallback. */
export const screenShown = (): Promise<void> => until(() => !document.querySelector('.app-frame > .loading'), 'the screen to replace Loading…');
