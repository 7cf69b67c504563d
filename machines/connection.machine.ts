/**
 * Whether the phone is online (DECISIONS §1: every screen shows an unobtrusive "offline" line when
 * the network is gone). The injected `watch` actor reports the browser's online and offline events
 * (and the state at start); the shell shows the line while `offline`.
 */
import { fromCallback, setup } from 'xstate';

export type ConnectionEvent = { type: 'network.online' } | { type: 'network.offline' };

export const connectionMachine = setup({
  types: { events: {} as ConnectionEvent },
  actors: {
    /** Sends network.online / network.offline; supplied by the app (window events). */
    watch: fromCallback<ConnectionEvent>(() => undefined),
  },
}).createMachine({
  id: 'connection',
  invoke: { id: 'watch', src: 'watch' },
  initial: 'online',
  states: {
    online: { on: { 'network.offline': 'offline' } },
    offline: { on: { 'network.online': 'online' } },
  },
});
