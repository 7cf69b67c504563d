import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  adminOrdersMachine,
  bulkMoves,
  offeredMoves,
  openOrder,
  orderBalance,
  orderDraftChanges,
  orderDraftOf,
  orderUpdateBody,
  reapplyOrderDraft,
  shownOrderDraft,
  visibleOrders,
  type SaveOrderInput,
} from '../../machines/admin-orders.machine';
import type { SaveOutcome } from '../../machines/admin-sheet';
import { ORDER_STATUSES, type AuditEntry, type Order, type OrderStatus } from '../../src/domain/types';
import type { MoveSelectedInput, Page, PageQuery } from '../../machines/admin-list';
import { bulkRefusalOf, bulkTally } from '../../machines/admin-selection';
import { BULK_MAX } from '../../src/domain/constants';
import type { BulkOutcome } from '../../src/domain/schemas/admin';
import { controlled } from '../support/machines/controlled';

import { order, ORDERS, page, withFakeTimers, SAVE_AT } from '../support/machines/admin-fixtures';
import { HISTORY, ORDERS_CHANGED } from '../support/machines/admin-model-events';

async function loadedAt(first = page(ORDERS)) {
  const load = controlled<Page<Order>, PageQuery>();
  const save = controlled<SaveOutcome, SaveOrderInput>();
  const actor = createActor(adminOrdersMachine.provide({ actors: { loadPage: load.logic, saveRow: save.logic } })).start();
  await load.last().resolve(first);
  return { actor, load, save };
}

const loaded = () => loadedAt();

async function editing() {
  const { actor, load, save } = await loaded();
  actor.send({ type: 'sheet.open', id: 'o1' });
  actor.send({ type: 'sheet.edit' });
  return { actor, load, save };
}

