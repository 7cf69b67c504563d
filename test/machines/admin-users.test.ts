import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { adminUsersMachine, sortUsersForAdmin, visibleUsers } from '../../machines/admin-users.machine';
import type { User } from '../../src/domain/types';
import type { Page, PageQuery } from '../../machines/admin-list';
import { controlled } from '../support/controlled';
import { controlledCallback, settle } from './admin-controlled';
import { USERS, page } from './admin-fixtures';
import { USERS_AFTER_VERIFY } from './admin-model-events';

async function loaded() {
  const load = controlled<Page<User>, PageQuery>();
  const verify = controlled<unknown, { id: string }>();
  const photo = controlledCallback<{ url: string }>();
  const aadhaar = controlledCallback<{ url: string }>();
  const actor = createActor(
    adminUsersMachine.provide({
      actors: { loadUsers: load.logic, verifyUser: verify.logic, photoImage: photo.logic, aadhaarImage: aadhaar.logic },
    }),
  ).start();
  load.last().resolve(page(USERS));
  await settle();
  return { actor, load, verify, photo, aadhaar };
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
      expect(load.last().input).toEqual({ q: 'NAIR', cursor: null });
      load.last().resolve(page([USERS[3]!]));
      await vi.advanceTimersByTimeAsync(0);
      expect(visibleUsers(actor.getSnapshot().context).map((u) => u._id)).toEqual(['u4']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches the photo and Aadhaar image of an expanded user and stops when another user expands', async () => {
    const { actor, photo, aadhaar } = await loaded();
    actor.send({ type: 'user.expand', id: 'u2' });
    expect(photo.last().input.url).toBe('/api/uploads/photo0001');
    expect(aadhaar.last().input.url).toBe('/api/uploads/aadhaar0001');
    aadhaar.last().send({ type: 'aadhaar.loaded', src: 'blob:one' });
    photo.last().send({ type: 'photo.failed' });
    expect(actor.getSnapshot().context.aadhaarSrc).toBe('blob:one');
    expect(actor.getSnapshot().matches({ detail: { expanded: { photo: { present: 'unavailable' } } } })).toBe(true);
    const [firstPhoto, firstAadhaar] = [photo.last(), aadhaar.last()];
    actor.send({ type: 'user.expand', id: 'u4' });
    expect(firstPhoto.stopped && firstAadhaar.stopped).toBe(true);
    expect(photo.runs).toHaveLength(2);
    expect(aadhaar.runs).toHaveLength(1);
    expect(actor.getSnapshot().matches({ detail: { expanded: { aadhaar: 'absent' } } })).toBe(true);
    expect(actor.getSnapshot().context.aadhaarSrc).toBeNull();
    actor.send({ type: 'user.collapse' });
    expect(photo.last().stopped).toBe(true);
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
