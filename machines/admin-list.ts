/**
 * The paged, server-searched list the admin screens share: the server answers
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

import { and, assertEvent, assign, enqueueActions, fromCallback, not, setup, stateIn, stopChild } from 'xstate';
import type { AuditEntry } from '../src/domain/types';
import type { BulkOutcome } from '../src/domain/schemas/admin';
import { notProvided, wasConflict, type Refused, type SaveOutcome } from './admin-sheet';
import { EMPTY_SELECTION, hasRoomToTick, selectedRows, toggledSelection, type SelectionContext } from './admin-selection';

/**
 * The filters beside the search and status that a dashboard figure's link sets (`age=gt24h`,
 * `late=true`, `sort=lateFirst`, …), each a query parameter of the list's request, shown as a
 * removable chip. A status chosen by hand starts the list without them.
 */
export type ListFilters = Readonly<Record<string, string>>;

/** What a list load asks the server: the search text (blank for all), the status (null for all), the cursor of the next page, and the filters when any is set. */
export interface PageQuery {
  q: string;
  status: string | null;
  cursor: string | null;
  filters?: ListFilters;
}

/** What a paged chart's context says of its filter and where its list continues. */
interface ListPosition {
  query: string;
  status: string | null;
  filters: ListFilters;
  nextCursor: string | null;
}

const withFilters = (filters: ListFilters) => (Object.keys(filters).length === 0 ? {} : { filters });

/** The first page of the search, status and filters as set (a new filter starts from no cursor). */
export const firstPageQuery = ({ context }: { context: ListPosition }): PageQuery => ({
  q: context.query,
  status: context.status,
  cursor: null,
  ...withFilters(context.filters),
});

/** The next page of the search, status and filters as set, from where the list continues. */
export const nextPageQuery = ({ context }: { context: ListPosition }): PageQuery => ({
  q: context.query,
  status: context.status,
  cursor: context.nextCursor,
  ...withFilters(context.filters),
});

/**
 * The list as CSV (GET ….csv with the list's search, status and filters, every page): an export runs as
 * the chart's child `export` while the admin stays on the list; `exporting` says whether one runs and
 * whether the last one failed. One at a time.
 */
export type ExportState = 'idle' | 'running' | 'failed';

export type ListExportEvent =
  | { type: 'list.export' }
  | { type: 'xstate.done.actor.export'; output: unknown }
  | { type: 'xstate.error.actor.export'; error: unknown };

/** The query an export sends: the list's search, status and filters, no cursor (the server reads every page). */
export const exportQuery = (context: ListPosition): PageQuery => ({ q: context.query, status: context.status, cursor: null, ...withFilters(context.filters) });

/** The root transitions of a list chart that exports: start one (not while one runs), and hear how it ended. */
export const exportTransitions = {
  'list.export': { guard: 'notExporting', actions: 'startExport' },
  'xstate.done.actor.export': { actions: 'exportDone' },
  'xstate.error.actor.export': { actions: 'exportFailed' },
} as const;

/** What the tools above an admin list show and offer: the link's filters as chips, Export, and whether each may be used now. */
export interface ListToolsView {
  filters: ListFilters;
  exporting: ExportState;
  canExport: boolean;
  /** Whether the chart takes removing this filter now. */
  canRemove: (name: string) => boolean;
}

/** The list tools of any admin list chart's snapshot (users, quotations, orders). */
export const listToolsOf = (snapshot: {
  context: { filters: ListFilters; exporting: ExportState };
  can(event: { type: 'list.export' } | { type: 'filter.remove'; name: string }): boolean;
}): ListToolsView => ({
  filters: snapshot.context.filters,
  exporting: snapshot.context.exporting,
  canExport: snapshot.can({ type: 'list.export' }),
  canRemove: (name) => snapshot.can({ type: 'filter.remove', name }),
});

/** What an admin list chart is started with: the location the screen was opened at (a dashboard link's filters). */
export interface AdminListInput {
  location?: string | null;
}

/**
 * The status and filters a list opens with, from its location's query (`?status=PENDING&age=gt24h`):
 * only a status of `statuses` and the filters of `filterNames` are taken; anything else is ignored.
 */
