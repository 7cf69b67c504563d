import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sheetSaveOf } from '../../machines/admin-list';
import { describe, expect, it } from 'vitest';
import { draftPriceDetails } from '../../machines/admin-quotation-draft';
import { openQuotation, shownQuotationDraft, visibleQuotations, type AdminQuotationsContext } from '../../machines/admin-quotations.machine';
import { formatPaisa } from '../../src/domain/money';
import { MODEL_LIMIT, QUOTATIONS_LINK, quotationEvents, quotationsModel, sheetListEventsIn } from '../support/machines/admin-model-events';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { buttonIn, expectHistory, expectPageFooter, click, expectEnabled, runPath, sheet, typeInto, type ScreenDriver, type Snapshot } from '../support/web/admin-drive';

const ctx = (snapshot: Snapshot) => snapshot.context as AdminQuotationsContext;
const STATUS_TEXT: Record<string, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  ORDERED: 'Ordered',
  DELETED: 'Deleted',
  EXPIRED: 'Expired',
};

const driver: ScreenDriver = {
  path: QUOTATIONS_LINK,
  effects: { history: 'quotationHistory', load: 'loadQuotations', reload: 'loadQuotations', more: 'loadQuotations', save: 'saveQuotation', export: 'exportQuotations' },
  async gestures(event) {
    switch (event.type) {
      case 'search.change':
        return typeInto(await screen.findByRole('searchbox', { name: 'Search by quotation id' }), event.query);
      case 'status.change':
        return userEvent.selectOptions(await screen.findByLabelText('Filter by status'), event.status ?? '');
      case 'list.reload':
        return click(screen.getByRole('button', { name: 'Try again' }));
      case 'list.more':
        return click(screen.getByRole('button', { name: 'Load more' }));
      case 'sheet.open':
        return click(screen.getByRole('button', { name: /QT100002/ }));
      case 'sheet.edit':
        return click(buttonIn(sheet(), 'Edit'));
      case 'draft.change':
        if ('status' in event.change) return userEvent.selectOptions(within(sheet()).getByLabelText('Status'), event.change.status);
        return typeInto(sheet().querySelector<HTMLInputElement>(`#admin-line-${event.change.line}-${event.change.field}`)!, event.change.value);
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
      case 'filter.set':
        return click(screen.getByRole('button', { name: 'Late first', pressed: false }));
      default:
        throw new Error(`No gesture for ${event.type}`);
    }
  },
  assertions: {
    loading: () => {
      expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('Loading...');
    },
    loadFailed: () => {
      expect(screen.getByRole('alert').textContent).toBe('Failed to fetch quotations.');
      screen.getByRole('button', { name: 'Try again' });
    },
    browsing: (snapshot) => {
      expectPageFooter(snapshot);
      expect(screen.getByLabelText('Filter by status')).toHaveProperty('value', ctx(snapshot).status ?? '');
      expect(screen.queryByRole('dialog')).toBeNull();
      const shown = within(screen.getByRole('list', { name: 'Quotations' })).queryAllByRole('button').map((b) => b.textContent);
      const expected = visibleQuotations(ctx(snapshot)).map((q) => q.quotationDisplayId);
      expect(shown.map((text) => expected.find((id) => text?.includes(id)))).toEqual(expected);
      expect(screen.getByRole('searchbox', { name: 'Search by quotation id' })).toHaveProperty('value', ctx(snapshot).query);
    },
    sheet: (snapshot) => {
      expectHistory(snapshot);
      const quotation = openQuotation(ctx(snapshot))!;
      within(sheet()).getByRole('heading', { name: `Quotation ${quotation.quotationDisplayId}` });
      const form = shownQuotationDraft(ctx(snapshot))!;
      expect(within(sheet()).getByLabelText('Status')).toHaveProperty('value', form.status);
      expect(sheet().querySelector<HTMLInputElement>('#admin-line-0-goods')!.value).toBe(form.lines[0]!.goods);
      within(sheet()).getByText(formatPaisa(draftPriceDetails(form).totalPaisa), { selector: '.shop-rows-total dd' });
      expectEnabled(buttonIn(sheet(), /Update|Saving/), sheetSaveOf(snapshot) !== null);
      expectEnabled(buttonIn(sheet(), 'Edit'), snapshot.can({ type: 'sheet.edit' }));
    },
    'sheet.viewing': () => {
      expect(within(sheet()).getByLabelText('Status')).toHaveProperty('disabled', true);
      expect(within(sheet()).queryByRole('alert')).toBeNull();
    },
    'sheet.editing': () => {
      expect(within(sheet()).getByLabelText('Status')).toHaveProperty('disabled', false);
      expect(sheet().querySelector<HTMLInputElement>('#admin-line-0-goods')!.disabled).toBe(false);
    },
    'sheet.editing.fresh': () => {
      expect(within(sheet()).queryByRole('alert')).toBeNull();
    },
    'sheet.editing.failed': () => {
      expect(within(sheet()).getByRole('alert').textContent).toBe('Failed to save quotation.');
    },
    'sheet.saving': () => {
      expect(buttonIn(sheet(), 'Saving...')).toHaveProperty('disabled', true);
      expect(buttonIn(sheet(), 'Close')).toHaveProperty('disabled', true);
    },
    'sheet.reloading': () => {
      expect(buttonIn(sheet(), 'Saving...')).toHaveProperty('disabled', true);
    },
    'sheet.conflict': (snapshot) => {
      expect(within(sheet()).getByRole('alert').textContent).toBe('Failed to save quotation.');
      expect(buttonIn(sheet(), 'Apply my changes again')).toBeTruthy();
      const status = openQuotation(ctx(snapshot))!.status;
      const select = within(sheet()).getByLabelText('Status') as HTMLSelectElement;
      expect(select.selectedOptions[0]?.textContent).toBe(STATUS_TEXT[status]);
    },
  },
};

describe('the admin quotations screen, driven along the chart’s paths', () => {
  const input = { location: QUOTATIONS_LINK };
  const paths = modelPaths(quotationsModel, { events: (snapshot) => sheetListEventsIn(quotationEvents)(snapshot as never), limit: MODEL_LIMIT, input });

  it('drives paths that take every transition of the chart', () => {
    assertFullCoverage(quotationsModel, paths, input);
  });

  for (const path of paths) {
    it(`shows each state along: ${path.name}`, async () => {
      await runPath(quotationsModel, path, driver);
    });
  }
});
