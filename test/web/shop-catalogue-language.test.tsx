/**
 * The catalogue in the farmer's language. For a Hindi or Gujarati farmer every shop screen
 * shows the product names (and on /home and /sku-details the description, category and brand) in
 * that language, with English field by field where a translation is missing, and units from the
 * vocabulary. On /profile the farmer changes the language: it is saved and the screens follow.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartItem, Language, QuotationLine } from '../../src/domain/types';
import { config, line, onePage, quotation, sku, straw as englishStraw } from '../support/shop-fixtures';
import { answerCatalogue, called, renderShop, type RenderedShop } from '../support/web/shop-harness';

const shell = sku({
  image: '/img/groundnut-shell.jpg',
  translations: {
    hindi: { name: 'मूँगफली के छिलके', description: 'सूखे छिलके, ईंधन और पलवार के लिए', categoryName: 'छिलके और भूसी', brandName: 'किसान एग्रो' },
    gujrati: { name: 'મગફળીના ફોતરાં', description: 'સૂકાં ફોતરાં, બળતણ અને આચ્છાદન માટે', categoryName: 'ફોતરાં અને છોતરાં', brandName: 'કિસાન એગ્રો' },
  },
});
/** Only the names are translated: the rest shows in English. */
const straw = {
  ...englishStraw,
  skuQuantityUnit: 'quintal',
  translations: { hindi: { name: 'धान का पुआल (पराली)' }, gujrati: { name: 'ડાંગરનું પરાળ' } },
};
const names = { hindi: { name: 'मूँगफली के छिलके' }, gujrati: { name: 'મગફળીના ફોતરાં' } };
const strawNames = { hindi: { name: 'धान का पुआल (पराली)' }, gujrati: { name: 'ડાંગરનું પરાળ' } };
const shellInCart: CartItem = { _id: 'sku-1', name: 'Groundnut Shell', image: shell.image, skuQuantityUnit: 'kg', quantity: 2, translations: names };
const lines: QuotationLine[] = [
  line({ skuIdentifier: { _id: 'sku-1', name: 'Groundnut Shell', image: shell.image, skuQuantityUnit: 'kg', minimumPrice: 1_500, translations: names }, quantity: 10, goodsPricePaisa: 100_000 }),
  line({ skuIdentifier: { _id: 'sku-2', name: 'Paddy Straw', image: straw.image, skuQuantityUnit: 'quintal', minimumPrice: 4_000, translations: strawNames }, quantity: 4, goodsPricePaisa: 100_000 }),
];
const received = quotation({ _id: 'q-2', quotationDisplayId: 'QT100002', status: 'COMPLETED', skusDetail: lines });

const WORDS = {
  hindi: { shell: 'मूँगफली के छिलके', straw: 'धान का पुआल (पराली)', kg: 'किलो', quintal: 'क्विंटल', shellDescription: 'सूखे छिलके, ईंधन और पलवार के लिए', category: 'छिलके और भूसी', brand: 'किसान एग्रो' },
  gujrati: { shell: 'મગફળીના ફોતરાં', straw: 'ડાંગરનું પરાળ', kg: 'કિલો', quintal: 'ક્વિન્ટલ', shellDescription: 'સૂકાં ફોતરાં, બળતણ અને આચ્છાદન માટે', category: 'ફોતરાં અને છોતરાં', brand: 'કિસાન એગ્રો' },
} as const;

const withCatalogue = (view: RenderedShop) => answerCatalogue(view, [shell, straw], config);
const bodyText = () => document.body.textContent ?? '';