describe('the admin orders chart', () => {
  it("fills the sheet's form with the open order as saved, then with the draft as typed", async () => {
    const { actor } = await loaded();
    expect(shownOrderDraft(actor.getSnapshot().context)).toBeNull();
    actor.send({ type: 'sheet.open', id: 'o2' });
    expect(openOrder(actor.getSnapshot().context)).toBe(ORDERS[1]);
    expect(shownOrderDraft(actor.getSnapshot().context)).toEqual(orderDraftOf(ORDERS[1]!));
    actor.send({ type: 'sheet.edit' });
    actor.send({ type: 'draft.change', change: { amountPaid: '12' } });
    expect(shownOrderDraft(actor.getSnapshot().context)).toEqual({ ...orderDraftOf(ORDERS[1]!), amountPaid: '12' });
  });

  it('filters by status after 500 ms of quiet, from the first page, keeping the search', async () => {
    await withFakeTimers(async () => {
      const { actor, load } = await loadedAt(page(ORDERS, 'c2', 3));
      actor.send({ type: 'search.change', query: 'Patel' });
      actor.send({ type: 'status.change', status: 'IN_TRANSIT' });
      await vi.advanceTimersByTimeAsync(300);
      actor.send({ type: 'status.change', status: 'DELIVERED' });
      await vi.advanceTimersByTimeAsync(499);
      expect(load.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      // The cursor of the unfiltered list is not carried over: the filtered list starts at its first page.
      expect(load.last().input).toEqual({ q: 'Patel', status: 'DELIVERED', cursor: null });
      load.last().resolve(page([ORDERS[1]!], 'd2', 4));
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'list.more' });
      expect(load.last().input).toEqual({ q: 'Patel', status: 'DELIVERED', cursor: 'd2' });
      load.last().resolve(page([], null, 4));
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'status.change', status: null });
      await vi.advanceTimersByTimeAsync(500);
      expect(load.last().input).toEqual({ q: 'Patel', status: null, cursor: null });
    });
  });

  it('sends the search to the server after 500 ms of quiet, and lists what it finds', async () => {
    await withFakeTimers(async () => {
      const { actor, load } = await loadedAt();
      actor.send({ type: 'search.change', query: 'QT1' });
      await vi.advanceTimersByTimeAsync(300);
      actor.send({ type: 'search.change', query: 'QT100077' });
      await vi.advanceTimersByTimeAsync(499);
      expect(load.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load.calls.map((c) => c.input)).toEqual([
        { q: '', status: null, cursor: null },
        { q: 'QT100077', status: null, cursor: null },
      ]);
      const mine = order({ _id: 'o9', orderDisplayId: 'OD100009', quotationDetail: { _id: 'q9', quotationDisplayId: 'QT100077', skusDetail: [] } });
      load.last().resolve(page([mine]));
      await vi.advanceTimersByTimeAsync(0);
      expect(visibleOrders(actor.getSnapshot().context).map((o) => o._id)).toEqual(['o9']);
      expect(actor.getSnapshot().context.total).toBe(1);
      expect(actor.getSnapshot().can({ type: 'sheet.open', id: 'o1' })).toBe(false);
      actor.send({ type: 'sheet.open', id: 'o9' });
      expect(actor.getSnapshot().can({ type: 'search.change', query: '' })).toBe(false);
    });
  });

  it('appends the next page by its cursor without listing a row twice, and offers no more after the last', async () => {
    const { actor, load } = await loadedAt(page(ORDERS, 'c2', 3));
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(true);
    actor.send({ type: 'list.more' });
    expect(load.last().input).toEqual({ q: '', status: null, cursor: 'c2' });
    // o2 moved onto the second page while the admin scrolled: it stays listed once.
    await load.last().resolve(page([ORDERS[1]!, order({ _id: 'o3', orderDisplayId: 'OD100003' })], null, 3));
    expect(actor.getSnapshot().context.rows.map((o) => o._id)).toEqual(['o1', 'o2', 'o3']);
    expect(actor.getSnapshot().context.nextCursor).toBeNull();
    expect(actor.getSnapshot().can({ type: 'list.more' })).toBe(false);
  });

  it("loads the open order's audit history by its id, and starts afresh for the next order", async () => {
    const load = controlled<Page<Order>, PageQuery>();
    const history = controlled<AuditEntry[], { id: string }>();
    const actor = createActor(
      adminOrdersMachine.provide({
        actors: { loadPage: load.logic, saveRow: controlled<SaveOutcome, SaveOrderInput>().logic, loadHistory: history.logic },
      }),
    ).start();
    await load.last().resolve(page(ORDERS));
    actor.send({ type: 'sheet.open', id: 'o1' });
    expect(history.last().input).toEqual({ id: 'o1' });
    expect(actor.getSnapshot().context.history).toBeNull();
    await history.last().resolve(HISTORY);
    expect(actor.getSnapshot().context.history).toEqual(HISTORY);
    actor.send({ type: 'sheet.close' });
    expect(history.last().signal.aborted).toBe(false);
    actor.send({ type: 'sheet.open', id: 'o2' });
    expect(history.last().input).toEqual({ id: 'o2' });
    expect(actor.getSnapshot().context.history).toBeNull();
    await history.last().reject(new Error('offline'));
    expect(actor.getSnapshot().context.historyFailed).toBe(true);
    expect(actor.getSnapshot().matches({ sheet: 'viewing' })).toBe(true);
  });

  it('opens an order read-only: Update is refused until Edit', async () => {
    const load = controlled<Page<Order>, PageQuery>();
    const actor = createActor(
      adminOrdersMachine.provide({ actors: { loadPage: load.logic, saveRow: controlled<SaveOutcome, SaveOrderInput>().logic } }),
    ).start();
    await load.last().resolve(page(ORDERS));
    actor.send({ type: 'sheet.open', id: 'o1' });
    expect(actor.getSnapshot().can({ type: 'sheet.save', now: SAVE_AT })).toBe(false);
    expect(actor.getSnapshot().hasTag('editing')).toBe(false);
    actor.send({ type: 'sheet.edit' });
    expect(actor.getSnapshot().can({ type: 'sheet.save', now: SAVE_AT })).toBe(true);
  });

  it('records the amount paid as a whole number of paisa, with the status and version', async () => {
    const { actor, save } = await editing();
    actor.send({ type: 'draft.change', change: { status: 'MATERIAL_LOADED' } });
    actor.send({ type: 'draft.change', change: { amountPaid: '4,000.5' } });
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    const { id, body } = save.last().input;
    expect(id).toBe('o1');
    expect(body).toEqual({ status: 'MATERIAL_LOADED', amountPaidPaisa: 400050, expectedDeliveryDate: null, version: 1 });
    expect(Number.isInteger(body.amountPaidPaisa)).toBe(true);
    expect(actor.getSnapshot().can({ type: 'sheet.save', now: SAVE_AT })).toBe(false);
  });

  it('refuses an amount paid that is not an amount', async () => {
    const { actor } = await editing();
    for (const value of ['abc', '12.345', '-5', '']) {
      actor.send({ type: 'draft.change', change: { amountPaid: value } });
      expect(actor.getSnapshot().can({ type: 'sheet.save', now: SAVE_AT })).toBe(false);
    }
  });

  it('after a 409 shows the reloaded order with the save failure, and re-applies the admin’s draft on request', async () => {
    const { actor, load, save } = await editing();
    actor.send({ type: 'draft.change', change: { amountPaid: '2500' } });
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    await save.last().resolve({ outcome: 'conflict' });
    // The order is reloaded by its own number, whatever the list's filter.
    expect(load.last().input).toEqual({ q: 'OD100001', status: null, cursor: null });
    await load.last().resolve(page(ORDERS_CHANGED));
    expect(actor.getSnapshot().hasTag('saveFailed')).toBe(true);
    expect(openOrder(actor.getSnapshot().context)?.status).toBe('DELIVERED');
    expect(orderDraftChanges(actor.getSnapshot().context.refused!, ORDERS_CHANGED[0]!)).toEqual([
      { field: 'amountPaid', mine: '2500', now: '0.00' },
    ]);
    actor.send({ type: 'draft.reapply' });
    // The other admin's DELIVERED stands: this admin only changed the amount paid.
    expect(actor.getSnapshot().context.draft).toEqual({ version: 2, status: 'DELIVERED', amountPaid: '2500', expectedDeliveryDate: '', deliveryCode: '', withoutCode: false });
  });

  it('sends the expected delivery date the admin picks, null when cleared, and refuses one that is not a date', async () => {
    const at = Date.UTC(2026, 10, 15, 6, 0);
    const { actor, save } = await editing();
    actor.send({ type: 'draft.change', change: { expectedDeliveryDate: '2026-11-20' } });
    actor.send({ type: 'sheet.save', now: at });
    expect(save.last().input.body).toEqual({ status: 'CONFIRMATION_PENDING', amountPaidPaisa: 0, expectedDeliveryDate: '2026-11-20', version: 1 });

    const again = await editing();
    for (const value of ['20/11/2026', '2026-11', 'soon']) {
      again.actor.send({ type: 'draft.change', change: { expectedDeliveryDate: value } });
      expect(again.actor.getSnapshot().can({ type: 'sheet.save', now: at })).toBe(false);
    }
    again.actor.send({ type: 'draft.change', change: { expectedDeliveryDate: '' } });
    expect(orderUpdateBody(again.actor.getSnapshot().context.draft!)?.expectedDeliveryDate).toBeNull();
  });

  it('shows a refused date change beside the reloaded order, and re-applies it', () => {
    const order = ORDERS[0]!;
    const base = orderDraftOf(order);
    const refused = { base, mine: { ...base, expectedDeliveryDate: '2026-11-20' } };
    const now = { ...order, version: 2, expectedDeliveryDate: '2026-11-18' };
    expect(orderDraftChanges(refused, now)).toEqual([{ field: 'expectedDeliveryDate', mine: '2026-11-20', now: '2026-11-18' }]);
    expect(reapplyOrderDraft(refused, now)).toMatchObject({ version: 2, expectedDeliveryDate: '2026-11-20' });
  });

  it('counts an amount typed again in another form as no change: the reloaded amount stands', () => {
    const order = ORDERS[0]!;
    const base = orderDraftOf(order);
    const refused = { base, mine: { ...base, status: 'DELIVERED' as const, amountPaid: '0' } };
    const now = { ...order, version: 2, amountPaidPaisa: 150_000 };
    expect(orderDraftChanges(refused, now)).toEqual([{ field: 'status', mine: 'DELIVERED', now: order.status }]);
    expect(reapplyOrderDraft(refused, now)).toEqual({ version: 2, status: 'DELIVERED', amountPaid: '1500.00', expectedDeliveryDate: '', deliveryCode: '', withoutCode: false });
  });

  it('keeps the draft and shows the save failure when the server fails', async () => {
    const { actor, save } = await editing();
    actor.send({ type: 'draft.change', change: { amountPaid: '10' } });
    actor.send({ type: 'sheet.save', now: SAVE_AT });
    await save.last().reject({ status: 500, data: { message: 'down' } });
    expect(actor.getSnapshot().matches({ sheet: { editing: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.draft?.amountPaid).toBe('10');
  });
});

describe('an expected delivery date before India’s today', () => {
  /** 23:59:59 on 10 November 2026 in India (18:29:59 UTC); one second later it is 11 November there, still 10 November in UTC. */
  const LAST_SECOND_OF_10_NOVEMBER_IST = Date.UTC(2026, 10, 10, 18, 29, 59);

  it('is refused at the field before saving, from India’s midnight on (the save’s own time), and a new date lets the save go', async () => {
    const at = LAST_SECOND_OF_10_NOVEMBER_IST;
    const { actor, save } = await editing();
    actor.send({ type: 'draft.change', change: { expectedDeliveryDate: '2026-11-09' } });
    actor.send({ type: 'sheet.save', now: at });
    expect(actor.getSnapshot().hasTag('refused')).toBe(true);
    expect(actor.getSnapshot().context.refusal).toBe('DATE_IN_PAST');
    expect(save.calls).toHaveLength(0);

    // India's today, in its last second, goes.
    actor.send({ type: 'draft.change', change: { expectedDeliveryDate: '2026-11-10' } });
    expect(actor.getSnapshot().matches({ sheet: { editing: 'fresh' } })).toBe(true);
    expect(actor.getSnapshot().context.refusal).toBeNull();
    actor.send({ type: 'sheet.save', now: at });
    expect(save.last().input.body.expectedDeliveryDate).toBe('2026-11-10');
    await save.last().reject({ status: 500, data: { message: 'down' } });

    // Midnight in India: the same date is now yesterday, though UTC still calls it today.
    actor.send({ type: 'sheet.save', now: at + 1000 });
    expect(actor.getSnapshot().hasTag('refused')).toBe(true);
    expect(save.calls).toHaveLength(1);
    actor.send({ type: 'draft.change', change: { expectedDeliveryDate: '' } });
    actor.send({ type: 'sheet.save', now: at });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(save.last().input.body.expectedDeliveryDate).toBeNull();
  });

  it('is not refused when it is the date already stored, however old', async () => {
    const at = Date.UTC(2026, 10, 20, 6, 0);
    const { actor, save } = await loadedAt(page([order({ _id: 'o1', expectedDeliveryDate: '2026-11-12' })]));
    actor.send({ type: 'sheet.open', id: 'o1' });
    actor.send({ type: 'sheet.edit' });
    actor.send({ type: 'draft.change', change: { amountPaid: '100' } });
    actor.send({ type: 'sheet.save', now: at });
    expect(save.last().input.body).toMatchObject({ amountPaidPaisa: 10_000, expectedDeliveryDate: '2026-11-12' });
  });

  it('maps the server’s 400 DATE_IN_PAST to the same refusal at the field, keeping the draft', async () => {
    const at = Date.UTC(2026, 10, 10, 12, 0);
    const { actor, save } = await editing();
    actor.send({ type: 'draft.change', change: { expectedDeliveryDate: '2026-11-10' } });
    actor.send({ type: 'sheet.save', now: at });
    // The server's clock is ahead of the phone's: it is already 11 November in India there.
    await save.last().reject({ status: 400, data: { code: 'DATE_IN_PAST', message: 'expectedDeliveryDate must not be before today' } });
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('refused')).toBe(true);
    expect(snapshot.hasTag('saveFailed')).toBe(false);
    expect(snapshot.context.refusal).toBe('DATE_IN_PAST');
    expect(snapshot.context.draft?.expectedDeliveryDate).toBe('2026-11-10');
    // Another 400 is a plain failure.
    actor.send({ type: 'draft.change', change: { expectedDeliveryDate: '2026-11-12' } });
    actor.send({ type: 'sheet.save', now: at });
    await save.last().reject({ status: 400, data: { code: 'BAD_REQUEST', message: 'bad' } });
    expect(actor.getSnapshot().matches({ sheet: { editing: 'failed' } })).toBe(true);
  });
});

