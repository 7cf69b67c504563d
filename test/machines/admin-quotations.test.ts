import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  draftPriceDetails,
  quotationDraftChanges,
  quotationDraftOf,
  isLineFieldValid,
  quotationPatchBody,
  reapplyQuotationDraft,
  draftLineTotalPaisa,
  LINE_FIELDS,
  withLine,
} from '../../machines/admin-quotation-draft';
import {
  adminQuotationsMachine,
  isLate,
  lateFirst,
  openQuotation,
  shownQuotationDraft,
  visibleQuotations,
  type SaveQuotationInput,
} from '../../machines/admin-quotations.machine';
import type { SaveOutcome } from '../../machines/admin-sheet';
import type { Quotation } from '../../src/domain/types';
import type { Page, PageQuery } from '../../machines/admin-list';
import { listToolsOf } from '../../machines/admin-list';
import { controlled } from '../support/machines/controlled';
import { controlledCallback } from '../support/machines/admin-controlled';

import { QUOTATIONS, quotation, page, withFakeTimers, SAVE_AT } from '../support/machines/admin-fixtures';
import { QUOTATIONS_CHANGED } from '../support/machines/admin-model-events';

function start() {
  const load = controlled<Page<Quotation>, PageQuery>();
  const save = controlled<SaveOutcome, SaveQuotationInput>();
  const actor = createActor(
    adminQuotationsMachine.provide({ actors: { loadPage: load.logic, saveRow: save.logic } }),
  ).start();
  return { actor, load, save };
}

async function editing() {
  const t = start();
  await t.load.last().resolve(page(QUOTATIONS));
  t.actor.send({ type: 'sheet.open', id: 'q2' });
  t.actor.send({ type: 'sheet.edit' });
  return t;
}

const canSave = (t: ReturnType<typeof start>) => t.actor.getSnapshot().can({ type: 'sheet.save', now: SAVE_AT });

