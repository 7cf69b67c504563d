import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sheetSaveOf } from '../../machines/admin-list';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  offeredMoves,
  openOrder,
  orderBalance,
  shownOrderDraft,
  visibleOrders,
  type AdminOrdersContext,
} from '../../machines/admin-orders.machine';
import { bulkTally } from '../../machines/admin-selection';
import { formatPaisa } from '../../src/domain/money';
import { ORDERS } from '../support/machines/admin-fixtures';
import { MODEL_LIMIT, ORDER_MODEL_NOW, ORDERS_LINK, orderEventsIn, ordersModel } from '../support/machines/admin-model-events';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { buttonIn, expectHistory, expectPageFooter, click, expectEnabled, runPath, sheet, typeInto, type ScreenDriver, type Snapshot } from '../support/web/admin-drive';

const ctx = (snapshot: Snapshot) => snapshot.context as AdminOrdersContext;
const STATUS_TEXT: Record<string, string> = {
  CONFIRMATION_PENDING: 'Confirmation Pending',
  ORDER_CONFIRMED: 'Order Confirmed',
  MATERIAL_LOADED: 'Material Loaded',
  IN_TRANSIT: 'In Transit',
  DELIVERED: 'Delivered',
};
const paidInput = () => within(sheet()).getByLabelText('Amount paid (₹)') as HTMLInputElement;
const dateInput = () => within(sheet()).getByLabelText('Expected delivery date') as HTMLInputElement;
/** The delivery code such an order would have; no admin answer carries it. */
const DELIVERY_CODE = '4821';

/** The ticks, the bar with their count and the statuses offered, and how the last move went. */
function expectSelection(snapshot: Snapshot) {
  const { selected } = ctx(snapshot);
  for (const order of visibleOrders(ctx(snapshot))) {
    const box = screen.queryByRole('checkbox', { name: `Select ${order.orderDisplayId}` }) as HTMLInputElement | null;
    expect(box?.checked ?? false).toBe(selected.includes(order._id));
  }
  if (selected.length === 0) {
    expect(screen.queryByRole('group')).toBeNull();
  } else {
    expect(screen.getByRole('group').textContent).toContain(`${selected.length} selected`);
    const offered = [...(screen.getByLabelText('Move selected to') as HTMLSelectElement).options].filter((o) => !o.disabled).map((o) => o.value);
    expect(offered).toEqual(offeredMoves(ctx(snapshot)));
    expect(screen.getByLabelText('Move selected to')).toHaveProperty('value', ctx(snapshot).moveTo ?? '');
  }
  const tally = bulkTally(ctx(snapshot));
  if (tally) screen.getByText(`${tally.done} done, ${tally.refused} could not be changed`, { exact: false });
  else expect(screen.queryByText(/could not be changed/)).toBeNull();
}

