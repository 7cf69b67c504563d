import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { adminUsersMachine, protectedImageState, sortUsersForAdmin, visibleUsers } from '../../machines/admin-users.machine';
import { protectedImageMachine } from '../../machines/protected-image.machine';
import type { User } from '../../src/domain/types';
import type { Page, PageQuery } from '../../machines/admin-list';
import { controlled } from '../support/controlled';
import { controlledCallback, settle } from './admin-controlled';
import { USERS, page } from './admin-fixtures';
import { USERS_AFTER_VERIFY } from './admin-model-events';

async function loaded() {
  const load = controlled<Page<User>, PageQuery>();
  const verify = controlled<unknown, { id: string }>();
  const fetch = controlledCallback<{ url: string }>();
  const image = protectedImageMachine.provide({ actors: { fetchImage: fetch.logic } });
  const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic, verifyUser: verify.logic, image } })).start();
  load.last().resolve(page(USERS));
  await settle();
  return { actor, load, verify, fetch };
}

describe('the admin users chart', () => {
  it('sorts unverified users first, keeping the server order within each group', () => {
    expect(sortUsersForAdmin(USERS).map((u) => u._id)).toEqual(['u2', 'u4', 'u1', 'u3']);
  });

  it('lists loaded users unverified first; a search closes the details and goes to the server after 500 ms', async () => {
    const { actor, load } = await loaded();
    vi.useFakeTimers();
    try {
      expect(visibleUsers(actor.getSnapshot().context).map((u) => u._id)).toEqual(['u2', 'u4', 'u1', 'u3']);
      actor.send({ type: 'user.expand', id: 'u1' });
      actor.send({ type: 'search.change', query: 'NAIR' });
      expect(actor.getSnapshot().matches({ detail: 'collapsed' })).toBe(true);
      await vi.advanceTimersByTimeAsync(499);
      expect(load.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load.last().input).toEqual({ q: 'NAIR', status: null, cursor: null });
      load.last().resolve(page([USERS[3]!]));
      await vi.advanceTimersByTimeAsync(0);
      expect(visibleUsers(actor.getSnapshot().context).map((u) => u._id)).toEqual(['u4']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs the photo and the Aadhaar image as protected-image charts of the system, stopped when another user expands', async () => {
    const { actor, fetch } = await loaded();
    const runFor = (url: string) => fetch.runs.filter((run) => run.input.url === url).at(-1)!;
    actor.send({ type: 'user.expand', id: 'u2' });
    expect(fetch.runs.map((run) => run.input.url)).toEqual(['/api/uploads/photo0001', '/api/uploads/aadhaar0001']);
    const { photo, aadhaar } = actor.getSnapshot().children;
    expect(actor.system.get('adminUserPhoto')).toBe(photo);
    expect(actor.system.get('adminUserAadhaar')).toBe(aadhaar);
    runFor('/api/uploads/aadhaar0001').send({ type: 'image.loaded', src: 'blob:one' });
    runFor('/api/uploads/photo0001').send({ type: 'image.failed' });
    expect(protectedImageState(aadhaar!.getSnapshot())).toBe('shown');
    expect(aadhaar!.getSnapshot().context.src).toBe('blob:one');
    expect(protectedImageState(photo!.getSnapshot())).toBe('unavailable');
    const firstRuns = [...fetch.runs];
    actor.send({ type: 'user.expand', id: 'u4' });
    expect(firstRuns.every((run) => run.stopped)).toBe(true);
    // u4 has a photo and no Aadhaar image: one more fetch, and the Aadhaar chart shows none.
    expect(fetch.runs).toHaveLength(3);
    expect(protectedImageState(actor.getSnapshot().children.aadhaar!.getSnapshot())).toBe('absent');
    expect(protectedImageState(actor.getSnapshot().children.photo!.getSnapshot())).toBe('loading');
    actor.send({ type: 'user.collapse' });
    expect(fetch.last().stopped).toBe(true);
    expect(actor.system.get('adminUserPhoto')).toBeUndefined();
  });

  it('filters by status after 500 ms of quiet, closing the open details', async () => {
    const { actor, load } = await loaded();
    vi.useFakeTimers();
    try {
      actor.send({ type: 'user.expand', id: 'u1' });
      actor.send({ type: 'status.change', status: 'UNVERIFIED' });
      expect(actor.getSnapshot().matches({ detail: 'collapsed' })).toBe(true);
      await vi.advanceTimersByTimeAsync(499);
      expect(load.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load.last().input).toEqual({ q: '', status: 'UNVERIFIED', cursor: null });
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers Verify only for an unverified user and not while a verification is in flight', async () => {
    const { actor, verify, load } = await loaded();
    actor.send({ type: 'user.expand', id: 'u1' });
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u1' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u2' })).toBe(false);
    actor.send({ type: 'user.expand', id: 'u2' });
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u2' })).toBe(true);
    actor.send({ type: 'user.verify', id: 'u2' });
    expect(verify.last().input).toEqual({ id: 'u2' });
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u4' })).toBe(false);
    verify.last().resolve(null);
    await settle();
    expect(load.calls).toHaveLength(2);
    load.last().resolve(page(USERS_AFTER_VERIFY));
    await settle();
    expect(actor.getSnapshot().matches({ detail: 'expanded' })).toBe(true);
    expect(visibleUsers(actor.getSnapshot().context).map((u) => u._id)).toEqual(['u4', 'u1', 'u2', 'u3']);
  });

  it('shows the verify failure and lets the admin try again', async () => {
    const { actor, verify } = await loaded();
    actor.send({ type: 'user.expand', id: 'u4' });
    actor.send({ type: 'user.verify', id: 'u4' });
    verify.last().reject({ status: 500, data: { message: 'down' } });
    await settle();
    expect(actor.getSnapshot().hasTag('verifyFailed')).toBe(true);
    actor.send({ type: 'user.verify', id: 'u4' });
    expect(verify.calls).toHaveLength(2);
  });
});
