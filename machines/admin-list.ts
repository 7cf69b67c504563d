/**
 * The paged, server-searched list the admin screens share (issue 11): the server answers
 * `{ data, nextCursor, total }` pages for `q` (display id, name, mobile prefix) and an opaque `cursor`.
 *
 *   loading ──> browsing.idle ──list.more [hasMore]──> browsing.more ─┬─> browsing.idle (page appended)
 *      ^            │                                                  └─> browsing.moreFailed ──list.more──> more
 *      │            └──search.change──> browsing.debouncing ──SEARCH_DELAY (500 ms of quiet)──┘
 *      └────────────────────────────────────────────────────────────────────────────────────────
 *
 * Typing never waits on the network: each keystroke restarts the SEARCH_DELAY, and only then is the
 * first page of the new search loaded (a load still running for the old text is stopped).
 */

import { assign, setup } from 'xstate';
import type { AuditEntry } from '../src/domain/types';
import { notProvided, wasConflict, type Refused, type SaveOutcome } from './admin-sheet';

/** What a list load asks the server: the search text (blank for all), the status (null for all) and the cursor of the next page. */
export interface PageQuery {
  q: string;
  status: string | null;
  cursor: string | null;
}

/** What a paged chart's context says of its filter and where its list continues. */
interface ListPosition {
  query: string;
  status: string | null;
  nextCursor: string | null;
}

/** The first page of the search and status as set (a new filter starts from no cursor). */
export const firstPageQuery = ({ context }: { context: ListPosition }): PageQuery => ({ q: context.query, status: context.status, cursor: null });

/** The next page of the search and status as set, from where the list continues. */
export const nextPageQuery = ({ context }: { context: ListPosition }): PageQuery => ({
  q: context.query,
  status: context.status,
  cursor: context.nextCursor,
});

/** One page as the server answers it. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}

/** How long the search box must be quiet before the search goes to the server. */
export const SEARCH_DELAY_MS = 500;

/** Rows a list holds and where it continues. */
export interface PagedRows<T> {
  rows: T[];
  nextCursor: string | null;
  total: number;
}

export const EMPTY_ROWS = { rows: [], nextCursor: null, total: 0 } as const;

/** The first page of a search replaces what was listed. */
export const firstPage = <T>(page: Page<T>): PagedRows<T> => ({ rows: page.data, nextCursor: page.nextCursor, total: page.total });

/** A further page is appended; a row already listed (it moved up while the admin scrolled) is not listed twice. */
export function nextPage<T extends { _id: string }>(listed: readonly T[], page: Page<T>): PagedRows<T> {
  const seen = new Set(listed.map((row) => row._id));
  return { rows: [...listed, ...page.data.filter((row) => !seen.has(row._id))], nextCursor: page.nextCursor, total: page.total };
}

/** Rows reloaded after a 409 take the place of the listed ones with the same id; the rest stand. */
export function refreshRows<T extends { _id: string }>(listed: readonly T[], page: Page<T>): T[] {
  const fresh = new Map(page.data.map((row) => [row._id, row]));
  return listed.map((row) => fresh.get(row._id) ?? row);
}

/**
 * The chart of an admin list whose rows open in a bottom sheet to edit (quotations, orders): built once
 * here, each screen's chart is `adminSheetList({ id, ... })` with its own draft, so the inspector and
 * docs/statecharts show each whole, under its own id.
 *
 *   loading ─┬─> browsing ──sheet.open──> sheet.viewing ──sheet.edit──> sheet.editing ──sheet.save──> sheet.saving
 *            └─> loadFailed ──list.reload──> loading
 *   browsing: idle ──list.more──> more (next page appended) | moreFailed;
 *             search.change / status.change ──> debouncing ──SEARCH_DELAY──> loading (first page, no cursor)
 *   sheet (its audit trail loads while it is open):
 *     saving: saved → loading (the list reloads, the sheet closes); 409 → reloading (the row found again
 *     by its number) → conflict (the reloaded row, the failure line, the admin's own changes to re-apply);
 *     any other failure → editing.failed with the draft intact.
 */
