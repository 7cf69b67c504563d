/** Effects whose answers a test gives by hand: each call waits until the test resolves or rejects it. */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';

export interface PendingCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  resolve: (value: TOutput) => void;
  reject: (error: unknown) => void;
}

export function controlled<TOutput, TInput = void>() {
  const calls: PendingCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, signal, resolve, reject })),
  );
  const last = (): PendingCall<TOutput, TInput> => {
    const call = calls.at(-1);
    if (!call) throw new Error('no call is pending');
    return call;
  };
  return { logic, calls, last };
}

/** A callback effect: the test sends its events through `send` and sees whether it was stopped. */
export function controlledCallback<TInput>() {
  const runs: { input: TInput; send: (event: AnyEventObject) => void; stopped: boolean }[] = [];
  const logic = fromCallback<AnyEventObject, TInput>(({ input, sendBack }) => {
    const run = { input, send: sendBack, stopped: false };
    runs.push(run);
    return () => {
      run.stopped = true;
    };
  });
  return { logic, runs, last: () => runs.at(-1)! };
}

/** Lets settled promises reach the actors. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
