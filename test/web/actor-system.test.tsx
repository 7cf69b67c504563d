/**
 * Every chart that runs in the app is an actor of its one system (DECISIONS 004): walking the app
 * through every screen, the `inspect` hook (what `?inspect` hands to the Stately inspector) sees each
 * production chart of machines/ start, under its systemId, and sees the screen charts stop again; an
 * admin then walks the four back-office screens, whose charts join the same way, closes a farmer's
 * problem and opens the analyst's view: the charts whose code loads with their sheet or screen run in
 * the same system.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromCallback, type AnyActorRef, type AnyEventObject, type InspectionEvent } from 'xstate';
import { loadMachines } from '../../scripts/statecharts';
import { config, orderedQ, pendingQ } from '../support/shop-fixtures';
import { called, renderShop, screenOpen, type ShopRenderOptions } from '../support/web/shop-harness';
import { preloadShopScreens } from '../support/web/shop-drive';
import { answer, renderAdmin } from '../support/web/admin-harness';
import { order, page, USERS } from '../support/machines/admin-fixtures';
import { adminChartFor } from '../../machines/screen-charts';

/** Charts that are never actors: the lifecycle rule tables, read with resolveState. */
const RULE_TABLES = ['quotationLifecycle', 'orderLifecycle'];

const delivered = { ...orderedQ, orderStatus: 'DELIVERED' as const, orderDisplayId: 'OD100003', deliveredWith: 'code' as const };
const withProblem = order({
  _id: 'o-7',
  status: 'DELIVERED',
  problem: { _id: 'p-1', kind: 'wet', note: null, photo: '/api/uploads/problem-1.jpg', status: 'open', adminNote: null, createdAt: '2026-11-10T06:00:00.000Z', closedAt: null },
});

type ChartRef = AnyActorRef & { logic: { id?: string }; systemId?: string };
type Seen = Map<string, Set<ChartRef>>;

/** Records, per chart id, the actors of that chart the system started. */
function recorder(seen: Seen) {
  return (event: InspectionEvent) => {
    if (event.type !== '@xstate.actor') return;
    const ref = event.actorRef as ChartRef;
    const id = ref.logic.id;
    if (!id) return;
    if (!seen.has(id)) seen.set(id, new Set());
    seen.get(id)!.add(ref);
  };
}
const systemIds = (seen: Seen, id: string) => [...(seen.get(id) ?? [])].map((ref) => ref.systemId ?? '-');

const photoLoaded = fromCallback<AnyEventObject, { url: string }>(({ sendBack }) => {
  sendBack({ type: 'image.loaded', src: 'blob:photo-1' });
});

async function openAdmin(view: ReturnType<typeof renderAdmin>, to: string) {
  await act(async () => view.app().system.get('session')!.send({ type: 'nav.go', to }));
  await waitFor(() => expect(view.path()).toBe(to));
  await waitFor(() => expect(view.app().system.get(adminChartFor(to)!)).toBeDefined());
}

async function open(view: ReturnType<typeof renderShop>, to: string) {
  await act(async () => view.app().system.get('session')!.send({ type: 'nav.go', to }));
  await waitFor(() => expect(view.path()).toBe(to));
}

beforeAll(preloadShopScreens);
afterEach(() => vi.unstubAllGlobals());