export function listStartOf<TStatus extends string>(
  input: AdminListInput | undefined,
  statuses: readonly TStatus[],
  filterNames: readonly string[],
): { status: TStatus | null; filters: ListFilters } {
  const location = input?.location ?? '';
  const params = new URLSearchParams(location.includes('?') ? location.slice(location.indexOf('?') + 1) : '');
  const status = params.get('status');
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  return { status: status !== null && (statuses as readonly string[]).includes(status) ? (status as TStatus) : null, filters };
}

/** What changes which rows a list shows: the search, the status, a chip removed or set. */
export type FilterEvent<TStatus> =
  | { type: 'search.change'; query: string }
  | { type: 'status.change'; status: TStatus | null }
  | { type: 'filter.remove'; name: string }
  | { type: 'filter.set'; name: string; value: string };

/** The types of the filter events, for the charts' actions that take only them (`assertEvent`). */
export const FILTER_EVENTS = ['search.change', 'status.change', 'filter.remove', 'filter.set'] as const;

/** The filters after a list event: a status chosen by hand clears them; a chip removed or set changes its one. */
export function filtersAfter(filters: ListFilters, event: FilterEvent<unknown>): ListFilters {
  switch (event.type) {
    case 'status.change':
      return {};
    case 'filter.remove': {
      const { [event.name]: _removed, ...rest } = filters;
      return rest;
    }
    case 'filter.set':
      return { ...filters, [event.name]: event.value };
    default:
      return filters;
  }
}

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

/** What every paged admin list chart's context holds of its list (the users chart's, the sheet lists'). */
export interface PagedListContext<TRow, TStatus extends string> {
  rows: TRow[];
  /** The next page's cursor (null at the end) and how many rows the search finds in all. */
  nextCursor: string | null;
  total: number;
  query: string;
  /** The status filter; null lists every status. */
  status: TStatus | null;
  /** The filters a dashboard link set (age, late, …), each a removable chip. */
  filters: ListFilters;
}

/** What the admin does to a paged list: search, filter by status, remove or set a filter, load it again, load its next page. */
export type PagedListEvent<TStatus extends string> =
  | FilterEvent<TStatus>
  | { type: 'list.reload' }
  | { type: 'list.more' };

/** Whether the list continues on the server (the guard of `list.more`). */
export const listContinues = (context: { nextCursor: string | null }): boolean => context.nextCursor !== null;

/** The search text, status and filters after a `search.change`, `status.change` or a chip's `filter.remove` / `filter.set`. */
export function filterOf<TStatus>(
  context: { query: string; status: TStatus | null; filters: ListFilters },
  event: FilterEvent<TStatus>,
): { query: string; status: TStatus | null; filters: ListFilters } {
  return {
    query: event.type === 'search.change' ? event.query : context.query,
    status: event.type === 'status.change' ? event.status : context.status,
    filters: filtersAfter(context.filters, event),
  };
}

/**
 * A paged list's first page, the states every admin list chart has (the sheet lists below, the users
 * chart's list region): `loading` runs `src` for the first page of the filter as set (invoke `load`),
 * then `browsing` with it (`setFirstPage`); or `loadFailed`, which offers `list.reload`. `on` adds to both.
 */
export function firstPageStates<TRow, const TSrc extends string, const TOn extends object = object>(src: TSrc, on: TOn = {} as TOn) {
  return {
    loading: {
      tags: 'loading' as const,
      invoke: {
        id: 'load',
        src,
        input: firstPageQuery,
        onDone: { target: 'browsing', actions: { type: 'setFirstPage' as const, params: ({ event }: { event: { output: Page<TRow> } }) => event.output } },
        onError: 'loadFailed',
      },
      on,
    },
    loadFailed: { tags: 'fetchFailed' as const, on: { 'list.reload': 'loading', ...on } },
  };
}

