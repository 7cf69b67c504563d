/**
 * The analyst's view's effects (machines/analyst-view.machine.ts): the figures of GET /api/analytics/…, read
 * with the analyst's token. The app loads this module, with the chart, the first time /analyst is
 * shown (src/web/app-logic.ts), and runs the chart in its one actor system.
 */
import { fromPromise } from 'xstate';
import { analystViewMachine, type AnalystOverview, type JourneysOfDay, type PeriodDays } from '../../../machines/analyst-view.machine';
import { indiaToday } from '../../domain/india-date';
import type { ChartTraffic, Funnel, Journey, JourneySummary } from '../../domain/schemas/analytics';
import { api } from '../api/client';

export const realAnalystActors = {
  loadOverview: fromPromise<AnalystOverview, { chartId: string; days: PeriodDays }>(async ({ input, signal }) => {
    const [charts, traffic, funnel] = await Promise.all([
      api<{ data: AnalystOverview['charts'] }>('GET', `/analytics/charts?days=${input.days}`, { signal }),
      api<{ data: ChartTraffic }>('GET', `/analytics/charts/${encodeURIComponent(input.chartId)}?days=${input.days}`, { signal }),
      api<{ data: Funnel }>('GET', `/analytics/funnel?days=${input.days}`, { signal }),
    ]);
    return { charts: charts.data, traffic: traffic.data, funnel: funnel.data };
  }),
  // Without a day asked for, today's in India, as the server samples journeys by it.
  loadJourneys: fromPromise<JourneysOfDay, { day: string | null }>(async ({ input, signal }) => {
    const day = input.day ?? indiaToday(Date.now());
    return { day, journeys: (await api<{ data: JourneySummary[] }>('GET', `/analytics/journeys?day=${day}`, { signal })).data };
  }),
  loadJourney: fromPromise<Journey, { id: string }>(async ({ input, signal }) =>
    (await api<{ data: Journey }>('GET', `/analytics/journeys/${encodeURIComponent(input.id)}`, { signal })).data,
  ),
};

export type AnalystActors = typeof realAnalystActors;

/** The chart with its effects; `replaced` swaps some of them (tests answer the analyst's requests). */
export const providedAnalystView = (replaced: Partial<AnalystActors> = {}) => analystViewMachine.provide({ actors: { ...realAnalystActors, ...replaced } });
