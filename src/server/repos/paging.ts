/**
 * Keyset pages. A cursor is the last row's sort key, base64url JSON, opaque to clients:
 * the next page starts strictly after it in the list's order, so rows added meanwhile (newer, so
 * before the first page) never shift a later page, and no page costs an OFFSET scan.
 */
import { badRequest } from '../http/errors';

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;
/** A search's `total` counts matches up to this many; the list's own total is a maintained count. */
export const SEARCH_COUNT_CAP = 10_000;

/** Quotations and orders: newest first, `createdAt` then display id, both descending. */
export type TimeKey = readonly [createdAt: number, displayId: string];
/** Users: unverified first, then newest, then id. */
export type UserKey = readonly [isVerified: number, createdAt: number, id: string];

export function encodeCursor(key: TimeKey | UserKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decode(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor is not one this server handed out');
  }
}

const isTime = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;

export function timeCursor(cursor: string | undefined): TimeKey | null {
  if (cursor === undefined) return null;
  const key = decode(cursor);
  if (!Array.isArray(key) || key.length !== 2 || !isTime(key[0]) || !isId(key[1])) {
    throw badRequest('cursor is not one this server handed out');
  }
  return [key[0], key[1]];
}

export function userCursor(cursor: string | undefined): UserKey | null {
  if (cursor === undefined) return null;
  const key = decode(cursor);
  if (!Array.isArray(key) || key.length !== 3 || (key[0] !== 0 && key[0] !== 1) || !isTime(key[1]) || !isId(key[2])) {
    throw badRequest('cursor is not one this server handed out');
  }
  return [key[0], key[1], key[2]];
}

/** A list in two parts (the quotations late first): [part 0 or 1, createdAt, id], the users' key's shape. */
export const groupCursor = userCursor;

/** The page size asked for (the querystring schema admits 1–200 only). */
export const pageSize = (limit: string | undefined): number => (limit === undefined ? DEFAULT_PAGE : Number(limit));

/** Splits the `limit + 1` rows a page query read into the page and the cursor after it. */
export function cut<R>(rows: R[], limit: number, keyOf: (row: R) => TimeKey | UserKey): { rows: R[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeCursor(keyOf(page[page.length - 1]!)) };
}

/** What a search's `q` names: a quotation or order number (prefix), a mobile number (prefix), or a name (prefix, any case). */
export type Search =
  | { kind: 'quotation'; prefix: string }
  | { kind: 'order'; prefix: string }
  | { kind: 'mobile'; prefix: string }
  | { kind: 'name'; prefix: string };

export function parseSearch(q: string | undefined): Search | null {
  const text = q?.trim() ?? '';
  if (text === '') return null;
  const id = /^(QT|OD)(\d*)$/i.exec(text);
  if (id) return { kind: id[1]!.toUpperCase() === 'QT' ? 'quotation' : 'order', prefix: `${id[1]!.toUpperCase()}${id[2]}` };
  const digits = text.replace(/^\+?91(?=\d{10}$)/, '');
  if (/^\d+$/.test(digits)) return { kind: 'mobile', prefix: digits };
  return { kind: 'name', prefix: text.toLowerCase() };
}

/**
 * The upper bound of a prefix range `[prefix, prefixEnd(prefix))`, which a B-tree index answers on
 * both databases (LIKE uses one only under particular collations): the prefix with its last
 * character's code point plus one.
 */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!;
  return chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}