/**
 * A paged list's states within `browsing` (the sibling of `firstPageStates`' `loading` under `list`, a
 * state path such as `#adminUsers.list`): `idle` offers the next page while there is one (`list.more`
 * ──> `more`, invoke `more`, appended by `appendPage`, or `moreFailed`, which offers it again);
 * `debouncing` waits for SEARCH_DELAY of quiet, then loads the first page of the new filter. `idleOn`
 * adds to idle.
 */
export function pagingStates<TRow, const TSrc extends string, const TOn extends object = object>(list: string, src: TSrc, idleOn: TOn = {} as TOn) {
  return {
    idle: { on: { 'list.more': { guard: 'hasMore' as const, target: 'more' }, ...idleOn } },
    debouncing: { after: { SEARCH_DELAY: `${list}.loading` } },
    more: {
      tags: 'loadingMore' as const,
      invoke: {
        id: 'more',
        src,
        input: nextPageQuery,
        onDone: { target: 'idle', actions: { type: 'appendPage' as const, params: ({ event }: { event: { output: Page<TRow> } }) => event.output } },
        onError: 'moreFailed',
      },
    },
    moreFailed: { tags: 'moreFailed' as const, on: { 'list.more': 'more' } },
  };
}

/**
 * The chart of an admin list whose rows open in a bottom sheet to edit (quotations, orders, SKUs): built
 * once here, each screen's chart is `adminSheetList({ id, ... })` with its own draft, so the inspector and
 * docs/statecharts show each whole, under its own id. A spec may ask for more of the same shape: a list
 * that loads whole and is searched on the phone (`matches`), a sheet that opens straight into its form
 * (`opensInto: 'editing'`), a new row (`newDraft`, `sheet.add`) and an image uploaded into the draft
 * (`withImage`, `image.choose`: editing.preparingImage ──> editing.uploadingImage ──> fresh | uploadFailed).
 *
 *   loading ─┬─> browsing ──sheet.open──> sheet.viewing ──sheet.edit──> sheet.editing ──sheet.save──> sheet.saving
 *            └─> loadFailed ──list.reload──> loading
 *   browsing: idle ──list.more──> more (next page appended) | moreFailed;
 *             search.change / status.change ──> debouncing ──SEARCH_DELAY──> loading (first page, no cursor)
 *   clock.tick (at the root, from the injected clock): the time the late marks and a save's date rule read.
 *   sheet (its audit trail loads while it is open):
 *     saving: saved → loading (the list reloads, the sheet closes); 409 → reloading (the row found again
 *     by its number) → conflict (the reloaded row, the failure line, the admin's own changes to re-apply);
 *     any other failure → editing.failed with the draft intact.
 */
export interface AdminSheetListContext<TRow, TDraft, TStatus extends string> extends PagedListContext<TRow, TStatus> {
  openId: string | null;
  /** The open row's audit trail, oldest first (null while it loads), and whether it failed to load. */
  history: AuditEntry[] | null;
  historyFailed: boolean;
  draft: TDraft | null;
  /** The values the current edit started from: what the admin changed is the draft's difference to them. */
  editBase: TDraft | null;
  /** The save a 409 refused, kept beside the reloaded row until re-applied or dropped. */
  refused: Refused<TDraft> | null;
  /**
   * A search or status set while the rows listed are still the old filter's (a row opened during the
   * SEARCH_DELAY): closing the sheet then loads the new filter's first page instead of browsing old rows.
   */
  searchPending: boolean;
  /** Why the draft may not be saved as it stands (the chart's or the server's code, e.g. DATE_IN_PAST), shown at its field. */
  refusal: string | null;
  /** A chosen image, resized, between its preparation and its upload (charts with `withImage`). */
  preparedImage: Blob | null;
  /** Whether the list's CSV export runs, and whether the last one failed. */
  exporting: ExportState;
  /** The rows ticked to move in one step (charts with `bulk`), their outcome, and the status chosen for them. */
  selected: SelectionContext['selected'];
  bulkOutcomes: SelectionContext['bulkOutcomes'];
  moveTo: TStatus | null;
  /** The time by the list's clock (epoch ms), null before its first reading: what is late, and the moment a save is judged at. */
  now: number | null;
}

