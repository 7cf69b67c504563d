/**
 * The cart paths drive /sku-details and /cart (typing a quantity, Add to Cart, plus, minus, remove,
 * Request Quotation) and the catalogue paths drive /home, /sku-details and /profile (opening and
 * leaving Home, typing a search, a deep link, the contact sheet). Each event is a gesture, an
 * actor's answer or a timer tick; each state is checked on screen.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { selectedSku, visibleSkus } from '../../machines/catalogue.machine';
import { DEBOUNCE_MS, SKU_REFRESH_MS } from '../../src/domain/constants';
import type { CartDraft } from '../../machines/cart.machine';
import type { QuantityRefusal } from '../../src/domain/quantity';
import type { CartItem } from '../../src/domain/types';
import { assertFullCoverage, driveView, modelPaths } from '../support/machines/model-coverage';
import { cartModel, catalogueModel, modelConfig, modelShell, modelStraw } from '../support/machines/shop-model-events';
import { advance, answer, delayOf, fakeTimers, preloadShopScreens, screenShown, until } from '../support/web/shop-drive';
import { renderShop, type RenderedShop } from '../support/web/shop-harness';

type Snap = SnapshotFrom<AnyStateMachine>;
beforeAll(preloadShopScreens);
afterEach(() => vi.useRealTimers());

const NAMES: Record<string, string> = { 'sku-1': 'Groundnut Shell', 'sku-2': 'Paddy Straw' };
/** The refusals the paths reach, as the farmer reads them (the product is sold by the kg). */
const REFUSALS: Partial<Record<QuantityRefusal, string>> = { wholeOnly: 'kg is sold in whole numbers only: 1, 2, 3…' };
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** Waits, on the fake clock, for the control the farmer is about to use (the screen may still be rendering), and returns it. */
const shown = async (role: 'button' | 'spinbutton', name: string) => {
  await until(() => screen.queryByRole(role, { name }) !== null, `the ${role} ${name}`);
  return screen.getByRole(role, { name });
};
const go = async (view: RenderedShop, to: string) => {
  if (view.path() === to) return;
  view.app().system.get('session')?.send({ type: 'nav.go', to });
  await until(() => view.path() === to, `the address ${to}`);
  await screenShown();
};

