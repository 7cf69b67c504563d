/**
 * Rows an admin ticks on a list to change in one step (verify the ticked farmers, move the ticked
 * orders to one status): the ids ticked, at most BULK_MAX, and how the last bulk change went per id.
 * The users chart and the sheet lists that move rows in bulk (machines/admin-list.ts `bulk`) share
 * these pure helpers.
 */
// The limit from the constants, not the schemas: a value from a schema module would bring TypeBox
// into the farmer's boot, whose quotation list pages with the admin lists' helpers.
import { BULK_MAX } from '../src/domain/constants';
import type { BulkOutcome } from '../src/domain/schemas/admin';

/** What a chart that ticks rows keeps of them. */
export interface SelectionContext {
  /** The ids ticked, in the order they were ticked. */
  selected: string[];
  /** How the last bulk change went, one outcome per id sent; null before one (and once cleared). */
  bulkOutcomes: BulkOutcome[] | null;
}

export const EMPTY_SELECTION: SelectionContext = { selected: [], bulkOutcomes: null };

/** The ticks after one tap on `id`: ticked → unticked, unticked → ticked. */
export const toggledSelection = (selected: readonly string[], id: string): string[] =>
  selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];

/** Whether one more row may be ticked: a change is sent as one request of at most BULK_MAX ids. */
export const hasRoomToTick = (selected: readonly string[]): boolean => selected.length < BULK_MAX;

/** The ticked rows among those listed (a ticked row may since have left the list under a new search). */
export const selectedRows = <T extends { _id: string }>(context: { rows: readonly T[]; selected: readonly string[] }): T[] =>
  context.rows.filter((row) => context.selected.includes(row._id));

/** How the last bulk change went: how many went through and how many could not change; null before one. */
export function bulkTally(context: Pick<SelectionContext, 'bulkOutcomes'>): { done: number; refused: number } | null {
  if (!context.bulkOutcomes) return null;
  const done = context.bulkOutcomes.filter((o) => o.ok).length;
  return { done, refused: context.bulkOutcomes.length - done };
}

/** Why the last bulk change left this row as it was (the server's code), or null when it went through or was not sent. */
export const bulkRefusalOf = (context: Pick<SelectionContext, 'bulkOutcomes'>, id: string): string | null => {
  const outcome = context.bulkOutcomes?.find((o) => o._id === id);
  return outcome && !outcome.ok ? (outcome.code ?? 'REFUSED') : null;
};
