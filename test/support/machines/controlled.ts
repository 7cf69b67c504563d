/**
 * Controlled actors for tests: each call is recorded and stays pending until the test answers it,
 * so a test is the actor's reply (STYLE.md, Tests). Answering returns once the machine that invoked
 * the call has taken the answer (or had already left the state that asked), so a test awaits the
 * answer itself instead of a number of ticks.
 */
import { fromPromise, waitFor, type AnyActorRef, type AnyEventObject } from 'xstate';

export interface ControlledCall<TOutput, TInput> {
  input: TInput;
  /** Aborted when the machine leaves the state that made the call. */
  signal: AbortSignal;
  resolve: (output: TOutput) => Promise<void>;
  reject: (error: unknown) => Promise<void>;
}

export interface Controlled<TOutput, TInput> {
  logic: ReturnType<typeof fromPromise<TOutput, TInput>>;
  calls: ControlledCall<TOutput, TInput>[];
  /** The latest call (throws if there was none). */
  last: () => ControlledCall<TOutput, TInput>;
}

/**
 * Waits until the call's promise actor is no longer active: done or failed means its parent has
 * received the answer (XState relays it before this resolves); stopped means nobody was listening.
 */
function taken(self: AnyActorRef): Promise<void> {
  return waitFor(self, (snapshot) => snapshot.status !== 'active').then(
    () => undefined,
    // A rejected answer fails the actor, which waitFor reports as an error: the parent has it too.
    () => undefined,
  );
}

/** Answers a call as a model path's `xstate.done.actor.*` or `xstate.error.actor.*` event says. */
export function answerAs(call: Pick<ControlledCall<never, unknown>, 'resolve' | 'reject'>, event: AnyEventObject): Promise<void> {
  return event.type.startsWith('xstate.error.actor.') ? call.reject(event.error) : call.resolve(event.output as never);
}

export function controlled<TOutput, TInput = unknown>(): Controlled<TOutput, TInput> {
  const calls: ControlledCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal, self }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({
          input,
          signal,
          resolve: (output) => {
            resolve(output);
            return taken(self);
          },
          reject: (error) => {
            reject(error);
            return taken(self);
          },
        });
      }),
  );
  return {
    logic,
    calls,
    last: () => {
      const call = calls.at(-1);
      if (!call) throw new Error('The actor was never called');
      return call;
    },
  };
}