export interface AdminSheetListContext<TRow, TDraft, TStatus extends string> {
  rows: TRow[];
  /** The next page's cursor (null at the end) and how many rows the search finds in all. */
  nextCursor: string | null;
  total: number;
  query: string;
  /** The status filter; null lists every status. */
  status: TStatus | null;
  openId: string | null;
  /** The open row's audit trail, oldest first (null while it loads), and whether it failed to load. */
  history: AuditEntry[] | null;
  historyFailed: boolean;
  draft: TDraft | null;
  /** The values the current edit started from: what the admin changed is the draft's difference to them. */
  editBase: TDraft | null;
  /** The save a 409 refused, kept beside the reloaded row until re-applied or dropped. */
  refused: Refused<TDraft> | null;
  /** Why the draft may not be saved as it stands (the chart's or the server's code, e.g. DATE_IN_PAST), shown at its field. */
  refusal: string | null;
}

export type AdminSheetListEvent<TStatus extends string, TChange> =
  | { type: 'search.change'; query: string }
  | { type: 'status.change'; status: TStatus | null }
  | { type: 'list.reload' }
  | { type: 'list.more' }
  | { type: 'sheet.open'; id: string }
  | { type: 'sheet.close' }
  | { type: 'sheet.edit' }
  | { type: 'draft.change'; change: TChange }
  | { type: 'sheet.save' }
  | { type: 'draft.reapply' };

/** What the save effect is asked: the open row's id and the body its draft makes. */
export interface SaveRowInput<TBody> {
  id: string;
  body: TBody;
}

/** What differs between the sheet lists: the chart's id and how its rows become drafts and bodies. */
export interface AdminSheetListSpec<TRow extends { _id: string }, TDraft, TBody, TChange> {
  id: string;
  /** The number an admin searches by: the reload after a 409 finds the row again with it. */
  displayIdOf: (row: TRow) => string;
  draftOf: (row: TRow) => TDraft;
  /** The body of the save; null while a field does not read (Update stays disabled). */
  bodyOf: (row: TRow, draft: TDraft) => TBody | null;
  change: (draft: TDraft, change: TChange) => TDraft;
  /** The admin's own changes laid over the reloaded row. */
  reapply: (refused: Refused<TDraft>, row: TRow) => TDraft;
  /**
   * Why a draft that reads may still not be saved at `now` (an expected delivery date before India's
   * today): a code the sheet shows at its field, null to let it go. A save the server refuses with a
   * 400 of one of `refusalCodes` lands in the same place, with the server's code.
   */
  refusalOf?: (row: TRow, draft: TDraft, now: number) => string | null;
  refusalCodes?: readonly string[];
}

/** The code of a failed save's answer (`{ status, data: { code } }`) when it is one of `codes`, else null. */
export function refusalCodeOf(error: unknown, codes: readonly string[]): string | null {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return typeof code === 'string' && codes.includes(code) ? code : null;
}

export const openRow = <TRow extends { _id: string }>(context: { rows: TRow[]; openId: string | null }): TRow | undefined =>
  context.rows.find((row) => row._id === context.openId);

/** What a sheet's form shows: the draft while there is one, else the open row as saved. */
export function shownDraft<TRow extends { _id: string }, TDraft>(
  context: { rows: TRow[]; openId: string | null; draft: TDraft | null },
  draftOf: (row: TRow) => TDraft,
): TDraft | null {
  const row = openRow(context);
  return context.draft ?? (row ? draftOf(row) : null);
}

