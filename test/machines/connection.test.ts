import { createActor, fromCallback } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectionMachine, isOffline, showsUpdated, writesBlocked, type ConnectionInput, type NetworkEvent } from '../../machines/connection.machine';
import { UPDATED_NOTICE_MS } from '../../src/domain/constants';

/** The connection actor with a network watcher the test drives. */
function start(input?: ConnectionInput) {
  let report: ((event: NetworkEvent) => void) | undefined;
  const actor = createActor(
    connectionMachine.provide({ actors: { watch: fromCallback<NetworkEvent>(({ sendBack }) => void (report = sendBack)) } }),
    { input },
  ).start();
  return { actor, report: (event: NetworkEvent) => report!(event) };
}

describe('the connection machine', () => {
  it('blocks writes exactly while the phone is offline', () => {
    const { actor, report } = start();
    expect([isOffline(actor.getSnapshot()), writesBlocked(actor.getSnapshot())]).toEqual([false, false]);
    report({ type: 'network.offline' });
    expect([isOffline(actor.getSnapshot()), writesBlocked(actor.getSnapshot())]).toEqual([true, true]);
    report({ type: 'network.online' });
    expect(writesBlocked(actor.getSnapshot())).toBe(false);
  });

  it('shows "Updated" from its start for UPDATED_NOTICE_MS on a launch of a new version, whatever the network does', () => {
    vi.useFakeTimers();
    try {
      const { actor, report } = start({ updated: true });
      expect(showsUpdated(actor.getSnapshot())).toBe(true);
      report({ type: 'network.offline' });
      expect(showsUpdated(actor.getSnapshot())).toBe(true);
      expect(isOffline(actor.getSnapshot())).toBe(true);
      vi.advanceTimersByTime(UPDATED_NOTICE_MS - 1);
      expect(showsUpdated(actor.getSnapshot())).toBe(true);
      vi.advanceTimersByTime(1);
      expect(showsUpdated(actor.getSnapshot())).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never shows "Updated" on a launch of the same version, nor without input', () => {
    vi.useFakeTimers();
    try {
      for (const input of [{ updated: false }, {}, undefined]) {
        const { actor, report } = start(input);
        expect(showsUpdated(actor.getSnapshot())).toBe(false);
        report({ type: 'network.offline' });
        report({ type: 'network.online' });
        vi.advanceTimersByTime(UPDATED_NOTICE_MS * 2);
        expect(showsUpdated(actor.getSnapshot())).toBe(false);
        expect(actor.getSnapshot().matches({ version: 'current' })).toBe(true);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs as "connection", with its network watcher as the child "watch"', () => {
    const { actor, report } = start();
    expect(actor.getSnapshot().machine.id).toBe('connection');
    const watcher = actor.getSnapshot().children.watch;
    expect(watcher).toBeDefined();
    // The child named "watch" is the one whose reports move the chart.
    report({ type: 'network.offline' });
    expect(isOffline(actor.getSnapshot())).toBe(true);
    actor.stop();
    expect(watcher!.getSnapshot().status).toBe('stopped');
  });

  it('starts online with its own idle watcher when the app provides none', () => {
    const actor = createActor(connectionMachine, { input: {} }).start();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().children.watch).toBeDefined();
    expect(isOffline(actor.getSnapshot())).toBe(false);
  });

  it('reads as online and not updated before the actor exists', () => {
    expect([isOffline(undefined), writesBlocked(undefined), showsUpdated(undefined)]).toEqual([false, false, false]);
  });
});
