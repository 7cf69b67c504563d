import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ORDERS, QUOTATIONS, SKUS, USERS, order, page, quotation } from '../support/machines/admin-fixtures';
import { modelConfig } from '../support/machines/shop-model-events';
import { USERS_AFTER_VERIFY } from '../support/machines/admin-model-events';
import { createActor, toPromise } from 'xstate';
import { adminOrdersActors, adminUsersActors } from '../../src/web/admin/actors';
import type { ApiCall } from '../../src/web/api/client';
import { answer, calledAt, renderAdmin } from '../support/web/admin-harness';
import { typeInto } from '../support/web/admin-drive';

const done = (output: unknown) => ({ type: 'xstate.done.actor.x', output });
const failed = { type: 'xstate.error.actor.x', error: { status: 500, data: { message: 'down' } } };

describe('the admin screens', () => {
  it('the dashboard offers the four sections, and Manage Users opens the users screen', async () => {
    const admin = renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin Dashboard' });
    expect(within(nav).getAllByRole('link').map((link) => link.querySelector('strong')?.textContent)).toEqual([
      'Manage Users',
      'Manage SKUs',
      'Manage Quotations',
      'Manage Orders',
    ]);
    await userEvent.click(within(nav).getByRole('link', { name: /Manage Users/ }));
    await waitFor(() => expect(admin.path()).toBe('/admin/users'));
    await screen.findByRole('heading', { name: 'Manage Users' });
  });

  it('shows the admin screens in the admin’s language', async () => {
    renderAdmin('/admin', 'hindi');
    await screen.findByRole('heading', { name: 'एडमिन डैशबोर्ड' });
    screen.getByText('उपयोगकर्ता संभालें');
  });

  it('lists users unverified first, and Verify calls verify for that user and reloads the list', async () => {
    const admin = renderAdmin('/admin/users');
    await calledAt(admin.effects.loadUsers);
    await answer(admin.effects.loadUsers, done(page(USERS)));
    const names = () => within(screen.getByRole('list', { name: 'Users' })).getAllByRole('button').map((b) => b.querySelector('strong')?.textContent);
    expect(names()).toEqual(['Bhavesh Shah', 'Divya Nair', 'Asha Verma', 'Chetan Rao']);
    await userEvent.click(screen.getByRole('button', { name: /Bhavesh Shah/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await calledAt(admin.effects.verifyUser)).input).toEqual({ id: 'u2' });
    await answer(admin.effects.verifyUser, done(null));
    await calledAt(admin.effects.loadUsers, 2);
    await answer(admin.effects.loadUsers, done(page(USERS_AFTER_VERIFY)));
    expect(names()).toEqual(['Divya Nair', 'Asha Verma', 'Bhavesh Shah', 'Chetan Rao']);
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('offers no Verify for a farmer who has not finished the profile, and says why', async () => {
    const admin = renderAdmin('/admin/users', 'hindi');
    await calledAt(admin.effects.loadUsers);
    const noProfile = { ...USERS[1]!, profileUpdated: false, name: null, profilePhoto: null, aadhaar: null };
    await answer(admin.effects.loadUsers, done(page([noProfile, USERS[3]!])));
    await userEvent.click(await screen.findByRole('button', { name: /9876500002/ }));
    await screen.findByText('किसान ने अभी प्रोफ़ाइल पूरी नहीं की है; उसके बाद ही जाँच हो सकती है।');
    expect(screen.queryByRole('button', { name: 'जाँच पूरी करें' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Divya Nair/ }));
    await screen.findByRole('button', { name: 'जाँच पूरी करें' });
    expect(screen.queryByText('किसान ने अभी प्रोफ़ाइल पूरी नहीं की है; उसके बाद ही जाँच हो सकती है।')).toBeNull();
  });

  it('names the farmer of each quotation in its row', async () => {
    const admin = renderAdmin('/admin/quotations');
    await calledAt(admin.effects.loadQuotations);
    await answer(admin.effects.loadQuotations, done(page(QUOTATIONS)));
    const rows = within(await screen.findByRole('list', { name: 'Quotations' })).getAllByRole('button');
    expect(rows.map((row) => [...row.querySelectorAll('.admin-row-main > *')].map((part) => part.textContent))).toEqual([
      ['QT100001', 'Asha Verma', expect.stringMatching(/^2 items · ₹/)],
      ['QT100002', 'Bhavesh Shah', expect.stringMatching(/^1 item · ₹/)],
    ]);
  });

  it('marks late the pending quotations that have waited longer than the reply hours the farmer was told', async () => {
    // A day and a minute after QT100001 was asked for: by the list's clock, which reads the phone's time.
    vi.setSystemTime(Date.parse('2026-11-02T10:01:00.000Z'));
    try {
      const admin = renderAdmin('/admin/quotations');
      const asked = [
        QUOTATIONS[0]!,
        quotation({ _id: 'q5', quotationDisplayId: 'QT100005', createdAt: '2026-11-02T09:00:00.000Z' }),
        quotation({ _id: 'q6', quotationDisplayId: 'QT100006', status: 'COMPLETED' }),
      ];
      await answer(admin.effects.loadQuotations, done(page(asked)));
      await screen.findByRole('button', { name: /QT100006/ });
      const late = () => within(screen.getByRole('list', { name: 'Quotations' })).getAllByRole('button').filter((row) => within(row).queryByText('Late'));
      // No mark until the app knows how long a price usually takes.
      expect(late()).toEqual([]);
      await act(() => admin.config.last().resolve({ ...modelConfig, quotationReplyHours: 24 }));
      await waitFor(() => expect(late().map((row) => row.querySelector('strong')?.textContent)).toEqual(['QT100001']));
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends typed rupees as paisa in the full quotation, with live totals', async () => {
    const admin = renderAdmin('/admin/quotations');
    await calledAt(admin.effects.loadQuotations);
    await answer(admin.effects.loadQuotations, done(page(QUOTATIONS)));
    await userEvent.click(await screen.findByRole('button', { name: /QT100001/ }));
    const sheet = screen.getByRole('dialog', { name: 'Quotation QT100001' });
    expect(within(sheet).getByRole('button', { name: 'Update' })).toHaveProperty('disabled', true);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    await userEvent.selectOptions(within(sheet).getByLabelText('Status'), 'COMPLETED');
    typeInto(sheet.querySelector('#admin-line-0-goods')!, '1,250.5');
    typeInto(sheet.querySelector('#admin-line-0-shipping')!, '100');
    typeInto(sheet.querySelector('#admin-line-1-goods')!, '2000');
    typeInto(sheet.querySelector('#admin-line-1-discount')!, '50.25');
    within(sheet).getByText('₹3,300.25', { selector: '.shop-rows-total dd' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Update' }));
    const { input } = await calledAt(admin.effects.saveQuotation);
    expect(input.id).toBe('q1');
    expect(input.body).toMatchObject({
      _id: 'q1',
      status: 'COMPLETED',
      version: 3,
      skusDetail: [
        { skuIdentifier: 's1', quantity: 2, goodsPricePaisa: 125050, discountPaisa: 0, shippingPricePaisa: 10000 },
        { skuIdentifier: 's2', quantity: 5, goodsPricePaisa: 200000, discountPaisa: 5025, shippingPricePaisa: 0 },
      ],
    });
  });

  it('shows why Update stays off while an amount is not readable', async () => {
    const admin = renderAdmin('/admin/quotations');
    await calledAt(admin.effects.loadQuotations);
    await answer(admin.effects.loadQuotations, done(page(QUOTATIONS)));
    await userEvent.click(await screen.findByRole('button', { name: /QT100002/ }));
    const sheet = screen.getByRole('dialog');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    typeInto(sheet.querySelector('#admin-line-0-goods')!, '12.345');
    expect(sheet.querySelector('#admin-line-0-goods')!.getAttribute('aria-invalid')).toBe('true');
    within(sheet).getByText('Enter rupees, e.g. 1250.50.');
    expect(within(sheet).getByRole('button', { name: 'Update' })).toHaveProperty('disabled', true);
  });

  it('records the amount paid as a whole number of paisa and shows what is still due', async () => {
    const admin = renderAdmin('/admin/orders');
    await calledAt(admin.effects.loadOrders);
    await answer(admin.effects.loadOrders, done(page(ORDERS)));
    await userEvent.click(await screen.findByRole('button', { name: /OD100001/ }));
    const sheet = screen.getByRole('dialog', { name: 'Order OD100001' });
    expect(within(sheet).getByRole('link', { name: 'Call 9876500002' }).getAttribute('href')).toBe('tel:+919876500002');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    expect(within(sheet).getByLabelText('Status').querySelectorAll('option')).toHaveLength(5);
    await userEvent.selectOptions(within(sheet).getByLabelText('Status'), 'IN_TRANSIT');
    typeInto(within(sheet).getByLabelText('Amount paid (₹)'), '4000.5');
    within(sheet).getByText('₹5,699.50', { selector: '.shop-rows-total dd' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Update' }));
    const { input } = await calledAt(admin.effects.saveOrder);
    expect(input).toEqual({ id: 'o1', body: { status: 'IN_TRANSIT', amountPaidPaisa: 400050, expectedDeliveryDate: null, version: 1 } });
  });

  it("finds an order on the server by the farmer's QT number, and pages through what it finds", async () => {
    const admin = renderAdmin('/admin/orders');
    await answer(admin.effects.loadOrders, done(page(ORDERS)));
    typeInto(await screen.findByRole('searchbox', { name: 'Search by order id' }), 'QT1000');
    // After 500 ms of quiet the search goes to the server, which finds it among all orders.
    const search = await calledAt(admin.effects.loadOrders, 2);
    expect(search.input).toEqual({ q: 'QT1000', status: null, cursor: null });
    const third = order({ _id: 'o3', orderDisplayId: 'OD100003' });
    await answer(admin.effects.loadOrders, done(page([ORDERS[1]!, third], 'next-2', 3)));
    screen.getByText('Showing 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const more = await calledAt(admin.effects.loadOrders, 3);
    expect(more.input).toEqual({ q: 'QT1000', status: null, cursor: 'next-2' });
    // The second page repeats a row (it moved while the admin scrolled): it is listed once.
    await answer(admin.effects.loadOrders, done(page([third, ORDERS[0]!], null, 3)));
    const rows = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('button');
    expect(rows.map((row) => /OD\d+/.exec(row.textContent ?? '')?.[0])).toEqual(['OD100002', 'OD100003', 'OD100001']);
    screen.getByText('Showing 3 of 3');
    expect(screen.queryByRole('button', { name: /Load more|Loading/ })).toBeNull();
  });

  it('shows the SKU failures inline in red, exactly as the spec words them', async () => {
    const admin = renderAdmin('/admin/skus');
    await calledAt(admin.effects.loadSkus);
    await answer(admin.effects.loadSkus, failed);
    const fetchFailed = await screen.findByRole('alert');
    expect(fetchFailed.textContent).toBe('Failed to fetch SKUs.');
    expect(fetchFailed.closest('.admin-alert')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await calledAt(admin.effects.loadSkus, 2);
    await answer(admin.effects.loadSkus, done(page(SKUS)));
    await userEvent.click(screen.getByRole('button', { name: /SKU1002/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await calledAt(admin.effects.saveSku);
    await answer(admin.effects.saveSku, failed);
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('Failed to save SKU.');
  });

  it('adds a SKU: the chosen image is resized, then uploaded as kind sku, then every field is sent', async () => {
    const admin = renderAdmin('/admin/skus');
    await calledAt(admin.effects.loadSkus);
    await answer(admin.effects.loadSkus, done(page(SKUS)));
    await userEvent.click(screen.getByRole('button', { name: 'Add SKU' }));
    const sheet = screen.getByRole('dialog', { name: 'Add SKU' });
    for (const [label, value] of [
      ['Name', 'Bagasse'],
      ['Description', 'Sugarcane fibre left after crushing'],
      ['Category', 'Fibre'],
      ['Brand', 'Krishi'],
      ['Available quantity', '120'],
      ['Quantity unit (e.g. tonne)', 'tonne'],
      ['Minimum price (₹)', '1800'],
    ] as const) {
      typeInto(within(sheet).getByLabelText(label), value);
    }
    within(sheet).getByText('Fill in every field and choose an image to save.');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bagasse.png', { type: 'image/png' });
    await userEvent.upload(within(sheet).getByLabelText('Choose image'), photo);
    expect((await calledAt(admin.effects.prepareSkuImage)).input.file).toBe(photo);
    const resized = new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' });
    await answer(admin.effects.prepareSkuImage, done(resized));
    expect((await calledAt(admin.effects.uploadSkuImage)).input.file).toBe(resized);
    await answer(admin.effects.uploadSkuImage, done('/api/uploads/bagasse00001'));
    expect(within(sheet).getByRole('img', { name: 'Bagasse' }).getAttribute('src')).toBe('/api/uploads/bagasse00001');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect((await calledAt(admin.effects.saveSku)).input).toEqual({
      id: null,
      body: {
        name: 'Bagasse',
        description: 'Sugarcane fibre left after crushing',
        categoryName: 'Fibre',
        brandName: 'Krishi',
        image: '/api/uploads/bagasse00001',
        availableQty: 120,
        minimumPrice: 180000,
        skuQuantityUnit: 'tonne',
      },
    });
    await answer(admin.effects.saveSku, done({ outcome: 'saved' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await calledAt(admin.effects.loadSkus, 2);
  });
});

describe('the admin bottom sheet', () => {
  it('takes the focus, keeps Tab inside, closes on Escape and gives the focus back', async () => {
    const admin = renderAdmin('/admin/quotations');
    await answer(admin.effects.loadQuotations, done(page(QUOTATIONS)));
    const row = await screen.findByRole('button', { name: /QT100002/ });
    await userEvent.click(row);
    const sheet = screen.getByRole('dialog', { name: 'Quotation QT100002' });
    expect(document.activeElement).toBe(within(sheet).getByRole('heading', { name: 'Quotation QT100002' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: 'Edit' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(row);
  });
});

describe('the real admin effects', () => {
  it('ask the server for one page: the search and status only when there are, the cursor only after the first page', async () => {
    const paths: string[] = [];
    const call = (async (_method: string, path: string) => {
      paths.push(path);
      return { data: [], nextCursor: null, total: 0 };
    }) as ApiCall;
    const load = adminOrdersActors(call).loadPage;
    for (const input of [{ q: '  ', status: null, cursor: null }, { q: ' QT1000 ', status: 'DELIVERED', cursor: 'abc=' }]) {
      const actor = createActor(load, { input }).start();
      await toPromise(actor);
    }
    expect(paths).toEqual(['/orders?limit=50', '/orders?limit=50&q=QT1000&status=DELIVERED&cursor=abc%3D']);
  });
});

describe('the real admin effects under StrictMode', () => {
  it('load the users once: the chart is the app’s child, which React’s StrictMode double mount does not restart', async () => {
    const requests: AbortSignal[] = [];
    // Like ofetch: the request rejects with an AbortError when its signal aborts.
    const call = ((_method: string, _path: string, options: { signal?: AbortSignal } = {}) =>
      new Promise((resolve, reject) => {
        const signal = options.signal!;
        requests.push(signal);
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        setTimeout(() => resolve({ data: USERS, nextCursor: null, total: USERS.length } as never), 20);
      })) as ApiCall;
    renderAdmin('/admin/users', 'english', { users: adminUsersActors(call) });
    await screen.findByRole('button', { name: /Bhavesh Shah/ });
    expect(requests).toHaveLength(1);
    expect(requests.filter((signal) => signal.aborted)).toHaveLength(0);
    expect(screen.queryByText('Failed to fetch users.')).toBeNull();
  });
});
