/**
 * /admin/users (SPEC §2, §6): every user, searched on the server by name or mobile number and paged
 * (machines/admin-list.ts), unverified first among those listed; one at a time expands to its details, with the
 * photo and Aadhaar image fetched from their protected urls; Verify calls `PATCH /users/verify/{id}` and reloads the list.
 *
 * Two regions side by side, so the open details stay open while the list reloads after a verification:
 *   list:   loading ─┬─> loaded ──verify──> verifying ─┬─> loading
 *                    └─> loadFailed                    └─> verifyFailed ──verify──> verifying
 *           loaded ──more──> more ─┬─> loaded (next page appended)     search → debouncing ──500 ms──> loading
 *                                  └─> moreFailed ──more──> more
 *   detail: collapsed ⇄ expanded, with a region each for the photo and the Aadhaar image
 *           (absent | present: loading → shown | unavailable); both are protected urls fetched with the token.
 */
import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import type { AuditEntry, User } from '../src/domain/types';
import { firstPage, nextPage, SEARCH_DELAY_MS, type Page, type PageQuery } from './admin-list';
import { callbackNotProvided, notProvided } from './admin-sheet';

export interface AdminUsersContext {
  users: User[];
  /** The next page's cursor (null at the end) and how many users the search finds in all. */
  nextCursor: string | null;
  total: number;
  query: string;
  expandedId: string | null;
  /** Local (blob) urls of the expanded user's photo and Aadhaar image, fetched with the admin's token. */
  photoSrc: string | null;
  aadhaarSrc: string | null;
  /** The expanded user's audit trail, oldest first (null while it loads), and whether it failed to load. */
  history: AuditEntry[] | null;
  historyFailed: boolean;
}

export type AdminUsersEvent =
  | { type: 'search.change'; query: string }
  | { type: 'list.reload' }
  | { type: 'list.more' }
  | { type: 'user.expand'; id: string }
  | { type: 'user.collapse' }
  | { type: 'user.verify'; id: string }
  | { type: 'photo.loaded'; src: string }
  | { type: 'photo.failed' }
  | { type: 'aadhaar.loaded'; src: string }
  | { type: 'aadhaar.failed' };

const CHART = 'adminUsers';

/** Unverified users first; within each group the server's order stands. */
export const sortUsersForAdmin = (users: readonly User[]): User[] =>
  [...users].sort((a, b) => Number(a.isVerified) - Number(b.isVerified));

/** The users the server found for the search (by name or mobile number), unverified first. */
export const visibleUsers = (context: AdminUsersContext): User[] => context.users;

export const expandedUser = (context: AdminUsersContext): User | undefined =>
  context.users.find((u) => u._id === context.expandedId);

const userOf = (context: AdminUsersContext, id: string) => context.users.find((u) => u._id === id);

const verifyWhenUnverified = { guard: 'isUnverified', target: 'verifying' } as const;

