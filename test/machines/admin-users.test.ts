import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  adminUsersMachine,
  expandedUser,
  isBeingVerified,
  protectedImageState,
  sortUsersForAdmin,
  USER_STATUSES,
  verifyOffer,
  visibleUsers,
  type AdminUsersContext,
} from '../../machines/admin-users.machine';
import { protectedImageMachine } from '../../machines/protected-image.machine';
import type { AuditEntry, User } from '../../src/domain/types';
import type { Page, PageQuery } from '../../machines/admin-list';
import { bulkTally } from '../../machines/admin-selection';
import { controlled } from '../support/machines/controlled';
import { controlledCallback, effectErrors } from '../support/machines/admin-controlled';
import { USERS, page, withFakeTimers } from '../support/machines/admin-fixtures';
import { USERS_AFTER_VERIFY } from '../support/machines/admin-model-events';

async function loaded() {
  const load = controlled<Page<User>, PageQuery>();
  const verify = controlled<unknown, { id: string }>();
  const fetch = controlledCallback<{ url: string }>();
  const image = protectedImageMachine.provide({ actors: { fetchImage: fetch.logic } });
  const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic, verifyUser: verify.logic, image } })).start();
  await load.last().resolve(page(USERS));
  return { actor, load, verify, fetch };
}

describe('the admin users chart', () => {
  it('sorts unverified users first, keeping the server order within each group', () => {
    expect(sortUsersForAdmin(USERS).map((u) => u._id)).toEqual(['u2', 'u4', 'u1', 'u3']);
  });

  it('lists loaded users unverified first; a search closes the details and goes to the server after 500 ms', async () => {
    const { actor, load } = await loaded();
    await withFakeTimers(async () => {
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
    });
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
    await withFakeTimers(async () => {
      actor.send({ type: 'user.expand', id: 'u1' });
      actor.send({ type: 'status.change', status: 'UNVERIFIED' });
      expect(actor.getSnapshot().matches({ detail: 'collapsed' })).toBe(true);
      await vi.advanceTimersByTimeAsync(499);
      expect(load.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load.last().input).toEqual({ q: '', status: 'UNVERIFIED', cursor: null });
    });
  });

  it('offers no Verify for an unverified user who has not finished the profile (the server would refuse it)', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const verify = controlled<unknown, { id: string }>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic, verifyUser: verify.logic } })).start();
    await load.last().resolve(page([{ ...USERS[1]!, profileUpdated: false }, USERS[3]!]));
    actor.send({ type: 'user.expand', id: 'u2' });
    expect(verifyOffer(expandedUser(actor.getSnapshot().context)!)).toBe('awaitingProfile');
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u2' })).toBe(false);
    actor.send({ type: 'user.verify', id: 'u2' });
    expect(verify.calls).toHaveLength(0);
    actor.send({ type: 'user.expand', id: 'u4' });
    expect(verifyOffer(expandedUser(actor.getSnapshot().context)!)).toBe('verify');
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u4' })).toBe(true);
    expect(verifyOffer(USERS[0]!)).toBe('verified');
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
    await verify.last().resolve(null);
    expect(load.calls).toHaveLength(2);
    await load.last().resolve(page(USERS_AFTER_VERIFY));
    expect(actor.getSnapshot().matches({ detail: 'expanded' })).toBe(true);
    expect(visibleUsers(actor.getSnapshot().context).map((u) => u._id)).toEqual(['u4', 'u1', 'u2', 'u3']);
  });

  it('shows the verify failure and lets the admin try again', async () => {
    const { actor, verify } = await loaded();
    actor.send({ type: 'user.expand', id: 'u4' });
    actor.send({ type: 'user.verify', id: 'u4' });
    await verify.last().reject({ status: 500, data: { message: 'down' } });
    expect(actor.getSnapshot().hasTag('verifyFailed')).toBe(true);
    actor.send({ type: 'user.verify', id: 'u4' });
    expect(verify.calls).toHaveLength(2);
  });

  it('takes no new search or filter while a verification runs, so its PATCH is never stopped unseen', async () => {
    const { actor, load, verify } = await loaded();
    actor.send({ type: 'user.expand', id: 'u4' });
    actor.send({ type: 'user.verify', id: 'u4' });
    expect(actor.getSnapshot().can({ type: 'search.change', query: 'NAIR' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'status.change', status: 'VERIFIED' })).toBe(false);
    actor.send({ type: 'search.change', query: 'NAIR' });
    actor.send({ type: 'status.change', status: 'VERIFIED' });
    expect(verify.last().signal.aborted).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ query: '', status: null, expandedId: 'u4' });
    await verify.last().resolve({});
    expect(load.last().input).toEqual({ q: '', status: null, cursor: null });
    expect(actor.getSnapshot().can({ type: 'search.change', query: 'NAIR' })).toBe(true);
  });

  it('pages on after a failed verify, the failure line shown until the next try', async () => {
    const { actor, load, verify } = await startWith(page(USERS.slice(0, 2), 'after-2', 4));
    actor.send({ type: 'user.expand', id: 'u2' });
    actor.send({ type: 'user.verify', id: 'u2' });
    await verify.last().reject({ status: 500, data: { message: 'down' } });
    expect(actor.getSnapshot().hasTag('verifyFailed')).toBe(true);
    actor.send({ type: 'list.more' });
    expect(load.last().input).toEqual({ q: '', status: null, cursor: 'after-2' });
    await load.last().resolve(page(USERS.slice(2), null, 4));
    expect(visibleUsers(actor.getSnapshot().context)).toHaveLength(4);
  });
});

