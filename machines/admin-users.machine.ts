/**
 * /admin/users (SPEC §2, §6): every user, unverified first; one at a time expands to its details, with the
 * Aadhaar image fetched from its protected url; Verify calls `PATCH /users/verify/{id}` and reloads the list.
 *
 * Two regions side by side, so the open details stay open while the list reloads after a verification:
 *   list:   loading ─┬─> loaded ──verify──> verifying ─┬─> loading
 *                    └─> loadFailed                    └─> verifyFailed ──verify──> verifying
 *   detail: collapsed ⇄ expanded (noAadhaar | withAadhaar: loading → shown | unavailable)
 */
import { assertEvent, assign, setup } from 'xstate';
import type { User } from '../src/domain/types';
import { callbackNotProvided, notProvided } from './admin-sheet';

export interface AdminUsersContext {
  users: User[];
  query: string;
  expandedId: string | null;
  /** A local (blob) url of the expanded user's Aadhaar image, fetched with the admin's token. */
  aadhaarSrc: string | null;
}

export type AdminUsersEvent =
  | { type: 'search.change'; query: string }
  | { type: 'list.reload' }
  | { type: 'user.expand'; id: string }
  | { type: 'user.collapse' }
  | { type: 'user.verify'; id: string }
  | { type: 'aadhaar.loaded'; src: string }
  | { type: 'aadhaar.failed' };

const CHART = 'adminUsers';

/** Unverified users first; within each group the server's order stands. */
export const sortUsersForAdmin = (users: readonly User[]): User[] =>
  [...users].sort((a, b) => Number(a.isVerified) - Number(b.isVerified));

/** Search by name or mobile number, case-insensitive; blank shows everyone. */
export function matchesUser(user: User, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return (user.name ?? '').toLocaleLowerCase().includes(needle) || user.mobileNumber.includes(needle);
}

export const visibleUsers = (context: AdminUsersContext): User[] =>
  context.users.filter((user) => matchesUser(user, context.query));

export const expandedUser = (context: AdminUsersContext): User | undefined =>
  context.users.find((u) => u._id === context.expandedId);

const userOf = (context: AdminUsersContext, id: string) => context.users.find((u) => u._id === id);

const verifyWhenUnverified = { guard: 'isUnverified', target: 'verifying' } as const;

export const adminUsersMachine = setup({
  types: {
    context: {} as AdminUsersContext,
    events: {} as AdminUsersEvent,
    tags: {} as 'loading' | 'fetchFailed' | 'verifying' | 'verifyFailed',
  },
  actors: {
    loadUsers: notProvided<User[]>(CHART, 'loadUsers'),
    verifyUser: notProvided<unknown, { id: string }>(CHART, 'verifyUser'),
    /** Sends `aadhaar.loaded` with a local url (revoked when it stops) or `aadhaar.failed`. */
    aadhaarImage: callbackNotProvided<{ url: string }>(CHART, 'aadhaarImage'),
  },
  guards: {
    isUnverified: ({ context, event }) => event.type === 'user.verify' && userOf(context, event.id)?.isVerified === false,
    hasAadhaar: ({ context, event }) => event.type === 'user.expand' && Boolean(userOf(context, event.id)?.aadhaar),
    userExists: ({ context, event }) => event.type === 'user.expand' && userOf(context, event.id) !== undefined,
  },
  actions: {
    setUsers: assign({ users: (_, users: User[]) => sortUsersForAdmin(users) }),
    setQuery: assign({ query: ({ event }) => (event.type === 'search.change' ? event.query : '') }),
    expand: assign({ expandedId: ({ event }) => (event.type === 'user.expand' ? event.id : null), aadhaarSrc: null }),
    collapse: assign({ expandedId: null, aadhaarSrc: null }),
    showAadhaar: assign({ aadhaarSrc: ({ event }) => (event.type === 'aadhaar.loaded' ? event.src : null) }),
  },
}).createMachine({
  id: 'adminUsers',
  context: { users: [], query: '', expandedId: null, aadhaarSrc: null },
  type: 'parallel',
  on: { 'search.change': { actions: 'setQuery' } },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadUsers',
            src: 'loadUsers',
            onDone: { target: 'loaded', actions: { type: 'setUsers', params: ({ event }) => event.output } },
            onError: 'loadFailed',
          },
        },
        loadFailed: { tags: ['fetchFailed'], on: { 'list.reload': 'loading' } },
        loaded: { on: { 'user.verify': verifyWhenUnverified } },
        verifying: {
          tags: ['verifying'],
          invoke: {
            id: 'verifyUser',
            src: 'verifyUser',
            input: ({ event }) => {
              assertEvent(event, 'user.verify');
              return { id: event.id };
            },
            onDone: 'loading',
            onError: 'verifyFailed',
          },
        },
        verifyFailed: { tags: ['verifyFailed'], on: { 'user.verify': verifyWhenUnverified } },
      },
    },
    detail: {
      initial: 'collapsed',
      on: {
        'user.expand': [
          { guard: 'hasAadhaar', target: '.expanded.withAadhaar', actions: 'expand' },
          { guard: 'userExists', target: '.expanded.noAadhaar', actions: 'expand' },
        ],
      },
      states: {
        collapsed: {},
        expanded: {
          on: { 'user.collapse': { target: 'collapsed', actions: 'collapse' } },
          initial: 'noAadhaar',
          states: {
            noAadhaar: {},
            withAadhaar: {
              invoke: {
                id: 'aadhaarImage',
                src: 'aadhaarImage',
                input: ({ context }) => ({ url: expandedUser(context)?.aadhaar ?? '' }),
              },
              initial: 'loading',
              on: {
                'aadhaar.loaded': { target: '.shown', actions: 'showAadhaar' },
                'aadhaar.failed': '.unavailable',
              },
              states: { loading: {}, shown: {}, unavailable: {} },
            },
          },
        },
      },
    },
  },
});