const driver: ScreenDriver = {
  path: ORDERS_LINK,
  effects: { history: 'orderHistory', load: 'loadOrders', reload: 'loadOrders', more: 'loadOrders', save: 'saveOrder', export: 'exportOrders', moveSelected: 'moveOrders' },
  async gestures(event) {
    switch (event.type) {
      case 'search.change':
        return typeInto(await screen.findByRole('searchbox', { name: 'Search by order id' }), event.query);
      case 'status.change':
        return userEvent.selectOptions(await screen.findByLabelText('Filter by status'), event.status ?? '');
      case 'list.reload':
        return click(screen.getByRole('button', { name: 'Try again' }));
      case 'list.more':
        return click(screen.getByRole('button', { name: 'Load more' }));
      case 'sheet.open':
        return click(screen.getByRole('button', { name: /OD100001/ }));
      case 'sheet.edit':
        return click(buttonIn(sheet(), 'Edit'));
      case 'draft.change':
        if ('status' in event.change) return userEvent.selectOptions(within(sheet()).getByLabelText('Status'), event.change.status);
        if ('expectedDeliveryDate' in event.change) {
          // A date field answers the picker with one change event.
          fireEvent.change(dateInput(), { target: { value: event.change.expectedDeliveryDate } });
          return;
        }
        return typeInto(paidInput(), event.change.amountPaid);
      case 'sheet.save':
        return click(buttonIn(sheet(), 'Update'));
      case 'draft.reapply':
        return click(buttonIn(sheet(), 'Apply my changes again'));
      case 'sheet.close':
        return click(buttonIn(sheet(), 'Close'));
      case 'filter.remove':
        return click(screen.getByRole('button', { name: /^Remove filter: / }));
      case 'list.export':
        return click(screen.getByRole('button', { name: /^(Export CSV|Exporting\.\.\.)$/ }));
      case 'selection.toggle':
        return click(screen.getByRole('checkbox', { name: `Select ${ORDERS.find((o) => o._id === event.id)!.orderDisplayId}` }));
      case 'selection.choose':
        return userEvent.selectOptions(screen.getByLabelText('Move selected to'), event.status);
      case 'selection.move':
        return click(screen.getByRole('button', { name: 'Apply' }));
      case 'selection.clear':
        // With orders ticked the bar clears them; after a bulk move the outcome line closes.
        return click(screen.queryByRole('button', { name: 'Clear selection' }) ?? screen.getByRole('button', { name: 'Close' }));
      default:
        throw new Error(`No gesture for ${event.type}`);
    }
  },
  assertions: {
    loading: () => {
      expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('Loading...');
    },
    loadFailed: () => {
      expect(screen.getByRole('alert').textContent).toBe('Failed to fetch orders.');
    },
    browsing: (snapshot) => {
      expectPageFooter(snapshot);
      expectSelection(snapshot);
      expect(screen.getByLabelText('Filter by status')).toHaveProperty('value', ctx(snapshot).status ?? '');
      expect(screen.queryByRole('dialog')).toBeNull();
      const shown = within(screen.getByRole('list', { name: 'Orders' })).queryAllByRole('button').map((b) => b.textContent);
      const expected = visibleOrders(ctx(snapshot)).map((o) => o.orderDisplayId);
      expect(shown.map((text) => expected.find((id) => text?.includes(id)))).toEqual(expected);
    },
    sheet: (snapshot) => {
      expectHistory(snapshot);
      const order = openOrder(ctx(snapshot))!;
      const form = shownOrderDraft(ctx(snapshot))!;
      within(sheet()).getByRole('heading', { name: `Order ${order.orderDisplayId}` });
      const call = within(sheet()).getByRole('link', { name: `Call ${order.userDetails.mobileNumber}` });
      expect(call.getAttribute('href')).toBe(`tel:+91${order.userDetails.mobileNumber}`);
      within(sheet()).getByText(/Coconut husk · 2 tonne/);
      expect(within(sheet()).getByLabelText('Status')).toHaveProperty('value', form.status);
      expect(paidInput().value).toBe(form.amountPaid);
      expect(dateInput().value).toBe(form.expectedDeliveryDate);
      // The delivery code is the farmer's to give at the handover: the sheet never shows it.
      expect(within(sheet()).queryByText('Delivery code')).toBeNull();
      expect(sheet().textContent).not.toContain(DELIVERY_CODE);
      const pending = orderBalance(order, ctx(snapshot).draft).pendingPaisa;
      within(sheet()).getByText(formatPaisa(pending), { selector: '.shop-rows-total dd' });
      expectEnabled(buttonIn(sheet(), /Update|Saving/), sheetSaveOf(snapshot) !== null);
      expectEnabled(buttonIn(sheet(), 'Edit'), snapshot.can({ type: 'sheet.edit' }));
    },
    'sheet.viewing': () => {
      expect(paidInput().disabled).toBe(true);
      expect(dateInput().disabled).toBe(true);
      expect(within(sheet()).getByLabelText('Status')).toHaveProperty('disabled', true);
    },
    'sheet.editing': () => {
      expect(paidInput().disabled).toBe(false);
      expect(dateInput().disabled).toBe(false);
      expect(within(sheet()).getByLabelText('Status')).toHaveProperty('disabled', false);
    },
    'sheet.editing.fresh': () => {
      expect(within(sheet()).queryByRole('alert')).toBeNull();
      expect(dateInput().getAttribute('aria-invalid')).toBeNull();
    },
    // A date before India's today, refused by the chart or by the server: the reason at the field, no failure line.
    'sheet.editing.refused': (snapshot) => {
      expect(within(sheet()).queryByRole('alert')).toBeNull();
      expect(dateInput().getAttribute('aria-invalid')).toBe('true');
      expect(dateInput().value).toBe(shownOrderDraft(ctx(snapshot))!.expectedDeliveryDate);
      const hint = document.getElementById(dateInput().getAttribute('aria-describedby')!);
      expect(hint?.textContent).toBe('The expected delivery date cannot be before today.');
    },
    'sheet.editing.failed': () => {
      expect(within(sheet()).getByRole('alert').textContent).toBe('Failed to save order.');
    },
    'sheet.saving': () => {
      expect(buttonIn(sheet(), 'Saving...')).toHaveProperty('disabled', true);
    },
    'sheet.reloading': () => {
      expect(buttonIn(sheet(), 'Saving...')).toHaveProperty('disabled', true);
    },
    movingSelected: (snapshot) => {
      expectSelection(snapshot);
      expect(screen.getByRole('button', { name: 'Working...' })).toHaveProperty('disabled', true);
      expect(screen.getByRole('searchbox', { name: 'Search by order id' })).toHaveProperty('disabled', true);
    },
    moveSelectedFailed: (snapshot) => {
      expectSelection(snapshot);
      expect(screen.getByText('The change could not be sent. Try again.')).toBeTruthy();
    },
    'sheet.conflict': (snapshot) => {
      expect(within(sheet()).getByRole('alert').textContent).toBe('Failed to save order.');
      const status = openOrder(ctx(snapshot))!.status;
      const select = within(sheet()).getByLabelText('Status') as HTMLSelectElement;
      expect(select.selectedOptions[0]?.textContent).toBe(STATUS_TEXT[status]);
      expect(buttonIn(sheet(), 'Apply my changes again')).toBeTruthy();
    },
  },
};

describe('the admin orders screen, driven along the chart’s paths', () => {
  // The paths and the screens run a quarter past midnight in India, still the day before in UTC.
  vi.setSystemTime(ORDER_MODEL_NOW);
  afterAll(() => vi.useRealTimers());
  const input = { location: ORDERS_LINK };
  const paths = modelPaths(ordersModel, { events: (snapshot) => orderEventsIn(snapshot as never), limit: MODEL_LIMIT, input });

  it('drives paths that take every transition of the chart', () => {
    assertFullCoverage(ordersModel, paths, input);
  });

  for (const path of paths) {
    it(`shows each state along: ${path.name}`, async () => {
      await runPath(ordersModel, path, driver);
    });
  }
});