describe.each(['hindi', 'gujrati'] as const)('the catalogue for a %s farmer', (language: Exclude<Language, 'english'>) => {
  const words = WORDS[language];

  it('/home shows translated names and descriptions, English where a description has none', async () => {
    const view = renderShop({ path: '/home', language });
    await withCatalogue(view);
    await waitFor(() => expect(screen.getAllByText(words.shell).length).toBe(2)); // the tile and the description list
    expect(screen.getAllByText(words.straw).length).toBe(2);
    screen.getByText(words.shellDescription);
    screen.getByText('Bales of rice straw for fodder');
    expect(screen.queryByText('Groundnut Shell')).toBeNull();
  });

  it('/sku-details shows category, brand, name, description and unit in the language', async () => {
    const view = renderShop({ path: '/sku-details?sku_id=SKU1001', language });
    await withCatalogue(view);
    await waitFor(() => screen.getByRole('heading', { name: words.shell }));
    screen.getByText(words.category);
    screen.getByText(words.brand);
    screen.getByText(words.shellDescription);
    screen.getByText(words.kg);
    screen.getByRole('img', { name: words.shell });
  });

  it('/sku-details falls back to English field by field', async () => {
    const view = renderShop({ path: '/sku-details?sku_id=SKU1002', language });
    await withCatalogue(view);
    await waitFor(() => screen.getByRole('heading', { name: words.straw }));
    screen.getByText('Straw');
    screen.getByText('Delta Farms');
    screen.getByText('Bales of rice straw for fodder');
    screen.getByText(words.quintal);
  });

  it('/cart shows the item by its translated name and unit', async () => {
    const view = renderShop({ path: '/cart', language, persisted: { cart: [shellInCart] } });
    await withCatalogue(view);
    screen.getByText(words.shell);
    expect(bodyText()).toContain(`2 ${words.kg}`);
    expect(bodyText()).not.toContain('Groundnut Shell');
  });

  it('/request shows each line by its translated name and unit', async () => {
    const view = renderShop({ path: '/request', language });
    const fetch = await called(view.shop.fetchQuotations);
    await act(async () => fetch.resolve(onePage([received])));
    await waitFor(() => expect(bodyText()).toContain(`${words.shell} · 10 ${words.kg}`));
    expect(bodyText()).toContain(`${words.straw} · 4 ${words.quintal}`);
  });

  it('/quotation-details shows each line by its translated name and unit', async () => {
    const view = renderShop({ path: '/quotation-details?quotation_id=QT100002', language });
    const fetch = await called(view.shop.fetchQuotation);
    await act(async () => fetch.resolve(received));
    await waitFor(() => screen.getByText(words.shell));
    screen.getByText(words.straw);
    expect(bodyText()).toContain(`4 ${words.quintal}`);
    expect(bodyText()).not.toContain('Paddy Straw');
  });

  it('adds to the cart an item that carries the translated names', async () => {
    const view = renderShop({ path: '/sku-details?sku_id=SKU1001', language });
    await withCatalogue(view);
    const input = await screen.findByRole('spinbutton');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(view.app().system.get('cart')?.getSnapshot().context.items[0]?.translations).toEqual(names));
  });
});

describe('the catalogue for an English farmer', () => {
  it('shows the English fields and units as typed', async () => {
    const view = renderShop({ path: '/sku-details?sku_id=SKU1002', language: 'english' });
    await withCatalogue(view);
    await waitFor(() => screen.getByRole('heading', { name: 'Paddy Straw' }));
    screen.getByText('quintal');
  });
});

describe('changing the language on /profile', () => {
  it('saves the language alone and shows the screens and the catalogue in it', async () => {
    const view = renderShop({ path: '/profile', language: 'english' });
    await withCatalogue(view);
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'ગુજરાતી' }));
    const save = await called(view.onboarding.saveLanguage);
    expect(save.input).toEqual({ preferredLanguage: 'gujrati' });
    // While saving, the choices wait.
    expect((screen.getByRole('button', { name: 'हिन्दी' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => save.resolve(undefined));
    await waitFor(() => expect(document.documentElement.lang).toBe('gu'));
    screen.getByText('મારી પ્રોફાઇલ');
    expect(screen.getByRole('button', { name: 'ગુજરાતી' }).getAttribute('aria-pressed')).toBe('true');

    const home = screen.getAllByRole('link').find((a) => a.getAttribute('href') === '/home');
    fireEvent.click(home!);
    await waitFor(() => expect(view.path()).toBe('/home'));
    const load = await called(view.shop.fetchSkus);
    await act(async () => load.resolve([shell, straw]));
    await waitFor(() => expect(screen.getAllByText('મગફળીના ફોતરાં').length).toBe(2));
  });
});