describe('the one actor system', () => {
  it('holds every production chart as the farmer signs in, registers and walks every screen', async () => {
    const seen: Seen = new Map();
    const inspect = recorder(seen);
    const start = (options: ShopRenderOptions) => renderShop({ ...options, inspect });

    // Logged out: the login chart runs under the session.
    const loggedOut = start({ path: '/join-us', user: { isLoggedIn: false, profileUpdated: false, isVerified: false } });
    await waitFor(() => expect(seen.has('otpLogin')).toBe(true));
    loggedOut.unmount();

    // Logged in with the profile to fill: the registration chart runs.
    const registering = start({ path: '/register/profile-photo', user: { profileUpdated: false, isVerified: false } });
    await waitFor(() => expect(seen.has('registration')).toBe(true));
    registering.unmount();

    // A verified farmer with a photo walks every shop screen.
    const view = start({ path: '/home', user: { profilePhoto: '/api/uploads/photo-1.jpg' }, fetchImage: photoLoaded });
    await called(view.shop.fetchSkus);
    await open(view, '/cart');
    await open(view, '/request');
    await screenOpen();
    await open(view, `/quotation-details?quotation_id=${pendingQ.quotationDisplayId}`);
    await open(view, `/order-status?quotation_id=${orderedQ._id}`);
    // Delivered: the problem sheet's chart runs while its button is shown.
    await act(async () => {
      view.shop.fetchConfig.calls.forEach((call) => call.resolve(config));
      view.shop.fetchQuotation.last().resolve(delivered);
    });
    await screen.findByRole('button', { name: 'Report a problem' }, { timeout: 10_000 });
    await waitFor(() => expect(systemIds(seen, 'problemReport')).toEqual(['problemReport:OD100003']));
    await open(view, '/profile');
    expect((await screen.findByRole('img', { name: 'Profile photo' })).getAttribute('src')).toBe('blob:photo-1');

    // Leaving a screen stops its chart: only the app's long-lived children remain.
    expect(Object.keys(view.app().getSnapshot().children).sort()).toEqual(
      // The outbox (and its finished loader) is long-lived too: it runs under its own name, as `outbox`.
      ['avatar', 'cart', 'catalogue', 'connection', 'loadOutbox', 'locale', 'outbox', 'persist', 'quotations', 'session', 'sessionWatch'].sort(),
    );

    view.unmount();

    // An admin walks the back office: the admin charts load with the first admin screen, and each
    // screen's chart starts under its own systemId, and stops when left.
    const admin = renderAdmin('/admin/users', 'english', {}, inspect);
    await answer(admin.effects.loadUsers, { type: 'xstate.done.actor.loadUsers', output: page(USERS) });
    await userEvent.click(within(await screen.findByRole('list', { name: 'Users' }, { timeout: 10_000 })).getByRole('button', { name: /Bhavesh Shah/ }));
    await waitFor(() => expect(systemIds(seen, 'protectedImage')).toEqual(expect.arrayContaining(['adminUserPhoto', 'adminUserAadhaar'])));
    for (const to of ['/admin/skus', '/admin/quotations', '/admin/orders']) await openAdmin(admin, to);
    expect(Object.values(admin.app().getSnapshot().children)).toContain(admin.app().system.get('adminOrders'));
    expect(admin.app().system.get('adminUsers')).toBeUndefined();
    // An order with the farmer's problem: its closing chart and its photo's run while the sheet shows it.
    await answer(admin.effects.loadOrders, { type: 'xstate.done.actor.loadOrders', output: page([withProblem]) });
    await userEvent.click(await screen.findByRole('button', { name: /OD100001/ }));
    await screen.findByRole('button', { name: 'Close problem' });
    expect(systemIds(seen, 'problemClose')).toEqual(['problemClose:o-7']);
    await waitFor(() => expect(systemIds(seen, 'protectedImage')).toContain('problemPhoto:o-7'));
    // The analyst's view (an admin may open it), its figures never answering here.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<never>(() => undefined)));
    await act(async () => admin.app().system.get('session')!.send({ type: 'nav.go', to: '/analyst' }));
    await screen.findByRole('group', { name: 'Period' }, { timeout: 10_000 });
    expect(systemIds(seen, 'analystView')).toEqual(['analystView']);
    // Leaving them stops them: the sheet's chart with the orders screen, the analyst's view with /analyst.
    expect([admin.app().system.get('problemClose:o-7'), admin.app().system.get('problemPhoto:o-7')]).toEqual([undefined, undefined]);
    await act(async () => admin.app().system.get('session')!.send({ type: 'nav.go', to: '/admin' }));
    await waitFor(() => expect(admin.app().system.get('adminDashboard')).toBeDefined());
    expect(admin.app().system.get('analystView')).toBeUndefined();
    admin.unmount();

    const production = (await loadMachines()).map((m) => m.id);
    const missing = production.filter((id) => !seen.has(id) && !RULE_TABLES.includes(id));
    expect(missing).toEqual([]);
    // Each one has a systemId, the name the inspector and its peers find it by.
    const running = production.filter((id) => seen.has(id) && id !== 'app');
    expect(running.filter((id) => systemIds(seen, id).includes('-'))).toEqual([]);
    expect([...systemIds(seen, 'quotationDetail'), ...systemIds(seen, 'orderTracking')]).toEqual([
      `quotationDetail:${pendingQ.quotationDisplayId}`,
      `orderTracking:${orderedQ._id}`,
    ]);
    for (const id of ['adminUsers', 'adminSkus', 'adminQuotations', 'adminOrders']) expect(systemIds(seen, id)).toEqual([id]);
  });
});