describe('/sku-details and /cart along the cart paths', () => {
  // Plus, minus and remove are gestures on an item the cart holds.
  const paths = modelPaths(cartModel.machine, {
    ...cartModel,
    events: (s) =>
      cartModel.events.filter((e) => !('id' in e) || (s.context.items as CartItem[]).some((i) => i._id === e.id)),
  });
  const productPage = '/sku-details?sku_id=SKU1001';

  const perform = (view: RenderedShop) => async (event: AnyEventObject) => {
    if (event.type === 'xstate.init') return;
    if (event.type === 'draft.change') {
      await go(view, productPage);
      const input = (await shown('spinbutton', 'Quantity')) as HTMLInputElement;
      // Typing the text already shown: the farmer clears the box and types it again.
      if (input.value === event.text) fireEvent.change(input, { target: { value: '' } });
      fireEvent.change(input, { target: { value: event.text } });
    } else if (event.type === 'draft.increment' || event.type === 'draft.decrement') {
      await go(view, productPage);
      fireEvent.click(await shown('button', `${event.type === 'draft.increment' ? 'Increase' : 'Decrease'} ${NAMES[event.skuId as string]}`));
    } else if (event.type === 'cart.add') {
      await go(view, productPage);
      fireEvent.click(await shown('button', 'Add to Cart'));
    } else if (event.type === 'cart.update' || event.type === 'cart.clear' || event.type === 'cart.addAll') {
      // No screen edits an item wholesale or empties the cart by hand: the app-level event, sent as the app would
      // (Order again is sent by the quotation's chart, tested along its own paths).
      view.app().system.get('cart')?.send(event);
    } else if (event.type === 'cart.type') {
      await go(view, '/cart');
      const input = (await shown('spinbutton', `Quantity of ${NAMES[event.id as string]}`)) as HTMLInputElement;
      if (input.value === event.text) fireEvent.change(input, { target: { value: '' } });
      fireEvent.change(input, { target: { value: event.text } });
    } else if (event.type === 'cart.increment' || event.type === 'cart.decrement' || event.type === 'cart.remove') {
      await go(view, '/cart');
      const verb = { 'cart.increment': 'Increase', 'cart.decrement': 'Decrease', 'cart.remove': 'Remove' }[event.type];
      fireEvent.click(await shown('button', `${verb} ${NAMES[event.id as string]}`));
    } else if (event.type === 'quotation.request') {
      await go(view, '/cart');
      fireEvent.click(await shown('button', 'Request Quotation'));
    } else if (event.type.endsWith('.requestQuotation')) {
      await answer(view.shop.requestQuotation.last(), event);
    } else throw new Error(`No gesture for ${event.type}`);
    await screenShown();
  };

  /** The cart tab's badge counts the lines in the cart, on every screen and in every state. */
  const badge = (s: Snap) => {
    const items = s.context.items as CartItem[];
    expect(document.querySelector('.shop-tab-badge')?.textContent ?? '0').toBe(String(items.length));
  };
  const assertionsFor = (view: RenderedShop) => ({
    ready: (s: Snap) => {
      badge(s);
      const items = s.context.items as CartItem[];
      if (view.path() === '/cart') {
        screen.getByText(`${items.length} item${items.length === 1 ? '' : 's'}`);
        const edits = s.context.edits as Record<string, string>;
        let refusals = 0;
        for (const item of items) {
          screen.getByText(`${item.quantity} ${item.skuQuantityUnit}`);
          const box = screen.getByRole('spinbutton', { name: `Quantity of ${NAMES[item._id]}` }) as HTMLInputElement;
          // The box shows what was typed in it, else the quantity; 2.5 kg typed is refused with its reason.
          expect(box.value).toBe(edits[item._id] ?? String(item.quantity));
          const refused = edits[item._id] === '2.5';
          expect(box.getAttribute('aria-invalid')).toBe(String(refused));
          if (refused) {
            refusals += 1;
            expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(REFUSALS.wholeOnly);
            expect(button(`Increase ${NAMES[item._id]}`).disabled).toBe(true);
            expect(button(`Decrease ${NAMES[item._id]}`).disabled).toBe(true);
          }
        }
        expect(screen.queryAllByRole('alert')).toHaveLength(refusals);
        expect(button('Request Quotation').disabled).toBe(items.length === 0 || refusals > 0);
      } else if (view.path() === productPage) {
        const draft = s.context.draft as CartDraft | null;
        const mine = draft?.skuId === 'sku-1' ? draft : null;
        const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
        expect(input.value).toBe(mine?.text ?? '');
        expect(button('Add to Cart').disabled).toBe(mine?.quantity == null);
        // The box steps only from an allowed quantity (or empty), and − never below 1 kg.
        const refused = mine?.refusal != null;
        expect(button('Increase Groundnut Shell').disabled).toBe(refused);
        expect(button('Decrease Groundnut Shell').disabled).toBe(refused || (mine?.quantity ?? 0) < 2);
        if (refused) {
          expect(screen.getByRole('alert').textContent).toBe(REFUSALS[mine!.refusal!]);
          expect(input.getAttribute('aria-invalid')).toBe('true');
        } else {
          expect(screen.queryByRole('alert')).toBeNull();
        }
      } else {
        expect(view.path()).toBe('/request');
        expect(items).toEqual([]);
      }
    },
    sending: (s: Snap) => {
      badge(s);
      expect(view.path()).toBe('/cart');
      expect(button('Sending…').disabled).toBe(true);
    },
  });

  it('take every transition of the machine', () => assertFullCoverage(cartModel.machine, paths, cartModel.input));
  it('has paths to drive', () => expect(paths.length).toBeGreaterThan(5));
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, path) => {
    const view = renderShop({ path: '/cart', persisted: { skus: [modelShell, modelStraw] } });
    await screen.findByRole('button', { name: 'Request Quotation' });
    fakeTimers();
    await driveView(path, { perform: perform(view), assertions: assertionsFor(view) });
  });
});

