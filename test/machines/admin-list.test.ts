/**
 * The shared pieces of the paged admin lists (machines/admin-list.ts), on a chart of their own: rows
 * with a number, a name and a version, a draft of the name. The screens' charts (orders, quotations,
 * SKUs, users) are tested in their own files; this one walks what they share, paging, the filters,
 * the 409 reload and the conflict, and the helpers.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  adminSheetList,
  filterOf,
  firstPageQuery,
  listStartOf,
  listToolsOf,
  sheetSaveOf,
  listContinues,
  nextPage,
  nextPageQuery,
  refreshRows,
  refusalCodeOf,
  shownDraft,
  type MoveSelectedInput,
  type Page,
  type PageQuery,
  type SaveRowInput,
} from '../../machines/admin-list';
import { bulkRefusalOf, bulkTally } from '../../machines/admin-selection';
import type { BulkOutcome } from '../../src/domain/schemas/admin';
import { controlledCallback } from '../support/machines/admin-controlled';
import type { SaveOutcome } from '../../machines/admin-sheet';
import type { AuditEntry } from '../../src/domain/types';
import { controlled } from '../support/machines/controlled';

import { page, withFakeTimers, SAVE_AT } from '../support/machines/admin-fixtures';

interface Row {
  _id: string;
  no: string;
  name: string;
  version: number;
}
interface Draft {
  name: string;
}
interface Body {
  name: string;
  version: number;
}

const row = (id: string, name: string, version = 1): Row => ({ _id: id, no: `NO${id}`, name, version });
const R1 = row('r1', 'Groundnut shell');
const R2 = row('r2', 'Paddy straw');
const R3 = row('r3', 'Coconut husk');

/** How the test lists' rows become drafts and bodies: a name, edited. */
const namedRows = {
  displayIdOf: (r: Row) => r.no,
  draftOf: (r: Row): Draft => ({ name: r.name }),
  // A blank name does not read: Save stays disabled.
  bodyOf: (r: Row | null, draft: Draft): Body | null => (draft.name.trim() === '' || !r ? null : { name: draft.name, version: r.version }),
  change: (draft: Draft, name: string): Draft => ({ ...draft, name }),
  // The admin's name, typed over the reloaded row, when the admin changed it.
  reapply: (refused: { base: Draft; mine: Draft }, r: Row): Draft => ({ name: refused.mine.name !== refused.base.name ? refused.mine.name : r.name }),
};

const listChart = adminSheetList<Row, Draft, Body, 'OPEN' | 'CLOSED', string>({ id: 'testList', ...namedRows });

async function started(first: Page<Row> = page([R1, R2], 'c2', 3)) {
  const load = controlled<Page<Row>, PageQuery>();
  const save = controlled<SaveOutcome, SaveRowInput<Body>>();
  const history = controlled<AuditEntry[], { id: string }>();
  const actor = createActor(listChart.provide({ actors: { loadPage: load.logic, saveRow: save.logic, loadHistory: history.logic } })).start();
  await load.last().resolve(first);
  return { actor, load, save };
}

const ids = (rows: readonly { _id: string }[]) => rows.map((r) => r._id);

