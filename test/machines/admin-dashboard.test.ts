import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_REFRESH_MS, DASHBOARD_RETRY_MS, adminDashboardMachine } from '../../machines/admin-dashboard.machine';
import { conversionPercent, dashboardLinks, revenueBars, weekOnWeek } from '../../machines/admin-dashboard';
import type { AdminSummary } from '../../src/domain/schemas/admin';
import { SUMMARY } from '../support/machines/admin-summary';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';


/** The dashboard chart with a summary read the test answers, one call at a time. */
function start() {
  const calls: { resolve: (s: AdminSummary) => void; reject: (e: Error) => void }[] = [];
  const logic = adminDashboardMachine.provide({
    actors: { loadSummary: fromPromise<AdminSummary, void>(() => new Promise((resolve, reject) => calls.push({ resolve, reject }))) },
  });
  const actor = createActor(logic).start();
  const settle = async () => {
    await Promise.resolve();
    await Promise.resolve();
  };
  return { actor, calls, settle };
}

describe('the admin dashboard chart', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the figures when the screen opens and shows them', async () => {
    const { actor, calls, settle } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(SUMMARY);
    await settle();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.summary).toBe(SUMMARY);
  });

  it('reads the figures again every minute while open, keeping the old ones meanwhile', async () => {
    const { actor, calls, settle } = start();
    calls[0]!.resolve(SUMMARY);
    await settle();
    vi.advanceTimersByTime(DASHBOARD_REFRESH_MS - 1);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.summary).toBe(SUMMARY);
    const newer = { ...SUMMARY, at: '2026-01-15T12:01:00.000Z' };
    calls[1]!.resolve(newer);
    await settle();
    expect(actor.getSnapshot().context.summary).toBe(newer);
  });

  it('keeps the last figures marked as not current when a refresh fails, and tries again by itself', async () => {
    const { actor, calls, settle } = start();
    calls[0]!.resolve(SUMMARY);
    await settle();
    actor.send({ type: 'dashboard.reload' });
    calls[1]!.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('stale');
    expect(actor.getSnapshot().hasTag('fetchFailed')).toBe(true);
    expect(actor.getSnapshot().context.summary).toBe(SUMMARY);
    vi.advanceTimersByTime(DASHBOARD_RETRY_MS);
    expect(calls).toHaveLength(3);
    calls[2]!.resolve(SUMMARY);
    await settle();
    expect(actor.getSnapshot().value).toBe('showing');
  });

  it('retries a first load that failed, on its own or when asked', async () => {
    const { actor, calls, settle } = start();
    calls[0]!.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.summary).toBeNull();
    actor.send({ type: 'dashboard.reload' });
    expect(calls).toHaveLength(2);
    calls[1]!.reject(new Error('offline'));
    await settle();
    vi.advanceTimersByTime(DASHBOARD_RETRY_MS);
    expect(calls).toHaveLength(3);
  });

  it('stops reading when the screen closes', async () => {
    const { actor, calls, settle } = start();
    calls[0]!.resolve(SUMMARY);
    await settle();
    actor.stop();
    vi.advanceTimersByTime(DASHBOARD_REFRESH_MS * 3);
    expect(calls).toHaveLength(1);
  });

  it('takes every transition it defines along generated paths', () => {
    const events = [
      { type: 'dashboard.reload' },
      { type: 'xstate.done.actor.summary', output: SUMMARY },
      { type: 'xstate.error.actor.summary', error: new Error('offline') },
      { type: 'xstate.after.REFRESH.adminDashboard.showing' },
      { type: 'xstate.after.RETRY.adminDashboard.failed' },
      { type: 'xstate.after.RETRY.adminDashboard.stale' },
    ];
    const logic = adminDashboardMachine.provide({ actors: { loadSummary: fromPromise<AdminSummary, void>(() => new Promise(() => undefined)) } });
    const coverage = assertFullCoverage(logic, modelPaths(logic, { events }));
    console.log(`[adminDashboard] transitions covered ${coverage.covered}/${coverage.total}`);
    expect(coverage.total).toBe(10);
  });
});

describe("the dashboard's selectors", () => {
  it('links each figure to the list filtered to exactly its rows', () => {
    expect(dashboardLinks.pendingByAge('gt24h')).toBe('/admin/quotations?status=PENDING&age=gt24h');
    expect(dashboardLinks.lateQuotations).toBe('/admin/quotations?status=PENDING&late=true');
    expect(dashboardLinks.unverifiedByAge('4to24h')).toBe('/admin/users?status=UNVERIFIED&age=4to24h');
    expect(dashboardLinks.expiringWithinDay).toBe('/admin/quotations?status=COMPLETED&expiring=1d');
    expect(dashboardLinks.lateOrders).toBe('/admin/orders?late=true');
    expect(dashboardLinks.ordersDueToday).toBe('/admin/orders?due=today');
    expect(dashboardLinks.ordersByStatus('IN_TRANSIT')).toBe('/admin/orders?status=IN_TRANSIT');
  });

  it('draws the weeks against the best one, the current one apart, and compares it with the last', () => {
    const bars = revenueBars(SUMMARY);
    expect(bars).toHaveLength(12);
    expect(bars.at(-1)).toMatchObject({ share: 1, current: true });
    expect(bars.at(-2)).toMatchObject({ share: 0.5, current: false });
    expect(weekOnWeek(SUMMARY)).toEqual({ thisWeekPaisa: 40_000, lastWeekPaisa: 20_000, changePercent: 100 });
    const nothing = { ...SUMMARY, revenueByWeek: SUMMARY.revenueByWeek.map((w) => ({ ...w, totalPaisa: 0 })) };
    expect(revenueBars(nothing).every((b) => b.share === 0)).toBe(true);
    expect(weekOnWeek(nothing).changePercent).toBeNull();
    expect(conversionPercent(SUMMARY)).toBe(25);
    expect(conversionPercent({ ...SUMMARY, conversion30d: { ...SUMMARY.conversion30d, priced: 0, ordered: 0 } })).toBeNull();
  });
});
