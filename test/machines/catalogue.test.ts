import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup, type SnapshotFrom, waitFor } from 'xstate';
import { catalogueMachine, isCatalogueLoading, selectedSku, visibleSkus } from '../../machines/catalogue.machine';
import { catalogueEventsFor } from '../../machines/screen-charts';
import type { AppConfig } from '../../src/domain/api';
import { DEBOUNCE_MS, SKU_REFRESH_MS } from '../../src/domain/constants';
import type { Sku } from '../../src/domain/types';
import { sku } from '../support/shop-fixtures';
import { controlled } from '../support/machines/controlled';

const shell = sku();
const straw = sku({ _id: 's2', skuDisplayId: 'SKU1002', name: 'Paddy Straw', categoryName: 'Straw', description: 'Rice straw' });
const config: AppConfig = { contactPhone: '+919800000000', chatUrl: 'https://wa.me/919800000000', upiPayeeId: null, upiPayeeName: null, quotationReplyHours: 24, grievanceContact: '+919000000000', aadhaarRetentionDays: 30 };

function start(skus: Sku[] = []) {
  const fetchSkus = controlled<Sku[]>();
  const fetchConfig = controlled<AppConfig>();
  const actor = createActor(catalogueMachine.provide({ actors: { fetchSkus: fetchSkus.logic, fetchConfig: fetchConfig.logic } }), {
    input: { skus },
  }).start();
  return { actor, fetchSkus, fetchConfig };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('catalogue machine', () => {
  it('shows the restored SKUs without fetching until home opens', () => {
    const { actor, fetchSkus } = start([shell]);
    expect(visibleSkus(actor.getSnapshot())).toEqual([shell]);
    expect(fetchSkus.calls).toHaveLength(0);
  });

  it('fetches the SKUs when home opens and replaces the list with the answer', async () => {
    const { actor, fetchSkus } = start([shell]);
    actor.send({ type: 'home.open' });
    expect(isCatalogueLoading(actor.getSnapshot())).toBe(true);
    await fetchSkus.last().resolve([straw]);
    expect(actor.getSnapshot().context.skus).toEqual([straw]);
    expect(isCatalogueLoading(actor.getSnapshot())).toBe(false);
  });

  it(`fetches again every ${SKU_REFRESH_MS} ms while home is open, and stops when it closes`, async () => {
    const { actor, fetchSkus } = start();
    actor.send({ type: 'home.open' });
    await fetchSkus.last().resolve([shell]);
    await vi.advanceTimersByTimeAsync(SKU_REFRESH_MS - 1);
    expect(fetchSkus.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSkus.calls).toHaveLength(2);
    await fetchSkus.last().resolve([shell, straw]);
    actor.send({ type: 'home.close' });
    await vi.advanceTimersByTimeAsync(SKU_REFRESH_MS * 3);
    expect(fetchSkus.calls).toHaveLength(2);
  });

  it('keeps the old list when a fetch fails', async () => {
    const { actor, fetchSkus } = start([shell]);
    actor.send({ type: 'home.open' });
    await fetchSkus.last().reject({ status: 500, data: { message: 'x' } });
    expect(actor.getSnapshot().context.skus).toEqual([shell]);
  });

  it(`filters the grid ${DEBOUNCE_MS} ms after the last keystroke, not before`, async () => {
    const { actor } = start([shell, straw]);
    actor.send({ type: 'search.change', query: 'pad' });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 100);
    actor.send({ type: 'search.change', query: 'PADDY' });
    expect(actor.getSnapshot().context.query).toBe('PADDY');
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1);
    expect(visibleSkus(actor.getSnapshot())).toEqual([shell, straw]);
    await vi.advanceTimersByTimeAsync(1);
    expect(visibleSkus(actor.getSnapshot())).toEqual([straw]);
  });

  it('names the product of a deep link once the list holds it, fetching the list first', async () => {
    const { actor, fetchSkus } = start();
    actor.send({ type: 'sku.open', skuDisplayId: 'SKU1002' });
    expect(selectedSku(actor.getSnapshot())).toBeNull();
    expect(fetchSkus.calls).toHaveLength(1);
    await fetchSkus.last().resolve([shell, straw]);
    expect(selectedSku(actor.getSnapshot())).toEqual(straw);
  });

  it('fetches the list for a product it does not hold, though it holds others', async () => {
    const { actor, fetchSkus } = start([shell]);
    actor.send({ type: 'sku.open', skuDisplayId: 'SKU1002' });
    expect(fetchSkus.calls).toHaveLength(1);
    await fetchSkus.last().resolve([shell, straw]);
    expect(selectedSku(actor.getSnapshot())).toEqual(straw);
  });

  it('opens a product already in the list without fetching', () => {
    const { actor, fetchSkus } = start([shell]);
    actor.send({ type: 'sku.open', skuDisplayId: 'SKU1001' });
    expect(selectedSku(actor.getSnapshot())).toEqual(shell);
    expect(fetchSkus.calls).toHaveLength(0);
  });

  it('loads the contact config at start and retries a failure later', async () => {
    const { actor, fetchConfig } = start();
    await fetchConfig.last().reject(new Error('offline'));
    expect(actor.getSnapshot().context.config).toBeNull();
    await vi.advanceTimersByTimeAsync(SKU_REFRESH_MS);
    await fetchConfig.last().resolve(config);
    expect(actor.getSnapshot().context.config).toEqual(config);
    // Once known, the config is not asked for again.
    expect(actor.getSnapshot().matches({ contact: 'ready' })).toBe(true);
    await vi.advanceTimersByTimeAsync(SKU_REFRESH_MS * 2);
    expect(fetchConfig.calls).toHaveLength(2);
  });

  it('filters by a Hindi, Gujarati or English word after the debounce, whatever the screen language', () => {
    const paddy = sku({
      _id: 's3',
      skuDisplayId: 'SKU1003',
      name: 'Paddy Straw',
      translations: { hindi: { name: 'धान का पुआल (पराली)' }, gujrati: { name: 'ડાંગરનું પરાળ' } },
    });
    const { actor } = start([shell, paddy]);
    for (const query of ['धान', 'પરાળ', 'PADDY']) {
      actor.send({ type: 'search.change', query: '' });
      vi.advanceTimersByTime(DEBOUNCE_MS);
      actor.send({ type: 'search.change', query });
      expect(visibleSkus(actor.getSnapshot())).toEqual([shell, paddy]);
      vi.advanceTimersByTime(DEBOUNCE_MS);
      expect(visibleSkus(actor.getSnapshot()), query).toEqual([paddy]);
    }
  });

  it('follows the session: Home refreshes while it is shown, a product page opens its product, with no event from a view', async () => {
    // A stand-in session with the one thing the catalogue follows: the location shown.
    const session = setup({ types: { context: {} as { location: string | null }, events: {} as { type: 'go'; to: string } } }).createMachine({
      context: { location: null },
      on: { go: { actions: assign({ location: ({ event }) => event.to }) } },
    });
    const fetchSkus = controlled<Sku[]>();
    const fetchConfig = controlled<AppConfig>();
    const app = createActor(
      setup({
        actors: { session, catalogue: catalogueMachine.provide({ actors: { fetchSkus: fetchSkus.logic, fetchConfig: fetchConfig.logic } }) },
      }).createMachine({
        invoke: [
          { id: 'session', systemId: 'session', src: 'session' },
          { id: 'catalogue', systemId: 'catalogue', src: 'catalogue', input: { skus: [shell] } },
        ],
      }),
    ).start();
    const go = (to: string) => app.system.get('session')!.send({ type: 'go', to });
    const catalogue = () => app.system.get('catalogue')!.getSnapshot() as SnapshotFrom<typeof catalogueMachine>;

    go('/home');
    expect(catalogue().matches({ refresh: 'on' })).toBe(true);
    expect(fetchSkus.calls).toHaveLength(1);
    await fetchSkus.last().resolve([shell, straw]);
    go('/sku-details?sku_id=SKU1002');
    expect(catalogue().matches({ refresh: 'off' })).toBe(true);
    expect(selectedSku(catalogue())).toEqual(straw);
    await vi.advanceTimersByTimeAsync(SKU_REFRESH_MS);
    expect(fetchSkus.calls).toHaveLength(1);
    go('/sku-details?sku_id=SKU1001');
    expect(selectedSku(catalogue())).toEqual(shell);
    app.stop();
  });
});

