/** Callback effects a test drives by hand (promise effects: controlled.ts), and the errors an actor system's effects answer. */
import { fromCallback, type AnyEventObject, type InspectionEvent } from 'xstate';

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

/** The errors an actor system's effects answer (`xstate.error.actor.*`), as an analyst reads them in the inspector: pass `inspect` to `createActor`. */
export function effectErrors() {
  const errors: string[] = [];
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.event') return;
    const { event } = inspection;
    if (event.type.startsWith('xstate.error.actor') && 'error' in event && event.error instanceof Error) errors.push(event.error.message);
  };
  return { errors, inspect };
}