describe('/home, /sku-details and /profile along the catalogue paths', () => {
  // One gesture per event: Home opens and closes by its tab, a search is typed on Home, a product
  // link opens away from Home, and a timer tick moves the clock only when no other timer would fire.
  const paths = modelPaths(catalogueModel.machine, {
    ...catalogueModel,
    events: (s) => {
      const onHome = s.matches({ refresh: 'on' });
      const settled = s.matches({ search: 'settled' });
      return catalogueModel.events.filter((e) => {
        if (e.type === 'catalogue.load') return false;
        if (e.type === 'home.open') return !onHome;
        if (e.type === 'home.close') return onHome;
        if (e.type === 'search.change') return onHome;
        if (e.type === 'sku.open') return !onHome && s.context.selectedSkuDisplayId === null;
        if (e.type.startsWith('xstate.after.SKU_REFRESH')) return settled && !s.matches({ contact: 'unavailable' });
        if (e.type.startsWith('xstate.after.CONFIG_RETRY')) return settled && !onHome;
        return true;
      });
    },
  });

  const perform = (view: RenderedShop) => async (event: AnyEventObject) => {
    if (event.type === 'xstate.init') return;
    if (event.type === 'home.open') fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    else if (event.type === 'home.close') fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    else if (event.type === 'search.change') fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: event.query } });
    else if (event.type === 'sku.open') await go(view, `/sku-details?sku_id=${event.skuDisplayId}`);
    else if (event.type.endsWith('.fetchSkus')) await answer(view.shop.fetchSkus.last(), event);
    else if (event.type.endsWith('.fetchConfig')) await answer(view.shop.fetchConfig.last(), event);
    else if (event.type.startsWith('xstate.after.')) await advance(delayOf(event) === 'DEBOUNCE' ? DEBOUNCE_MS : SKU_REFRESH_MS);
    else throw new Error(`No gesture for ${event.type}`);
    await screenShown();
  };

  const assertionsFor = (view: RenderedShop) => ({
    'refresh.on': (s: Snap) => {
      expect(view.path()).toBe('/home');
      expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe(s.context.query);
      const shown = visibleSkus(s as never).map((sku) => sku.name);
      const overview = screen.getByRole('region', { name: 'Product Overview' });
      expect(within(overview).queryAllByRole('link').map((link) => link.textContent)).toEqual(shown);
      if (shown.length === 0 && s.hasTag('loading')) within(overview).getByText('Loading...');
    },
    'refresh.off': (s: Snap) => {
      if (view.path().startsWith('/sku-details')) {
        const sku = selectedSku(s as never);
        if (sku) expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toContain(sku.name);
        else {
          expect(screen.queryByText('Loading...') !== null).toBe(s.hasTag('loading'));
          expect(screen.queryByText('This product is not available') !== null).toBe(!s.hasTag('loading'));
        }
      } else {
        expect(view.path()).toBe('/profile');
        screen.getByRole('heading', { level: 1, name: 'My Profile' });
      }
    },
    contact: (s: Snap) => {
      fireEvent.click(screen.getByRole('button', { name: 'Contact Us' }));
      const sheet = screen.getByRole('dialog', { name: 'Contact Us' });
      if (s.matches({ contact: 'ready' })) {
        expect(within(sheet).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe(`tel:${modelConfig.contactPhone}`);
      } else {
        within(sheet).getByText('Loading...');
      }
      fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  });

  it('take every transition of the machine', () => assertFullCoverage(catalogueModel.machine, paths, catalogueModel.input));
  it('has paths to drive', () => expect(paths.length).toBeGreaterThan(5));
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_, path) => {
    const view = renderShop({ path: '/profile' });
    await screen.findByRole('button', { name: 'Log out' });
    fakeTimers();
    await driveView(path, { perform: perform(view), assertions: assertionsFor(view) });
  });
});