describe('catalogue machine, on its own', () => {
  it('starts with no products, no query and no config when nothing was restored', () => {
    const actor = createActor(catalogueMachine, { input: undefined }).start();
    expect(actor.getSnapshot().context).toEqual({ skus: [], query: '', appliedQuery: '', selectedSkuDisplayId: null, config: null });
    actor.stop();
  });

  it('keeps refreshing Home every period, not only once', async () => {
    const { actor, fetchSkus } = start();
    actor.send({ type: 'home.open' });
    for (let period = 1; period <= 3; period++) {
      await fetchSkus.last().resolve([shell]);
      await vi.advanceTimersByTimeAsync(SKU_REFRESH_MS);
      expect(fetchSkus.calls).toHaveLength(period + 1);
    }
    actor.stop();
  });

  it('keeps the restored products and waits for the config when no effect was supplied', async () => {
    const actor = createActor(catalogueMachine, { input: { skus: [shell] } }).start();
    actor.send({ type: 'home.open' });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'idle', contact: 'unavailable' }));
    expect(actor.getSnapshot().matches({ list: 'idle', contact: 'unavailable' })).toBe(true);
    expect(actor.getSnapshot().context.skus).toEqual([shell]);
    actor.stop();
  });
});

describe('the catalogue events of a location change', () => {
  it('opens Home on arrival, closes it on leaving, and opens the product a page names', () => {
    expect(catalogueEventsFor(null, '/home')).toEqual([{ type: 'home.open' }]);
    expect(catalogueEventsFor('/home', '/home?x=1')).toEqual([]);
    expect(catalogueEventsFor('/home', '/profile')).toEqual([{ type: 'home.close' }]);
    expect(catalogueEventsFor('/home', '/sku-details?sku_id=SKU1002')).toEqual([
      { type: 'home.close' },
      { type: 'sku.open', skuDisplayId: 'SKU1002' },
    ]);
    expect(catalogueEventsFor('/sku-details?sku_id=SKU1002', '/sku-details?sku_id=SKU1002')).toEqual([]);
    expect(catalogueEventsFor('/sku-details?sku_id=SKU1002', '/sku-details?sku_id=SKU1001')).toEqual([{ type: 'sku.open', skuDisplayId: 'SKU1001' }]);
    expect(catalogueEventsFor('/cart', '/sku-details')).toEqual([{ type: 'sku.open', skuDisplayId: '' }]);
    expect(catalogueEventsFor('/cart', null)).toEqual([]);
  });
});
