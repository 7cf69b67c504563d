import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { connectivityMachine } from '../../machines/connectivity.machine';
import { modelPaths, transitionCoverage } from '../support/model-coverage';

/** A network watcher the test drives: `emit` plays the browser's online/offline events. */
function controlledNetwork() {
  let emit: (event: AnyEventObject) => void = () => undefined;
  const logic = connectivityMachine.provide({
    actors: {
      watchNetwork: fromCallback<AnyEventObject>(({ sendBack }) => {
        emit = sendBack;
        return () => (emit = () => undefined);
      }),
    },
  });
  return { logic, emit: (e: AnyEventObject) => emit(e) };
}

describe('connectivity', () => {
  it('starts offline when the phone has no network at start', () => {
    const actor = createActor(controlledNetwork().logic, { input: { online: false } }).start();
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
  });

  it('goes offline when the browser says the network is gone, and back online when it returns', () => {
    const network = controlledNetwork();
    const actor = createActor(network.logic, { input: { online: true } }).start();
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
    network.emit({ type: 'network.offline' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    network.emit({ type: 'network.online' });
    expect(actor.getSnapshot().value).toBe('online');
  });

  it('stops listening when the app stops', () => {
    const network = controlledNetwork();
    const actor = createActor(network.logic, { input: { online: true } }).start();
    actor.stop();
    network.emit({ type: 'network.offline' });
    expect(actor.getSnapshot().value).toBe('online');
  });

  it('is covered transition by transition by generated paths from both starting states', () => {
    const { logic } = controlledNetwork();
    const events = [{ type: 'network.online' }, { type: 'network.offline' }];
    const on = transitionCoverage(logic, modelPaths(logic, { events, input: { online: true } }), { online: true });
    const off = transitionCoverage(logic, modelPaths(logic, { events, input: { online: false } }), { online: false });
    const missing = on.missing.filter((t) => off.missing.includes(t));
    console.log(`[connectivity] transitions covered ${on.total - missing.length}/${on.total}`);
    expect(on.total).toBe(4);
    expect(missing).toEqual([]);
  });
});
