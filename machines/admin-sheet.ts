/**
 * What the four admin charts share (SPEC §2 /admin screens, §8): the outcome of a save, the search by id,
 * and the parsing of what an admin types. Each chart keeps its own readable shape:
 *
 *   loading ─┬─> browsing ──open──> sheet ── edit ──> editing ──save──> saving ─┬─ saved ──> loading
 *            └─> loadFailed                                                     ├─ 409 ──> reloading ──> conflict
 *                                                                               └─ error ──> editing.failed
 *
 * A 409 (the item changed since the admin opened it) reloads the list and shows the reloaded item with the
 * spec's failure message. Nothing typed is lost: the refused draft and the values it started from are kept,
 * the sheet lists what the admin changed beside what is saved now, and one tap lays exactly those changes
 * over the reloaded item (another admin's change to a field this admin never touched stands).
 */
import { parseQuantity } from '../src/domain/quantity';
import { fromPromise } from 'xstate';

/** What a save answers. A stale `version` (409 VERSION_CONFLICT) is expected, so it is an outcome; anything else throws. */
export type SaveOutcome = { outcome: 'saved' } | { outcome: 'conflict' };

export const wasConflict = (output: SaveOutcome): boolean => output.outcome === 'conflict';

/**
 * A save a 409 refused: the draft as the admin left it, and the values it started from. Their difference
 * is what the admin changed; re-applying lays exactly that over the reloaded item, so another admin's
 * change to a field this admin never touched stands.
 */
export interface Refused<TDraft> {
  base: TDraft;
  mine: TDraft;
}

/** For flat drafts: the fields the admin changed (by `same`), taken from `mine`; every other field from `now`. */
export function reapplyFlat<TDraft extends object, TField extends keyof TDraft>(
  refused: Refused<TDraft>,
  now: TDraft,
  fields: readonly TField[],
  same: (field: TField, a: TDraft[TField], b: TDraft[TField]) => boolean,
): TDraft {
  const next = { ...now };
  for (const field of fields) {
    if (!same(field, refused.mine[field], refused.base[field])) next[field] = refused.mine[field];
  }
  return next;
}

/** For flat drafts: each field the admin changed, with what they typed and what is saved now. */
export function changesFlat<TDraft extends object, TField extends keyof TDraft>(
  refused: Refused<TDraft>,
  now: TDraft,
  fields: readonly TField[],
  same: (field: TField, a: TDraft[TField], b: TDraft[TField]) => boolean,
): { field: TField; mine: TDraft[TField]; now: TDraft[TField] }[] {
  return fields
    .filter((field) => !same(field, refused.mine[field], refused.base[field]))
    .map((field) => ({ field, mine: refused.mine[field], now: now[field] }));
}

/** Search by id: the display id or the internal `_id`, case-insensitive, by substring. Blank matches all. */
export function matchesId(item: { _id: string }, displayId: string, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return displayId.toLocaleLowerCase().includes(needle) || item._id.toLocaleLowerCase().includes(needle);
}

/** A whole number typed by an admin ("12", " 1,200 ") → 1200; null when it is not one. */
export function parseWholeNumber(input: string): number | null {
  const text = input.replace(/[,\s]/g, '');
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * A line's quantity as an admin types it (" 1,200 ", or 2.5 for a quintal), against its unit's rule
 * (src/domain/quantity.ts, the rule the cart and the server keep); null when the rule refuses it.
 */
export function parseLineQuantity(input: string, unit: string): number | null {
  const parsed = parseQuantity(input.replace(/[,\s]/g, ''), unit);
  return parsed.ok ? parsed.value : null;
}

/** The default of an effect the web app (or a test) must provide with `.provide()`: it fails loudly. */
export function notProvided<TOutput, TInput = void>(chart: string, actor: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${chart}: the ${actor} actor was not provided`);
  });
}
