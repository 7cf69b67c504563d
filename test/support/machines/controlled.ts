/**
 * Controlled actors for tests: each call is recorded and stays pending until the test answers it,
 * so a test is the actor's reply (STYLE.md, Tests).
 */
import { fromPromise } from 'xstate';

export interface ControlledCall<TOutput, TInput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
}

export interface Controlled<TOutput, TInput> {
  logic: ReturnType<typeof fromPromise<TOutput, TInput>>;
  calls: ControlledCall<TOutput, TInput>[];
  /** The latest call (throws if there was none). */
  last: () => ControlledCall<TOutput, TInput>;
}

export function controlled<TOutput, TInput = unknown>(): Controlled<TOutput, TInput> {
  const calls: ControlledCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, resolve, reject, signal });
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
