import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEBOUNCE_MS } from '../../src/domain/constants';
import { config, onePage, deletedQ, expiredQ, orderedQ, pendingQ, receivedQ, shell, shellInCart, straw, strawInCart } from '../support/shop-fixtures';
import { called, renderShop, screenOpen } from '../support/web/shop-harness';
import { preloadShopScreens } from '../support/web/shop-drive';

// The screens load lazily; loading them once up front keeps the first test's waits about the screen.
beforeAll(preloadShopScreens);

describe('home screen', () => {
  it('greets the farmer, fetches the catalogue and shows a 3-column grid whose first row loads first', async () => {
    const view = renderShop({ path: '/home' });
    await screen.findByText('Ramesh Patel');
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
    const fetch = await called(view.shop.fetchSkus);
    await act(async () => fetch.resolve([shell, straw]));
    const overview = screen.getByRole('region', { name: 'Product Overview' });
    expect(within(overview).getAllByRole('link').map((link) => link.textContent)).toEqual(['Groundnut Shell', 'Paddy Straw']);
    const images = overview.querySelectorAll('img');
    expect(images).toHaveLength(2);
    for (const img of images) {
      // The first row is the page's largest paint on a slow phone: eager, ahead of everything else.
      expect(img.getAttribute('loading')).toBe('eager');
      expect(img.getAttribute('fetchpriority')).toBe('high');
      expect(img.getAttribute('width')).toBe('132');
      expect(img.getAttribute('height')).toBe('132');
    }
    screen.getByRole('heading', { name: 'Product Description' });
  });

  it('shows Admin Dashboard to admins', async () => {
    renderShop({ path: '/home', user: { isAdmin: true } });
    await screen.findByRole('link', { name: 'Admin Dashboard' });
  });

  it(`filters the grid ${DEBOUNCE_MS} ms after typing stops`, async () => {
    const view = renderShop({ path: '/home', persisted: { skus: [shell, straw] } });
    const search = await screen.findByRole('searchbox', { name: 'Search products' });
    const fetch = await called(view.shop.fetchSkus);
    await act(async () => fetch.resolve([shell, straw]));
    fireEvent.change(search, { target: { value: 'RICE' } });
    expect(screen.getAllByRole('link', { name: /Groundnut Shell|Paddy Straw/ })).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Groundnut Shell' })).toBeNull(), { timeout: DEBOUNCE_MS + 1000 });
    screen.getByRole('link', { name: 'Paddy Straw' });
  });

  it('opens a product on tap and the profile from the header', async () => {
    const view = renderShop({ path: '/home', persisted: { skus: [shell, straw] } });
    fireEvent.click(await screen.findByRole('link', { name: /Paddy Straw/ }));
    await waitFor(() => expect(view.path()).toBe('/sku-details?sku_id=SKU1002'));
  });
});

describe('product screen', () => {
  it('fetches the catalogue for a deep link, then adds the typed quantity and resets the input', async () => {
    const view = renderShop({ path: '/sku-details?sku_id=SKU1002' });
    await screen.findByText('Loading...');
    const fetch = await called(view.shop.fetchSkus);
    await act(async () => fetch.resolve([shell, straw]));
    screen.getByRole('heading', { name: 'Paddy Straw' });
    screen.getByText('Straw');
    screen.getByText('Delta Farms');
    screen.getByText('bale');
    const add = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '5' } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(quantity.value).toBe('');
    screen.getByText('1 item added');
    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(add);
    expect(view.app().system.get('cart')?.getSnapshot().context.items).toEqual([{ ...strawInCart, quantity: 8 }]);
  });
});