describe('the admin quotations chart', () => {
  it("fills the sheet's form with the open quotation as saved, then with the line typed, the other lines untouched", async () => {
    const t = start();
    await t.load.last().resolve(page(QUOTATIONS));
    expect(shownQuotationDraft(t.actor.getSnapshot().context)).toBeNull();
    t.actor.send({ type: 'sheet.open', id: 'q2' });
    const saved = quotationDraftOf(openQuotation(t.actor.getSnapshot().context)!);
    expect(shownQuotationDraft(t.actor.getSnapshot().context)).toEqual(saved);
    t.actor.send({ type: 'sheet.edit' });
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'goods', value: '99' } });
    expect(shownQuotationDraft(t.actor.getSnapshot().context)).toEqual(withLine(saved, 0, 'goods', '99'));
  });

  it('lists every quotation once loaded', async () => {
    const t = start();
    expect(t.actor.getSnapshot().hasTag('loading')).toBe(true);
    await t.load.last().resolve(page(QUOTATIONS));
    expect(t.actor.getSnapshot().value).toEqual({ browsing: 'idle' });
    expect(visibleQuotations(t.actor.getSnapshot().context).map((q) => q._id)).toEqual(['q1', 'q2']);
  });

  it('shows the fetch failure after a failed load and retries on reload', async () => {
    const t = start();
    await t.load.last().reject(new Error('offline'));
    expect(t.actor.getSnapshot().hasTag('fetchFailed')).toBe(true);
    t.actor.send({ type: 'list.reload' });
    expect(t.load.calls).toHaveLength(2);
  });

  it('sends the search, trimmed, to the server after 500 ms of quiet; a blank search lists all again', async () => {
    await withFakeTimers(async () => {
      const t = start();
      t.load.last().resolve(page(QUOTATIONS));
      await vi.advanceTimersByTimeAsync(0);
      t.actor.send({ type: 'search.change', query: 'QT100002' });
      expect(t.actor.getSnapshot().matches({ browsing: 'debouncing' })).toBe(true);
      await vi.advanceTimersByTimeAsync(500);
      expect(t.load.last().input).toEqual({ q: 'QT100002', status: null, cursor: null });
      // Typing again while that load runs stops it and waits for quiet once more.
      t.actor.send({ type: 'search.change', query: '' });
      expect(t.load.last().signal.aborted).toBe(true);
      await vi.advanceTimersByTimeAsync(500);
      expect(t.load.calls.map((c) => c.input.q)).toEqual(['', 'QT100002', '']);
    });
  });

  it('loads the search typed just before a row was opened once the sheet closes, from no cursor', async () => {
    await withFakeTimers(async () => {
      const t = start();
      t.load.last().resolve({ data: QUOTATIONS, nextCursor: 'after-q2', total: 200 });
      await vi.advanceTimersByTimeAsync(0);
      t.actor.send({ type: 'search.change', query: 'QT150' });
      await vi.advanceTimersByTimeAsync(200);
      // The old rows are still on screen, and one of them opens.
      t.actor.send({ type: 'sheet.open', id: 'q2' });
      t.actor.send({ type: 'sheet.close' });
      expect(t.actor.getSnapshot().hasTag('loading')).toBe(true);
      expect(t.load.last().input).toEqual({ q: 'QT150', status: null, cursor: null });
      t.load.last().resolve(page([QUOTATIONS[0]!]));
      await vi.advanceTimersByTimeAsync(0);
      expect(visibleQuotations(t.actor.getSnapshot().context).map((q) => q._id)).toEqual(['q1']);
      // A row opened and closed with nothing typed leaves the list as it is.
      t.actor.send({ type: 'sheet.open', id: 'q1' });
      t.actor.send({ type: 'sheet.close' });
      expect(t.actor.getSnapshot().value).toEqual({ browsing: 'idle' });
      expect(t.load.calls).toHaveLength(2);
    });
  });

  it('allows Update only in the edit state, with every amount readable, and not while a save is in flight', async () => {
    const t = start();
    await t.load.last().resolve(page(QUOTATIONS));
    t.actor.send({ type: 'sheet.open', id: 'q2' });
    expect(canSave(t)).toBe(false);
    t.actor.send({ type: 'sheet.edit' });
    expect(canSave(t)).toBe(true);
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'discount', value: '12.345' } });
    expect(canSave(t)).toBe(false);
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'discount', value: '12.34' } });
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'quantity', value: '0' } });
    expect(canSave(t)).toBe(false);
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'quantity', value: '3' } });
    t.actor.send({ type: 'sheet.save', now: SAVE_AT });
    expect(t.actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(canSave(t)).toBe(false);
  });

  it('holds Update while a goods price or a shipping charge is not an amount, and sends it once it is', async () => {
    const t = await editing();
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'goods', value: 'ten thousand' } });
    expect(canSave(t)).toBe(false);
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'goods', value: '10000' } });
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'shipping', value: '' } });
    expect(canSave(t)).toBe(false);
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'shipping', value: '0' } });
    expect(canSave(t)).toBe(true);
  });

  it('sends the full quotation with each skuIdentifier replaced by its id, amounts in paisa and the version', async () => {
    const t = await editing();
    t.actor.send({ type: 'draft.change', change: { status: 'COMPLETED' } });
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'goods', value: '1,250.5' } });
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'shipping', value: '300' } });
    t.actor.send({ type: 'sheet.save', now: SAVE_AT });
    const { id, body } = t.save.last().input;
    expect(id).toBe('q2');
    expect(body).toEqual({
      _id: 'q2',
      quotationDisplayId: 'QT100002',
      status: 'COMPLETED',
      image: QUOTATIONS[1]!.image,
      skusDetail: [{ skuIdentifier: 's3', quantity: 2, goodsPricePaisa: 125050, discountPaisa: 50000, shippingPricePaisa: 30000 }],
      orderStatus: null,
      amountPaidPaisa: 0,
      version: 3,
      createdAt: QUOTATIONS[1]!.createdAt,
      updatedAt: QUOTATIONS[1]!.updatedAt,
    });
  });

  it('closes the sheet and reloads the list after a save', async () => {
    const t = await editing();
    t.actor.send({ type: 'sheet.save', now: SAVE_AT });
    await t.save.last().resolve({ outcome: 'saved' });
    expect(t.actor.getSnapshot().value).toBe('loading');
    expect(t.actor.getSnapshot().context.openId).toBeNull();
    expect(t.load.calls).toHaveLength(2);
  });

  it('after a 409 reloads, shows the save failure with the reloaded quotation, and keeps what the admin typed', async () => {
    const t = await editing();
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'goods', value: '9000' } });
    t.actor.send({ type: 'sheet.save', now: SAVE_AT });
    await t.save.last().resolve({ outcome: 'conflict' });
    expect(t.actor.getSnapshot().matches({ sheet: 'reloading' })).toBe(true);
    // Found again by its QT number, whatever its status now.
    expect(t.load.last().input).toEqual({ q: 'QT100002', status: null, cursor: null });
    await t.load.last().resolve(page(QUOTATIONS_CHANGED));
    const snapshot = t.actor.getSnapshot();
    expect(snapshot.matches({ sheet: 'conflict' })).toBe(true);
    expect(snapshot.hasTag('saveFailed')).toBe(true);
    expect(openQuotation(snapshot.context)?.status).toBe('EXPIRED');
    expect(snapshot.context.refused?.mine.lines[0]?.goods).toBe('9000');
    expect(snapshot.can({ type: 'sheet.save', now: SAVE_AT })).toBe(false);

    t.actor.send({ type: 'draft.reapply' });
    const draft = t.actor.getSnapshot().context.draft!;
    expect(draft.version).toBe(4);
    expect(draft.lines[0]?.goods).toBe('9000');
    // The admin never touched the status: the other admin's EXPIRED stands.
    expect(draft.status).toBe('EXPIRED');
  });

  it('keeps the draft and shows the save failure when a save fails for another reason', async () => {
    const t = await editing();
    t.actor.send({ type: 'draft.change', change: { line: 0, field: 'goods', value: '777' } });
    t.actor.send({ type: 'sheet.save', now: SAVE_AT });
    await t.save.last().reject({ status: 500, data: { message: 'boom' } });
    const snapshot = t.actor.getSnapshot();
    expect(snapshot.matches({ sheet: { editing: 'failed' } })).toBe(true);
    expect(snapshot.hasTag('saveFailed')).toBe(true);
    expect(snapshot.context.draft?.lines[0]?.goods).toBe('777');
  });
});

