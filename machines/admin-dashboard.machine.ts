/**
 * /admin's dashboard: the back office's figures (GET /api/admin/summary), loaded when the screen opens
 * and refreshed every minute while it stays open.
 *
 *   loading ──done──> showing ──REFRESH (60 s) / dashboard.reload──> refreshing ──done──> showing
 *      │                                                                  └──error──> stale (the last figures, marked)
 *      └──error──> failed ──RETRY (15 s) / dashboard.reload──> loading     stale ──RETRY / dashboard.reload──> refreshing
 *
 * A failed refresh keeps the figures it has, marked as not current, and tries again on its own.
 */
import { assign, setup } from 'xstate';
import type { AdminSummary } from '../src/domain/schemas/admin';
import { notProvided } from './admin-sheet';

/** How often an open dashboard reads the figures again: they may be up to 30 s old on the server. */
export const DASHBOARD_REFRESH_MS = 60_000;
/** How long after a failed read the dashboard tries again by itself. */
export const DASHBOARD_RETRY_MS = 15_000;

export interface AdminDashboardContext {
  summary: AdminSummary | null;
}

export type AdminDashboardEvent = { type: 'dashboard.reload' };

export const adminDashboardMachine = setup({
  types: {
    context: {} as AdminDashboardContext,
    events: {} as AdminDashboardEvent,
    tags: {} as 'loading' | 'refreshing' | 'fetchFailed',
  },
  actors: {
    loadSummary: notProvided<AdminSummary>('adminDashboard', 'loadSummary'),
  },
  delays: { REFRESH: DASHBOARD_REFRESH_MS, RETRY: DASHBOARD_RETRY_MS },
  actions: {
    setSummary: assign((_, summary: AdminSummary) => ({ summary })),
  },
}).createMachine({
  id: 'adminDashboard',
  context: { summary: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'summary',
        src: 'loadSummary',
        onDone: { target: 'showing', actions: { type: 'setSummary', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      tags: 'fetchFailed',
      after: { RETRY: 'loading' },
      on: { 'dashboard.reload': 'loading' },
    },
    showing: {
      after: { REFRESH: 'refreshing' },
      on: { 'dashboard.reload': 'refreshing' },
    },
    refreshing: {
      tags: 'refreshing',
      invoke: {
        id: 'summary',
        src: 'loadSummary',
        onDone: { target: 'showing', actions: { type: 'setSummary', params: ({ event }) => event.output } },
        onError: 'stale',
      },
    },
    // The last figures stay on screen, marked as not current, while it tries again.
    stale: {
      tags: 'fetchFailed',
      after: { RETRY: 'refreshing' },
      on: { 'dashboard.reload': 'refreshing' },
    },
  },
});
