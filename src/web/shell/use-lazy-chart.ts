/**
 * The charts whose code loads with their screen or sheet (machines/screen-charts.ts `LazyChartId`),
 * read from the app's one actor system: undefined until the app has loaded and started them.
 */
import { useEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import { partRun, type LazyChartId } from '../../../machines/screen-charts';
import { AppActorContext } from '../app-context';

/** The running chart of that systemId (the app keys each lazily loaded child by it). */
export function useLazyChart<T extends AnyActorRef>(systemId: string): T | undefined {
  return AppActorContext.useSelector((s) => (s.children as Record<string, AnyActorRef | undefined>)[systemId] as T | undefined);
}

/**
 * A sheet's chart, about one order: the sheet tells the app it is shown while it is mounted, as the
 * router tells the session where it is, and the app runs the chart for as long as that lasts.
 */
export function usePartChart<T extends AnyActorRef>(chart: LazyChartId, key: string, input: Record<string, unknown>): T | undefined {
  const app = AppActorContext.useActorRef();
  const run = partRun(chart, key, input);
  const shown = JSON.stringify(run);
  useEffect(() => {
    const shownRun = JSON.parse(shown) as typeof run;
    app.send({ type: 'part.show', run: shownRun });
    return () => app.send({ type: 'part.hide', systemId: shownRun.systemId });
  }, [app, shown]);
  return useLazyChart<T>(run.systemId);
}
