/**
 * Every chart that runs in the app is an actor of its one system (DECISIONS 004): walking the app
 * through every screen, the `inspect` hook (what `?inspect` hands to the Stately inspector) sees each
 * production chart of machines/ start, under its systemId, and sees the screen charts stop again.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromCallback, type AnyActorRef, type AnyEventObject, type InspectionEvent } from 'xstate';
import { loadMachines } from '../../scripts/statecharts';
import { orderedQ, pendingQ } from './shop-fixtures';
import { called, renderShop, screenOpen, type ShopRenderOptions } from './shop-harness';
import { preloadShopScreens } from './shop-drive';

/** Charts that are never actors: the lifecycle rule tables, read with resolveState. */
const RULE_TABLES = ['quotationLifecycle', 'orderLifecycle'];
/**
 * The admin charts run as roots of their screens until the back-office rewrite lands (issue 12 leaves
 * wiring them for after it); they are the only production charts this walk may miss.
 */
const PENDING = ['adminUsers', 'adminSkus', 'adminQuotations', 'adminOrders'];

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

async function open(view: ReturnType<typeof renderShop>, to: string) {
  await act(async () => view.app().system.get('session')!.send({ type: 'nav.go', to }));
  await waitFor(() => expect(view.path()).toBe(to));
}

beforeAll(preloadShopScreens);

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
    await open(view, '/profile');
    expect((await screen.findByRole('img', { name: 'Profile photo' })).getAttribute('src')).toBe('blob:photo-1');

    // Leaving a screen stops its chart: only the app's long-lived children remain.
    expect(Object.keys(view.app().getSnapshot().children).sort()).toEqual(
      ['avatar', 'cart', 'catalogue', 'connection', 'persist', 'quotations', 'session', 'sessionWatch'].sort(),
    );

    const production = (await loadMachines()).map((m) => m.id);
    const missing = production.filter((id) => !seen.has(id) && !RULE_TABLES.includes(id) && !PENDING.includes(id));
    expect(missing).toEqual([]);
    // Each one has a systemId, the name the inspector and its peers find it by.
    const running = production.filter((id) => seen.has(id) && id !== 'app');
    expect(running.filter((id) => systemIds(seen, id).includes('-'))).toEqual([]);
    expect([...systemIds(seen, 'quotationDetail'), ...systemIds(seen, 'orderTracking')]).toEqual([
      `quotationDetail:${pendingQ.quotationDisplayId}`,
      `orderTracking:${orderedQ._id}`,
    ]);
    // The pending admin charts are still separate roots: when they join, drop them from PENDING.
    expect(PENDING.filter((id) => seen.has(id))).toEqual([]);
  });
});
