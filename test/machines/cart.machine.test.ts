import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine, type QuotationRequestResult } from '../../machines/cart.machine';
import type { CreateQuotationBody } from '../../src/domain/api';
import type { CartItem } from '../../src/domain/types';
import { controlled, flush } from './shop-fakes';

const shell = { _id: 'sku-1', name: 'Groundnut Shell', image: '/g.jpg', skuQuantityUnit: 'kg' };
const straw = { _id: 'sku-2', name: 'Paddy Straw', image: '/p.jpg', skuQuantityUnit: 'bale' };

function start(items: CartItem[] = []) {
  const request = controlled<QuotationRequestResult, CreateQuotationBody>();
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
    actor.send({ type: 'draft.change', skuId: 'sku-1', quantity: 5 });
    actor.send({ type: 'cart.add', item: shell });
    expect(items()).toEqual([{ ...shell, quantity: 7 }]);
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it('refuses to add a quantity of 0, a negative one, or one typed for another product', () => {
    const { actor, items } = start();
    actor.send({ type: 'draft.change', skuId: 'sku-1', quantity: 0 });
    expect(actor.getSnapshot().can({ type: 'cart.add', item: shell })).toBe(false);
    actor.send({ type: 'draft.change', skuId: 'sku-1', quantity: -3 });
    actor.send({ type: 'cart.add', item: shell });
    actor.send({ type: 'draft.change', skuId: 'sku-2', quantity: 4 });
    actor.send({ type: 'cart.add', item: shell });
    expect(items()).toEqual([]);
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

  it('clears the cart and goes to /request on 201', async () => {
    const { actor, request, navigateToRequest, items } = start([{ ...shell, quantity: 3 }]);
    actor.send({ type: 'quotation.request' });
    request.last().deferred.resolve({ status: 201 });
    await flush();
    expect(items()).toEqual([]);
    expect(navigateToRequest).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('brings the button back and keeps the cart whole on any other answer or a network failure', async () => {
    const { actor, request, navigateToRequest, items } = start([{ ...shell, quantity: 3 }]);
    actor.send({ type: 'quotation.request' });
    request.last().deferred.resolve({ status: 200 });
    await flush();
    expect(items()).toEqual([{ ...shell, quantity: 3 }]);
    expect(actor.getSnapshot().can({ type: 'quotation.request' })).toBe(true);
    actor.send({ type: 'quotation.request' });
    request.last().deferred.reject({ status: 500, data: { message: 'Network error or request failed' } });
    await flush();
    expect(items()).toEqual([{ ...shell, quantity: 3 }]);
    expect(navigateToRequest).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});