/** The users chart with every effect driven by the test, its first page answered with `first`. */
async function startWith(first: Page<User>) {
  const load = controlled<Page<User>, PageQuery>();
  const verify = controlled<unknown, { id: string }>();
  const history = controlled<AuditEntry[], { id: string }>();
  const fetch = controlledCallback<{ url: string }>();
  const image = protectedImageMachine.provide({ actors: { fetchImage: fetch.logic } });
  const actor = createActor(
    adminUsersMachine.provide({ actors: { loadUsers: load.logic, verifyUser: verify.logic, loadHistory: history.logic, image } }),
  ).start();
  expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  expect(load.last().input).toEqual({ q: '', status: null, cursor: null });
  await load.last().resolve(first);
  return { actor, load, verify, history, fetch };
}

const ids = (actor: { getSnapshot: () => { context: AdminUsersContext } }) => visibleUsers(actor.getSnapshot().context).map((u) => u._id);
const ENTRY: AuditEntry = { at: '2026-11-20T10:00:00.000Z', by: null, changes: { isVerified: { from: false, to: true } } };

describe('the admin users list, page by page', () => {
  it('loads the next page by its cursor, unverified first over the whole list, and offers no more after the last', async () => {
    const { actor, load } = await startWith(page([USERS[0]!, USERS[2]!], 'c2', 4));
    expect(actor.getSnapshot().context).toMatchObject({ nextCursor: 'c2', total: 4 });
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(true);
    actor.send({ type: 'list.more' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    expect(load.last().input).toEqual({ q: '', status: null, cursor: 'c2' });
    // u3 moved onto the second page while the admin scrolled: it is listed once.
    await load.last().resolve(page([USERS[1]!, USERS[2]!, USERS[3]!], null, 4));
    expect(ids(actor)).toEqual(['u2', 'u4', 'u1', 'u3']);
    expect(actor.getSnapshot().context).toMatchObject({ nextCursor: null, total: 4 });
    expect(actor.getSnapshot().matches({ list: { browsing: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(false);
    actor.send({ type: 'list.more' });
    expect(load.calls).toHaveLength(2);
  });

  it('shows a failed next page and asks for it again on Load more, the listed users kept', async () => {
    const { actor, load } = await startWith(page([USERS[0]!], 'c2', 2));
    actor.send({ type: 'list.more' });
    await load.last().reject(new Error('offline'));
    expect(actor.getSnapshot().hasTag('moreFailed')).toBe(true);
    expect(ids(actor)).toEqual(['u1']);
    actor.send({ type: 'list.more' });
    expect(load.calls).toHaveLength(3);
    expect(load.last().input).toEqual({ q: '', status: null, cursor: 'c2' });
    await load.last().resolve(page([USERS[1]!], null, 2));
    expect(ids(actor)).toEqual(['u2', 'u1']);
  });

  it('shows a failed first load and loads the first page again on Try again', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic } })).start();
    await load.last().reject(new Error('down'));
    expect(actor.getSnapshot().hasTag('fetchFailed')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(false);
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(load.calls).toHaveLength(2);
    expect(load.last().input).toEqual({ q: '', status: null, cursor: null });
    await load.last().resolve(page(USERS));
    expect(ids(actor)).toEqual(['u2', 'u4', 'u1', 'u3']);
  });

  it('restarts the 500 ms at each keystroke, and keeps the status when the search changes (and the search when the status does)', async () => {
    const { actor, load } = await startWith(page(USERS, 'c2', 9));
    await withFakeTimers(async () => {
      actor.send({ type: 'status.change', status: 'VERIFIED' });
      await vi.advanceTimersByTimeAsync(300);
      actor.send({ type: 'search.change', query: 'Asha' });
      await vi.advanceTimersByTimeAsync(499);
      expect(load.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      // A new filter starts from its first page, not where the old list continued.
      expect(load.last().input).toEqual({ q: 'Asha', status: 'VERIFIED', cursor: null });
      load.last().resolve(page([USERS[0]!]));
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'status.change', status: null });
      await vi.advanceTimersByTimeAsync(500);
      expect(load.last().input).toEqual({ q: 'Asha', status: null, cursor: null });
    });
  });

  it('lets a new search stop a first load still running for the old text', async () => {
    const { actor, load } = await startWith(page(USERS));
    await withFakeTimers(async () => {
      actor.send({ type: 'search.change', query: 'Asha' });
      await vi.advanceTimersByTimeAsync(500);
      const stale = load.last();
      actor.send({ type: 'search.change', query: 'Divya' });
      expect(stale.signal.aborted).toBe(true);
      await vi.advanceTimersByTimeAsync(500);
      expect(load.last().input).toEqual({ q: 'Divya', status: null, cursor: null });
    });
  });
});

describe('the open details of a user', () => {
  it("loads the expanded user's audit trail by id, afresh for the next user, and marks a failed one", async () => {
    const { actor, history } = await startWith(page(USERS));
    expect(actor.getSnapshot().can({ type: 'user.expand', id: 'nobody' })).toBe(false);
    actor.send({ type: 'user.expand', id: 'u1' });
    expect(actor.getSnapshot().context.expandedId).toBe('u1');
    expect(history.last().input).toEqual({ id: 'u1' });
    expect(actor.getSnapshot().context.history).toBeNull();
    await history.last().reject(new Error('down'));
    expect(actor.getSnapshot().context.historyFailed).toBe(true);
    actor.send({ type: 'user.expand', id: 'u2' });
    expect(actor.getSnapshot().context).toMatchObject({ expandedId: 'u2', history: null, historyFailed: false });
    expect(history.last().input).toEqual({ id: 'u2' });
    await history.last().resolve([ENTRY]);
    expect(actor.getSnapshot().context.history).toEqual([ENTRY]);
    expect(actor.getSnapshot().context.historyFailed).toBe(false);
  });

  it('loads the open user’s history again once a verification succeeds, keeping the images as they are', async () => {
    const { actor, verify, history, fetch, load } = await startWith(page(USERS));
    actor.send({ type: 'user.expand', id: 'u2' });
    await history.last().reject(new Error('down'));
    expect(actor.getSnapshot().context.historyFailed).toBe(true);
    const images = fetch.runs.length;
    actor.send({ type: 'user.verify', id: 'u2' });
    expect(history.calls).toHaveLength(1);
    await verify.last().resolve(null);
    expect(history.calls).toHaveLength(2);
    expect(history.last().input).toEqual({ id: 'u2' });
    expect(fetch.runs).toHaveLength(images);
    expect(fetch.runs.every((run) => !run.stopped)).toBe(true);
    history.last().resolve([ENTRY]);
    await load.last().resolve(page(USERS_AFTER_VERIFY));
    expect(actor.getSnapshot().context).toMatchObject({ expandedId: 'u2', history: [ENTRY], historyFailed: false });
    verify.last();
    expect(verify.calls).toHaveLength(1);
  });

  it('keeps which user is being verified when the admin opens another meanwhile', async () => {
    const { actor, verify, history } = await startWith(page(USERS));
    actor.send({ type: 'user.expand', id: 'u2' });
    actor.send({ type: 'user.verify', id: 'u2' });
    actor.send({ type: 'user.expand', id: 'u4' });
    expect(verify.last().input).toEqual({ id: 'u2' });
    expect(isBeingVerified(actor.getSnapshot(), 'u2')).toBe(true);
    expect(isBeingVerified(actor.getSnapshot(), 'u4')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u4' })).toBe(false);
    await verify.last().resolve(null);
    expect(isBeingVerified(actor.getSnapshot(), 'u2')).toBe(false);
    // The open user's history (u4's) loads again; it is harmless, and shows any change the verification made.
    expect(history.last().input).toEqual({ id: 'u4' });
  });

  it('fetches the open user’s own photo and Aadhaar urls, and shows none without them', async () => {
    const { actor, fetch } = await startWith(page(USERS));
    actor.send({ type: 'user.expand', id: 'u3' });
    expect(fetch.runs).toHaveLength(0);
    const { photo, aadhaar } = actor.getSnapshot().children;
    expect([photo!.getSnapshot().context.url, aadhaar!.getSnapshot().context.url]).toEqual([null, null]);
    expect(protectedImageState(photo!.getSnapshot())).toBe('absent');
    expect(protectedImageState(undefined)).toBe('absent');
  });

  it('closes the details on collapse and on a new filter, after which Verify is offered to no one', async () => {
    const { actor } = await startWith(page(USERS));
    actor.send({ type: 'user.expand', id: 'u2' });
    actor.send({ type: 'user.collapse' });
    expect(actor.getSnapshot().context.expandedId).toBeNull();
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u2' })).toBe(false);
    actor.send({ type: 'user.expand', id: 'u2' });
    await withFakeTimers(async () => {
      actor.send({ type: 'status.change', status: 'UNVERIFIED' });
      expect(actor.getSnapshot().context.expandedId).toBeNull();
      actor.send({ type: 'user.expand', id: 'u4' });
      actor.send({ type: 'search.change', query: 'Divya' });
      expect(actor.getSnapshot().context.expandedId).toBeNull();
    });
  });

  it('shows Verify as running, and after a failure offers it again only for the open unverified user', async () => {
    const { actor, verify } = await startWith(page(USERS));
    actor.send({ type: 'user.expand', id: 'u2' });
    actor.send({ type: 'user.verify', id: 'u2' });
    expect(actor.getSnapshot().hasTag('verifying')).toBe(true);
    await verify.last().reject(new Error('down'));
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u4' })).toBe(false);
    actor.send({ type: 'user.expand', id: 'u1' });
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u1' })).toBe(false);
    actor.send({ type: 'user.expand', id: 'u2' });
    actor.send({ type: 'user.verify', id: 'u2' });
    expect(verify.calls).toHaveLength(2);
    expect(verify.last().input).toEqual({ id: 'u2' });
  });
});

describe('the admin users chart at its edges', () => {
  it('starts with nothing listed, no filter and no details, and offers the unverified filter first', () => {
    const load = controlled<Page<User>, PageQuery>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic } })).start();
    expect(actor.getSnapshot().context).toEqual({
      rows: [],
      nextCursor: null,
      total: 0,
      query: '',
      status: null,
      filters: {},
      expandedId: null,
      verifyingId: null,
      history: null,
      historyFailed: false,
      selected: [],
      bulkOutcomes: null,
      exporting: 'idle',
    });
    expect(USER_STATUSES).toEqual(['UNVERIFIED', 'VERIFIED']);
  });

  it('fails loudly, naming the chart and the effect, when the web app leaves an effect out', async () => {
    const { errors, inspect } = effectErrors();
    const actor = createActor(adminUsersMachine, { inspect }).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('fetchFailed'));
    expect(actor.getSnapshot().hasTag('fetchFailed')).toBe(true);
    expect(errors).toEqual(['adminUsers: the loadUsers actor was not provided']);
    const withUsers = createActor(adminUsersMachine.provide({ actors: { loadUsers: fromPromise(async () => page(USERS)) } }), { inspect }).start();
    await waitFor(withUsers, (snapshot) => !snapshot.hasTag('loading'));
    withUsers.send({ type: 'user.expand', id: 'u2' });
    withUsers.send({ type: 'user.verify', id: 'u2' });
    await waitFor(withUsers, (snapshot) => snapshot.hasTag('verifyFailed'));
    expect(errors.slice(1).sort()).toEqual(['adminUsers: the loadHistory actor was not provided', 'adminUsers: the verifyUser actor was not provided']);
    expect(withUsers.getSnapshot().hasTag('verifyFailed')).toBe(true);
  });

  it('runs the audit trail of the open user as the child "userHistory"', async () => {
    const { actor, history } = await startWith(page(USERS));
    actor.send({ type: 'user.expand', id: 'u1' });
    expect(actor.getSnapshot().children.userHistory).toBeDefined();
    expect(history.calls).toHaveLength(1);
  });

  it('offers Verify to no one once the reload after a verification no longer lists the open user', async () => {
    const { actor, load, verify } = await startWith(page(USERS));
    await withFakeTimers(async () => {
      actor.send({ type: 'status.change', status: 'UNVERIFIED' });
      await vi.advanceTimersByTimeAsync(500);
      load.last().resolve(page([USERS[1]!, USERS[3]!]));
      await vi.advanceTimersByTimeAsync(0);
    });
    actor.send({ type: 'user.expand', id: 'u2' });
    actor.send({ type: 'user.verify', id: 'u2' });
    await verify.last().resolve(null);
    expect(load.last().input).toEqual({ q: '', status: 'UNVERIFIED', cursor: null });
    await load.last().resolve(page([USERS[3]!]));
    expect(actor.getSnapshot().context.expandedId).toBe('u2');
    expect(actor.getSnapshot().can({ type: 'user.verify', id: 'u2' })).toBe(false);
  });
});

