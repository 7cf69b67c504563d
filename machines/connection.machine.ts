/**
 * Whether the phone is online (DECISIONS §1: every screen shows an unobtrusive "offline" line when
 * the network is gone), and whether this launch runs a newly installed version (a small
 * "Updated" line for a few seconds, so the farmer knows the app changed). The injected `watch`
 * actor reports the browser's online and offline events (and the state at start). Whether this
 * launch runs a new build is the chart's input (`updated`, read once at start by main.tsx through
 * the app chart): the chart shows the line from its own start, no view tells it.
 *
 * Offline, nothing that writes to the server can be started (request quotation, delete, place order):
 * `writesBlocked` is the one rule the screens read to disable those buttons and say why, so no write is
 * ever sent, lost or half-sent for want of a network.
 */
import { fromCallback, setup, type SnapshotFrom } from 'xstate';
import { UPDATED_NOTICE_MS } from '../src/domain/constants';

export type NetworkEvent = { type: 'network.online' } | { type: 'network.offline' };
export type ConnectionEvent = NetworkEvent;

export interface ConnectionInput {
  /** This launch runs a newer build than the last launch on this phone (appWasUpdated). */
  updated?: boolean;
}

export const connectionMachine = setup({
  types: { events: {} as ConnectionEvent, input: {} as ConnectionInput, context: {} as { updated: boolean } },
  actors: {
    /** Sends network.online / network.offline; supplied by the app (window events). */
    watch: fromCallback<NetworkEvent>(() => undefined),
  },
  guards: { launchedNewVersion: ({ context }) => context.updated },
  delays: { noticeShown: UPDATED_NOTICE_MS },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({ updated: input?.updated === true }),
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
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'launchedNewVersion', target: 'updated' }, { target: 'current' }] },
        current: {},
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
