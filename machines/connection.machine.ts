/**
 * Whether the phone is online (DECISIONS §1: every screen shows an unobtrusive "offline" line when
 * the network is gone), and whether this launch runs a newly installed version (issue 9: a small
 * "Updated" line for a few seconds). The injected `watch` actor reports the browser's online and
 * offline events (and the state at start); the shell sends `app.updated` when it starts a new build.
 *
 * Offline, nothing that writes to the server can be started (request quotation, delete, place order):
 * `writesBlocked` is the one rule the screens read to disable those buttons and say why, so no write is
 * ever sent, lost or half-sent for want of a network.
 */
import { fromCallback, setup, type SnapshotFrom } from 'xstate';
import { UPDATED_NOTICE_MS } from '../src/domain/constants';

export type NetworkEvent = { type: 'network.online' } | { type: 'network.offline' };
export type ConnectionEvent = NetworkEvent | { type: 'app.updated' };

export const connectionMachine = setup({
  types: { events: {} as ConnectionEvent },
  actors: {
    /** Sends network.online / network.offline; supplied by the app (window events). */
    watch: fromCallback<NetworkEvent>(() => undefined),
  },
  delays: { noticeShown: UPDATED_NOTICE_MS },
}).createMachine({
  id: 'connection',
  invoke: { id: 'watch', src: 'watch' },
  type: 'parallel',
  states: {
    network: {
      initial: 'online',
      states: {
        online: { on: { 'network.offline': 'offline' } },
        offline: { on: { 'network.online': 'online' } },
      },
    },
    version: {
      initial: 'current',
      states: {
        current: { on: { 'app.updated': 'updated' } },
        updated: { after: { noticeShown: 'current' } },
      },
    },
  },
});

export type ConnectionSnapshot = SnapshotFrom<typeof connectionMachine>;

/** The phone has no network: show the offline line. */
export const isOffline = (s: ConnectionSnapshot | undefined): boolean => s?.matches({ network: 'offline' }) ?? false;

/** Writes to the server stay disabled, with their reason, while this holds. */
export const writesBlocked = isOffline;

/** This launch runs a new version: show the "Updated" line. */
export const showsUpdated = (s: ConnectionSnapshot | undefined): boolean => s?.matches({ version: 'updated' }) ?? false;
