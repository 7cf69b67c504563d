/**
 * What the speaker button reads on the product, quotation and order screens, in each language, built
 * from the charts' snapshots with the app's own messages (no audio in these tests).
 */
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import gu from '../../locales/gu.json';
import hi from '../../locales/hi.json';
import { orderSpeech, productSpeech, quotationSpeech, speechLang, type SpokenWords } from '../../machines/read-aloud';
import { orderedQ, pendingQ, receivedQ as pricedQ, sku } from '../support/shop-fixtures';

const wordsIn = (locale: 'en' | 'hi' | 'gu'): SpokenWords => {
  const intl = createIntl({ locale, messages: { en, hi, gu }[locale] });
  return { locale, messages: intl.messages, formatMessage: (descriptor, values) => intl.formatMessage(descriptor, values) };
};
const of = (quotation: Parameters<typeof quotationSpeech>[0]['context']['quotation']) => ({ context: { quotation } });

describe('read aloud', () => {
  it('speaks in India\'s Hindi, Gujarati or English voice', () => {
    expect([speechLang('hi'), speechLang('gu'), speechLang('en')]).toEqual(['hi-IN', 'gu-IN', 'en-IN']);
  });

  it('reads the product: its name in the language, the typed quantity with its unit, and its overview', () => {
    const shell = sku({ skuQuantityUnit: 'quintal', description: 'Dry shells.', translations: { hindi: { name: 'मूँगफली के छिलके', description: 'सूखे छिलके।' } } });
    expect(productSpeech(shell, '2.5', wordsIn('hi'))).toBe('मूँगफली के छिलके. मात्रा: 2.5 क्विंटल। सूखे छिलके।');
    expect(productSpeech(shell, '', wordsIn('en'))).toBe('Groundnut Shell. Dry shells.');
    expect(productSpeech(null, '2', wordsIn('en'))).toBeNull();
  });

  it('reads a priced quotation: number, status, each item, the total in rupees without the sign, and until when the price holds', () => {
    const text = quotationSpeech(of({ ...pricedQ, validUntil: '2026-12-05T06:30:00.000Z' }), wordsIn('gu'))!;
    expect(text).toContain(`ભાવપત્ર ${pricedQ.quotationDisplayId}: ${gu['shop.status.COMPLETED']}.`);
    expect(text).toMatch(/કુલ [\d,.]+ રૂપિયા\./);
    expect(text).toContain('સુધી રહેશે.');
    expect(text).not.toContain('₹');
    for (const line of pricedQ.skusDetail) expect(text).toContain(`${line.quantity}`);
  });

  it('reads a pending quotation without a total or a date', () => {
    const text = quotationSpeech(of(pendingQ), wordsIn('en'))!;
    expect(text).toContain(`Quotation ${pendingQ.quotationDisplayId}: Pending.`);
    expect(text).not.toContain('Total');
    expect(text).not.toContain('holds until');
  });

  it('reads an order: the step reached and the delivery code digit by digit, until it is delivered', () => {
    const open = { ...orderedQ, orderStatus: 'IN_TRANSIT' as const, deliveryOtp: '4827' };
    const text = orderSpeech(of(open), wordsIn('hi'))!;
    expect(text).toContain(hi['shop.orderStatus.IN_TRANSIT']);
    expect(text).toContain('4 8 2 7');
    const delivered = orderSpeech(of({ ...open, orderStatus: 'DELIVERED' }), wordsIn('hi'))!;
    expect(delivered).toContain(hi['shop.orderStatus.DELIVERED']);
    expect(delivered).not.toContain('4 8 2 7');
    expect(orderSpeech(of(pendingQ), wordsIn('hi'))).toBeNull();
  });
});
