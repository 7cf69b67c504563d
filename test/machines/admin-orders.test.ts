import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  adminOrdersMachine,
  openOrder,
  orderBalance,
  orderDraftChanges,
  orderDraftOf,
  orderUpdateBody,
  visibleOrders,
  type SaveOrderInput,
} from '../../machines/admin-orders.machine';
import type { SaveOutcome } from '../../machines/admin-sheet';
import type { Order } from '../../src/domain/types';
import { controlled } from '../support/controlled';
import { settle } from './admin-controlled';
import { ORDERS } from './admin-fixtures';
import { ORDERS_CHANGED } from './admin-model-events';

async function loaded() {
  const load = controlled<Order[], void>();
  const save = controlled<SaveOutcome, SaveOrderInput>();
  const actor = createActor(adminOrdersMachine.provide({ actors: { loadOrders: load.logic, saveOrder: save.logic } })).start();
  load.last().resolve(ORDERS);
  await settle();
  return { actor, load, save };
}

async function editing() {
  const { actor, load, save } = await loaded();
  actor.send({ type: 'order.open', id: 'o1' });
  actor.send({ type: 'order.edit' });
  return { actor, load, save };
}

describe('the admin orders chart', () => {
  it('searches orders by display id, ignoring case, and opens only a listed order', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'search.change', query: 'od100002' });
    expect(visibleOrders(actor.getSnapshot().context).map((o) => o._id)).toEqual(['o2']);
    expect(actor.getSnapshot().can({ type: 'order.open', id: 'o1' })).toBe(false);
    actor.send({ type: 'order.open', id: 'o2' });
    expect(actor.getSnapshot().can({ type: 'search.change', query: '' })).toBe(false);
  });

  it('opens an order read-only: Update is refused until Edit', async () => {
    const load = controlled<Order[], void>();
    const actor = createActor(
      adminOrdersMachine.provide({ actors: { loadOrders: load.logic, saveOrder: controlled<SaveOutcome, SaveOrderInput>().logic } }),
    ).start();
    load.last().resolve(ORDERS);
    await settle();
    actor.send({ type: 'order.open', id: 'o1' });
    expect(actor.getSnapshot().can({ type: 'order.save' })).toBe(false);
    expect(actor.getSnapshot().hasTag('editing')).toBe(false);
    actor.send({ type: 'order.edit' });
    expect(actor.getSnapshot().can({ type: 'order.save' })).toBe(true);
  });

  it('records the amount paid as a whole number of paisa, with the status and version', async () => {
    const { actor, save } = await editing();
    actor.send({ type: 'draft.status', status: 'MATERIAL_LOADED' });
    actor.send({ type: 'draft.amountPaid', value: '4,000.5' });
    actor.send({ type: 'order.save' });
    const { id, body } = save.last().input;
    expect(id).toBe('o1');
    expect(body).toEqual({ status: 'MATERIAL_LOADED', amountPaidPaisa: 400050, version: 1 });
    expect(Number.isInteger(body.amountPaidPaisa)).toBe(true);
    expect(actor.getSnapshot().can({ type: 'order.save' })).toBe(false);
  });

  it('refuses an amount paid that is not an amount', async () => {
    const { actor } = await editing();
    for (const value of ['abc', '12.345', '-5', '']) {
      actor.send({ type: 'draft.amountPaid', value });
      expect(actor.getSnapshot().can({ type: 'order.save' })).toBe(false);
    }
  });

  it('after a 409 shows the reloaded order with the save failure, and re-applies the admin’s draft on request', async () => {
    const { actor, load, save } = await editing();
    actor.send({ type: 'draft.amountPaid', value: '2500' });
    actor.send({ type: 'order.save' });
    save.last().resolve({ outcome: 'conflict' });
    await settle();
    load.last().resolve(ORDERS_CHANGED);
    await settle();
    expect(actor.getSnapshot().hasTag('saveFailed')).toBe(true);
    expect(openOrder(actor.getSnapshot().context)?.status).toBe('DELIVERED');
    expect(orderDraftChanges(actor.getSnapshot().context.refused!, ORDERS_CHANGED[0]!)).toEqual([
      { field: 'amountPaid', mine: '2500', now: '0.00' },
    ]);
    actor.send({ type: 'draft.reapply' });
    // The other admin's DELIVERED stands: this admin only changed the amount paid.
    expect(actor.getSnapshot().context.draft).toEqual({ version: 2, status: 'DELIVERED', amountPaid: '2500' });
  });

  it('keeps the draft and shows the save failure when the server fails', async () => {
    const { actor, save } = await editing();
    actor.send({ type: 'draft.amountPaid', value: '10' });
    actor.send({ type: 'order.save' });
    save.last().reject({ status: 500, data: { message: 'down' } });
    await settle();
    expect(actor.getSnapshot().matches({ sheet: { editing: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.draft?.amountPaid).toBe('10');
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