/** What the bulk change is asked: the ticked ids and the one status they move to. */
export interface MoveSelectedInput<TStatus extends string = string> {
  ids: string[];
  status: TStatus;
}

/** Ticking rows and moving them to one status (charts with `bulk`). */
export type SelectionEvent<TStatus extends string> =
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.clear' }
  | { type: 'selection.choose'; status: TStatus }
  | { type: 'selection.move' };

export type AdminSheetListEvent<TStatus extends string, TChange> =
  | PagedListEvent<TStatus>
  | { type: 'sheet.open'; id: string }
  | { type: 'sheet.add' }
  | { type: 'sheet.close' }
  | { type: 'sheet.edit' }
  | { type: 'draft.change'; change: TChange }
  | SheetSave
  | { type: 'draft.reapply' }
  | { type: 'image.choose'; file: Blob }
  // The open row's audit trail (spawned only for a saved row, so its answers are declared here).
  | { type: 'xstate.done.actor.history'; output: AuditEntry[] }
  | { type: 'xstate.error.actor.history'; error: unknown }
  | ListExportEvent
  | SelectionEvent<TStatus>
  /** The list's clock read (epoch ms): at once when the list opens, then every minute. */
  | { type: 'clock.tick'; now: number };

/** Save the draft; `now` is when the admin asked (epoch ms) by the list's clock, which a rule on dates judges the draft at. */
export interface SheetSave {
  type: 'sheet.save';
  now: number;
}

/**
 * The sheet's Save stamped with the list's clock, when the chart takes it now; null while it does not
 * (a draft that does not read or is refused, a save under way, or no reading of the clock yet). The
 * button is enabled by it and sends it, so both judge the draft at one moment.
 */
export function sheetSaveOf(snapshot: { context: { now: number | null }; can(event: SheetSave): boolean }): SheetSave | null {
  if (snapshot.context.now === null) return null;
  const save: SheetSave = { type: 'sheet.save', now: snapshot.context.now };
  return snapshot.can(save) ? save : null;
}

/** What the save effect is asked: the open row's id (`TId` is `string | null` in a chart with `newDraft`: null creates) and the body its draft makes. */
export interface SaveRowInput<TBody, TId extends string | null = string> {
  id: TId;
  body: TBody;
}