describe('the order balance', () => {
  it('is the quotation total less what the typed amount paid covers', () => {
    const order = ORDERS[0]!;
    expect(orderBalance(order, null)).toEqual({ totalPaisa: 970_000, paidPaisa: 0, pendingPaisa: 970_000 });
    const draft = { ...orderDraftOf(order), amountPaid: '9700' };
    expect(orderBalance(order, draft).pendingPaisa).toBe(0);
    expect(orderUpdateBody({ ...draft, amountPaid: '9700.00' })?.amountPaidPaisa).toBe(970_000);
  });
});

describe('the order update body', () => {
  it('sends a date only as the date field gives it, nothing after it', () => {
    const draft = orderDraftOf(ORDERS[0]!);
    expect(orderUpdateBody({ ...draft, expectedDeliveryDate: '2026-11-20' })?.expectedDeliveryDate).toBe('2026-11-20');
    expect(orderUpdateBody({ ...draft, expectedDeliveryDate: '2026-11-20T05:00' })).toBeNull();
    expect(orderUpdateBody({ ...draft, expectedDeliveryDate: 'on 2026-11-20' })).toBeNull();
  });
});

describe('moving ticked orders to one status', () => {
  async function listed(rows = ORDERS) {
    const load = controlled<Page<Order>, PageQuery>();
    const move = controlled<BulkOutcome[], MoveSelectedInput<OrderStatus>>();
    const actor = createActor(adminOrdersMachine.provide({ actors: { loadPage: load.logic, moveSelected: move.logic } })).start();
    await load.last().resolve(page(rows));
    return { actor, load, move };
  }

  it('offers the statuses the order chart lets every ticked order take, less one they all have already', () => {
    expect(bulkMoves([])).toEqual([]);
    expect(bulkMoves([{ status: 'IN_TRANSIT' }])).toEqual(['CONFIRMATION_PENDING', 'ORDER_CONFIRMED', 'MATERIAL_LOADED', 'DELIVERED']);
    expect(bulkMoves([{ status: 'IN_TRANSIT' }, { status: 'CONFIRMATION_PENDING' }])).toEqual([...ORDER_STATUSES]);
  });

  it('moves the ticked orders in one request, reloads the list and keeps how each went', async () => {
    const { actor, load, move } = await listed();
    actor.send({ type: 'selection.toggle', id: 'o1' });
    actor.send({ type: 'selection.toggle', id: 'o2' });
    expect(actor.getSnapshot().context.selected).toEqual(['o1', 'o2']);
    expect(offeredMoves(actor.getSnapshot().context)).toEqual([...ORDER_STATUSES]);
    // No status chosen yet: nothing to move.
    expect(actor.getSnapshot().can({ type: 'selection.move' })).toBe(false);
    actor.send({ type: 'selection.choose', status: 'MATERIAL_LOADED' });
    actor.send({ type: 'selection.move' });
    expect(actor.getSnapshot().hasTag('moving')).toBe(true);
    expect(move.last().input).toEqual({ ids: ['o1', 'o2'], status: 'MATERIAL_LOADED' });
    // The ticks stay as they were sent while the change runs.
    actor.send({ type: 'selection.toggle', id: 'o1' });
    actor.send({ type: 'selection.clear' });
    expect(actor.getSnapshot().context.selected).toEqual(['o1', 'o2']);
    await move.last().resolve([
      { _id: 'o1', ok: true },
      { _id: 'o2', ok: false, code: 'CONFLICT' },
    ]);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(load.calls).toHaveLength(2);
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({ selected: [], moveTo: null });
    expect(bulkTally(context)).toEqual({ done: 1, refused: 1 });
    expect(bulkRefusalOf(context, 'o2')).toBe('CONFLICT');
    expect(bulkRefusalOf(context, 'o1')).toBeNull();
    actor.send({ type: 'selection.clear' });
    expect(bulkTally(actor.getSnapshot().context)).toBeNull();
  });

  it('keeps the ticks when the request fails, offers it again, and Clear goes back to the list', async () => {
    const { actor, move } = await listed();
    actor.send({ type: 'selection.toggle', id: 'o2' });
    actor.send({ type: 'selection.choose', status: 'DELIVERED' });
    actor.send({ type: 'selection.move' });
    await move.last().reject({ status: 500, data: { message: 'down' } });
    expect(actor.getSnapshot().hasTag('moveFailed')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ selected: ['o2'], moveTo: 'DELIVERED' });
    actor.send({ type: 'selection.move' });
    expect(move.calls).toHaveLength(2);
    await move.last().reject({ status: 500, data: { message: 'down' } });
    actor.send({ type: 'selection.clear' });
    expect(actor.getSnapshot().matches({ browsing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], moveTo: null });
  });

  it('refuses a status the ticked orders may not all move to, and drops the choice when the ticks change so', async () => {
    const { actor } = await listed();
    actor.send({ type: 'selection.toggle', id: 'o2' });
    // o2 is already IN_TRANSIT: moving it there changes nothing.
    expect(actor.getSnapshot().can({ type: 'selection.choose', status: 'IN_TRANSIT' })).toBe(false);
    actor.send({ type: 'selection.toggle', id: 'o1' });
    actor.send({ type: 'selection.choose', status: 'IN_TRANSIT' });
    expect(actor.getSnapshot().context.moveTo).toBe('IN_TRANSIT');
    actor.send({ type: 'selection.toggle', id: 'o1' });
    expect(actor.getSnapshot().context.moveTo).toBeNull();
    expect(actor.getSnapshot().can({ type: 'selection.move' })).toBe(false);
  });

  it('ticks only listed orders, and no more than one request takes', async () => {
    const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => order({ _id: `m${i}`, orderDisplayId: `OD2${String(i).padStart(5, '0')}` }));
    const { actor } = await listed(many);
    actor.send({ type: 'selection.toggle', id: 'not-listed' });
    for (const o of many) actor.send({ type: 'selection.toggle', id: o._id });
    expect(actor.getSnapshot().context.selected).toHaveLength(BULK_MAX);
    expect(actor.getSnapshot().context.selected).not.toContain('not-listed');
  });
});