describe('the quotation draft', () => {
  it('shows paisa as rupees and reads typed rupees back as paisa', () => {
    const draft = quotationDraftOf(QUOTATIONS[1]!);
    expect(draft.lines[0]).toMatchObject({ goods: '10000.00', discount: '500.00', shipping: '200.00', quantity: '2' });
    const body = quotationPatchBody(QUOTATIONS[1]!, draft)!;
    expect(body.skusDetail[0]).toMatchObject({ goodsPricePaisa: 1_000_000, discountPaisa: 50_000, shippingPricePaisa: 20_000 });
  });

  it('prices a 2.5 tonne line as typed, and holds the save while a line breaks its unit rule', () => {
    const draft = quotationDraftOf(QUOTATIONS[1]!);
    draft.lines[0] = { ...draft.lines[0]!, quantity: '2.5' };
    expect(quotationPatchBody(QUOTATIONS[1]!, draft)!.skusDetail[0]).toMatchObject({ quantity: 2.5 });
    expect(isLineFieldValid(draft.lines[0], 'quantity')).toBe(true);
    draft.lines[0] = { ...draft.lines[0]!, quantity: '2.55' };
    expect(quotationPatchBody(QUOTATIONS[1]!, draft)).toBeNull();
    expect(isLineFieldValid(draft.lines[0], 'quantity')).toBe(false);
    const bags = { ...draft.lines[0], unit: 'bag', quantity: '2.5' };
    expect(isLineFieldValid(bags, 'quantity')).toBe(false);
  });

  it('totals goods plus shipping minus discount live, counting a half-typed amount as zero', () => {
    const draft = quotationDraftOf(quotation({ _id: 'x' }));
    draft.lines[0] = { ...draft.lines[0]!, goods: '100', discount: '10', shipping: '5' };
    draft.lines[1] = { ...draft.lines[1]!, goods: '50.5', discount: 'abc', shipping: '' };
    expect(draftPriceDetails(draft)).toEqual({ totalMrpPaisa: 15050, discountPaisa: 1000, shippingPaisa: 500, totalPaisa: 14550 });
  });

  it('lists only what the admin changed, beside what the reloaded quotation holds now', () => {
    const base = quotationDraftOf(QUOTATIONS[1]!);
    const mine = { ...base, status: 'ORDERED' as const, lines: [{ ...base.lines[0]!, goods: '10000', discount: '450' }] };
    expect(quotationDraftChanges({ base, mine }, QUOTATIONS_CHANGED[1]!)).toEqual([
      { line: null, field: 'status', mine: 'ORDERED', now: 'EXPIRED' },
      { line: 0, field: 'discount', mine: '450', now: '500.00' },
    ]);
  });

  it('re-applies only the admin’s own changes over the reloaded quotation', () => {
    const base = quotationDraftOf(QUOTATIONS[1]!);
    const mine = { ...base, lines: [{ ...base.lines[0]!, shipping: '300' }] };
    const fresh = quotation({ ...QUOTATIONS[1]!, status: 'EXPIRED', version: 4, skusDetail: [{ ...QUOTATIONS[1]!.skusDetail[0]!, goodsPricePaisa: 700_000 }] });
    expect(reapplyQuotationDraft({ base, mine }, fresh)).toEqual({
      version: 4,
      status: 'EXPIRED',
      lines: [{ skuId: 's3', unit: 'tonne', quantity: '2', goods: '7000.00', discount: '500.00', shipping: '300' }],
    });
  });
});