describe('the paged list helpers', () => {
  const position = { query: 'Patel', status: 'OPEN', nextCursor: 'c9', filters: {} };

  it('asks the first page from no cursor and the next from where the list continues, with the filter as set', () => {
    expect(firstPageQuery({ context: position })).toEqual({ q: 'Patel', status: 'OPEN', cursor: null });
    expect(nextPageQuery({ context: position })).toEqual({ q: 'Patel', status: 'OPEN', cursor: 'c9' });
    // A dashboard link's filters go with every page.
    const filtered = { ...position, filters: { age: 'gt24h' } };
    expect(firstPageQuery({ context: filtered })).toEqual({ q: 'Patel', status: 'OPEN', cursor: null, filters: { age: 'gt24h' } });
    expect(nextPageQuery({ context: filtered })).toEqual({ q: 'Patel', status: 'OPEN', cursor: 'c9', filters: { age: 'gt24h' } });
    expect([listContinues({ nextCursor: 'c9' }), listContinues({ nextCursor: null }), listContinues({ nextCursor: '' })]).toEqual([true, false, true]);
  });

  it('appends a page without listing a row twice, and keeps its cursor and total', () => {
    expect(nextPage([R1, R2], page([R2, R3], 'c3', 7))).toEqual({ rows: [R1, R2, R3], nextCursor: 'c3', total: 7 });
  });

  it('puts reloaded rows in the place of the listed ones with their id, the rest standing', () => {
    const r2New = row('r2', 'Paddy straw, baled', 2);
    expect(refreshRows([R1, R2, R3], page([r2New, row('r9', 'Not listed')]))).toEqual([R1, r2New, R3]);
  });

  it('changes only the search on a search and only the status on a status', () => {
    const context = { query: 'old', status: 'OPEN' as string | null, filters: {} };
    expect(filterOf(context, { type: 'search.change', query: '' })).toEqual({ query: '', status: 'OPEN', filters: {} });
    expect(filterOf(context, { type: 'status.change', status: null })).toEqual({ query: 'old', status: null, filters: {} });
    expect(filterOf(context, { type: 'status.change', status: 'CLOSED' })).toEqual({ query: 'old', status: 'CLOSED', filters: {} });
  });

  it("keeps a dashboard link's filters on a search, drops them on a status chosen by hand, and removes or sets one chip", () => {
    const context = { query: '', status: 'PENDING' as string | null, filters: { age: 'gt24h', sort: 'lateFirst' } };
    expect(filterOf(context, { type: 'search.change', query: 'QT1' }).filters).toEqual({ age: 'gt24h', sort: 'lateFirst' });
    expect(filterOf(context, { type: 'status.change', status: 'COMPLETED' }).filters).toEqual({});
    expect(filterOf(context, { type: 'filter.remove', name: 'age' })).toEqual({ query: '', status: 'PENDING', filters: { sort: 'lateFirst' } });
    expect(filterOf(context, { type: 'filter.set', name: 'late', value: 'true' }).filters).toEqual({ age: 'gt24h', sort: 'lateFirst', late: 'true' });
  });

  it("opens with the status and filters of the link's query, ignoring what the list does not take", () => {
    expect(listStartOf({ location: '/admin/quotations?status=PENDING&age=gt24h&evil=1' }, ['PENDING', 'COMPLETED'], ['age', 'late'])).toEqual({
      status: 'PENDING',
      filters: { age: 'gt24h' },
    });
    expect(listStartOf({ location: '/admin/quotations?status=LOST' }, ['PENDING'], ['age'])).toEqual({ status: null, filters: {} });
    expect(listStartOf(undefined, ['PENDING'], ['age'])).toEqual({ status: null, filters: {} });
    // A link with a filter named but not given sets no chip.
    expect(listStartOf({ location: '/admin/quotations?age=&sort=lateFirst' }, ['PENDING'], ['age', 'late', 'sort'])).toEqual({
      status: null,
      filters: { sort: 'lateFirst' },
    });
  });

  it('reads a refusal code only when the answer carries one of the codes', () => {
    const codes = ['DATE_IN_PAST'];
    expect(refusalCodeOf({ status: 400, data: { code: 'DATE_IN_PAST' } }, codes)).toBe('DATE_IN_PAST');
    expect(refusalCodeOf({ status: 400, data: { code: 'OTHER' } }, codes)).toBeNull();
    expect(refusalCodeOf({ status: 400, data: { code: 7 } }, [...codes, '7'])).toBeNull();
    expect(refusalCodeOf({ status: 500 }, codes)).toBeNull();
    expect(refusalCodeOf(null, codes)).toBeNull();
    expect(refusalCodeOf(undefined, codes)).toBeNull();
  });

  it("shows the draft while there is one, else the open row as saved, else nothing", () => {
    const draftOf = (r: Row): Draft => ({ name: r.name });
    expect(shownDraft({ rows: [R1], openId: 'r1', draft: null }, draftOf)).toEqual({ name: 'Groundnut shell' });
    expect(shownDraft({ rows: [R1], openId: 'r1', draft: { name: 'typed' } }, draftOf)).toEqual({ name: 'typed' });
    expect(shownDraft({ rows: [R1], openId: 'r2', draft: null }, draftOf)).toBeNull();
  });
});