export function adminSheetList<TRow extends { _id: string }, TDraft, TBody, TStatus extends string, TChange>(
  spec: AdminSheetListSpec<TRow, TDraft, TBody, TChange>,
) {
  type Context = AdminSheetListContext<TRow, TDraft, TStatus>;
  const bodyOf = (context: Context): TBody | null => {
    const row = openRow(context);
    return row && context.draft ? spec.bodyOf(row, context.draft) : null;
  };
  const refusalOf = (context: Context): string | null => {
    const row = openRow(context);
    return row && context.draft && spec.refusalOf ? spec.refusalOf(row, context.draft, Date.now()) : null;
  };
  const refusalCodes = spec.refusalCodes ?? [];
  const root = `#${spec.id}`;
  // Closing is offered while the sheet waits on nothing (not while it saves or reloads).
  const closeSheet = { target: `${root}.browsing`, actions: 'closeSheet' } as const;
  return setup({
    types: {
      context: {} as Context,
      events: {} as AdminSheetListEvent<TStatus, TChange>,
      tags: {} as 'loading' | 'loadingMore' | 'moreFailed' | 'fetchFailed' | 'saving' | 'saveFailed' | 'editing' | 'refused',
    },
    actors: {
      loadPage: notProvided<Page<TRow>, PageQuery>(spec.id, 'loadPage'),
      saveRow: notProvided<SaveOutcome, SaveRowInput<TBody>>(spec.id, 'saveRow'),
      /** `GET /{kind}/{id}/history`: who changed what, and when. */
      loadHistory: notProvided<AuditEntry[], { id: string }>(spec.id, 'loadHistory'),
    },
    guards: {
      isListed: ({ context, event }) => event.type === 'sheet.open' && context.rows.some((row) => row._id === event.id),
      draftIsComplete: ({ context }) => bodyOf(context) !== null,
      draftIsRefused: ({ context }) => bodyOf(context) !== null && refusalOf(context) !== null,
      answerIsRefusal: (_, error: unknown) => refusalCodeOf(error, refusalCodes) !== null,
      wasConflict: (_, output: SaveOutcome) => wasConflict(output),
      hasMore: ({ context }) => context.nextCursor !== null,
    },
    delays: { SEARCH_DELAY: SEARCH_DELAY_MS },
    actions: {
      setFirstPage: assign((_, page: Page<TRow>) => {
        const { rows, nextCursor, total } = firstPage(page);
        return { rows, nextCursor, total };
      }),
      appendPage: assign(({ context }, page: Page<TRow>) => nextPage(context.rows, page)),
      refreshRows: assign(({ context }, page: Page<TRow>) => ({ rows: refreshRows(context.rows, page) })),
      setFilter: assign(({ context, event }) => ({
        query: event.type === 'search.change' ? event.query : context.query,
        status: event.type === 'status.change' ? event.status : context.status,
      })),
      openSheet: assign(({ event }) => ({ openId: event.type === 'sheet.open' ? event.id : null, history: null, historyFailed: false })),
      setHistory: assign((_, history: AuditEntry[]) => ({ history })),
      markHistoryFailed: assign({ historyFailed: true }),
      closeSheet: assign({ openId: null, draft: null, editBase: null, refused: null, refusal: null }),
      startDraft: assign(({ context }) => {
        const row = openRow(context);
        const draft = row ? spec.draftOf(row) : null;
        return { draft, editBase: draft, refused: null, refusal: null };
      }),
      setRefusal: assign(({ context }) => ({ refusal: refusalOf(context) })),
      setRefusalOfAnswer: assign((_, error: unknown) => ({ refusal: refusalCodeOf(error, refusalCodes) })),
      clearRefusal: assign({ refusal: null }),
      changeDraft: assign(({ context, event }) => ({
        draft: context.draft && event.type === 'draft.change' ? spec.change(context.draft, event.change) : context.draft,
      })),
      keepRefusedDraft: assign(({ context }) => ({
        refused: context.draft && context.editBase ? { base: context.editBase, mine: context.draft } : null,
        draft: null,
      })),
      reapplyRefusedDraft: assign(({ context }) => {
        const row = openRow(context);
        if (!row || !context.refused) return { refused: null };
        return { draft: spec.reapply(context.refused, row), editBase: spec.draftOf(row), refused: null };
      }),
    },
  }).createMachine({
    id: spec.id,
    context: {
      rows: [],
      nextCursor: null,
      total: 0,
      query: '',
      status: null,
      openId: null,
      history: null,
      historyFailed: false,
      draft: null,
      editBase: null,
      refused: null,
      refusal: null,
    },
    initial: 'loading',
    // A new search or status waits for quiet (SEARCH_DELAY), then loads its first page.
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'loadPage',
          input: firstPageQuery,
          onDone: { target: 'browsing', actions: { type: 'setFirstPage', params: ({ event }) => event.output } },
          onError: 'loadFailed',
        },
        on: {
          'search.change': { target: 'browsing.debouncing', actions: 'setFilter' },
          'status.change': { target: 'browsing.debouncing', actions: 'setFilter' },
        },
      },
      loadFailed: {
        tags: ['fetchFailed'],
        on: {
          'list.reload': 'loading',
          'search.change': { target: 'browsing.debouncing', actions: 'setFilter' },
          'status.change': { target: 'browsing.debouncing', actions: 'setFilter' },
        },
      },
      browsing: {
        initial: 'idle',
        on: {
          'search.change': { target: '.debouncing', reenter: true, actions: 'setFilter' },
          'status.change': { target: '.debouncing', reenter: true, actions: 'setFilter' },
          'sheet.open': { guard: 'isListed', target: 'sheet', actions: 'openSheet' },
        },
        states: {
          idle: { on: { 'list.more': { guard: 'hasMore', target: 'more' } } },
          debouncing: { after: { SEARCH_DELAY: `${root}.loading` } },
          more: {
            tags: ['loadingMore'],
            invoke: {
              id: 'more',
              src: 'loadPage',
              input: nextPageQuery,
              onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => event.output } },
              onError: 'moreFailed',
            },
          },
          moreFailed: { tags: ['moreFailed'], on: { 'list.more': 'more' } },
        },
      },
      sheet: {
        initial: 'viewing',
        // The audit trail shows under the form for as long as the sheet is open.
        invoke: {
          id: 'history',
          src: 'loadHistory',
          input: ({ context }) => ({ id: context.openId! }),
          onDone: { actions: { type: 'setHistory', params: ({ event }) => event.output } },
          onError: { actions: 'markHistoryFailed' },
        },
        states: {
          viewing: { on: { 'sheet.edit': { target: 'editing', actions: 'startDraft' }, 'sheet.close': closeSheet } },
          editing: {
            tags: ['editing'],
            initial: 'fresh',
            states: {
              fresh: {},
              // A save failed for a reason other than a stale version: the draft stays for another try.
              failed: { tags: ['saveFailed'] },
              // Refused before or by the server (a past date): the reason shows at its field until it changes.
              // (Only in a chart with a refusal; typed as nothing, so the state value names fresh and failed: read the 'refused' tag.)
              ...((spec.refusalOf
                ? { refused: { tags: ['refused'], on: { 'draft.change': { target: 'fresh', actions: ['clearRefusal', 'changeDraft'] } } } }
                : {}) as object),
            },
            on: {
              'draft.change': { actions: 'changeDraft' },
              'sheet.save': [
                ...(spec.refusalOf ? [{ guard: 'draftIsRefused', target: '.refused', actions: 'setRefusal' } as const] : []),
                { guard: 'draftIsComplete', target: 'saving' },
              ],
              'sheet.close': closeSheet,
            },
          },
          saving: {
            tags: ['saving'],
            invoke: {
              id: 'save',
              src: 'saveRow',
              input: ({ context }) => ({ id: context.openId!, body: bodyOf(context)! }),
              onDone: [
                { guard: { type: 'wasConflict', params: ({ event }) => event.output }, target: 'reloading', actions: 'keepRefusedDraft' },
                { target: `${root}.loading`, actions: 'closeSheet' },
              ],
              onError: [
                ...(spec.refusalOf
                  ? [
                      {
                        guard: { type: 'answerIsRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
                        target: 'editing.refused',
                        actions: { type: 'setRefusalOfAnswer', params: ({ event }: { event: { error: unknown } }) => event.error },
                      } as const,
                    ]
                  : []),
                { target: 'editing.failed' },
              ],
            },
          },
          reloading: {
            tags: ['saving'],
            invoke: {
              id: 'reload',
              src: 'loadPage',
              input: ({ context }) => {
                const row = openRow(context);
                return { q: row ? spec.displayIdOf(row) : '', status: null, cursor: null };
              },
              onDone: { target: 'conflict', actions: { type: 'refreshRows', params: ({ event }) => event.output } },
              // Without the reloaded row the refused draft goes back into the form, so nothing typed is lost.
              onError: { target: 'editing.failed', actions: 'reapplyRefusedDraft' },
            },
          },
          conflict: {
            tags: ['saveFailed'],
            on: {
              'draft.reapply': { target: 'editing', actions: 'reapplyRefusedDraft' },
              'sheet.edit': { target: 'editing', actions: 'startDraft' },
              'sheet.close': closeSheet,
            },
          },
        },
      },
    },
  });
}
