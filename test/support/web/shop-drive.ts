/**
 * Drives rendered shop screens along model paths: the app boots with real timers, then timers turn
 * fake so each `xstate.after.*` tick of a path is one `advance(ms)`; actor answers are the test's.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { ControlledCall } from '../machines/controlled';
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

/** Lets promises, lazy screens and renders settle without moving the fake clock. */
export async function flushAll(): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
    });
  }
}

/** Answers the latest call of a controlled actor as the path's done/error event says. */
export async function answer<TOutput>(call: ControlledCall<TOutput, unknown>, event: AnyEventObject): Promise<void> {
  await act(async () => {
    if (event.type.startsWith('xstate.done.actor.')) call.resolve(event.output as TOutput);
    else call.reject(event.error);
  });
  await flushAll();
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

/** Flushes until the lazily loaded screen has replaced the Suspense fallback. */
export async function screenShown(): Promise<void> {
  for (let i = 0; i < 50 && document.querySelector('.app-frame > .loading'); i += 1) await flushAll();
}