describe('a paged admin list chart', () => {
  it('starts empty and loading the first page of all', () => {
    const load = controlled<Page<Row>, PageQuery>();
    const actor = createActor(listChart.provide({ actors: { loadPage: load.logic } })).start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ rows: [], nextCursor: null, total: 0, query: '', status: null, openId: null, draft: null });
    expect(load.last().input).toEqual({ q: '', status: null, cursor: null });
  });

  it('shows a failed next page and asks it again on Load more, from the same cursor', async () => {
    const { actor, load } = await started();
    actor.send({ type: 'list.more' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    await load.last().reject(new Error('offline'));
    expect(actor.getSnapshot().hasTag('moreFailed')).toBe(true);
    expect(ids(actor.getSnapshot().context.rows)).toEqual(['r1', 'r2']);
    actor.send({ type: 'list.more' });
    expect(load.calls).toHaveLength(3);
    expect(load.last().input).toEqual({ q: '', status: null, cursor: 'c2' });
    await load.last().resolve(page([R3], null, 3));
    expect(actor.getSnapshot().matches({ browsing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ nextCursor: null, total: 3 });
    expect(ids(actor.getSnapshot().context.rows)).toEqual(['r1', 'r2', 'r3']);
  });

  it('lets a search typed while the first page loads stop that load, and a search after a failed load start afresh', async () => {
    const load = controlled<Page<Row>, PageQuery>();
    const actor = createActor(listChart.provide({ actors: { loadPage: load.logic } })).start();
    await withFakeTimers(async () => {
      actor.send({ type: 'search.change', query: 'straw' });
      expect(load.last().signal.aborted).toBe(true);
      expect(actor.getSnapshot().context.query).toBe('straw');
      await vi.advanceTimersByTimeAsync(499);
      expect(load.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load.last().input).toEqual({ q: 'straw', status: null, cursor: null });
      load.last().reject(new Error('down'));
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().hasTag('fetchFailed')).toBe(true);
      actor.send({ type: 'status.change', status: 'CLOSED' });
      await vi.advanceTimersByTimeAsync(500);
      expect(load.calls).toHaveLength(3);
      expect(load.last().input).toEqual({ q: 'straw', status: 'CLOSED', cursor: null });
    });
  });

  it('opens only a listed row', async () => {
    const { actor } = await started();
    expect(actor.getSnapshot().can({ type: 'sheet.open', id: 'r3' })).toBe(false);
    actor.send({ type: 'sheet.open', id: 'r2' });
    expect(actor.getSnapshot().context.openId).toBe('r2');
    expect(actor.getSnapshot().matches({ sheet: 'viewing' })).toBe(true);
  });

  it('shows the form (the editing tag) from Edit until the sheet saves', async () => {
    const { actor } = await started();
    actor.send({ type: 'sheet.open', id: 'r1' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(false);
    actor.send({ type: 'sheet.edit' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    expect(actor.getSnapshot().hasTag('editing')).toBe(false);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
  });
});

describe('a save the server refuses as stale (409)', () => {
  /** The sheet of r2 open, its name typed, the save answered 409. */
  async function conflicted() {
    const t = await started();
    await withFakeTimers(async () => {
      // A status filter is set: the reload finds the row by its number whatever its status now.
      t.actor.send({ type: 'status.change', status: 'OPEN' });
      await vi.advanceTimersByTimeAsync(500);
      t.load.last().resolve(page([R1, R2], 'c2', 3));
      await vi.advanceTimersByTimeAsync(0);
    });
    t.actor.send({ type: 'sheet.open', id: 'r2' });
    t.actor.send({ type: 'sheet.edit' });
    t.actor.send({ type: 'draft.change', change: 'Rice straw' });
    t.actor.send({ type: 'sheet.save', now: SAVE_AT });
    expect(t.save.last().input).toEqual({ id: 'r2', body: { name: 'Rice straw', version: 1 } });
    await t.save.last().resolve({ outcome: 'conflict' });
    expect(t.actor.getSnapshot().matches({ sheet: 'reloading' })).toBe(true);
    // The reload is part of the save, as far as the sheet shows.
    expect(t.actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(t.load.last().input).toEqual({ q: 'NOr2', status: null, cursor: null });
    expect(t.actor.getSnapshot().context.refused).toEqual({ base: { name: 'Paddy straw' }, mine: { name: 'Rice straw' } });
    expect(t.actor.getSnapshot().context.draft).toBeNull();
    return t;
  }

  it("shows the reloaded row beside the admin's change, and re-applies it over the new version", async () => {
    const { actor, load, save } = await conflicted();
    await load.last().resolve(page([row('r2', 'Paddy straw', 2)]));
    expect(actor.getSnapshot().matches({ sheet: 'conflict' })).toBe(true);
    expect(actor.getSnapshot().hasTag('saveFailed')).toBe(true);
    expect(ids(actor.getSnapshot().context.rows)).toEqual(['r1', 'r2']);
    actor.send({ type: 'draft.reapply' });
    expect(actor.getSnapshot().context).toMatchObject({ draft: { name: 'Rice straw' }, editBase: { name: 'Paddy straw' }, refused: null });
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    expect(save.last().input).toEqual({ id: 'r2', body: { name: 'Rice straw', version: 2 } });
  });

  it('drops the change on Edit, starting again from the reloaded row', async () => {
    const { actor, load } = await conflicted();
    await load.last().resolve(page([row('r2', 'Wheat straw', 2)]));
    actor.send({ type: 'sheet.edit' });
    expect(actor.getSnapshot().matches({ sheet: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ draft: { name: 'Wheat straw' }, editBase: { name: 'Wheat straw' }, refused: null });
  });

  it('closes the sheet from the conflict, forgetting the change', async () => {
    const { actor, load } = await conflicted();
    await load.last().resolve(page([row('r2', 'Wheat straw', 2)]));
    actor.send({ type: 'sheet.close' });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ openId: null, draft: null, editBase: null, refused: null, refusal: null });
  });

  it('puts the refused change back into the form when the reload fails, so nothing typed is lost', async () => {
    const { actor, load } = await conflicted();
    await load.last().reject(new Error('offline'));
    expect(actor.getSnapshot().matches({ sheet: { editing: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ draft: { name: 'Rice straw' }, editBase: { name: 'Paddy straw' }, refused: null });
  });

  it('closes the sheet and reloads the first page of the filter as set after a save', async () => {
    const { actor, load, save } = await started();
    actor.send({ type: 'sheet.open', id: 'r1' });
    actor.send({ type: 'sheet.edit' });
    actor.send({ type: 'draft.change', change: ' ' });
    expect(actor.getSnapshot().can({ type: 'sheet.save', now: SAVE_AT })).toBe(false);
    actor.send({ type: 'draft.change', change: 'Groundnut husk' });
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    await save.last().resolve({ outcome: 'saved' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ openId: null, draft: null });
    expect(load.last().input).toEqual({ q: '', status: null, cursor: null });
  });
});

/**
 * A list with every shared piece a screen may ask for: a dashboard link's status and filters, a chip
 * the screen sets itself, Export, and rows ticked and moved to one status. Its rows are open or
 * closed; every ticked open row may close, a closed one moves nowhere.
 */
type Status = 'OPEN' | 'CLOSED';
interface StatusRow extends Row {
  status: Status;
}
const statusRow = (id: string, name: string, status: Status = 'OPEN', version = 1): StatusRow => ({ ...row(id, name, version), status });
const S1 = statusRow('r1', 'Groundnut shell');
const S2 = statusRow('r2', 'Paddy straw');
const S3 = statusRow('r3', 'Coconut husk', 'CLOSED');

const cockpitChart = adminSheetList<StatusRow, Draft, Body, Status, string>({
  id: 'testCockpit',
  ...namedRows,
  statuses: ['OPEN', 'CLOSED'],
  filterNames: ['age', 'sort'],
  settable: true,
  exportable: true,
  // Said of the rows alone, as a lifecycle says it: nothing ticked is the chart's to refuse.
  bulk: { moves: (rows) => (rows.every((r) => r.status === 'OPEN') ? ['CLOSED'] : []) },
});

/** The cockpit list opened at `location`, its first page answered with `first`. */
async function cockpit(location: string | null = null, first: Page<StatusRow> = page([S1, S2, S3])) {
  const load = controlled<Page<StatusRow>, PageQuery>();
  const exportList = controlled<unknown, PageQuery>();
  const moveSelected = controlled<BulkOutcome[], MoveSelectedInput<Status>>();
  const save = controlled<SaveOutcome, SaveRowInput<Body>>();
  const clock = controlledCallback<unknown>();
  const actor = createActor(
    cockpitChart.provide({
      actors: { loadPage: load.logic, exportList: exportList.logic, moveSelected: moveSelected.logic, saveRow: save.logic, loadHistory: controlled<AuditEntry[], { id: string }>().logic, clock: clock.logic },
    }),
    { input: { location } },
  ).start();
  await load.last().resolve(first);
  return { actor, load, exportList, moveSelected, save, clock, tools: () => listToolsOf(actor.getSnapshot()) };
}

describe("a list's chips and Export", () => {
  it('exports the list as filtered, one export at a time, and says how the last one ended', async () => {
    const { actor, exportList, tools } = await cockpit('/admin/list?status=OPEN&age=gt24h');
    await withFakeTimers(async () => {
      actor.send({ type: 'search.change', query: 'straw' });
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(tools()).toMatchObject({ exporting: 'idle', canExport: true });
    actor.send({ type: 'list.export' });
    expect(exportList.calls).toHaveLength(1);
    expect(exportList.last().input).toEqual({ q: 'straw', status: 'OPEN', cursor: null, filters: { age: 'gt24h' } });
    expect(tools()).toMatchObject({ exporting: 'running', canExport: false });
    actor.send({ type: 'list.export' });
    expect(exportList.calls).toHaveLength(1);
    await exportList.last().reject(new Error('offline'));
    expect(tools()).toMatchObject({ exporting: 'failed', canExport: true });
    actor.send({ type: 'list.export' });
    await exportList.last().resolve(null);
    expect(tools()).toMatchObject({ exporting: 'idle', canExport: true });
    expect(exportList.calls).toHaveLength(2);
  });

  it("shows a link's filters as chips, and loads the list at once without the one removed", async () => {
    const { actor, load, tools } = await cockpit('/admin/list?age=gt24h');
    expect(load.calls[0]!.input).toEqual({ q: '', status: null, cursor: null, filters: { age: 'gt24h' } });
    expect(tools().filters).toEqual({ age: 'gt24h' });
    expect(tools().canRemove('age')).toBe(true);
    // Only a chip that is shown can be removed.
    expect(tools().canRemove('sort')).toBe(false);
    actor.send({ type: 'filter.remove', name: 'sort' });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: 'filter.remove', name: 'age' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(load.last().input).toEqual({ q: '', status: null, cursor: null });
    expect(tools().filters).toEqual({});
  });

  it("sets the screen's own chip at once on a loaded list, and after the quiet while the list still loads", async () => {
    const { actor, load } = await cockpit();
    actor.send({ type: 'filter.set', name: 'sort', value: 'lateFirst' });
    expect(load.calls).toHaveLength(2);
    expect(load.last().input).toEqual({ q: '', status: null, cursor: null, filters: { sort: 'lateFirst' } });
    // Taps on the chip before the page came wait for the taps to end, then load what they left.
    await withFakeTimers(async () => {
      actor.send({ type: 'filter.remove', name: 'sort' });
      expect(load.last().signal.aborted).toBe(true);
      await vi.advanceTimersByTimeAsync(500);
      expect(load.calls).toHaveLength(3);
      expect(load.last().input).toEqual({ q: '', status: null, cursor: null });
      actor.send({ type: 'filter.set', name: 'sort', value: 'lateFirst' });
      expect(load.last().signal.aborted).toBe(true);
      await vi.advanceTimersByTimeAsync(500);
      expect(load.calls).toHaveLength(4);
      expect(load.last().input).toEqual({ q: '', status: null, cursor: null, filters: { sort: 'lateFirst' } });
    });
  });
});

describe('rows ticked and moved to one status', () => {
  it('offers no status while nothing is ticked, and a status every ticked row may take once one is', async () => {
    const { actor } = await cockpit();
    expect(actor.getSnapshot().can({ type: 'selection.choose', status: 'CLOSED' })).toBe(false);
    actor.send({ type: 'selection.toggle', id: 'r1' });
    expect(actor.getSnapshot().can({ type: 'selection.choose', status: 'CLOSED' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'selection.choose', status: 'OPEN' })).toBe(false);
    actor.send({ type: 'selection.toggle', id: 'r3' });
    expect(actor.getSnapshot().can({ type: 'selection.choose', status: 'CLOSED' })).toBe(false);
  });

  it('keeps the chosen status while the rows ticked next may take it too, and drops it when one may not', async () => {
    const { actor } = await cockpit();
    actor.send({ type: 'selection.toggle', id: 'r1' });
    actor.send({ type: 'selection.choose', status: 'CLOSED' });
    actor.send({ type: 'selection.toggle', id: 'r2' });
    expect(actor.getSnapshot().context).toMatchObject({ selected: ['r1', 'r2'], moveTo: 'CLOSED' });
    expect(actor.getSnapshot().can({ type: 'selection.move' })).toBe(true);
    actor.send({ type: 'selection.toggle', id: 'r3' });
    expect(actor.getSnapshot().context).toMatchObject({ selected: ['r1', 'r2', 'r3'], moveTo: null });
    expect(actor.getSnapshot().can({ type: 'selection.move' })).toBe(false);
    // A second tap unticks that row alone.
    actor.send({ type: 'selection.toggle', id: 'r3' });
    expect(actor.getSnapshot().context.selected).toEqual(['r1', 'r2']);
  });

  it('does not move a ticked row the list has since reloaded in a status that may not take the chosen one', async () => {
    const { actor, load, moveSelected } = await cockpit();
    actor.send({ type: 'selection.toggle', id: 'r1' });
    actor.send({ type: 'selection.choose', status: 'CLOSED' });
    // Another admin closed it meanwhile: the list's reload shows it so.
    actor.send({ type: 'filter.set', name: 'sort', value: 'lateFirst' });
    await load.last().resolve(page([statusRow('r1', 'Groundnut shell', 'CLOSED', 2), S2]));
    expect(actor.getSnapshot().context).toMatchObject({ selected: ['r1'], moveTo: 'CLOSED' });
    expect(actor.getSnapshot().can({ type: 'selection.move' })).toBe(false);
    actor.send({ type: 'selection.move' });
    expect(moveSelected.calls).toHaveLength(0);
  });

  it('moves the ticked rows in one request and reloads the list with how each went', async () => {
    const { actor, load, moveSelected } = await cockpit();
    actor.send({ type: 'selection.toggle', id: 'r1' });
    actor.send({ type: 'selection.toggle', id: 'r2' });
    actor.send({ type: 'selection.choose', status: 'CLOSED' });
    actor.send({ type: 'selection.move' });
    expect(actor.getSnapshot().hasTag('moving')).toBe(true);
    expect(moveSelected.last().input).toEqual({ ids: ['r1', 'r2'], status: 'CLOSED' });
    // Nothing is marked before a move.
    expect(bulkRefusalOf(actor.getSnapshot().context, 'r2')).toBeNull();
    await moveSelected.last().resolve([{ _id: 'r1', ok: true }, { _id: 'r2', ok: false, code: 'CONFLICT' }]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], moveTo: null });
    expect(bulkTally(actor.getSnapshot().context)).toEqual({ done: 1, refused: 1 });
    // The row that did not move is marked with the server's reason; one refused without a code, as refused.
    expect(['r1', 'r2', 'r3'].map((id) => bulkRefusalOf(actor.getSnapshot().context, id))).toEqual([null, 'CONFLICT', null]);
    expect(bulkRefusalOf({ bulkOutcomes: [{ _id: 'r1', ok: false }] }, 'r1')).toBe('REFUSED');
    expect(load.calls).toHaveLength(2);
  });
});

describe("the effects' names", () => {
  it('runs each effect under the name the inspector shows and the model paths answer', async () => {
    const { actor, load, save, moveSelected } = await cockpit(null, page([S1, S2], 'c2', 3));
    const children = () => Object.keys(actor.getSnapshot().children).sort();
    expect(children()).toEqual(['clock']);
    actor.send({ type: 'list.more' });
    expect(children()).toEqual(['clock', 'more']);
    await load.last().resolve(page([S3]));
    actor.send({ type: 'sheet.open', id: 'r1' });
    actor.send({ type: 'sheet.edit' });
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    expect(children()).toEqual(['clock', 'history', 'save']);
    await save.last().resolve({ outcome: 'conflict' });
    expect(children()).toEqual(['clock', 'history', 'reload']);
    await load.last().resolve(page([S1]));
    actor.send({ type: 'sheet.close' });
    actor.send({ type: 'selection.toggle', id: 'r1' });
    actor.send({ type: 'selection.choose', status: 'CLOSED' });
    actor.send({ type: 'selection.move' });
    expect(children()).toEqual(['clock', 'moveSelected']);
    await moveSelected.last().resolve([{ _id: 'r1', ok: true }]);
    expect(children()).toEqual(['clock', 'load']);
  });
});

describe("the list's clock", () => {
  it('keeps the time its clock reads, and offers Save stamped with it only when the chart takes the save', async () => {
    const { actor, clock, save } = await cockpit();
    expect(clock.runs).toHaveLength(1);
    actor.send({ type: 'sheet.open', id: 'r1' });
    actor.send({ type: 'sheet.edit' });
    // No reading yet: nothing to stamp the save with.
    expect(actor.getSnapshot().context.now).toBeNull();
    expect(sheetSaveOf(actor.getSnapshot())).toBeNull();
    clock.last().send({ type: 'clock.tick', now: SAVE_AT });
    expect(sheetSaveOf(actor.getSnapshot())).toEqual({ type: 'sheet.save', now: SAVE_AT });
    clock.last().send({ type: 'clock.tick', now: SAVE_AT + 60_000 });
    expect(sheetSaveOf(actor.getSnapshot())).toEqual({ type: 'sheet.save', now: SAVE_AT + 60_000 });
    // A draft that does not read is not saved.
    actor.send({ type: 'draft.change', change: ' ' });
    expect(sheetSaveOf(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'draft.change', change: 'Groundnut husk' });
    actor.send(sheetSaveOf(actor.getSnapshot())!);
    expect(save.calls).toHaveLength(1);
    // The clock runs for as long as the list does.
    expect(clock.last().stopped).toBe(false);
    actor.stop();
    expect(clock.last().stopped).toBe(true);
  });
});
