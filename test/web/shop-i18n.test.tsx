/**
 * Every shop screen in Hindi and Gujarati: a shop key whose hi/gu text is missing or still the
 * English one fails, and so does any English message text found on a rendered screen.
 */
import { act, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import gu from '../../locales/gu.json';
import hi from '../../locales/hi.json';
import type { Language } from '../../src/domain/types';
import { config, onePage, orderedQ, pendingQ, receivedQ, deletedQ, expiredQ, shell, shellInCart, straw, strawInCart } from '../support/shop-fixtures';
import { answerCatalogue, called, renderShop, type RenderedShop, screenOpen } from '../support/web/shop-harness';

type Catalogue = Record<string, string>;
const english = en as Catalogue;
const shopKeys = Object.keys(english).filter((key) => key.startsWith('shop.'));
/** Keys whose English text is meant to stay as is in every language (none yet). */
const SAME_IN_EVERY_LANGUAGE = new Set<string>();

describe.each([
  ['hindi', hi as Catalogue],
  ['gujarati', gu as Catalogue],
])('shop messages in %s', (_, catalogue) => {
  it('translate every shop key into a text of their own', () => {
    const missing = shopKeys.filter((key) => !catalogue[key]);
    const untranslated = shopKeys.filter((key) => catalogue[key] === english[key] && !SAME_IN_EVERY_LANGUAGE.has(key));
    expect({ missing, untranslated }).toEqual({ missing: [], untranslated: [] });
  });
});

/** The English message texts with no placeholder: finding one on a hi/gu screen means a fallback. */
const englishTexts = new Set(
  Object.entries(english)
    .filter(([key, text]) => (key.startsWith('shop.') || key.startsWith('common.')) && !text.includes('{') && !SAME_IN_EVERY_LANGUAGE.has(key))
    .map(([, text]) => text),
);

function englishOnScreen(): string[] {
  const found = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (englishTexts.has(text)) found.add(text);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [alt]')) {
    for (const attribute of ['aria-label', 'placeholder', 'alt']) {
      const value = element.getAttribute(attribute);
      if (value && englishTexts.has(value)) found.add(`${attribute}=${value}`);
    }
  }
  return [...found];
}

const shown = (view: RenderedShop) => answerCatalogue(view, [shell, straw], config);

const SCREENS: [string, (language: Language) => Promise<void>][] = [
  [
    '/home',
    async (language) => {
      const view = renderShop({ path: '/home', language, user: { isAdmin: true }, persisted: { cart: [shellInCart] } });
      await shown(view);
    },
  ],
  [
    '/sku-details',
    async (language) => {
      const view = renderShop({ path: '/sku-details?sku_id=SKU1002', language });
      await shown(view);
      fireEvent.click(document.querySelector('.shop-contact-fab') as HTMLElement);
    },
  ],
  [
    '/cart',
    async (language) => {
      const view = renderShop({ path: '/cart', language, persisted: { cart: [shellInCart, strawInCart] } });
      await shown(view);
    },
  ],
  [
    '/request',
    async (language) => {
      const view = renderShop({ path: '/request', language });
      const fetch = await called(view.shop.fetchQuotations);
      await screenOpen();
      await act(async () => fetch.resolve(onePage([pendingQ, receivedQ, orderedQ, deletedQ, expiredQ])));
      fireEvent.click(document.querySelector('.shop-quotation-delete') as HTMLElement);
    },
  ],
  [
    '/quotation-details',
    async (language) => {
      const view = renderShop({ path: '/quotation-details?quotation_id=QT100002', language });
      const fetch = await called(view.shop.fetchQuotation);
      await screenOpen();
      await act(async () => fetch.resolve(receivedQ));
    },
  ],
  [
    '/order-status',
    async (language) => {
      const view = renderShop({ path: '/order-status?quotation_id=q-3', language });
      const fetch = await called(view.shop.fetchQuotation);
      await screenOpen();
      await act(async () => fetch.resolve(orderedQ));
      fireEvent.click(document.querySelector('.shop-panel .shop-button') as HTMLElement);
    },
  ],
  [
    '/profile',
    async (language) => {
      const view = renderShop({ path: '/profile', language });
      await shown(view);
    },
  ],
];

describe.each(['hindi', 'gujrati'] as const)('shop screens in %s', (language) => {
  it.each(SCREENS)('%s shows no English message text', async (_, open) => {
    await open(language);
    await waitFor(() => expect(document.documentElement.lang).toBe(language === 'hindi' ? 'hi' : 'gu'));
    expect(document.querySelector('.shop-screen')).not.toBeNull();
    expect(englishOnScreen()).toEqual([]);
  });
});

describe('the untranslated-text check', () => {
  it('finds the English texts on an English screen, so it can fail', async () => {
    const view = renderShop({ path: '/profile', language: 'english' });
    await shown(view);
    expect(englishOnScreen()).toEqual(expect.arrayContaining(['Log out', 'My Profile', 'Farm Address', 'aria-label=Contact Us']));
  });
});

describe.each(['hindi', 'gujrati'] as const)('/order-status times in %s', (language) => {
  it('say the part of the day in the language, never am/pm', async () => {
    const dated = {
      ...orderedQ,
      statusHistory: [
        { status: 'CONFIRMATION_PENDING' as const, at: '2026-11-02T04:30:00.000Z' },
        { status: 'ORDER_CONFIRMED' as const, at: '2026-11-04T14:15:00.000Z' },
      ],
    };
    const view = renderShop({ path: '/order-status?quotation_id=q-3', language });
    const fetch = await called(view.shop.fetchQuotation);
    await screenOpen();
    await act(async () => fetch.resolve(dated));
    const times = [...document.querySelectorAll('.shop-tracker time')].map((t) => t.textContent ?? '');
    expect(times).toHaveLength(2);
    for (const time of times) {
      expect(time).not.toMatch(/\b[ap]\.?m\.?\b/i);
      expect(time).toMatch(language === 'hindi' ? /(सुबह|दोपहर|शाम|रात)/ : /(સવારે|બપોરે|સાંજે|રાત્રે|મધ્યરાત્રિ)/);
    }
  });
});
