import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { cartItemBox, cartMachine, quantityBox } from '../../machines/cart.machine';
import type { WriteResult } from '../../src/domain/api';
import type { CreateQuotationBody } from '../../src/domain/api';
import type { CartItem } from '../../src/domain/types';
import { controlled } from '../support/machines/controlled';

const shell = { _id: 'sku-1', name: 'Groundnut Shell', image: '/g.jpg', skuQuantityUnit: 'kg' };
const straw = { _id: 'sku-2', name: 'Paddy Straw', image: '/p.jpg', skuQuantityUnit: 'bale' };
const husk = { _id: 'sku-3', name: 'Rice Husk', image: '/h.jpg', skuQuantityUnit: 'quintal' };
const type = (skuId: string, unit: string, text: string) => ({ type: 'draft.change' as const, skuId, unit, text });

function start(items: CartItem[] = []) {
  const request = controlled<WriteResult, CreateQuotationBody>();
  const navigateToRequest = vi.fn();
  const actor = createActor(
    cartMachine.provide({ actors: { requestQuotation: request.logic }, actions: { navigateToRequest } }),
    { input: { items } },
  ).start();
  return { actor, request, navigateToRequest, items: () => actor.getSnapshot().context.items };
}

describe('cart machine', () => {
  it('starts with the restored cart', () => {
    const { items } = start([{ ...shell, quantity: 2 }]);
    expect(items()).toEqual([{ ...shell, quantity: 2 }]);
  });

  it('adds the entered quantity to the quantity already there, then resets the input to 0', () => {
    const { actor, items } = start([{ ...shell, quantity: 2 }]);
    actor.send(type('sku-1', 'kg', '5'));
    actor.send({ type: 'cart.add', item: shell });
    expect(items()).toEqual([{ ...shell, quantity: 7 }]);
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it('refuses to add a quantity of 0, a negative one, or one typed for another product', () => {
    const { actor, items } = start();
    actor.send(type('sku-1', 'kg', '0'));
    expect(actor.getSnapshot().can({ type: 'cart.add', item: shell })).toBe(false);
    actor.send(type('sku-1', 'kg', '-3'));
    actor.send({ type: 'cart.add', item: shell });
    actor.send(type('sku-2', 'bale', '4'));
    actor.send({ type: 'cart.add', item: shell });
    expect(items()).toEqual([]);
  });

  it('keeps a refused text exactly as typed, with its reason, and adds nothing', () => {
    const { actor, items } = start();
    const refused = (text: string, unit = 'kg') => {
      actor.send(type('sku-1', unit, text));
      actor.send({ type: 'cart.add', item: { ...shell, skuQuantityUnit: unit } });
      return quantityBox(actor.getSnapshot(), 'sku-1');
    };
    expect(refused('2.5')).toEqual({ text: '2.5', refusal: 'wholeOnly' });
    expect(refused('0')).toEqual({ text: '0', refusal: 'tooSmall' });
    expect(refused('-1')).toEqual({ text: '-1', refusal: 'tooSmall' });
    expect(refused('two')).toEqual({ text: 'two', refusal: 'notANumber' });
    expect(refused('1000001')).toEqual({ text: '1000001', refusal: 'tooLarge' });
    expect(refused('2.55', 'quintal')).toEqual({ text: '2.55', refusal: 'oneDecimal' });
    expect(items()).toEqual([]);
    // An emptied box is no refusal, and nothing to add.
    expect(refused('')).toEqual({ text: '', refusal: null });
    expect(items()).toEqual([]);
  });

  it('adds 2.5 quintal as 2.5', () => {
    const { actor, items } = start();
    actor.send(type('sku-3', 'quintal', '2.5'));
    expect(quantityBox(actor.getSnapshot(), 'sku-3')).toEqual({ text: '2.5', refusal: null });
    actor.send({ type: 'cart.add', item: husk });
    expect(items()).toEqual([{ ...husk, quantity: 2.5 }]);
  });

  it('refuses a quantity that would take the cart past the maximum', () => {
    const { actor, items } = start([{ ...shell, quantity: 999_999 }]);
    actor.send(type('sku-1', 'kg', '2'));
    expect(quantityBox(actor.getSnapshot(), 'sku-1').refusal).toBe('tooLarge');
    actor.send({ type: 'cart.add', item: shell });
    expect(items()).toEqual([{ ...shell, quantity: 999_999 }]);
  });

  it('steps the box with − and + by the unit, from empty, and never below the smallest quantity', () => {
    const { actor } = start();
    const box = () => quantityBox(actor.getSnapshot(), 'sku-3');
    const can = (t: 'draft.increment' | 'draft.decrement') => actor.getSnapshot().can({ type: t, skuId: 'sku-3', unit: 'quintal' });
    expect(can('draft.decrement')).toBe(false);
    actor.send({ type: 'draft.increment', skuId: 'sku-3', unit: 'quintal' });
    expect(box().text).toBe('0.5');
    actor.send(type('sku-3', 'quintal', '2.3'));
    actor.send({ type: 'draft.increment', skuId: 'sku-3', unit: 'quintal' });
    expect(box()).toEqual({ text: '2.8', refusal: null });
    actor.send({ type: 'draft.decrement', skuId: 'sku-3', unit: 'quintal' });
    actor.send({ type: 'draft.decrement', skuId: 'sku-3', unit: 'quintal' });
    expect(box().text).toBe('1.8');
    actor.send(type('sku-3', 'quintal', '0.4'));
    expect(can('draft.decrement')).toBe(false);
    actor.send({ type: 'draft.decrement', skuId: 'sku-3', unit: 'quintal' });
    expect(box().text).toBe('0.4');
    // Another product's box starts empty: + gives 1 kg.
    actor.send({ type: 'draft.increment', skuId: 'sku-1', unit: 'kg' });
    expect(quantityBox(actor.getSnapshot(), 'sku-1')).toEqual({ text: '1', refusal: null });
  });

  it('does not step a refused box: the farmer corrects what was typed', () => {
    const { actor } = start();
    actor.send(type('sku-1', 'kg', '2.5'));
    expect(actor.getSnapshot().can({ type: 'draft.increment', skuId: 'sku-1', unit: 'kg' })).toBe(false);
    actor.send({ type: 'draft.increment', skuId: 'sku-1', unit: 'kg' });
    actor.send({ type: 'draft.decrement', skuId: 'sku-1', unit: 'kg' });
    expect(quantityBox(actor.getSnapshot(), 'sku-1')).toEqual({ text: '2.5', refusal: 'wholeOnly' });
  });

  it('updates by _id or appends, removes, and clears', () => {
    const { actor, items } = start([{ ...shell, quantity: 2 }]);
    actor.send({ type: 'cart.update', item: { ...shell, quantity: 9 } });
    actor.send({ type: 'cart.update', item: { ...straw, quantity: 1 } });
    expect(items()).toEqual([{ ...shell, quantity: 9 }, { ...straw, quantity: 1 }]);
    actor.send({ type: 'cart.remove', id: 'sku-1' });
    expect(items()).toEqual([{ ...straw, quantity: 1 }]);
    actor.send({ type: 'cart.clear' });
    expect(items()).toEqual([]);
  });

  it('adds one on plus, takes one on minus, and drops the item on minus at 1', () => {
    const { actor, items } = start([{ ...shell, quantity: 1 }, { ...straw, quantity: 2 }]);
    actor.send({ type: 'cart.increment', id: 'sku-2' });
    actor.send({ type: 'cart.decrement', id: 'sku-1' });
    expect(items()).toEqual([{ ...straw, quantity: 3 }]);
  });

  it('steps quintal by half in the cart, and plus stops at the maximum', () => {
    const { actor, items } = start([{ ...husk, quantity: 2.5 }, { ...straw, quantity: 1_000_000 }]);
    actor.send({ type: 'cart.increment', id: 'sku-3' });
    actor.send({ type: 'cart.decrement', id: 'sku-3' });
    actor.send({ type: 'cart.decrement', id: 'sku-3' });
    expect(items()[0]).toEqual({ ...husk, quantity: 2 });
    expect(actor.getSnapshot().can({ type: 'cart.increment', id: 'sku-2' })).toBe(false);
    actor.send({ type: 'cart.increment', id: 'sku-2' });
    expect(items()[1]).toEqual({ ...straw, quantity: 1_000_000 });
  });

  it('takes a quantity typed in the cart under the unit rule: allowed at once, refused as typed with its reason', () => {
    const { actor, items } = start([{ ...husk, quantity: 1 }, { ...straw, quantity: 2 }]);
    const box = (id: string) => cartItemBox(actor.getSnapshot(), id);
    const cartType = (id: string, text: string) => actor.send({ type: 'cart.type', id, text });
    expect(box('sku-3')).toEqual({ text: '1', refusal: null });
    cartType('sku-3', '2.5');
    expect(items()[0]).toEqual({ ...husk, quantity: 2.5 });
    expect(box('sku-3')).toEqual({ text: '2.5', refusal: null });
    // Refused: the text stays, the item keeps its last allowed quantity, − and + and the request wait.
    cartType('sku-3', '2.25');
    expect(box('sku-3')).toEqual({ text: '2.25', refusal: 'oneDecimal' });
    expect(items()[0]).toEqual({ ...husk, quantity: 2.5 });
    for (const event of [{ type: 'cart.increment', id: 'sku-3' }, { type: 'cart.decrement', id: 'sku-3' }, { type: 'quotation.request' }] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
    }
    // The other item still steps.
    expect(actor.getSnapshot().can({ type: 'cart.increment', id: 'sku-2' })).toBe(true);
    cartType('sku-2', '1.5');
    expect(box('sku-2')).toEqual({ text: '1.5', refusal: 'wholeOnly' });
    cartType('sku-2', '');
    expect(box('sku-2')).toEqual({ text: '', refusal: 'tooSmall' });
    cartType('sku-2', '0');
    expect(box('sku-2').refusal).toBe('tooSmall');
    cartType('sku-2', 'abc');
    expect(box('sku-2').refusal).toBe('notANumber');
    cartType('sku-2', '1000001');
    expect(box('sku-2').refusal).toBe('tooLarge');
    expect(items()[1]).toEqual({ ...straw, quantity: 2 });
    // Corrected: both hold allowed quantities, and the cart can be sent; + then replaces the typed text.
    cartType('sku-3', '3');
    cartType('sku-2', '४');
    expect(items()).toEqual([{ ...husk, quantity: 3 }, { ...straw, quantity: 4 }]);
    expect(actor.getSnapshot().can({ type: 'quotation.request' })).toBe(true);
    actor.send({ type: 'cart.increment', id: 'sku-2' });
    expect(box('sku-2')).toEqual({ text: '5', refusal: null });
    // Typing for an item the cart does not hold changes nothing.
    cartType('sku-9', '2');
    expect(actor.getSnapshot().context.edits).toEqual({ 'sku-3': '3' });
  });

  it('cannot request a quotation with an empty cart', () => {
    const { actor, request } = start();
    expect(actor.getSnapshot().can({ type: 'quotation.request' })).toBe(false);
    actor.send({ type: 'quotation.request' });
    expect(request.calls).toHaveLength(0);
  });

  it('sends the cart as skusDetail and disables the button while sending', () => {
    const { actor, request } = start([{ ...shell, quantity: 3 }, { ...straw, quantity: 1 }]);
    actor.send({ type: 'quotation.request' });
    expect(request.last().input).toEqual({
      skusDetail: [
        { skuIdentifier: 'sku-1', quantity: 3 },
        { skuIdentifier: 'sku-2', quantity: 1 },
      ],
    });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'quotation.request' })).toBe(false);
    actor.send({ type: 'cart.remove', id: 'sku-1' });
    expect(actor.getSnapshot().context.items).toHaveLength(2);
  });

  it('clears the cart and goes to /request once the server took the request', async () => {
    const { actor, request, navigateToRequest, items } = start([{ ...shell, quantity: 3 }]);
    actor.send({ type: 'quotation.request' });
    await request.last().resolve({ outcome: 'done' });
    expect(items()).toEqual([]);
    expect(navigateToRequest).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('brings the button back and keeps the cart whole on any other answer or a network failure', async () => {
    const { actor, request, navigateToRequest, items } = start([{ ...shell, quantity: 3 }]);
    actor.send({ type: 'quotation.request' });
    await request.last().resolve({ outcome: 'refused' });
    expect(items()).toEqual([{ ...shell, quantity: 3 }]);
    expect(actor.getSnapshot().can({ type: 'quotation.request' })).toBe(true);
    actor.send({ type: 'quotation.request' });
    await request.last().reject({ status: 500, data: { message: 'Network error or request failed' } });
    expect(items()).toEqual([{ ...shell, quantity: 3 }]);
    expect(navigateToRequest).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('starts empty without a restored cart', () => {
    const actor = createActor(cartMachine, { input: undefined }).start();
    expect(actor.getSnapshot().context).toEqual({ items: [], draft: null, edits: {} });
  });

  it('shows an empty box for a product nothing was typed for, and for an item the cart does not hold', () => {
    const { actor } = start([{ ...shell, quantity: 2 }]);
    actor.send(type('sku-3', 'quintal', '2'));
    expect(quantityBox(actor.getSnapshot(), 'sku-1')).toEqual({ text: '', refusal: null });
    expect(cartItemBox(actor.getSnapshot(), 'sku-9')).toEqual({ text: '', refusal: null });
  });

  it('steps a box holding only spaces as an empty one', () => {
    const { actor } = start();
    actor.send(type('sku-1', 'kg', '  '));
    expect(quantityBox(actor.getSnapshot(), 'sku-1')).toEqual({ text: '  ', refusal: null });
    actor.send({ type: 'draft.increment', skuId: 'sku-1', unit: 'kg' });
    expect(quantityBox(actor.getSnapshot(), 'sku-1')).toEqual({ text: '1', refusal: null });
  });

  it('adds up to the maximum exactly', () => {
    const { actor, items } = start([{ ...shell, quantity: 999_999 }]);
    actor.send(type('sku-1', 'kg', '1'));
    expect(quantityBox(actor.getSnapshot(), 'sku-1').refusal).toBeNull();
    actor.send({ type: 'cart.add', item: shell });
    expect(items()).toEqual([{ ...shell, quantity: 1_000_000 }]);
  });

  it('forgets what was typed in an item box when another source sets the quantity: an update, Add to Cart, −, remove, clear', () => {
    const { actor, items } = start([{ ...shell, quantity: 5 }, { ...straw, quantity: 3 }]);
    const box = (id: string) => cartItemBox(actor.getSnapshot(), id);
    const typeRefused = () => {
      actor.send({ type: 'cart.type', id: 'sku-1', text: '2.5' });
      expect(box('sku-1')).toEqual({ text: '2.5', refusal: 'wholeOnly' });
    };
    typeRefused();
    actor.send({ type: 'cart.update', item: { ...shell, quantity: 8 } });
    expect(box('sku-1')).toEqual({ text: '8', refusal: null });
    typeRefused();
    actor.send(type('sku-1', 'kg', '2'));
    actor.send({ type: 'cart.add', item: shell });
    expect(box('sku-1')).toEqual({ text: '10', refusal: null });
    actor.send({ type: 'cart.type', id: 'sku-1', text: '4' });
    actor.send({ type: 'cart.decrement', id: 'sku-1' });
    expect(box('sku-1')).toEqual({ text: '3', refusal: null });
    typeRefused();
    actor.send({ type: 'cart.remove', id: 'sku-1' });
    expect(actor.getSnapshot().context.edits).toEqual({});
    actor.send({ type: 'cart.update', item: { ...shell, quantity: 1 } });
    expect(box('sku-1')).toEqual({ text: '1', refusal: null });
    // The other item's box is left as it was typed.
    actor.send({ type: 'cart.type', id: 'sku-2', text: '7' });
    typeRefused();
    actor.send({ type: 'cart.update', item: { ...shell, quantity: 2 } });
    expect(actor.getSnapshot().context.edits).toEqual({ 'sku-2': '7' });
    actor.send(type('sku-3', 'quintal', '2'));
    actor.send({ type: 'cart.clear' });
    expect(actor.getSnapshot().context).toEqual({ items: [], draft: null, edits: {} });
    actor.send({ type: 'cart.update', item: { ...straw, quantity: 3 } });
    expect(box('sku-2')).toEqual({ text: '3', refusal: null });
    expect(items()).toEqual([{ ...straw, quantity: 3 }]);
  });

  it('keeps the cart whole when no request effect was supplied', async () => {
    const actor = createActor(cartMachine, { input: { items: [{ ...shell, quantity: 3 }] } }).start();
    actor.send({ type: 'quotation.request' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.items).toEqual([{ ...shell, quantity: 3 }]);
  });

  it('orders again: each item joins what the cart holds as Add to Cart adds it, and one past the maximum is left as it is', () => {
    const { actor, items } = start([{ ...shell, quantity: 2 }, { ...husk, quantity: 999_999.5 }]);
    actor.send({ type: 'cart.type', id: 'sku-1', text: '2.5' });
    actor.send({ type: 'cart.addAll', items: [{ ...shell, quantity: 3 }, { ...straw, quantity: 4 }, { ...husk, quantity: 1 }] });
    expect(items()).toEqual([{ ...shell, quantity: 5 }, { ...husk, quantity: 999_999.5 }, { ...straw, quantity: 4 }]);
    // What was typed in the shell's box gave way to the new quantity.
    expect(cartItemBox(actor.getSnapshot(), 'sku-1')).toEqual({ text: '5', refusal: null });
  });
});
