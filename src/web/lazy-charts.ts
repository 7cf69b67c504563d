/**
 * The charts whose code loads with their screen or sheet (machines/screen-charts.ts `LazyChartId`),
 * each with its real effects. The app's `loadChart` imports this module the first time one is
 * wanted, so the boot carries one small import for all of them rather than one per chart.
 */
import type { AnyActorLogic } from 'xstate';
import { protectedImageMachine } from '../../machines/protected-image.machine';
import type { LazyChartId } from '../../machines/screen-charts';
import { fetchProtectedImage } from './api/protected-image';
import type { AnalystActors } from './analyst/analyst-actors';

export interface LazyChartEffects {
  /** Replaces the analyst's view's loaders (tests). */
  analyst?: Partial<AnalystActors>;
  /** Replaces the protected-image fetch (tests). */
  fetchImage?: typeof fetchProtectedImage;
}

const LAZY_CHARTS: Readonly<Record<LazyChartId, (effects: LazyChartEffects) => Promise<AnyActorLogic>>> = {
  analystView: async (effects) => (await import('./analyst/analyst-actors')).providedAnalystView(effects.analyst),
  problemReport: async () => (await import('./shop/problem-actors')).providedProblemReport(),
  problemClose: async () => (await import('./admin/problem-close-actors')).providedProblemClose(),
  // The farmer's photo of a problem, fetched with the admin's token like any protected image.
  problemPhoto: async (effects) => protectedImageMachine.provide({ actors: { fetchImage: effects.fetchImage ?? fetchProtectedImage } }),
};

export const lazyChart = (chart: LazyChartId, effects: LazyChartEffects): Promise<AnyActorLogic> => LAZY_CHARTS[chart](effects);
