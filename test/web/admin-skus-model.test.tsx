import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sheetSaveOf } from '../../machines/admin-list';
import { describe, expect, it } from 'vitest';
import { skuDraftChanges } from '../../machines/admin-sku-draft';
import { openSku, shownSkuDraft, visibleSkus, type AdminSkusContext } from '../../machines/admin-skus.machine';
import { MODEL_LIMIT, skuEvents, skusModel, whileHistoryPending } from '../support/machines/admin-model-events';
import { assertFullCoverage, modelPaths } from '../support/machines/model-coverage';
import { buttonIn, click, expectEnabled, expectHistory, runPath, sheet, typeInto, type ScreenDriver, type Snapshot } from '../support/web/admin-drive';

const ctx = (snapshot: Snapshot) => snapshot.context as AdminSkusContext;
const LABEL: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  categoryName: 'Category',
  brandName: 'Brand',
  availableQty: 'Available quantity',
  skuQuantityUnit: 'Quantity unit (e.g. tonne)',
  minimumPrice: 'Minimum price (₹)',
  image: 'Image',
};
const nameInput = () => within(sheet()).getByLabelText('Name') as HTMLInputElement;

const driver: ScreenDriver = {
  path: '/admin/skus',
  effects: {
    load: 'loadSkus',
    reload: 'loadSkus',
    save: 'saveSku',
    prepareImage: 'prepareSkuImage',
    uploadImage: 'uploadSkuImage',
    history: 'skuHistory',
  },
  async gestures(event) {
    switch (event.type) {
      case 'search.change':
        return typeInto(await screen.findByRole('searchbox', { name: 'Search SKUs' }), event.query);
      case 'list.reload':
        return click(screen.getByRole('button', { name: 'Try again' }));
      case 'sheet.add':
        return click(screen.getByRole('button', { name: 'Add SKU' }));
      case 'sheet.open':
        return click(screen.getByRole('button', { name: /SKU1001/ }));
      case 'draft.change':
        return typeInto(within(sheet()).getByLabelText('Name'), event.change.value);
      case 'image.choose':
        return userEvent.upload(
          within(sheet()).getByLabelText('Choose image'),
          new File([event.file], 'bagasse.png', { type: 'image/png' }),
        );
      case 'sheet.save':
        return click(buttonIn(sheet(), 'Save'));
      case 'sheet.edit':
        return click(buttonIn(sheet(), 'Edit the saved values'));
      case 'draft.reapply':
        return click(buttonIn(sheet(), 'Apply my changes again'));
      case 'sheet.close':
        return click(buttonIn(sheet(), 'Close'));
      default:
        throw new Error(`No gesture for ${event.type}`);
    }
  },
  assertions: {
    loading: () => {
      expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('Loading...');
    },
    loadFailed: () => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe('Failed to fetch SKUs.');
      expect(alert.closest('.admin-alert')).toBeTruthy();
    },
    browsing: (snapshot) => {
      expect(screen.queryByRole('dialog')).toBeNull();
      const shown = within(screen.getByRole('list', { name: 'SKUs' })).queryAllByRole('button').map((b) => b.textContent);
      const expected = visibleSkus(ctx(snapshot)).map((s) => s.skuDisplayId);
      expect(shown.map((text) => expected.find((id) => text?.includes(id)))).toEqual(expected);
    },
    sheet: (snapshot) => {
      const sku = openSku(ctx(snapshot));
      const title = sku ? `Edit ${sku.skuDisplayId}` : 'Add SKU';
      within(sheet()).getByRole('heading', { name: title });
      expect(nameInput().value).toBe(shownSkuDraft(ctx(snapshot))!.name);
      expectEnabled(buttonIn(sheet(), /Save|Saving/), sheetSaveOf(snapshot) !== null);
      // A saved SKU shows its audit trail under the form; a new one has none.
      if (sku) expectHistory(snapshot);
      else expect(within(sheet()).queryByRole('region', { name: 'History' })).toBeNull();
    },
    'sheet.editing': () => {
      expect(nameInput().disabled).toBe(false);
    },
    'sheet.editing.fresh': () => {
      expect(within(sheet()).queryByRole('alert')).toBeNull();
      expect(within(sheet()).queryByText('Uploading image...')).toBeNull();
    },
    'sheet.editing.failed': () => {
      expect(within(sheet()).getByRole('alert').textContent).toBe('Failed to save SKU.');
    },
    'sheet.editing.preparingImage': () => {
      expect(within(sheet()).getByRole('status').textContent).toBe('Uploading image...');
      expect(within(sheet()).getByLabelText('Choose image')).toHaveProperty('disabled', true);
    },
    'sheet.editing.uploadingImage': () => {
      expect(within(sheet()).getByRole('status').textContent).toBe('Uploading image...');
    },
    'sheet.editing.uploadFailed': () => {
      expect(within(sheet()).getByRole('alert').textContent).toBe('The image could not be uploaded. Choose a JPG or PNG image.');
    },
    'sheet.saving': () => {
      expect(buttonIn(sheet(), 'Saving...')).toHaveProperty('disabled', true);
      expect(nameInput().disabled).toBe(true);
    },
    'sheet.reloading': () => {
      expect(buttonIn(sheet(), 'Saving...')).toHaveProperty('disabled', true);
    },
    'sheet.conflict': (snapshot) => {
      expect(within(sheet()).getByRole('alert').textContent).toBe('Failed to save SKU.');
      const changes = skuDraftChanges(ctx(snapshot).refused!, openSku(ctx(snapshot))!);
      const table = within(sheet()).queryByRole('table');
      const headers = table ? within(table).getAllByRole('rowheader').map((h) => h.textContent) : [];
      expect(headers).toEqual(changes.map((change) => LABEL[change.field]));
      expect(nameInput().value).toBe(openSku(ctx(snapshot))!.name);
    },
  },
};

describe('the admin SKUs screen, driven along the chart’s paths', () => {
  const paths = modelPaths(skusModel, { events: (snapshot) => whileHistoryPending(skuEvents)(snapshot as never), limit: MODEL_LIMIT });

  it('drives paths that take every transition of the chart', () => {
    assertFullCoverage(skusModel, paths);
  });

  for (const path of paths) {
    it(`shows each state along: ${path.name}`, async () => {
      await runPath(skusModel, path, driver);
    });
  }
});