/** What differs between the sheet lists: the chart's id and how its rows become drafts and bodies. */
export interface AdminSheetListSpec<TRow extends { _id: string }, TDraft, TBody, TChange> {
  id: string;
  /** The number an admin searches by: the reload after a 409 finds the row again with it. */
  displayIdOf: (row: TRow) => string;
  draftOf: (row: TRow) => TDraft;
  /** The body of the save (the row is null for a new one); null while a field does not read (Update stays disabled). */
  bodyOf: (row: TRow | null, draft: TDraft) => TBody | null;
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
  /**
   * A list that loads whole (one page) and is searched on the phone as the admin types: which rows a
   * search shows. Without it the search and status go to the server, debounced, and the list pages.
   */
  matches?: (row: TRow, query: string) => boolean;
  /** Where an opened sheet starts: read-only until `sheet.edit` (the default), or straight in its form. */
  opensInto?: 'viewing' | 'editing';
  /** A new row's empty draft: `sheet.add` opens the form on it (saved with id null; it has no history). */
  newDraft?: TDraft;
  /** The statuses and the filters a link to the list may open it with (`listStartOf`). */
  statuses?: readonly string[];
  filterNames?: readonly string[];
  /** Whether the screen sets a filter itself (the quotations' "late first"): `filter.set`. */
  settable?: boolean;
  /** Whether the list exports as CSV (`list.export`). */
  exportable?: boolean;
  /**
   * Rows ticked and moved to one status in one request (`selection.*`, the effect `moveSelected`):
   * the statuses every ticked row may move to (its own lifecycle's rule), offered as the choice.
   */
  bulk?: { moves: (rows: readonly TRow[]) => readonly string[] };
  /** The draft with an uploaded image's url: `image.choose` resizes (`prepareImage`) and uploads (`uploadImage`) a file into it. */
  withImage?: (draft: TDraft, url: string) => TDraft;
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

/** States (or transitions) a chart has only when `on`: typed as they are, so a chart that has them names them. */
const only = <const T extends object>(on: boolean, value: T): T => (on ? value : ({} as T));

/** The rows a list shows: all the server found, or those the phone's search matches in a list loaded whole. */
export function listedRows<TRow>(
  context: { rows: TRow[]; query: string },
  matches: ((row: TRow, query: string) => boolean) | undefined,
): TRow[] {
  return matches ? context.rows.filter((row) => matches(row, context.query)) : context.rows;
}

export function adminSheetList<TRow extends { _id: string }, TDraft, TBody, TStatus extends string, TChange, TId extends string | null = string>(
  spec: AdminSheetListSpec<TRow, TDraft, TBody, TChange>,
) {
  type Context = AdminSheetListContext<TRow, TDraft, TStatus>;
  const bodyOf = (context: Context): TBody | null => {
    const row = openRow(context) ?? null;
    if (!context.draft || (row === null && context.openId !== null)) return null;
    return spec.bodyOf(row, context.draft);
  };
  // The moment of the save comes with the event: the chart never reads the clock itself.
  const refusalOf = (context: Context, now: number): string | null => {
    const row = openRow(context);
    return row && context.draft && spec.refusalOf ? spec.refusalOf(row, context.draft, now) : null;
  };
  const refusalCodes = spec.refusalCodes ?? [];
  const root = `#${spec.id}`;
  const { matches, newDraft, withImage, bulk } = spec;
  /** The statuses every ticked row may move to (none without `bulk` or with nothing ticked). */
  const movesOf = (context: { rows: TRow[]; selected: string[] }, selected = context.selected): readonly string[] =>
    bulk && selected.length > 0 ? bulk.moves(selectedRows({ rows: context.rows, selected })) : [];
  // The ticks change while the list reloads or pages; not while a bulk change runs (its ids are sent).
  const selectionOn = {
    'selection.toggle': { guard: and(['notMoving', 'canTick']), actions: 'toggleSelected' },
    'selection.clear': { guard: 'notMoving', actions: 'clearSelection' },
    'selection.choose': { guard: and(['notMoving', 'isMoveOffered']), actions: 'chooseMove' },
  } as const;
  const moveSelected = { 'selection.move': { guard: 'canMoveSelected', target: `${root}.movingSelected` } } as const;
  const opensIntoEditing = spec.opensInto === 'editing';
  // Closing is offered while the sheet waits on nothing (not while it saves or reloads). A search typed
  // just before the row was opened is loaded then (its SEARCH_DELAY ended with the opening).
  const backToBrowsing = { target: `${root}.browsing`, actions: 'closeSheet' } as const;
  const closeSheet = matches ? [backToBrowsing] : ([{ guard: 'searchPending', target: `${root}.loading`, actions: 'closeSheet' }, backToBrowsing] as const);
  const save = [
    ...(spec.refusalOf ? [{ guard: 'draftIsRefused', target: `${root}.sheet.editing.refused`, actions: 'setRefusal' } as const] : []),
    { guard: 'draftIsComplete', target: `${root}.sheet.saving` } as const,
  ];
  // With an image, saving and choosing are offered while no image is on its way.
  const saveOrChoose = { on: { 'sheet.save': save, 'image.choose': { target: `${root}.sheet.editing.preparingImage` } } } as const;
  const newFilter = { target: 'browsing.debouncing', actions: 'setFilter' } as const;
  const removeFilter = { guard: 'hasFilter', ...newFilter } as const;
  const onNewFilter = matches
    ? {}
    : { 'search.change': newFilter, 'status.change': newFilter, 'filter.remove': removeFilter, ...(spec.settable ? { 'filter.set': newFilter } : {}) };
  return setup({
    types: {
      context: {} as Context,
      events: {} as AdminSheetListEvent<TStatus, TChange>,
      tags: {} as 'loading' | 'loadingMore' | 'moreFailed' | 'fetchFailed' | 'saving' | 'saveFailed' | 'editing' | 'refused' | 'uploading' | 'uploadFailed' | 'moving' | 'moveFailed',
    },
    actors: {
      loadPage: notProvided<Page<TRow>, PageQuery>(spec.id, 'loadPage'),
      saveRow: notProvided<SaveOutcome, SaveRowInput<TBody, TId>>(spec.id, 'saveRow'),
      /** `GET /{kind}/{id}/history`: who changed what, and when. */
      loadHistory: notProvided<AuditEntry[], { id: string }>(spec.id, 'loadHistory'),
      /** A chosen image resized and re-encoded (SPEC §5), then uploaded: its url goes into the draft. */
      prepareImage: notProvided<Blob, { file: Blob }>(spec.id, 'prepareImage'),
      uploadImage: notProvided<string, { file: Blob }>(spec.id, 'uploadImage'),
      /** The list as CSV, fetched with the token and saved as a file (`list.export`). */
      exportList: notProvided<unknown, PageQuery>(spec.id, 'exportList'),
      /** The ticked rows moved to one status, each its own change on the server, an outcome per id. */
      moveSelected: notProvided<BulkOutcome[], MoveSelectedInput<TStatus>>(spec.id, 'moveSelected'),
      /** Sends `clock.tick` with the time, at once and then every minute; the app supplies it, tests tick by hand. */
      clock: fromCallback(() => undefined),
    },
    guards: {
      isListed: ({ context, event }) => event.type === 'sheet.open' && listedRows(context, matches).some((row) => row._id === event.id),
      draftIsComplete: ({ context }) => bodyOf(context) !== null,
      draftIsRefused: ({ context, event }) => {
        assertEvent(event, 'sheet.save');
        return bodyOf(context) !== null && refusalOf(context, event.now) !== null;
      },
      answerIsRefusal: (_, error: unknown) => refusalCodeOf(error, refusalCodes) !== null,
      wasConflict: (_, output: SaveOutcome) => wasConflict(output),
      hasMore: ({ context }) => listContinues(context),
      searchPending: ({ context }) => context.searchPending,
      notExporting: ({ context }) => context.exporting !== 'running',
      hasFilter: ({ context, event }) => event.type === 'filter.remove' && event.name in context.filters,
      notMoving: not(stateIn(`${root}.movingSelected`)),
      /** A ticked row may be unticked; a listed one ticked while the request has room. */
      canTick: ({ context, event }) =>
        event.type === 'selection.toggle' &&
        (context.selected.includes(event.id) || (context.rows.some((row) => row._id === event.id) && hasRoomToTick(context.selected))),
      isMoveOffered: ({ context, event }) => event.type === 'selection.choose' && movesOf(context).includes(event.status),
      canMoveSelected: ({ context }) => context.moveTo !== null && movesOf(context).includes(context.moveTo),
    },
    delays: { SEARCH_DELAY: SEARCH_DELAY_MS },
    actions: {
      setFirstPage: assign((_, page: Page<TRow>) => ({ ...firstPage(page), searchPending: false })),
      appendPage: assign(({ context }, page: Page<TRow>) => nextPage(context.rows, page)),
      refreshRows: assign(({ context }, page: Page<TRow>) => ({ rows: refreshRows(context.rows, page) })),
      // A list loaded whole filters on the phone at once; a paged one has the new filter's page to load.
      setFilter: assign(({ context, event }) => {
        assertEvent(event, FILTER_EVENTS);
        return { ...filterOf(context, event), searchPending: !matches };
      }),
      openSheet: assign(({ event }) => ({ openId: event.type === 'sheet.open' ? event.id : null, history: null, historyFailed: false })),
      startNewDraft: assign({ openId: null, draft: newDraft ?? null, editBase: newDraft ?? null, refused: null, refusal: null, history: [], historyFailed: false }),
      /** An opened row's audit trail loads while its sheet is open (a new row has none to load). */
      loadOpenHistory: enqueueActions(({ context, enqueue }) => {
        if (context.openId !== null) enqueue.spawnChild('loadHistory', { id: 'history', input: { id: context.openId } });
      }),
      stopHistory: stopChild('history'),
      setHistory: assign((_, history: AuditEntry[]) => ({ history })),
      markHistoryFailed: assign({ historyFailed: true }),
      holdPreparedImage: assign((_, image: Blob) => ({ preparedImage: image })),
      setDraftImage: assign(({ context }, url: string) => ({
        draft: context.draft && withImage ? withImage(context.draft, url) : context.draft,
        preparedImage: null,
      })),
      closeSheet: assign({ openId: null, draft: null, editBase: null, refused: null, refusal: null }),
      startDraft: assign(({ context }) => {
        const row = openRow(context);
        const draft = row ? spec.draftOf(row) : null;
        return { draft, editBase: draft, refused: null, refusal: null };
      }),
      startExport: enqueueActions(({ context, enqueue }) => {
        enqueue.spawnChild('exportList', { id: 'export', input: exportQuery(context) });
        enqueue.assign({ exporting: 'running' as ExportState });
      }),
      toggleSelected: assign(({ context, event }) => {
        if (event.type !== 'selection.toggle') return {};
        const selected = toggledSelection(context.selected, event.id);
        // A status the new ticks may not all move to is no longer the choice.
        return { selected, moveTo: context.moveTo !== null && movesOf(context, selected).includes(context.moveTo) ? context.moveTo : null };
      }),
      clearSelection: assign({ ...EMPTY_SELECTION, moveTo: null }),
      chooseMove: assign(({ context, event }) => ({ moveTo: event.type === 'selection.choose' ? event.status : context.moveTo })),
      setBulkOutcomes: assign((_, outcomes: BulkOutcome[]) => ({ bulkOutcomes: outcomes, selected: [] as string[], moveTo: null })),
      setNow: assign((_, now: number) => ({ now })),
      exportDone: assign({ exporting: 'idle' as ExportState }),
      exportFailed: assign({ exporting: 'failed' as ExportState }),
      setRefusal: assign(({ context, event }) => {
        assertEvent(event, 'sheet.save');
        return { refusal: refusalOf(context, event.now) };
      }),
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
    context: ({ input }) => ({
      rows: [],
      nextCursor: null,
      total: 0,
      query: '',
      // Optional: a chart started without input opens on everything (tests, tools).
      ...(listStartOf(input as AdminListInput | undefined, (spec.statuses ?? []) as readonly TStatus[], spec.filterNames ?? []) as { status: TStatus | null; filters: ListFilters }),
      searchPending: false,
      openId: null,
      history: null,
      historyFailed: false,
      draft: null,
      editBase: null,
      refused: null,
      refusal: null,
      preparedImage: null,
      exporting: 'idle' as ExportState,
      ...EMPTY_SELECTION,
      moveTo: null,
      now: null,
    }),
    initial: 'loading',
    // The chart never reads the time itself: its clock runs for as long as the list is open.
    invoke: { id: 'clock', src: 'clock' },
    on: {
      'clock.tick': { actions: { type: 'setNow', params: ({ event }) => event.now } },
      ...(spec.exportable ? exportTransitions : {}),
      ...only(!!bulk, selectionOn),
    },
    // A new search or status waits for quiet (SEARCH_DELAY), then loads its first page.
    states: {
      ...firstPageStates<TRow, 'loadPage', typeof onNewFilter>('loadPage', onNewFilter),
      // A list loaded whole is searched on the phone at each keystroke; a paged one on the server (below).
      browsing: {
        on: {
          ...(matches
            ? { 'search.change': { actions: 'setFilter' } }
            : {
                'search.change': { target: '.debouncing', reenter: true, actions: 'setFilter' },
                'status.change': { target: '.debouncing', reenter: true, actions: 'setFilter' },
                // A chip removed or set is one tap: its list loads at once.
                'filter.remove': { guard: 'hasFilter', target: 'loading', actions: 'setFilter' },
                ...(spec.settable ? { 'filter.set': { target: 'loading', actions: 'setFilter' } } : {}),
              }),
          'sheet.open': { guard: 'isListed', target: 'sheet', actions: opensIntoEditing ? ['openSheet', 'startDraft'] : 'openSheet' },
          ...(newDraft ? { 'sheet.add': { target: 'sheet', actions: 'startNewDraft' } } : {}),
        },
        initial: matches ? undefined : 'idle',
        states: only(!matches, pagingStates<TRow, 'loadPage', typeof moveSelected | object>(root, 'loadPage', bulk ? moveSelected : {})),
      },
      // Every ticked row moved in one request, each its own audited change on the server; the list
      // reloads with the outcome per id shown (which could not move, and why). Only in a chart with `bulk`.
      ...only(!!bulk, {
        movingSelected: {
          tags: ['moving'],
          invoke: {
            id: 'moveSelected',
            src: 'moveSelected',
            input: ({ context }) => ({ ids: context.selected, status: context.moveTo! }),
            onDone: { target: 'loading', actions: { type: 'setBulkOutcomes', params: ({ event }) => event.output } },
            onError: 'moveSelectedFailed',
          },
        },
        // The request did not reach the server or failed whole: the ticks stay for another try (Apply),
        // or Clear goes back to the list as it was.
        moveSelectedFailed: {
          tags: ['moveFailed'],
          on: { ...moveSelected, 'selection.clear': { target: 'browsing', actions: 'clearSelection' } },
        },
      }),
      sheet: {
        initial: opensIntoEditing ? 'editing' : 'viewing',
        // The audit trail shows under the form for as long as the sheet is open.
        entry: 'loadOpenHistory',
        exit: 'stopHistory',
        on: {
          'xstate.done.actor.history': { actions: { type: 'setHistory', params: ({ event }) => event.output } },
          'xstate.error.actor.history': { actions: 'markHistoryFailed' },
        },
        states: {
          // Only in a chart whose sheet opens read-only.
          ...only(!opensIntoEditing, { viewing: { on: { 'sheet.edit': { target: 'editing', actions: 'startDraft' }, 'sheet.close': closeSheet } } }),
          editing: {
            tags: ['editing'],
            initial: 'fresh',
            states: {
              fresh: withImage ? saveOrChoose : {},
              // A save failed for a reason other than a stale version: the draft stays for another try.
              failed: { tags: ['saveFailed'], ...(withImage ? saveOrChoose : {}) },
              // Refused before or by the server (a past date): the reason shows at its field until it changes.
              // (Only in a chart with a refusal; typed as nothing, so the state value names fresh and failed: read the 'refused' tag.)
              ...((spec.refusalOf
                ? { refused: { tags: ['refused'], on: { 'draft.change': { target: 'fresh', actions: ['clearRefusal', 'changeDraft'] } } } }
                : {}) as object),
              // The chosen file is resized and re-encoded first (SPEC §5), then uploaded; no save meanwhile.
              // Only in a chart with an image.
              ...only(!!withImage, {
                preparingImage: {
                  tags: ['uploading'],
                  invoke: {
                    id: 'prepareImage',
                    src: 'prepareImage',
                    input: ({ event }) => {
                      assertEvent(event, 'image.choose');
                      return { file: event.file };
                    },
                    onDone: { target: 'uploadingImage', actions: { type: 'holdPreparedImage', params: ({ event }) => event.output } },
                    onError: 'uploadFailed',
                  },
                },
                uploadingImage: {
                  tags: ['uploading'],
                  invoke: {
                    id: 'uploadImage',
                    src: 'uploadImage',
                    input: ({ context }) => ({ file: context.preparedImage! }),
                    onDone: { target: 'fresh', actions: { type: 'setDraftImage', params: ({ event }) => event.output } },
                    onError: 'uploadFailed',
                  },
                },
                uploadFailed: { tags: ['uploadFailed'], ...saveOrChoose },
              }),
            },
            on: {
              'draft.change': { actions: 'changeDraft' },
              ...(withImage ? {} : { 'sheet.save': save }),
              'sheet.close': closeSheet,
            },
          },
          saving: {
            tags: ['saving'],
            invoke: {
              id: 'save',
              src: 'saveRow',
              input: ({ context }) => ({ id: context.openId as TId, body: bodyOf(context)! }),
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