describe('one line of the quotation draft', () => {
  const line = { skuId: 's1', unit: 'kg', quantity: '10', goods: '1,000.50', discount: '50', shipping: '20.25' };

  it('changes only the field and the line named', () => {
    const draft = { version: 3, status: 'PENDING' as const, lines: [line, { ...line, skuId: 's2' }] };
    expect(withLine(draft, 1, 'discount', '7')).toEqual({ ...draft, lines: [line, { ...line, skuId: 's2', discount: '7' }] });
  });

  it('judges an amount as rupees with at most two decimals, each field on its own', () => {
    expect(LINE_FIELDS.map((field) => isLineFieldValid(line, field))).toEqual([true, true, true, true]);
    expect(isLineFieldValid({ ...line, goods: 'abc' }, 'goods')).toBe(false);
    expect(isLineFieldValid({ ...line, discount: '1.234' }, 'discount')).toBe(false);
    expect(isLineFieldValid({ ...line, shipping: '' }, 'shipping')).toBe(false);
    // A bad quantity marks the quantity only, not the prices beside it.
    expect(isLineFieldValid({ ...line, quantity: '2.5' }, 'quantity')).toBe(false);
    expect(isLineFieldValid({ ...line, quantity: '2.5' }, 'goods')).toBe(true);
  });

  it('totals goods plus shipping minus discount, a half-typed amount as zero', () => {
    expect(draftLineTotalPaisa(line)).toBe(100_050 + 2_025 - 5_000);
    expect(draftLineTotalPaisa({ ...line, shipping: '2.' })).toBe(100_050 + 200 - 5_000);
    expect(draftLineTotalPaisa({ ...line, discount: 'x' })).toBe(100_050 + 2_025);
  });
});

describe('the quotation draft over a conflict', () => {
  it('counts an amount typed unreadably as a change, and keeps the status the admin set', () => {
    const base = quotationDraftOf(QUOTATIONS[1]!);
    const mine = { ...base, status: 'ORDERED' as const, lines: [{ ...base.lines[0]!, goods: 'abc' }] };
    expect(quotationDraftChanges({ base, mine }, QUOTATIONS[1]!)).toEqual([
      { line: null, field: 'status', mine: 'ORDERED', now: QUOTATIONS[1]!.status },
      { line: 0, field: 'goods', mine: 'abc', now: base.lines[0]!.goods },
    ]);
    const fresh = quotation({ ...QUOTATIONS[1]!, version: 9 });
    expect(reapplyQuotationDraft({ base, mine }, fresh)).toMatchObject({ version: 9, status: 'ORDERED', lines: [{ goods: 'abc' }] });
  });
});

describe('the quotation draft against a quotation of several lines', () => {
  const TWO_LINES = quotation({ _id: 'q1' });
  const [GROUNDNUT, STRAW] = TWO_LINES.skusDetail as [Quotation['skusDetail'][0], Quotation['skusDetail'][0]];
  const base = quotationDraftOf(TWO_LINES);
  // The admin raised the straw to 6 tonnes at ₹120, and retyped the groundnut's 2 tonnes in Gujarati digits (the same amount).
  const mine = withLine(withLine(withLine(base, 1, 'quantity', '6'), 1, 'goods', '120'), 0, 'quantity', '૨');
  // Reloaded: the server lists the straw first, another admin priced the groundnut, and a line of husk was added.
  const HUSK = { ...STRAW, skuIdentifier: { ...STRAW.skuIdentifier, _id: 's3', name: 'Coconut husk' }, quantity: 1 };
  const fresh = quotation({ _id: 'q1', version: 4, skusDetail: [STRAW, { ...GROUNDNUT, goodsPricePaisa: 50_000 }, HUSK] });

  it('sends no body for a draft that does not cover every line of the quotation', () => {
    expect(quotationPatchBody(TWO_LINES, { ...base, lines: [base.lines[0]!] })).toBeNull();
    expect(quotationPatchBody(TWO_LINES, base)?.skusDetail.map((l) => l.skuIdentifier)).toEqual(['s1', 's2']);
  });

  it('lists each change by its SKU, wherever the reloaded quotation puts the line, and no status the admin left alone', () => {
    expect(quotationDraftChanges({ base, mine }, fresh)).toEqual([
      { line: 0, field: 'quantity', mine: '6', now: '5' },
      { line: 0, field: 'goods', mine: '120', now: '0.00' },
    ]);
  });

  it('re-applies the changes to the same SKU, keeping the other admin’s price and the line added since', () => {
    expect(reapplyQuotationDraft({ base, mine }, fresh)).toEqual({
      version: 4,
      status: 'PENDING',
      lines: [
        { skuId: 's2', unit: 'tonne', quantity: '6', goods: '120', discount: '0.00', shipping: '0.00' },
        { skuId: 's1', unit: 'tonne', quantity: '2', goods: '500.00', discount: '0.00', shipping: '0.00' },
        { skuId: 's3', unit: 'tonne', quantity: '1', goods: '0.00', discount: '0.00', shipping: '0.00' },
      ],
    });
  });
});

