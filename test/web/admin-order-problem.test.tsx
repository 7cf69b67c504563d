/**
 * The admin's order sheet shows where and when to deliver (the address, a map link for the pin, the
 * farmer's preferred date) and the farmer's problem, which the admin closes there with a note.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderProblem } from '../../src/domain/types';
import { order, page } from '../support/machines/admin-fixtures';
import { answer, calledAt, renderAdmin } from '../support/web/admin-harness';

const done = (output: unknown) => ({ type: 'xstate.done.actor.x', output });
const wet: OrderProblem = {
  _id: 'p-1',
  kind: 'wet',
  note: 'The bottom bales were soaked',
  photo: null,
  status: 'open',
  adminNote: null,
  createdAt: '2026-11-10T06:00:00.000Z',
  closedAt: null,
};
const delivered = order({
  _id: 'o-1',
  status: 'DELIVERED',
  deliveredWith: 'code',
  deliveryAddress: { line: 'Plot 12', village: 'Jasdan', pinCode: '360050' },
  deliveryLocation: { lat: 22.0365, long: 71.2052 },
  preferredDate: '2026-12-01',
  problem: wet,
});

afterEach(() => vi.unstubAllGlobals());

async function openSheet(orders = [delivered]) {
  const admin = renderAdmin('/admin/orders', 'english');
  await calledAt(admin.effects.loadOrders);
  await answer(admin.effects.loadOrders, done(page(orders)));
  await userEvent.click(await screen.findByRole('button', { name: /OD100001/ }));
  return screen.getAllByRole('dialog')[0]!;
}

describe("the order sheet's place, date and problem", () => {
  it('shows the address, a map link for the pin and the preferred date', async () => {
    const sheet = await openSheet();
    within(sheet).getByText('Plot 12, Jasdan, 360050', { exact: false });
    expect(within(sheet).getByRole('link', { name: 'Open in map' }).getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=22.036500,71.205200');
    within(sheet).getByText('Tue, 1 December 2026');
  });

  it('shows an order without a place or date as such', async () => {
    const sheet = await openSheet([order({ _id: 'o-2' })]);
    expect(within(sheet).queryByRole('link', { name: 'Open in map' })).toBeNull();
    within(sheet).getByText('Any day');
    expect(within(sheet).queryByRole('region', { name: /Problem/ })).toBeNull();
  });

  it('closes the open problem with the note the farmer will read', async () => {
    const sent: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
        sent.push({ url: new URL(request.url).pathname, method: request.method, body: JSON.parse(await request.text()) });
        const closed = { ...delivered, problem: { ...wet, status: 'closed', adminNote: 'Replaced two bales', closedAt: '2026-11-11T06:00:00.000Z' } };
        return new Response(JSON.stringify({ data: closed }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const sheet = await openSheet();
    const problem = within(sheet).getByRole('region', { name: 'Problem reported: Wet material' });
    within(problem).getByText('“The bottom bales were soaked”');
    const close = within(problem).getByRole('button', { name: 'Close problem' }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    await userEvent.type(within(problem).getByLabelText('What was done (the farmer reads this)'), 'Replaced two bales');
    await userEvent.click(close);
    await waitFor(() => within(sheet).getByRole('region', { name: 'Problem closed: Wet material' }));
    within(sheet).getByText('Answer: Replaced two bales');
    expect(sent).toEqual([{ url: '/api/orders/o-1/problem/close', method: 'POST', body: { note: 'Replaced two bales' } }]);
  });
});
