/** Controllable fakes for the shop machines' injected actors. */
import { fromCallback, fromPromise, type NonReducibleUnknown } from 'xstate';
import type { PageVisibilityEvent } from '../../machines/quotation-list.machine';

export interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A promise actor whose every call is recorded and settled by the test. */
export function controlled<TOutput, TInput = NonReducibleUnknown>() {
  const calls: { input: TInput; deferred: Deferred<TOutput>; aborted: () => boolean }[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, deferred: { resolve, reject }, aborted: () => signal.aborted });
      }),
  );
  const last = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('the actor was never called');
    return call;
  };
  return { logic, calls, last };
}

/** A visibility source the test flips: it sends page.hidden / page.visible to its parent. */
export function controlledVisibility() {
  const listeners = new Set<(event: PageVisibilityEvent) => void>();
  const logic = fromCallback<PageVisibilityEvent>(({ sendBack }) => {
    listeners.add(sendBack);
    return () => listeners.delete(sendBack);
  });
  return {
    logic,
    hide: () => listeners.forEach((send) => send({ type: 'page.hidden' })),
    show: () => listeners.forEach((send) => send({ type: 'page.visible' })),
    listening: () => listeners.size,
  };
}

/** Lets settled promises run their continuations. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}
