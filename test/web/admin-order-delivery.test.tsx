/**
 * Proof of delivery in the admin's order sheet: no delivery code is shown (it is the farmer's to give at
 * the handover); choosing Delivered asks for it, with "no code" as an explicit choice, and a wrong or
 * locked code comes back at the field.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDERS, order, page } from '../support/machines/admin-fixtures';
import { answer, calledAt, renderAdmin } from '../support/web/admin-harness';

const done = (output: unknown) => ({ type: 'xstate.done.actor.x', output });
const refused = (status: number, code: string) => ({ type: 'xstate.error.actor.x', error: { status, data: { code, message: code } } });

describe('the order sheet delivers with the farmer\'s code', () => {
  const openEditing = async (orders = ORDERS) => {
    const admin = renderAdmin('/admin/orders', 'english');
    await calledAt(admin.effects.loadOrders);
    await answer(admin.effects.loadOrders, done(page(orders)));
    await userEvent.click(await screen.findByRole('button', { name: /OD100001/ }));
    const sheet = screen.getAllByRole('dialog')[0]!;
    // No code anywhere before editing either: it is not the admin's to read.
    expect(within(sheet).queryByText('Delivery code')).toBeNull();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Edit' }));
    return { admin, sheet };
  };
  const update = (sheet: HTMLElement) => within(sheet).getByRole('button', { name: 'Update' }) as HTMLButtonElement;
  const codeField = (sheet: HTMLElement) => within(sheet).queryByLabelText('Delivery code (4 digits)') as HTMLInputElement | null;

  it('asks for the code when Delivered is chosen, and sends it', async () => {
    const { admin, sheet } = await openEditing();
    expect(codeField(sheet)).toBeNull();
    await userEvent.selectOptions(within(sheet).getByLabelText('Status'), 'DELIVERED');
    expect(codeField(sheet)).not.toBeNull();
    expect(update(sheet).disabled).toBe(true);
    await userEvent.type(codeField(sheet)!, '48');
    expect(update(sheet).disabled).toBe(true);
    await userEvent.type(codeField(sheet)!, '21');
    expect(update(sheet).disabled).toBe(false);
    await userEvent.click(update(sheet));
    const call = await calledAt(admin.effects.saveOrder);
    expect(call.input.body).toMatchObject({ status: 'DELIVERED', deliveryOtp: '4821' });
  });

  it('delivers without a code only when "no code" is chosen', async () => {
    const { admin, sheet } = await openEditing();
    await userEvent.selectOptions(within(sheet).getByLabelText('Status'), 'DELIVERED');
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'No code: the farmer could not give it' }));
    expect(codeField(sheet)!.disabled).toBe(true);
    await userEvent.click(update(sheet));
    const call = await calledAt(admin.effects.saveOrder);
    expect(call.input.body).toMatchObject({ status: 'DELIVERED' });
    expect(call.input.body).not.toHaveProperty('deliveryOtp');
  });

  it('says at the field that a code was wrong, or locked after too many', async () => {
    const { admin, sheet } = await openEditing();
    await userEvent.selectOptions(within(sheet).getByLabelText('Status'), 'DELIVERED');
    await userEvent.type(codeField(sheet)!, '1111');
    await userEvent.click(update(sheet));
    await answer(admin.effects.saveOrder, refused(400, 'DELIVERY_CODE_INVALID'));
    expect(codeField(sheet)!.getAttribute('aria-invalid')).toBe('true');
    within(sheet).getByText("That is not this order's delivery code.");
    expect(within(sheet).queryByRole('alert')).toBeNull();
    await userEvent.clear(codeField(sheet)!);
    await userEvent.type(codeField(sheet)!, '2222');
    await userEvent.click(update(sheet));
    await answer(admin.effects.saveOrder, refused(409, 'DELIVERY_CODE_LOCKED'));
    within(sheet).getByText('Too many wrong codes. Choose “No code” to deliver it.');
  });

  it('does not ask again for an order already delivered, and says how it was delivered', async () => {
    const delivered = order({ ...ORDERS[0]!, status: 'DELIVERED', deliveredWith: 'code' });
    const { sheet } = await openEditing([delivered, ORDERS[1]!]);
    within(sheet).getByText("Confirmed with the farmer's code");
    expect(codeField(sheet)).toBeNull();
    expect(update(sheet).disabled).toBe(false);
  });
});

describe("an order of a farmer who closed the account", () => {
  it('shows the account as closed, with no number to call, on the list and in the sheet', async () => {
    const closed = order({ _id: 'o9', orderDisplayId: 'OD100009', userDetails: { name: null, mobileNumber: 'removed:u9' } });
    const admin = renderAdmin('/admin/orders', 'english');
    await calledAt(admin.effects.loadOrders);
    await answer(admin.effects.loadOrders, done(page([closed])));
    const row = await screen.findByRole('button', { name: /OD100009/ });
    expect(row.textContent).toContain('Account closed');
    expect(row.textContent).not.toContain('removed:');
    await userEvent.click(row);
    const sheet = screen.getAllByRole('dialog')[0]!;
    expect(within(sheet).getByText('Account closed')).toBeTruthy();
    expect(sheet.querySelector('a[href^="tel:"]')).toBeNull();
    expect(sheet.textContent).not.toContain('removed:');
  });
});