describe("the quotations list's late mark", () => {
  const ASKED_AT = '2026-11-01T10:00:00.000Z';
  const DAY_LATER = Date.parse('2026-11-02T10:00:00.000Z');

  it("marks a pending quotation late once it has waited longer than the reply hours by the list's clock", async () => {
    const load = controlled<Page<Quotation>, PageQuery>();
    const clock = controlledCallback<unknown>();
    const actor = createActor(adminQuotationsMachine.provide({ actors: { loadPage: load.logic, clock: clock.logic } })).start();
    const pending = quotation({ _id: 'q7', createdAt: ASKED_AT });
    const priced = quotation({ _id: 'q8', createdAt: ASKED_AT, status: 'COMPLETED' });
    await load.last().resolve(page([pending, priced]));
    const late = (q: Quotation, replyHours: number | null = 24) => isLate(actor.getSnapshot().context, q, replyHours);
    // Before the clock's first reading nothing is marked.
    expect(late(pending)).toBe(false);
    clock.last().send({ type: 'clock.tick', now: DAY_LATER });
    expect(late(pending)).toBe(false);
    clock.last().send({ type: 'clock.tick', now: DAY_LATER + 60_000 });
    expect(late(pending)).toBe(true);
    expect(late(pending, 25)).toBe(false);
    // Priced, it waits on the farmer, not the back office; and with no reply hours known, nothing is late.
    expect(late(priced)).toBe(false);
    expect(late(pending, null)).toBe(false);
  });
});

describe('the quotations list opened from a dashboard figure', () => {
  it("opens with the link's status and waiting age, puts the late ones first on a tap, and exports the list as filtered", async () => {
    const load = controlled<Page<Quotation>, PageQuery>();
    const exportList = controlled<unknown, PageQuery>();
    const actor = createActor(adminQuotationsMachine.provide({ actors: { loadPage: load.logic, exportList: exportList.logic } }), {
      input: { location: '/admin/quotations?status=PENDING&age=gt24h' },
    }).start();
    expect(load.last().input).toEqual({ q: '', status: 'PENDING', cursor: null, filters: { age: 'gt24h' } });
    await load.last().resolve(page(QUOTATIONS));
    expect(lateFirst(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'filter.set', name: 'sort', value: 'lateFirst' });
    expect(lateFirst(actor.getSnapshot().context)).toBe(true);
    expect(load.last().input).toEqual({ q: '', status: 'PENDING', cursor: null, filters: { age: 'gt24h', sort: 'lateFirst' } });
    await load.last().resolve(page(QUOTATIONS));
    expect(listToolsOf(actor.getSnapshot()).canExport).toBe(true);
    actor.send({ type: 'list.export' });
    expect(exportList.last().input).toEqual({ q: '', status: 'PENDING', cursor: null, filters: { age: 'gt24h', sort: 'lateFirst' } });
    // The filter of those whose farmer asked for a better price opens from its link too.
    const countered = createActor(adminQuotationsMachine.provide({ actors: { loadPage: load.logic } }), { input: { location: '/admin/quotations?status=COUNTERED' } }).start();
    expect(countered.getSnapshot().context.status).toBe('COUNTERED');
    expect(lateFirst(countered.getSnapshot().context)).toBe(false);
  });
});