describe('the users list opened from the dashboard, and its bulk verification', () => {
  it('opens with the link’s status and age, asks the server with them, and drops the age when its chip is removed', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic } }), {
      input: { location: '/admin/users?status=UNVERIFIED&age=gt24h' },
    }).start();
    expect(load.last().input).toEqual({ q: '', status: 'UNVERIFIED', cursor: null, filters: { age: 'gt24h' } });
    await load.last().resolve(page(USERS));
    actor.send({ type: 'user.expand', id: 'u2' });
    actor.send({ type: 'filter.remove', name: 'age' });
    expect(load.last().input).toEqual({ q: '', status: 'UNVERIFIED', cursor: null });
    // The details close: the user may not be in the list the chip's removal loads.
    expect(actor.getSnapshot().context.expandedId).toBeNull();
    // A chip that is not set removes nothing and loads nothing.
    const calls = load.calls.length;
    actor.send({ type: 'filter.remove', name: 'age' });
    expect(load.calls.length).toBe(calls);
  });

  it('ticks only users waiting with a finished profile, verifies the ticked ones in one request, then reloads and tells the outcome', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const bulk = controlled<{ _id: string; ok: boolean; code?: string }[], { ids: string[] }>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic, verifyUsers: bulk.logic } })).start();
    const unverified = USERS.filter((u) => !u.isVerified && u.profileUpdated);
    const verified = USERS.find((u) => u.isVerified)!;
    await load.last().resolve(page(USERS));
    actor.send({ type: 'selection.toggle', id: verified._id });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    for (const u of unverified) actor.send({ type: 'selection.toggle', id: u._id });
    expect(actor.getSnapshot().context.selected).toEqual(unverified.map((u) => u._id));
    actor.send({ type: 'selection.verify' });
    expect(bulk.last().input).toEqual({ ids: unverified.map((u) => u._id) });
    // The ids are on their way: no untick meanwhile.
    actor.send({ type: 'selection.toggle', id: unverified[0]!._id });
    expect(actor.getSnapshot().context.selected).toHaveLength(unverified.length);
    await bulk.last().resolve(unverified.map((u, i) => (i === 0 ? { _id: u._id, ok: false, code: 'CONFLICT' } : { _id: u._id, ok: true })));
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect(bulkTally(actor.getSnapshot().context)).toEqual({ done: unverified.length - 1, refused: 1 });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'selection.clear' });
    expect(bulkTally(actor.getSnapshot().context)).toBeNull();
  });

  it('offers the bulk verification only with users ticked, and a tick taken back unticks', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic } })).start();
    await load.last().resolve(page(USERS));
    expect(actor.getSnapshot().can({ type: 'selection.verify' })).toBe(false);
    actor.send({ type: 'selection.toggle', id: 'u2' });
    expect(actor.getSnapshot().can({ type: 'selection.verify' })).toBe(true);
    actor.send({ type: 'selection.toggle', id: 'u2' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'selection.verify' })).toBe(false);
  });

  it('loads the open user’s history again once a bulk verification went through', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const bulk = controlled<{ _id: string; ok: boolean }[], { ids: string[] }>();
    const history = controlled<AuditEntry[], { id: string }>();
    const fetch = controlledCallback<{ url: string }>();
    const image = protectedImageMachine.provide({ actors: { fetchImage: fetch.logic } });
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic, verifyUsers: bulk.logic, loadHistory: history.logic, image } })).start();
    await load.last().resolve(page(USERS));
    actor.send({ type: 'user.expand', id: 'u2' });
    await history.last().resolve([]);
    actor.send({ type: 'selection.toggle', id: 'u2' });
    actor.send({ type: 'selection.verify' });
    await bulk.last().resolve([{ _id: 'u2', ok: true }]);
    expect(history.calls).toHaveLength(2);
    expect(history.last().input).toEqual({ id: 'u2' });
  });

  it('unticks a ticked user the reloaded list shows verified since, and ticks no one it does not list', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic } })).start();
    await load.last().resolve(page(USERS));
    actor.send({ type: 'selection.toggle', id: 'u2' });
    // Another admin verified u2 meanwhile: the list found by a new search shows it.
    await withFakeTimers(async () => {
      actor.send({ type: 'search.change', query: 'a' });
      await vi.advanceTimersByTimeAsync(500);
      load.last().resolve(page(USERS_AFTER_VERIFY));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(actor.getSnapshot().context.selected).toEqual(['u2']);
    actor.send({ type: 'selection.toggle', id: 'u2' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'selection.toggle', id: 'u9' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('keeps the ticks after a failed bulk verification for another try, pages on meanwhile, and clears them on Clear', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const bulk = controlled<{ _id: string; ok: boolean }[], { ids: string[] }>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic, verifyUsers: bulk.logic } })).start();
    await load.last().resolve(page(USERS, 'c2', 5));
    actor.send({ type: 'selection.toggle', id: 'u2' });
    actor.send({ type: 'selection.verify' });
    expect(actor.getSnapshot().hasTag('verifying')).toBe(true);
    expect(actor.getSnapshot().children).toHaveProperty('verifyUsers');
    // The ids are on their way: Clear waits until the answer.
    actor.send({ type: 'selection.clear' });
    expect(actor.getSnapshot().context.selected).toEqual(['u2']);
    await bulk.last().reject(new Error('offline'));
    expect(actor.getSnapshot().hasTag('verifying')).toBe(false);
    expect(actor.getSnapshot().hasTag('verifyFailed')).toBe(true);
    expect(actor.getSnapshot().context.selected).toEqual(['u2']);
    actor.send({ type: 'selection.verify' });
    expect(bulk.calls).toHaveLength(2);
    expect(bulk.last().input).toEqual({ ids: ['u2'] });
    await bulk.last().reject(new Error('offline'));
    actor.send({ type: 'list.more' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    expect(load.last().input).toEqual({ q: '', status: null, cursor: 'c2' });
    actor.send({ type: 'selection.clear' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('after a failed bulk verification offers it again only with ticks, and Load more only while the list continues', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const bulk = controlled<{ _id: string; ok: boolean }[], { ids: string[] }>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic, verifyUsers: bulk.logic } })).start();
    await load.last().resolve(page(USERS));
    actor.send({ type: 'selection.toggle', id: 'u2' });
    actor.send({ type: 'selection.verify' });
    await bulk.last().reject(new Error('offline'));
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(false);
    actor.send({ type: 'selection.clear' });
    expect(actor.getSnapshot().hasTag('verifyFailed')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'selection.verify' })).toBe(false);
  });

  it('after a failed verification offers Load more only while the list continues, and runs the verification as "verifyUser"', async () => {
    const { actor, verify } = await loaded();
    actor.send({ type: 'user.expand', id: 'u2' });
    actor.send({ type: 'user.verify', id: 'u2' });
    expect(actor.getSnapshot().children).toHaveProperty('verifyUser');
    await verify.last().reject(new Error('offline'));
    expect(actor.getSnapshot().hasTag('verifyFailed')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(false);
  });

  it('exports the list as filtered, one export at a time, and says how the last one ended', async () => {
    const load = controlled<Page<User>, PageQuery>();
    const exportList = controlled<unknown, PageQuery>();
    const actor = createActor(adminUsersMachine.provide({ actors: { loadUsers: load.logic, exportList: exportList.logic } }), {
      input: { location: '/admin/users?status=UNVERIFIED&age=gt24h' },
    }).start();
    await load.last().resolve(page(USERS));
    actor.send({ type: 'list.export' });
    expect(exportList.last().input).toEqual({ q: '', status: 'UNVERIFIED', cursor: null, filters: { age: 'gt24h' } });
    expect(actor.getSnapshot().context.exporting).toBe('running');
    actor.send({ type: 'list.export' });
    expect(exportList.calls).toHaveLength(1);
    await exportList.last().reject(new Error('offline'));
    expect(actor.getSnapshot().context.exporting).toBe('failed');
    actor.send({ type: 'list.export' });
    await exportList.last().resolve(null);
    expect(actor.getSnapshot().context.exporting).toBe('idle');
  });
});
