import { describe, expect, it } from 'vitest';
import { changesFlat, matchesId, parseLineQuantity, parseWholeNumber, reapplyFlat } from '../../machines/admin-sheet';

describe('what admins type', () => {
  it('reads whole numbers with grouping commas and spaces, and refuses anything else', () => {
    expect(parseWholeNumber('1,200')).toBe(1200);
    expect(parseWholeNumber(' 75 ')).toBe(75);
    expect(parseWholeNumber('0')).toBe(0);
    for (const text of ['', '2.5', '-3', '12a', '1e3']) expect(parseWholeNumber(text)).toBeNull();
  });

  it('reads a quantity above zero that its unit allows: one decimal for quintal and tonne, whole numbers otherwise', () => {
    expect(parseLineQuantity('4', 'kg')).toBe(4);
    expect(parseLineQuantity(' 1,200 ', 'bag')).toBe(1200);
    expect(parseLineQuantity('2.5', 'quintal')).toBe(2.5);
    expect(parseLineQuantity('0.5', 'tonne')).toBe(0.5);
    for (const [text, unit] of [['0', 'kg'], ['2.5', 'kg'], ['2.55', 'quintal'], ['-1', 'tonne'], ['', 'kg'], ['x', 'quintal']] as const) {
      expect(parseLineQuantity(text, unit), `${text} ${unit}`).toBeNull();
    }
  });

  it('searches by display id or internal id, ignoring case and surrounding spaces', () => {
    const item = { _id: 'a1b2c3' };
    expect(matchesId(item, 'QT100042', ' qt1000 ')).toBe(true);
    expect(matchesId(item, 'QT100042', 'B2C')).toBe(true);
    expect(matchesId(item, 'QT100042', 'OD1')).toBe(false);
    expect(matchesId(item, 'QT100042', '')).toBe(true);
  });
});

describe('a refused save', () => {
  const same = (_field: string, a: string, b: string) => a === b;
  const base = { status: 'A', paid: '0' };
  const mine = { status: 'A', paid: '50' };
  const now = { status: 'B', paid: '10' };

  it('lists only the fields the admin changed, with the value saved now', () => {
    expect(changesFlat({ base, mine }, now, ['status', 'paid'] as const, same)).toEqual([{ field: 'paid', mine: '50', now: '10' }]);
  });

  it('re-applies only those fields over the reloaded values', () => {
    expect(reapplyFlat({ base, mine }, now, ['status', 'paid'] as const, same)).toEqual({ status: 'B', paid: '50' });
  });
});
