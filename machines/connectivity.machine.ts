/**
 * Whether the phone has a network (DECISIONS §1 Error feedback: every screen shows an unobtrusive
 * offline line while the network is gone). The browser's online/offline signals come from an
 * injected `watchNetwork` actor; the views only read `offline`. Polling charts keep their own
 * timers: a poll that fails while offline is simply retried on the next tick.
 */
import { fromCallback, setup, type AnyEventObject } from 'xstate';

export type ConnectivityEvent = { type: 'network.online' } | { type: 'network.offline' };

export const connectivityMachine = setup({
  types: {
    input: {} as { online: boolean },
    context: {} as { online: boolean },
    events: {} as ConnectivityEvent,
  },
  actors: {
    /** Sends `network.online` / `network.offline` as the browser reports them. */
    watchNetwork: fromCallback<AnyEventObject>(() => undefined),
  },
  guards: {
    startsOnline: ({ context }) => context.online,
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ online: input.online }),
  invoke: { src: 'watchNetwork' },
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'startsOnline', target: 'online' }, { target: 'offline' }] },
    online: { on: { 'network.offline': 'offline' } },
    offline: { tags: ['offline'], on: { 'network.online': 'online' } },
  },
});
