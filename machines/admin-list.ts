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

/** What a list load asks the server: the search text (blank for all) and the cursor of the next page. */
export interface PageQuery {
  q: string;
  cursor: string | null;
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
