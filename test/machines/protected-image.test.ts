import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { protectedImageMachine } from '../../machines/protected-image.machine';
import { modelPaths, transitionCoverage } from '../support/machines/model-coverage';

/** A fetch that records what it was asked for and whether its local copy was freed. */
function recordingFetch() {
  const log: string[] = [];
  const logic = protectedImageMachine.provide({
    actors: {
      fetchImage: fromCallback<AnyEventObject, { url: string }>(({ input }) => {
        log.push(`fetch ${input.url}`);
        return () => log.push(`free ${input.url}`);
      }),
    },
  });
  return { log, logic };
}

describe('a protected image', () => {
  it('fetches nothing and shows the initial when there is no photo', () => {
    const { log, logic } = recordingFetch();
    const actor = createActor(logic, { input: { url: null } }).start();
    expect(actor.getSnapshot().value).toBe('none');
    expect(log).toEqual([]);
  });

  it('fetches the photo with the token and shows the local copy once it arrives', () => {
    const { log, logic } = recordingFetch();
    const actor = createActor(logic, { input: { url: '/api/uploads/abc' } }).start();
    expect(actor.getSnapshot().matches({ active: 'loading' })).toBe(true);
    actor.send({ type: 'image.loaded', src: 'blob:local-1' });
    expect(actor.getSnapshot().matches({ active: 'shown' })).toBe(true);
    expect(actor.getSnapshot().context.src).toBe('blob:local-1');
    expect(log).toEqual(['fetch /api/uploads/abc']);
  });

  it('keeps the local copy while it shows and frees it when the view goes away', () => {
    const { log, logic } = recordingFetch();
    const actor = createActor(logic, { input: { url: '/api/uploads/abc' } }).start();
    actor.send({ type: 'image.loaded', src: 'blob:local-1' });
    expect(log).toEqual(['fetch /api/uploads/abc']);
    actor.stop();
    expect(log).toEqual(['fetch /api/uploads/abc', 'free /api/uploads/abc']);
  });

  it('falls back to the initial when the image cannot be fetched', () => {
    const { logic } = recordingFetch();
    const actor = createActor(logic, { input: { url: '/api/uploads/gone' } }).start();
    actor.send({ type: 'image.failed' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.src).toBeNull();
  });

  it('frees the old copy and fetches the new photo when the url changes, and draws the initial without one', () => {
    const { log, logic } = recordingFetch();
    const actor = createActor(logic, { input: { url: '/api/uploads/a' } }).start();
    actor.send({ type: 'image.loaded', src: 'blob:local-1' });
    actor.send({ type: 'image.url', url: '/api/uploads/a' });
    expect([actor.getSnapshot().context.src, log]).toEqual(['blob:local-1', ['fetch /api/uploads/a']]);
    actor.send({ type: 'image.url', url: '/api/uploads/b' });
    expect(actor.getSnapshot().matches({ active: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context.src).toBeNull();
    actor.send({ type: 'image.url', url: null });
    expect(actor.getSnapshot().value).toBe('none');
    expect(log).toEqual(['fetch /api/uploads/a', 'free /api/uploads/a', 'fetch /api/uploads/b', 'free /api/uploads/b']);
  });

  it('fetches nothing for an empty url', () => {
    const { log, logic } = recordingFetch();
    const actor = createActor(logic, { input: { url: '' } }).start();
    expect(actor.getSnapshot().value).toBe('none');
    expect(log).toEqual([]);
  });

  it('keeps the copy it shows when told the same url again', () => {
    const { log, logic } = recordingFetch();
    const actor = createActor(logic, { input: { url: '/api/uploads/abc' } }).start();
    actor.send({ type: 'image.loaded', src: 'blob:abc' });
    actor.send({ type: 'image.url', url: '/api/uploads/abc' });
    expect(actor.getSnapshot().value).toEqual({ active: 'shown' });
    expect(actor.getSnapshot().context.src).toBe('blob:abc');
    expect(log).toEqual(['fetch /api/uploads/abc']);
  });

  it('starts the fetch again for a new url while the first is still loading', () => {
    const { log, logic } = recordingFetch();
    const actor = createActor(logic, { input: { url: '/api/uploads/abc' } }).start();
    actor.send({ type: 'image.url', url: '/api/uploads/def' });
    expect(actor.getSnapshot().value).toEqual({ active: 'loading' });
    expect(log).toEqual(['fetch /api/uploads/abc', 'free /api/uploads/abc', 'fetch /api/uploads/def']);
  });

  it('drops the shown copy and frees it when the fetch later fails', () => {
    const { log, logic } = recordingFetch();
    const actor = createActor(logic, { input: { url: '/api/uploads/abc' } }).start();
    actor.send({ type: 'image.loaded', src: 'blob:abc' });
    actor.send({ type: 'image.failed' });
    expect([actor.getSnapshot().value, actor.getSnapshot().context.src]).toEqual(['failed', null]);
    expect(log).toEqual(['fetch /api/uploads/abc', 'free /api/uploads/abc']);
  });

  it('is covered transition by transition by generated paths from both kinds of input', () => {
    const events = [
      { type: 'image.loaded', src: 'blob:x' },
      { type: 'image.failed' },
      { type: 'image.url', url: '/api/uploads/b' },
      { type: 'image.url', url: null },
    ] as const;
    const { logic } = recordingFetch();
    const withUrl = transitionCoverage(logic, modelPaths(logic, { events: [...events], input: { url: '/api/uploads/a' } }), { url: '/api/uploads/a' });
    const withoutUrl = transitionCoverage(logic, modelPaths(logic, { events: [...events], input: { url: null } }), { url: null });
    // Each input reaches one branch of the first decision; together they take every transition.
    const missing = withUrl.missing.filter((t) => withoutUrl.missing.includes(t));
    console.log(`[protectedImage] transitions covered ${withUrl.total - missing.length}/${withUrl.total}`);
    expect(withUrl.total).toBe(5);
    expect(missing).toEqual([]);
  });
});
