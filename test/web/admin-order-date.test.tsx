/**
 * The admin order sheet's expected delivery date: the browser's date field writes the date in the
 * browser's own locale (mm/dd/yyyy in an en-US Chromium), so the sheet also writes the date out beside
 * it as the admin's language writes it in India, day first with the month by name; the refused save's
 * comparison reads the same way.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { formatCalendarDay } from '../../src/domain/india-date';
import { ORDERS, order, page } from '../support/machines/admin-fixtures';
import { answer, calledAt, renderAdmin } from '../support/web/admin-harness';

const done = (output: unknown) => ({ type: 'xstate.done.actor.x', output });

describe('a calendar day as an Indian admin reads it', () => {
  it('is day first with the month by name in each language, whatever the date field shows', () => {
    expect(formatCalendarDay('2026-12-03', 'en')).toBe('Thu, 3 December 2026');
    expect(formatCalendarDay('2026-12-03', 'hi')).toBe('गुरु, 3 दिसंबर 2026');
    expect(formatCalendarDay('2026-12-03', 'gu')).toBe('ગુરુ, 3 ડિસેમ્બર, 2026');
    // A day, not a moment: the first of a month stays the first in any time zone.
    expect(formatCalendarDay('2027-01-01', 'en-US')).toBe('Fri, 1 January 2027');
  });
});

describe('the order sheet delivery date', () => {
  // Before every date these tests pick, so none is refused as past.
  vi.setSystemTime(Date.UTC(2026, 10, 20, 6, 0));
  afterAll(() => vi.useRealTimers());
  const openSheet = async (language: 'english' | 'hindi', orders = ORDERS) => {
    const admin = renderAdmin('/admin/orders', language);
    await calledAt(admin.effects.loadOrders);
    await answer(admin.effects.loadOrders, done(page(orders)));
    await userEvent.click(await screen.findByRole('button', { name: /OD100001/ }));
    return { admin, sheet: screen.getAllByRole('dialog')[0]! };
  };
  const dateInput = (sheet: HTMLElement) => sheet.querySelector<HTMLInputElement>('#admin-order-delivery-date')!;
  const dateRead = (sheet: HTMLElement) => sheet.querySelector<HTMLOutputElement>('output[for="admin-order-delivery-date"]');

  it('writes the stored date out beside the field, and the picked one as it changes', async () => {
    const { sheet } = await openSheet('english', [order({ ...ORDERS[0]!, expectedDeliveryDate: '2026-12-03' }), ORDERS[1]!]);
    expect(dateInput(sheet).value).toBe('2026-12-03');
    expect(dateRead(sheet)?.textContent).toBe('Thu, 3 December 2026');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    fireEvent.change(dateInput(sheet), { target: { value: '2027-01-11' } });
    expect(dateRead(sheet)?.textContent).toBe('Mon, 11 January 2027');
    fireEvent.change(dateInput(sheet), { target: { value: '' } });
    expect(dateRead(sheet)).toBeNull();
  });

  it("writes it in the admin's language", async () => {
    const { sheet } = await openSheet('hindi', [order({ ...ORDERS[0]!, expectedDeliveryDate: '2026-12-03' }), ORDERS[1]!]);
    expect(dateRead(sheet)?.textContent).toBe('गुरु, 3 दिसंबर 2026');
  });

  it('compares the dates of a save another admin overtook as written out', async () => {
    const { admin, sheet } = await openSheet('english', [order({ ...ORDERS[0]!, expectedDeliveryDate: '2026-12-03' }), ORDERS[1]!]);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    fireEvent.change(dateInput(sheet), { target: { value: '2026-12-10' } });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Update' }));
    await answer(admin.effects.saveOrder, done({ outcome: 'conflict' }));
    await calledAt(admin.effects.loadOrders, 2);
    await answer(admin.effects.loadOrders, done(page([order({ ...ORDERS[0]!, expectedDeliveryDate: '2026-12-05', version: 2 })])));
    const compared = await within(sheet).findByRole('table');
    const row = within(compared).getByRole('row', { name: /Expected delivery date/ });
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Thu, 10 December 2026', 'Sat, 5 December 2026']);
  });

  it('shows no date when none is set', async () => {
    const { sheet } = await openSheet('english');
    expect(dateInput(sheet).value).toBe('');
    expect(dateRead(sheet)).toBeNull();
  });
});