describe('cart screen', () => {
  it('lists the items with their count and changes quantities with plus, minus and remove', async () => {
    const view = renderShop({ path: '/cart', persisted: { cart: [shellInCart, strawInCart] } });
    await screen.findByText('2 items');
    fireEvent.click(screen.getByRole('button', { name: 'Increase Groundnut Shell' }));
    screen.getByText('3 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Paddy Straw' }));
    expect(screen.queryByText('Paddy Straw')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Groundnut Shell' }));
    screen.getByText('Your cart is empty');
    expect((screen.getByRole('button', { name: 'Request Quotation' }) as HTMLButtonElement).disabled).toBe(true);
    expect(view.shop.requestQuotation.calls).toHaveLength(0);
  });

  it('requests a quotation, disables the button while sending, and on 201 clears the cart and opens /request', async () => {
    const view = renderShop({ path: '/cart', persisted: { cart: [shellInCart, strawInCart] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Request Quotation' }));
    expect(view.shop.requestQuotation.last().input).toEqual({
      skusDetail: [
        { skuIdentifier: 'sku-1', quantity: 2 },
        { skuIdentifier: 'sku-2', quantity: 1 },
      ],
    });
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => view.shop.requestQuotation.last().resolve({ outcome: 'done' }));
    await waitFor(() => expect(view.path()).toBe('/request'));
    expect(view.app().system.get('cart')?.getSnapshot().context.items).toEqual([]);
  });

  it('keeps the cart whole and brings the button back when the request fails', async () => {
    const view = renderShop({ path: '/cart', persisted: { cart: [shellInCart] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Request Quotation' }));
    await act(async () => view.shop.requestQuotation.last().reject({ status: 500, data: { message: 'Network error or request failed' } }));
    expect((screen.getByRole('button', { name: 'Request Quotation' }) as HTMLButtonElement).disabled).toBe(false);
    screen.getByText('Groundnut Shell');
    expect(view.path()).toBe('/cart');
  });
});

describe('request screen', () => {
  it('shows each quotation with its badge, up to 3 items, the total unless pending, and delete only on pending', async () => {
    const view = renderShop({ path: '/request' });
    await screen.findByText('0 quotations');
    const fetch = await called(view.shop.fetchQuotations);
    await act(async () => fetch.resolve(onePage([pendingQ, receivedQ, orderedQ, deletedQ, expiredQ])));
    screen.getByText('5 quotations');
    const card = (id: string) => screen.getByText(id).closest('li') as HTMLElement;
    expect(within(card('QT100001')).getByText('Pending').className).toContain('orange');
    expect(within(card('QT100002')).getByText('Received').className).toContain('green');
    expect(within(card('QT100003')).getByText('Ordered').className).toContain('darkGreen');
    expect(within(card('QT100004')).getByText('Deleted').className).toContain('red');
    expect(within(card('QT100005')).getByText('Expired').className).toContain('red');
    expect(within(card('QT100001')).queryByText(/Total Amount/)).toBeNull();
    within(card('QT100002')).getByText('₹2,90,000.00');
    expect(screen.getAllByRole('button', { name: /^Delete / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Delete QT100001']);
  });

  it('asks to confirm with the display id and deletes on Yes', async () => {
    const view = renderShop({ path: '/request', persisted: { quotations: [pendingQ] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete QT100001' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to cancel' });
    within(dialog).getByText('QT100001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete QT100001' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(view.shop.deleteQuotation.last().input).toEqual({ id: 'q-1' });
    await act(async () => view.shop.deleteQuotation.last().resolve({ outcome: 'done' }));
    screen.getByText('Deleted');
    expect(screen.queryByRole('button', { name: 'Delete QT100001' })).toBeNull();
  });

  it('stops polling when the screen closes', async () => {
    const view = renderShop({ path: '/request' });
    await screen.findByText('0 quotations');
    expect(view.shop.visibility.listening()).toBe(1);
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(view.path()).toBe('/home'));
    await waitFor(() => expect(view.shop.visibility.listening()).toBe(0));
    expect(view.shop.fetchQuotations.last().signal.aborted).toBe(true);
  });
});

describe('quotation details screen', () => {
  it('titles a received quotation My Request, shows the price panel and places the order', async () => {
    const view = renderShop({ path: '/quotation-details?quotation_id=QT100002' });
    const fetch = await called(view.shop.fetchQuotation);
    await screenOpen();
    await act(async () => fetch.resolve(receivedQ));
    expect(view.shop.fetchQuotation.calls[0]?.input).toEqual({ id: 'QT100002' });
    screen.getByRole('heading', { level: 1, name: 'My Request' });
    const panel = screen.getByRole('region', { name: 'Price Details' });
    within(panel).getByText('₹3,00,000.00');
    within(panel).getByText('−₹20,000.00');
    within(panel).getByText('₹10,000.00');
    within(panel).getByText('₹2,90,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    // Where and when first; the profile's place and any day are the empty body.
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Where and when to deliver' })).getByRole('button', { name: 'Confirm order' }));
    expect(view.shop.placeOrder.last().input).toEqual({ id: 'q-2', body: {} });
    await act(async () => view.shop.placeOrder.last().resolve({ outcome: 'done' }));
    await waitFor(() => expect(view.path()).toBe('/request'));
  });

  it('titles each status and offers its action', async () => {
    const cases = [
      [pendingQ, 'Waiting for price', 'Delete Request'],
      [orderedQ, 'My Order', 'Track Order'],
      [deletedQ, 'Quotation Deleted', null],
      [expiredQ, 'Quotation Expired', null],
    ] as const;
    for (const [q, title, action] of cases) {
      const view = renderShop({ path: `/quotation-details?quotation_id=${q.quotationDisplayId}` });
      const fetch = await called(view.shop.fetchQuotation);
      await screenOpen();
      await act(async () => fetch.resolve(q));
      screen.getByRole('heading', { level: 1, name: title });
      const buttons = ['Delete Request', 'Place Order', 'Track Order'].filter((name) => screen.queryByRole('button', { name }));
      expect(buttons).toEqual(action ? [action] : []);
      expect(screen.queryByRole('region', { name: 'Price Details' }) !== null).toBe(q.status === 'ORDERED');
      view.unmount();
    }
  });
});

describe('order status screen', () => {
  it('shows the Delivery Code, the tracker and the balance, and opens Contact Us without a UPI payee', async () => {
    const view = renderShop({ path: '/order-status?quotation_id=q-3' });
    const fetch = await called(view.shop.fetchQuotation);
    await screenOpen();
    const fetchConfig = await called(view.shop.fetchConfig);
    await act(async () => {
      fetchConfig.resolve(config);
      fetch.resolve(orderedQ);
    });
    screen.getByText('4821');
    const steps = within(screen.getByRole('region', { name: 'Order Status' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Confirmation Pendingcompleted',
      'Order Confirmedcompleted',
      'Material Loadednot yet',
      'In Transitnot yet',
      'Deliverednot yet',
      'Payment Statusnot yet',
    ]);
    screen.getByText('₹1,00,000.00');
    screen.getByText('₹1,90,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    const sheet = screen.getByRole('dialog', { name: 'Contact Us' });
    expect(within(sheet).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+919812345678');
    expect(within(sheet).getByRole('link', { name: 'Chat with us' }).getAttribute('href')).toBe('https://wa.me/919812345678');
  });

  it('hides the balance panel once the total is paid and puts Payment Status first', async () => {
    const view = renderShop({ path: '/order-status?quotation_id=q-3' });
    const fetch = await called(view.shop.fetchQuotation);
    await screenOpen();
    await act(async () => fetch.resolve({ ...orderedQ, amountPaidPaisa: 29_000_000 }));
    expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Order Status' })).getAllByRole('listitem')[0]?.textContent).toBe('Payment Statuscompleted');
  });
});

describe('profile screen', () => {
  it('shows the farmer read-only and logs out', async () => {
    const view = renderShop({ path: '/profile' });
    await screen.findByText('+91 9876543210');
    screen.getByText('Uploaded');
    screen.getByText('Male');
    screen.getByText('42');
    screen.getByText('Rampur village, Anand, Gujarat');
    screen.getByText('English', { selector: 'dd' });
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(view.app().system.get('session')?.getSnapshot().matches({ account: 'loggingOut' })).toBe(true);
  });

  it('empties the cart and the cached quotations when the farmer logs out', async () => {
    const view = renderShop({ path: '/profile', persisted: { cart: [shellInCart], quotations: [pendingQ] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await act(async () => view.onboarding.logout.last().resolve());
    await waitFor(() => expect(view.path()).toBe('/join-us'));
    expect(view.app().system.get('cart')?.getSnapshot().context.items).toEqual([]);
    expect(view.app().system.get('quotations')?.getSnapshot().context.quotations).toEqual([]);
    const saved = JSON.parse(view.store.data.get('persist:root') ?? '{}');
    expect([saved.cart, saved.quotations]).toEqual([[], []]);
  });
});
