/**
 * The audit trail as the admin reads it (history-format.ts): translated field labels, rupees from
 * paisa, status labels, formatted dates, spelled-out quotation lines, and "—" for nothing.
 */
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import gu from '../../locales/gu.json';
import hi from '../../locales/hi.json';
import type { AuditEntry } from '../../src/domain/types';
import { historyFieldLabel, historyRows, historyValue } from '../../src/web/admin/history-format';

const intlFor = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages, onError: () => {} });
const english = intlFor('en', en);
const at = '2026-01-15T06:02:01.000Z';

describe('historyRows', () => {
  it('shows money as rupees, statuses by their labels and nothing as a dash', () => {
    const entry: AuditEntry = {
      at,
      by: null,
      changes: { amountPaidPaisa: { from: 0, to: 400_050 }, status: { from: 'CONFIRMATION_PENDING', to: 'ORDER_CONFIRMED' } },
    };
    expect(historyRows(english, entry)).toEqual([
      { field: 'amountPaidPaisa', label: 'Amount paid', from: '₹0.00', to: '₹4,000.50' },
      { field: 'status', label: 'Status', from: 'Confirmation Pending', to: 'Order Confirmed' },
    ]);
    expect(historyValue(english, 'status', 'EXPIRED')).toBe('Expired');
    expect(historyValue(english, 'minimumPrice', 12_345_600)).toBe('₹1,23,456.00');
    expect(historyValue(english, 'description', null)).toBe('—');
    expect(historyValue(english, 'hindi.name', '')).toBe('—');
    expect(historyValue(english, 'availableQty', 1500)).toBe('1,500');
  });

  it('labels every field in Hindi and Gujarati, translated SKU texts with their language', () => {
    const hindi = intlFor('hi', hi);
    const gujarati = intlFor('gu', gu);
    for (const field of [
      'status', 'amountPaidPaisa', 'expectedDeliveryDate', 'skusDetail', 'pricedAt', 'isVerified', 'name', 'minimumPrice', 'availableQty', 'skuQuantityUnit', 'image',
      'aadhaar', 'profilePhoto', 'aadhaarConsent', 'aadhaarViewed', 'detailsChangedAt', 'account',
    ]) {
      expect(historyFieldLabel(hindi, field), field).not.toBe(historyFieldLabel(english, field));
      expect(historyFieldLabel(gujarati, field), field).not.toBe(historyFieldLabel(english, field));
      expect(historyFieldLabel(hindi, field), field).not.toBe(field);
    }
    expect(historyFieldLabel(english, 'gujrati.brandName')).toBe('Brand · Gujarati');
    // A time reads in the language, its part of the day too: no English am/pm.
    for (const intl of [hindi, gujarati]) expect(historyValue(intl, 'pricedAt', at)).not.toMatch(/am|pm/i);
    expect(historyValue(hindi, 'pricedAt', at)).toMatch(/सुबह|दोपहर|शाम|रात/);
    expect(historyFieldLabel(hindi, 'hindi.name')).toBe(`${hi['admin.history.field.name']} · ${hi['admin.skus.lang.hindi']}`);
    expect(historyValue(hindi, 'status', 'COMPLETED')).toBe(hi['admin.quotationStatus.COMPLETED']);
    // The personal-data facts: an image is on file or not (never its id), an account open or closed.
    expect(historyValue(english, 'aadhaar', 'img123')).toBe('On file');
    expect(historyValue(english, 'aadhaar', null)).toBe('—');
    expect(historyValue(english, 'account', 'closed')).toBe('Closed');
    expect(historyValue(hindi, 'account', 'closed')).toBe(hi['admin.history.value.accountClosed']);
    expect(historyValue(gujarati, 'profilePhoto', '/api/uploads/p1')).toBe(gu['admin.history.value.imageOnFile']);
    // A value this screen does not know reads as stored.
    expect(historyValue(english, 'account', 'frozen')).toBe('frozen');
    // A field this screen does not know keeps its stored name.
    expect(historyFieldLabel(english, 'somethingNew')).toBe('somethingNew');
  });

  it("reads a farmer's own profile changes by the user details' labels, in the admin's language", () => {
    const entry: AuditEntry = {
      at,
      by: null,
      changes: {
        preferredLanguage: { from: 'english', to: 'gujrati' },
        gender: { from: null, to: 'female' },
        age: { from: 41, to: 42 },
        farmAddress: { from: 'Canal road, Anand', to: 'Village road, Rajkot' },
        geocoordinate: { from: null, to: { lat: 22.5645123, long: 72.928871, accuracy: 12 } },
      },
    };
    expect(historyRows(english, entry)).toEqual([
      { field: 'preferredLanguage', label: 'Language', from: 'English', to: 'Gujarati' },
      { field: 'gender', label: 'Gender', from: '—', to: 'Female' },
      { field: 'age', label: 'Age', from: '41', to: '42' },
      { field: 'farmAddress', label: 'Farm address', from: 'Canal road, Anand', to: 'Village road, Rajkot' },
      { field: 'geocoordinate', label: 'Geolocation', from: '—', to: '22.56451, 72.92887' },
    ]);
    const hindi = intlFor('hi', { ...en, ...hi });
    expect(historyFieldLabel(hindi, 'gender')).toBe(hi['admin.users.gender']);
    expect(historyValue(hindi, 'preferredLanguage', 'hindi')).toBe(hi['admin.users.language.hindi']);
  });

  it('spells out quotation lines, verification and dates', () => {
    const line = { sku: 'a1', quantity: 2, goodsPricePaisa: 300_000, discountPaisa: 5_000, shippingPricePaisa: 1_000 };
    expect(historyValue(english, 'skusDetail', [line, { ...line, quantity: 1 }])).toBe(
      '2 × goods ₹3,000.00, discount ₹50.00, shipping ₹10.00; 1 × goods ₹3,000.00, discount ₹50.00, shipping ₹10.00',
    );
    expect(historyValue(english, 'isVerified', true)).toBe('Verified');
    expect(historyValue(english, 'isVerified', false)).toBe('Not verified');
    expect(historyValue(english, 'validUntil', at)).toBe(english.formatDate(at, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }));
    expect(historyValue(english, 'validUntil', at)).toMatch(/Jan.*2026/);
    expect(historyRows(english, { at, by: null, changes: { pricedAt: { from: null, to: at } } })).toEqual([
      { field: 'pricedAt', label: 'Priced on', from: '—', to: historyValue(english, 'validUntil', at) },
    ]);
    expect(historyValue(english, 'name', 'Mustard Husk')).toBe('Mustard Husk');
    // An order's expected delivery is a calendar day, the same in every time zone.
    expect(historyRows(english, { at, by: null, changes: { expectedDeliveryDate: { from: null, to: '2026-11-20' } } })).toEqual([
      { field: 'expectedDeliveryDate', label: 'Expected delivery date', from: '—', to: 'Nov 20, 2026' },
    ]);
  });
});
