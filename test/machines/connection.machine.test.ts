import { createActor, fromCallback } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { connectionMachine, isOffline, showsUpdated, writesBlocked, type NetworkEvent } from '../../machines/connection.machine';
import { UPDATED_NOTICE_MS } from '../../src/domain/constants';

/** The connection actor with a network watcher the test drives. */
function start() {
  let report: ((event: NetworkEvent) => void) | undefined;
  const actor = createActor(
    connectionMachine.provide({ actors: { watch: fromCallback<NetworkEvent>(({ sendBack }) => void (report = sendBack)) } }),
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

  it('shows "Updated" for UPDATED_NOTICE_MS after a launch of a new version, whatever the network does', () => {
    vi.useFakeTimers();
    try {
      const { actor, report } = start();
      expect(showsUpdated(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'app.updated' });
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

  it('reads as online and not updated before the actor exists', () => {
    expect([isOffline(undefined), writesBlocked(undefined), showsUpdated(undefined)]).toEqual([false, false, false]);
  });
});
