/**
 * Drives rendered shop screens along model paths: the app boots with real timers, then timers turn
 * fake so each `xstate.after.*` tick of a path is one `advance(ms)`; actor answers are the test's.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { ControlledCall } from '../support/controlled';

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

/** Loads every shop screen module once, so switching screens in a path does not wait on a bundler. */
export async function preloadShopScreens(): Promise<void> {
  await Promise.all([
    import('../../src/web/screens/home'),
    import('../../src/web/screens/sku-details'),
    import('../../src/web/screens/cart'),
    import('../../src/web/screens/request'),
    import('../../src/web/screens/quotation-details'),
    import('../../src/web/screens/order-status'),
    import('../../src/web/screens/profile'),
  ]);
}

/** Flushes until the lazily loaded screen has replaced the Suspense fallback. */
export async function screenShown(): Promise<void> {
  for (let i = 0; i < 50 && document.querySelector('.app-frame > .loading'); i += 1) await flushAll();
}