export const adminUsersMachine = setup({
  types: {
    context: {} as AdminUsersContext,
    events: {} as AdminUsersEvent,
    tags: {} as 'loading' | 'loadingMore' | 'moreFailed' | 'fetchFailed' | 'verifying' | 'verifyFailed',
  },
  actors: {
    loadUsers: notProvided<Page<User>, PageQuery>(CHART, 'loadUsers'),
    verifyUser: notProvided<unknown, { id: string }>(CHART, 'verifyUser'),
    /** Protected images: each sends `<kind>.loaded` with a local url (revoked when it stops) or `<kind>.failed`. */
    photoImage: callbackNotProvided<{ url: string }>(CHART, 'photoImage'),
    aadhaarImage: callbackNotProvided<{ url: string }>(CHART, 'aadhaarImage'),
    /** `GET /users/{id}/history`: who changed what, and when. */
    loadHistory: notProvided<AuditEntry[], { id: string }>(CHART, 'loadHistory'),
  },
  guards: {
    // Verify sits in the open details, so only the expanded user can be verified.
    isUnverified: ({ context, event }) =>
      event.type === 'user.verify' && event.id === context.expandedId && userOf(context, event.id)?.isVerified === false,
    hasPhoto: ({ context }) => Boolean(expandedUser(context)?.profilePhoto),
    hasAadhaar: ({ context }) => Boolean(expandedUser(context)?.aadhaar),
    isListed: ({ context, event }) => event.type === 'user.expand' && visibleUsers(context).some((u) => u._id === event.id),
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  delays: { SEARCH_DELAY: SEARCH_DELAY_MS },
  actions: {
    setFirstPage: assign((_, page: Page<User>) => {
      const { rows, nextCursor, total } = firstPage(page);
      return { users: sortUsersForAdmin(rows), nextCursor, total };
    }),
    appendPage: assign(({ context }, page: Page<User>) => {
      const { rows, nextCursor, total } = nextPage(context.users, page);
      return { users: sortUsersForAdmin(rows), nextCursor, total };
    }),
    setQuery: assign({ query: ({ event }) => (event.type === 'search.change' ? event.query : '') }),
    expand: assign({
      expandedId: ({ event }) => (event.type === 'user.expand' ? event.id : null),
      photoSrc: null,
      aadhaarSrc: null,
      history: null,
      historyFailed: false,
    }),
    setHistory: assign({ history: (_, history: AuditEntry[]) => history }),
    markHistoryFailed: assign({ historyFailed: true }),
    collapse: assign({ expandedId: null, photoSrc: null, aadhaarSrc: null }),
    showPhoto: assign({ photoSrc: ({ event }) => (event.type === 'photo.loaded' ? event.src : null) }),
    showAadhaar: assign({ aadhaarSrc: ({ event }) => (event.type === 'aadhaar.loaded' ? event.src : null) }),
  },
}).createMachine({
  id: 'adminUsers',
  context: { users: [], nextCursor: null, total: 0, query: '', expandedId: null, photoSrc: null, aadhaarSrc: null, history: null, historyFailed: false },
  type: 'parallel',
  on: {
    // A new search waits for quiet, then loads; it closes the open details: the user may no longer be listed.
    'search.change': { target: ['.list.debouncing', '.detail.collapsed'], actions: ['setQuery', 'collapse'] },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadUsers',
            src: 'loadUsers',
            input: ({ context }) => ({ q: context.query, cursor: null }),
            onDone: { target: 'loaded', actions: { type: 'setFirstPage', params: ({ event }) => event.output } },
            onError: 'loadFailed',
          },
        },
        loadFailed: { tags: ['fetchFailed'], on: { 'list.reload': 'loading' } },
        loaded: { on: { 'user.verify': verifyWhenUnverified, 'list.more': { guard: 'hasMore', target: 'more' } } },
        debouncing: { after: { SEARCH_DELAY: 'loading' } },
        more: {
          tags: ['loadingMore'],
          invoke: {
            id: 'moreUsers',
            src: 'loadUsers',
            input: ({ context }) => ({ q: context.query, cursor: context.nextCursor }),
            onDone: { target: 'loaded', actions: { type: 'appendPage', params: ({ event }) => event.output } },
            onError: 'moreFailed',
          },
        },
        moreFailed: { tags: ['moreFailed'], on: { 'list.more': 'more' } },
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
        'user.expand': { guard: 'isListed', target: '.expanded', actions: 'expand' },
      },
      states: {
        collapsed: {},
        expanded: {
          type: 'parallel',
          // The audit trail shows under the details for as long as they are open.
          invoke: {
            id: 'userHistory',
            src: 'loadHistory',
            input: ({ context }) => ({ id: context.expandedId! }),
            onDone: { actions: { type: 'setHistory', params: ({ event }) => event.output } },
            onError: { actions: 'markHistoryFailed' },
          },
          on: { 'user.collapse': { target: 'collapsed', actions: 'collapse' } },
          states: {
            photo: {
              initial: 'checking',
              states: {
                checking: { always: [{ guard: 'hasPhoto', target: 'present' }, { target: 'absent' }] },
                absent: {},
                // The fetch lives as long as the image shows: leaving revokes its local url.
                present: {
                  invoke: {
                    id: 'photoImage',
                    src: 'photoImage',
                    input: ({ context }) => ({ url: expandedUser(context)?.profilePhoto ?? '' }),
                  },
                  initial: 'loading',
                  on: {
                    'photo.loaded': { target: '.shown', actions: 'showPhoto' },
                    'photo.failed': '.unavailable',
                  },
                  states: { loading: {}, shown: {}, unavailable: {} },
                },
              },
            },
            aadhaar: {
              initial: 'checking',
              states: {
                checking: { always: [{ guard: 'hasAadhaar', target: 'present' }, { target: 'absent' }] },
                absent: {},
                present: {
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
    },
  },
});

export type ProtectedImageState = 'absent' | 'loading' | 'shown' | 'unavailable';

/** Where the expanded user's photo or Aadhaar image stands, for the view. */
export function protectedImageState(
  snapshot: SnapshotFrom<typeof adminUsersMachine>,
  kind: 'photo' | 'aadhaar',
): ProtectedImageState {
  const states = ['loading', 'shown', 'unavailable'] as const;
  const present = (state: (typeof states)[number]) =>
    kind === 'photo'
      ? snapshot.matches({ detail: { expanded: { photo: { present: state } } } })
      : snapshot.matches({ detail: { expanded: { aadhaar: { present: state } } } });
  return states.find(present) ?? 'absent';
}
