/** The farmer's tracker says how a delivered order was delivered: with the farmer's own code, or by the provider without it. */
import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { config, orderedQ } from '../support/shop-fixtures';
import { called, renderShop, screenOpen } from '../support/web/shop-harness';
import { preloadShopScreens } from '../support/web/shop-drive';

beforeAll(preloadShopScreens);

async function show(quotation: typeof orderedQ, language: 'english' | 'hindi' | 'gujrati' = 'english') {
  const view = renderShop({ path: '/order-status?quotation_id=q-3', language });
  const fetch = await called(view.shop.fetchQuotation);
  await screenOpen();
  const fetchConfig = await called(view.shop.fetchConfig);
  await act(async () => {
    fetchConfig.resolve(config);
    fetch.resolve(quotation);
  });
  return view;
}

describe('the proof of delivery on /order-status', () => {
  it('says a delivery confirmed with the code', async () => {
    await show({ ...orderedQ, orderStatus: 'DELIVERED', deliveredWith: 'code' });
    await screen.findByText('Delivered, confirmed with your code');
    expect(screen.queryByText('Marked delivered by the provider')).toBeNull();
  });

  it('says a delivery the provider marked without it', async () => {
    await show({ ...orderedQ, orderStatus: 'DELIVERED', deliveredWith: 'admin' });
    await screen.findByText('Marked delivered by the provider');
    expect(screen.queryByText('Delivered, confirmed with your code')).toBeNull();
  });

  it('says neither before delivery, nor for an answer that does not tell', async () => {
    await show({ ...orderedQ, orderStatus: 'IN_TRANSIT', deliveredWith: null });
    await screen.findByText('Tell this code to the driver when your order arrives.');
    expect(document.querySelector('.shop-proof')).toBeNull();
  });

  it('says it in Hindi', async () => {
    await show({ ...orderedQ, orderStatus: 'DELIVERED', deliveredWith: 'code' }, 'hindi');
    await screen.findByText('पहुँच गया, आपके कोड से पक्का हुआ');
  });
});
