/**
 * Quantity entry as the farmer meets it: − and + beside the box on /sku-details
 * and in /cart, decimals only where the unit allows them, and a refusal that says why, in the
 * farmer's language, while the box keeps exactly what was typed.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import hi from '../../locales/hi.json';
import type { CartItem } from '../../src/domain/types';
import { shell, sku } from '../support/shop-fixtures';
import { renderShop } from '../support/web/shop-harness';
import { preloadShopScreens } from '../support/web/shop-drive';

beforeAll(preloadShopScreens);

const husk = sku({ _id: 'sku-3', skuDisplayId: 'SKU1003', name: 'Rice Husk', skuQuantityUnit: 'quintal', image: '/img/husk.jpg' });
const huskInCart: CartItem = { _id: 'sku-3', name: 'Rice Husk', image: '/img/husk.jpg', skuQuantityUnit: 'quintal', quantity: 0.5 };
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const box = () => screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;

describe('quantity on the product page', () => {
  it('refuses 2.5 kg, 0, a negative and letters with a visible reason, keeping the text as typed', async () => {
    // When the page first shows (a DOM mutation, seen before any timer runs), its view already listens
    // to the cart chart: a box that did not would go back to empty as the farmer types (the start-up
    // race once seen in a full-suite run: a screen shown by a Suspense round runs its effects later;
    // preloadShopScreens now loads the screens as the app does, so they open directly).
    const listening: number[] = [];
    let cart: { observers: Set<unknown> } | undefined;
    const watch = new MutationObserver(() => {
      if (listening.length === 0 && screen.queryByRole('spinbutton', { name: 'Quantity' })) listening.push(cart?.observers.size ?? -1);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    const view = renderShop({
      path: '/sku-details?sku_id=SKU1001',
      persisted: { skus: [shell] },
      inspect: (event) => {
        const actor = event.actorRef as unknown as { id: string; observers: Set<unknown> };
        if (actor.id === 'cart') cart = actor;
      },
    });
    await screen.findByRole('heading', { name: 'Groundnut Shell' });
    watch.disconnect();
    expect(listening).toHaveLength(1);
    expect(listening[0]).toBeGreaterThan(0);
    // Typed at once after the page shows, it stays.
    fireEvent.change(box(), { target: { value: '7' } });
    expect(box().value).toBe('7');
    const cases: [string, string][] = [
      ['2.5', 'kg is sold in whole numbers only: 1, 2, 3…'],
      ['0', 'The quantity must be more than 0'],
      ['-4', 'The quantity must be more than 0'],
      ['abc', 'Type the quantity in numbers only'],
      ['1000001', 'At most 10,00,000 kg in one request'],
    ];
    for (const [typed, reason] of cases) {
      fireEvent.change(box(), { target: { value: typed } });
      expect(box().value).toBe(typed);
      expect(screen.getByRole('alert').textContent).toBe(reason);
      expect(box().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
      expect(button('Add to Cart').disabled).toBe(true);
      expect(button('Increase Groundnut Shell').disabled).toBe(true);
    }
    fireEvent.click(button('Add to Cart'));
    expect(view.app().system.get('cart')?.getSnapshot().context.items).toEqual([]);
    fireEvent.change(box(), { target: { value: '3' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button('Add to Cart').disabled).toBe(false);
  });

  it('keeps 2.5 quintal, steps by half a quintal, and adds it as typed', async () => {
    const view = renderShop({ path: '/sku-details?sku_id=SKU1003', persisted: { skus: [husk] } });
    await screen.findByRole('heading', { name: 'Rice Husk' });
    expect(button('Decrease Rice Husk').disabled).toBe(true);
    fireEvent.click(button('Increase Rice Husk'));
    expect(box().value).toBe('0.5');
    fireEvent.change(box(), { target: { value: '2.5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(button('Increase Rice Husk'));
    expect(box().value).toBe('3');
    fireEvent.click(button('Decrease Rice Husk'));
    fireEvent.click(button('Decrease Rice Husk'));
    expect(box().value).toBe('2');
    fireEvent.change(box(), { target: { value: '2.25' } });
    expect(screen.getByRole('alert').textContent).toBe('quintal takes at most one digit after the point, like 2.5');
    fireEvent.change(box(), { target: { value: '2.5' } });
    fireEvent.click(button('Add to Cart'));
    expect(view.app().system.get('cart')?.getSnapshot().context.items).toEqual([{ ...huskInCart, quantity: 2.5 }]);
  });

  it('says the refusal in Hindi and labels the steppers in Hindi', async () => {
    renderShop({ path: '/sku-details?sku_id=SKU1001', persisted: { skus: [shell] }, language: 'hindi' });
    const input = await screen.findByRole('spinbutton');
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(screen.getByRole('alert').textContent).toBe(hi['shop.quantity.refused.wholeOnly'].replace('{unit}', 'किलो'));
    screen.getByRole('button', { name: 'Groundnut Shell बढ़ाएँ' });
    screen.getByRole('button', { name: 'Groundnut Shell कम करें' });
  });
});

describe('quantity in the cart', () => {
  it('steps quintal by half, removes it below the smallest quantity, and turns plus off at the maximum', async () => {
    const bales: CartItem = { _id: 'sku-1', name: 'Groundnut Shell', image: shell.image, skuQuantityUnit: 'kg', quantity: 1_000_000 };
    const view = renderShop({ path: '/cart', persisted: { cart: [huskInCart, bales] } });
    await screen.findByText('2 items');
    expect(button('Increase Groundnut Shell').disabled).toBe(true);
    fireEvent.click(button('Increase Rice Husk'));
    screen.getByText('1 quintal');
    fireEvent.click(button('Decrease Rice Husk'));
    screen.getByText('0.5 quintal');
    await act(async () => fireEvent.click(button('Decrease Rice Husk')));
    expect(view.app().system.get('cart')?.getSnapshot().context.items).toEqual([bales]);
  });

  it('takes a typed quantity in the box between − and +, and refuses 2.25 quintal visibly, in Hindi too', async () => {
    const view = renderShop({ path: '/cart', persisted: { cart: [huskInCart] }, language: 'hindi' });
    const input = (await screen.findByRole('spinbutton', { name: 'Rice Husk की मात्रा' })) as HTMLInputElement;
    expect(input.value).toBe('0.5');
    fireEvent.change(input, { target: { value: '2.25' } });
    expect(input.value).toBe('2.25');
    expect(screen.getByRole('alert').textContent).toBe(hi['shop.quantity.refused.oneDecimal'].replace('{unit}', 'क्विंटल'));
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect((screen.getByRole('button', { name: 'भाव पूछें' }) as HTMLButtonElement).disabled).toBe(true);
    expect(view.app().system.get('cart')?.getSnapshot().context.items).toEqual([huskInCart]);
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(view.app().system.get('cart')?.getSnapshot().context.items).toEqual([{ ...huskInCart, quantity: 2.5 }]);
  });
});
