/**
 * The connection paths drive the rendered shell: the phone's network events (what the browser fires
 * on `window`) go in, and the offline line of DECISIONS §1 is checked in each state.
 */
import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { connectionMachine } from '../../machines/connection.machine';
import { assertFullCoverage, driveView, modelPaths } from '../support/model-coverage';
import { preloadShopScreens } from './shop-drive';
import { called, renderShop } from './shop-harness';

const OFFLINE = 'You are offline. Check your internet connection.';
const UPDATED = 'Updated to the newest version.';
const NOTICE_SHOWN = 'xstate.after.noticeShown.connection.version.updated';
const paths = modelPaths(connectionMachine, {
  events: [{ type: 'network.offline' }, { type: 'network.online' }, { type: 'app.updated' }, { type: NOTICE_SHOWN }],
});
type Snap = SnapshotFrom<typeof connectionMachine>;

beforeAll(preloadShopScreens);

describe('the offline line along the connection paths', () => {
  it('take every transition of the machine', () => assertFullCoverage(connectionMachine, paths));
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, path) => {
    const view = renderShop({ path: '/home' });
    await called(view.shop.fetchSkus);
    const line = () => document.querySelector('.offline-line')!;
    const connection = view.app().system.get('connection')!;
    await driveView(path, {
      initial: connection.getSnapshot(),
      perform: async (event: AnyEventObject) => {
        if (event.type === 'xstate.init') return;
        await act(async () => {
          if (event.type.startsWith('network.')) window.dispatchEvent(new Event(event.type === 'network.offline' ? 'offline' : 'online'));
          // A new version's first launch (the shell's check) and the notice's timer: not gestures.
          else connection.send(event);
        });
      },
      assertions: {
        'network.online': (s: Snap) => {
          expect(line().textContent).toBe(s.matches({ version: 'updated' }) ? UPDATED : '');
          expect(screen.queryByText(OFFLINE)).toBeNull();
        },
        'network.offline': () => expect(line().textContent).toBe(OFFLINE),
        // Offline outranks the notice: the farmer needs to know why nothing loads.
        'version.updated': (s: Snap) => expect(line().textContent).toBe(s.matches({ network: 'offline' }) ? OFFLINE : UPDATED),
        'version.current': () => expect(screen.queryByText(UPDATED)).toBeNull(),
      },
    });
  });
});
