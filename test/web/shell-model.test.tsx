/**
 * The connection paths drive the rendered shell: the phone's network events (what the browser fires
 * on `window`) go in, and the offline line of DECISIONS §1 is checked in each state. Each path runs on
 * a launch of the same version and on a launch of a new one (the app's `appUpdated` input, which
 * main.tsx reads once at start): the "Updated" line comes from the chart's start, no view sends it.
 */
import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { connectionMachine } from '../../machines/connection.machine';
import { driveView, modelPaths, transitionCoverage } from '../support/machines/model-coverage';
import { preloadShopScreens } from '../support/web/shop-drive';
import { called, renderShop } from '../support/web/shop-harness';

const OFFLINE = 'You are offline. Check your internet connection.';
const UPDATED = 'Updated to the newest version.';
const NOTICE_SHOWN = 'xstate.after.noticeShown.connection.version.updated';
const LAUNCHES = [
  { name: 'same version', input: { updated: false } },
  { name: 'new version', input: { updated: true } },
] as const;
const events = [{ type: 'network.offline' }, { type: 'network.online' }, { type: NOTICE_SHOWN }];
const paths = LAUNCHES.flatMap((launch) =>
  modelPaths(connectionMachine, { events, input: launch.input }).map((path) => ({ launch, path, name: `${launch.name}: ${path.name}` })),
);
type Snap = SnapshotFrom<typeof connectionMachine>;

beforeAll(preloadShopScreens);

describe('the offline line along the connection paths', () => {
  it('take every transition of the machine', () => {
    const coverages = LAUNCHES.map((launch) =>
      transitionCoverage(
        connectionMachine,
        paths.filter((p) => p.launch === launch).map((p) => p.path),
        launch.input,
      ),
    );
    // A transition counts once either launch takes it (each launch starts the chart in another state).
    const missing = coverages.map((c) => new Set(c.missing)).reduce((a, b) => new Set([...a].filter((t) => b.has(t))));
    const total = coverages[0]!.total;
    console.log(`[${connectionMachine.id}] transitions covered ${total - missing.size}/${total} (both launches)`);
    expect([...missing]).toEqual([]);
  });
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, { launch, path }) => {
    const view = renderShop({ path: '/home', appUpdated: launch.input.updated });
    await called(view.shop.fetchSkus);
    const line = () => document.querySelector('.offline-line')!;
    const connection = view.app().system.get('connection')!;
    await driveView(path, {
      initial: connection.getSnapshot(),
      perform: async (event: AnyEventObject) => {
        if (event.type === 'xstate.init') return;
        await act(async () => {
          if (event.type.startsWith('network.')) window.dispatchEvent(new Event(event.type === 'network.offline' ? 'offline' : 'online'));
          // The notice's timer: not a gesture.
          else connection.send(event);
        });
      },
      assertions: {
        'network.online': (s: Snap) => {
          expect(line().textContent).toBe(s.matches({ version: 'updated' }) ? UPDATED : '');
          expect(screen.queryByText(OFFLINE)).toBeNull();
        },
        'network.offline': () => expect(line().textContent).toBe(OFFLINE),
        'version.current': () => expect(screen.queryByText(UPDATED)).toBeNull(),
        // Offline outranks the notice: the farmer needs to know why nothing loads. Only a launch of a
        // new version reaches it.
        ...(launch.input.updated
          ? { 'version.updated': (s: Snap) => expect(line().textContent).toBe(s.matches({ network: 'offline' }) ? OFFLINE : UPDATED) }
          : {}),
      },
    });
  });
});
