/**
 * /admin/users (SPEC §2, §6): every user, searched on the server by name or mobile number and paged
 * (machines/admin-list.ts), unverified first among those listed; one at a time expands to its details, with the
 * photo and Aadhaar image fetched from their protected urls; Verify calls `PATCH /users/verify/{id}` and reloads the list.
 * A status filter (verified / not verified) is debounced like the search.
 *
 * Two regions side by side, so the open details stay open while the list reloads after a verification:
 *   list:   the paged list every admin chart shares (machines/admin-list.ts `firstPageStates`, `pagingStates`):
 *           loading ─┬─> browsing.idle ──verify──> verifying ─┬─> loading
 *                    └─> loadFailed                           └─> verifyFailed ──verify──> verifying
 *           browsing: idle ──more──> more ─┬─> idle (next page appended)
 *                                          └─> moreFailed ──more──> more
 *           search / status (anywhere) ──> browsing.debouncing ──500 ms──> loading
 *   detail: collapsed ⇄ expanded; while expanded it runs the photo and the Aadhaar image as two
 *           protected-image charts (./protected-image.machine, systemIds `adminUserPhoto`, `adminUserAadhaar`),
 *           and loads the user's history (expanded.history), again when a verification succeeds (`user.verified`).
 */
import { and, assertEvent, assign, enqueueActions, not, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { AuditEntry, User } from '../src/domain/types';
import type { BulkOutcome } from '../src/domain/schemas/admin';
import {
  exportQuery,
  exportTransitions,
  filterOf,
  FILTER_EVENTS,
  listStartOf,
  firstPage,
  firstPageStates,
  listContinues,
  nextPage,
  pagingStates,
  SEARCH_DELAY_MS,
  type AdminListInput,
  type ExportState,
  type ListExportEvent,
  type Page,
  type PagedListContext,
  type PagedListEvent,
  type PagedRows,
  type PageQuery,
} from './admin-list';
import { notProvided } from './admin-sheet';
import { hasRoomToTick, toggledSelection, type SelectionContext } from './admin-selection';
import { protectedImageMachine } from './protected-image.machine';

/** The status filter of the users list (`status` on GET /users/all). */
export type UserStatus = 'VERIFIED' | 'UNVERIFIED';
export const USER_STATUSES: readonly UserStatus[] = ['UNVERIFIED', 'VERIFIED'];
/** The filters a dashboard link may open the users list with: how long the form has waited (GET /users/all `age`). */
export const USER_FILTERS = ['age'] as const;

/** The list (`rows`: the users the search finds, unverified first) and the one whose details are open. */
export interface AdminUsersContext extends PagedListContext<User, UserStatus> {
  expandedId: string | null;
  /** The user whose verification runs or last ran (the details may since show another). */
  verifyingId: string | null;
  /** The expanded user's audit trail, oldest first (null while it loads), and whether it failed to load. */
  history: AuditEntry[] | null;
  historyFailed: boolean;
  /** The users ticked for a bulk verification (at most BULK_MAX), and how the last one went, per id. */
  selected: SelectionContext['selected'];
  bulkOutcomes: SelectionContext['bulkOutcomes'];
  /** Whether the list's CSV export runs, and whether the last one failed. */
  exporting: ExportState;
}

export type AdminUsersEvent =
  | PagedListEvent<UserStatus>
  | { type: 'user.expand'; id: string }
  | { type: 'user.collapse' }
  | { type: 'user.verify'; id: string }
  /** Raised when a verification succeeds: the open details load the history again, which now shows it. */
  | { type: 'user.verified' }
  /** Tick or untick a user waiting for verification; clear the ticks; verify every ticked one. */
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.clear' }
  | { type: 'selection.verify' }
  | ListExportEvent;

const CHART = 'adminUsers';

/** Unverified users first; within each group the server's order stands. */
export const sortUsersForAdmin = (users: readonly User[]): User[] =>
  [...users].sort((a, b) => Number(a.isVerified) - Number(b.isVerified));

/** The users the server found for the search (by name or mobile number), unverified first. */
export const visibleUsers = (context: AdminUsersContext): User[] => context.rows;

export const expandedUser = (context: AdminUsersContext): User | undefined =>
  context.rows.find((u) => u._id === context.expandedId);

const userOf = (context: AdminUsersContext, id: string) => context.rows.find((u) => u._id === id);

/**
 * What the open details offer for verification: nothing once verified; a word that the farmer has
 * not finished the profile yet (the server refuses to verify such a user: 409); otherwise Verify.
 */
export type VerifyOffer = 'verified' | 'awaitingProfile' | 'verify';
export const verifyOffer = (user: Pick<User, 'isVerified' | 'profileUpdated'>): VerifyOffer =>
  user.isVerified ? 'verified' : user.profileUpdated ? 'verify' : 'awaitingProfile';

/** Whether this user's verification is running now (its button says so), not another's. */
export const isBeingVerified = (snapshot: SnapshotFrom<typeof adminUsersMachine>, id: string): boolean =>
  snapshot.hasTag('verifying') && snapshot.context.verifyingId === id;

/** A page of users as listed: unverified first. */
const unverifiedFirst = (listed: PagedRows<User>): PagedRows<User> => ({ ...listed, rows: sortUsersForAdmin(listed.rows) });

const verifyWhenUnverified = { guard: 'canVerify', target: '#adminUsers.list.verifying', actions: 'markVerifying' } as const;

export const adminUsersMachine = setup({
  types: {
    context: {} as AdminUsersContext,
    events: {} as AdminUsersEvent,
    tags: {} as 'loading' | 'loadingMore' | 'moreFailed' | 'fetchFailed' | 'verifying' | 'verifyFailed',
    children: {} as { photo: 'image'; aadhaar: 'image' },
  },
  actors: {
    loadUsers: notProvided<Page<User>, PageQuery>(CHART, 'loadUsers'),
    verifyUser: notProvided<unknown, { id: string }>(CHART, 'verifyUser'),
    /** A protected image (its `fetchImage` provided by the app): the photo and the Aadhaar image each run one. */
    image: protectedImageMachine,
    /** `GET /users/{id}/history`: who changed what, and when. */
    loadHistory: notProvided<AuditEntry[], { id: string }>(CHART, 'loadHistory'),
    /** POST /users/verify: each ticked user verified on its own, an outcome per id. */
    verifyUsers: notProvided<BulkOutcome[], { ids: string[] }>(CHART, 'verifyUsers'),
    /** The list as CSV, fetched with the token and saved as a file. */
    exportList: notProvided<unknown, PageQuery>(CHART, 'exportList'),
  },
  guards: {
    // Verify sits in the open details, so only the expanded user can be verified, and only once their profile is in.
    canVerify: ({ context, event }) => {
      assertEvent(event, 'user.verify');
      const user = event.id === context.expandedId ? userOf(context, event.id) : undefined;
      return user !== undefined && verifyOffer(user) === 'verify';
    },
    isListed: ({ context, event }) => {
      assertEvent(event, 'user.expand');
      return visibleUsers(context).some((u) => u._id === event.id);
    },
    hasMore: ({ context }) => listContinues(context),
    notVerifying: and([not(stateIn('#adminUsers.list.verifying')), not(stateIn('#adminUsers.list.verifyingSelected'))]),
    notExporting: ({ context }) => context.exporting !== 'running',
    /** Only a listed user waiting for verification can be ticked, and no more than BULK_MAX. */
    canToggle: ({ context, event }) => {
      assertEvent(event, 'selection.toggle');
      if (context.selected.includes(event.id)) return true;
      const user = userOf(context, event.id);
      return user !== undefined && verifyOffer(user) === 'verify' && hasRoomToTick(context.selected);
    },
    hasSelection: ({ context }) => context.selected.length > 0,
    canRemoveFilter: and([
      'notVerifying',
      ({ context, event }) => {
        assertEvent(event, 'filter.remove');
        return event.name in context.filters;
      },
    ]),
  },
  delays: { SEARCH_DELAY: SEARCH_DELAY_MS },
  actions: {
    setFirstPage: assign((_, page: Page<User>) => unverifiedFirst(firstPage(page))),
    appendPage: assign(({ context }, page: Page<User>) => unverifiedFirst(nextPage(context.rows, page))),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, FILTER_EVENTS);
      return filterOf(context, event);
    }),
    expand: assign({
      expandedId: ({ event }) => {
        assertEvent(event, 'user.expand');
        return event.id;
      },
      history: null,
      historyFailed: false,
    }),
    setHistory: assign({ history: (_, history: AuditEntry[]) => history, historyFailed: false }),
    markHistoryFailed: assign({ historyFailed: true }),
    collapse: assign({ expandedId: null }),
    markVerifying: assign({
      verifyingId: ({ event }) => {
        assertEvent(event, 'user.verify');
        return event.id;
      },
    }),
    toggleSelected: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'selection.toggle');
        return toggledSelection(context.selected, event.id);
      },
    }),
    clearSelection: assign({ selected: [] as string[], bulkOutcomes: null }),
    setBulkOutcomes: assign((_, outcomes: BulkOutcome[]) => ({ bulkOutcomes: outcomes, selected: [] as string[] })),
    startExport: enqueueActions(({ context, enqueue }) => {
      enqueue.spawnChild('exportList', { id: 'export', input: exportQuery(context) });
      enqueue.assign({ exporting: 'running' as ExportState });
    }),
    exportDone: assign({ exporting: 'idle' as ExportState }),
    exportFailed: assign({ exporting: 'failed' as ExportState }),
  },
}).createMachine({
  id: 'adminUsers',
  // A dashboard link opens the list with its status and filter set (`?status=UNVERIFIED&age=gt24h`).
  context: ({ input }) => ({
    rows: [],
    nextCursor: null,
    total: 0,
    query: '',
    ...listStartOf(input as AdminListInput | undefined, USER_STATUSES, USER_FILTERS),
    expandedId: null,
    verifyingId: null,
    history: null,
    historyFailed: false,
    selected: [],
    bulkOutcomes: null,
    exporting: 'idle' as ExportState,
  }),
  type: 'parallel',
  on: {
    // A new search or status waits for quiet, then loads; it closes the open details: the user may no longer be listed.
    // Not while a verification runs: leaving `verifying` would stop its PATCH with no word of whether it
    // reached the server (the search and the filter are disabled on screen meanwhile).
    'search.change': { guard: 'notVerifying', target: ['.list.browsing.debouncing', '.detail.collapsed'], actions: ['setFilter', 'collapse'] },
    'status.change': { guard: 'notVerifying', target: ['.list.browsing.debouncing', '.detail.collapsed'], actions: ['setFilter', 'collapse'] },
    'filter.remove': { guard: 'canRemoveFilter', target: ['.list.loading', '.detail.collapsed'], actions: ['setFilter', 'collapse'] },
    ...exportTransitions,
    // Ticks stay while the list reloads or pages; none while a bulk verification runs (its ids are sent).
    'selection.toggle': { guard: and(['notVerifying', 'canToggle']), actions: 'toggleSelected' },
    'selection.clear': { guard: 'notVerifying', actions: 'clearSelection' },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        ...firstPageStates<User, 'loadUsers'>('loadUsers'),
        browsing: {
          initial: 'idle',
          states: pagingStates<User, 'loadUsers'>('#adminUsers.list', 'loadUsers', {
            'user.verify': verifyWhenUnverified,
            'selection.verify': { guard: 'hasSelection', target: '#adminUsers.list.verifyingSelected' },
          }),
        },
        // Every ticked user verified in one request, each its own change on the server; the list reloads
        // with the outcome per id shown (who could not be verified, and why).
        verifyingSelected: {
          tags: ['verifying'],
          invoke: {
            id: 'verifyUsers',
            src: 'verifyUsers',
            input: ({ context }) => ({ ids: context.selected }),
            onDone: { target: 'loading', actions: [{ type: 'setBulkOutcomes', params: ({ event }) => event.output }, raise({ type: 'user.verified' })] },
            onError: 'verifySelectedFailed',
          },
        },
        verifySelectedFailed: {
          tags: ['verifyFailed'],
          on: { 'selection.verify': { guard: 'hasSelection', target: 'verifyingSelected' }, 'list.more': { guard: 'hasMore', target: 'browsing.more' } },
        },
        verifying: {
          tags: ['verifying'],
          invoke: {
            id: 'verifyUser',
            src: 'verifyUser',
            // The guard let only the expanded user's Verify through; the admin may open another meanwhile.
            input: ({ context }) => ({ id: context.verifyingId! }),
            onDone: { target: 'loading', actions: raise({ type: 'user.verified' }) },
            onError: 'verifyFailed',
          },
        },
        // The failure line stays until the next try; the list pages on meanwhile.
        verifyFailed: { tags: ['verifyFailed'], on: { 'user.verify': verifyWhenUnverified, 'list.more': { guard: 'hasMore', target: 'browsing.more' } } },
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
          // The two images load for as long as the details are open; leaving stops them, which frees
          // their local copies. The audit trail loads on opening, and again after a verification.
          invoke: [
            { id: 'photo', systemId: 'adminUserPhoto', src: 'image', input: ({ context }) => ({ url: expandedUser(context)?.profilePhoto ?? null }) },
            { id: 'aadhaar', systemId: 'adminUserAadhaar', src: 'image', input: ({ context }) => ({ url: expandedUser(context)?.aadhaar ?? null }) },
          ],
          initial: 'history',
          states: {
            history: {
              invoke: {
                id: 'userHistory',
                src: 'loadHistory',
                input: ({ context }) => ({ id: context.expandedId! }),
                onDone: { actions: { type: 'setHistory', params: ({ event }) => event.output } },
                onError: { actions: 'markHistoryFailed' },
              },
              on: { 'user.verified': { target: 'history', reenter: true } },
            },
          },
          on: {
            'user.collapse': { target: 'collapsed', actions: 'collapse' },
          },
        },
      },
    },
  },
});

export type ProtectedImageState = 'absent' | 'loading' | 'shown' | 'unavailable';

/** Where the expanded user's photo or Aadhaar image stands, from its protected-image chart, for the view. */
export function protectedImageState(image: SnapshotFrom<typeof protectedImageMachine> | undefined): ProtectedImageState {
  if (!image || image.matches('deciding') || image.matches('none')) return 'absent';
  if (image.matches('failed')) return 'unavailable';
  return image.matches({ active: 'shown' }) ? 'shown' : 'loading';
}
