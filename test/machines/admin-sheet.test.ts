import { describe, expect, it } from 'vitest';
import { changesFlat, matchesId, parseQuantity, parseWholeNumber, reapplyFlat } from '../../machines/admin-sheet';

describe('what admins type', () => {
  it('reads whole numbers with grouping commas and spaces, and refuses anything else', () => {
    expect(parseWholeNumber('1,200')).toBe(1200);
    expect(parseWholeNumber(' 75 ')).toBe(75);
    expect(parseWholeNumber('0')).toBe(0);
    for (const text of ['', '2.5', '-3', '12a', '1e3']) expect(parseWholeNumber(text)).toBeNull();
  });

  it('reads a quantity only above zero', () => {
    expect(parseQuantity('4')).toBe(4);
    expect(parseQuantity('0')).toBeNull();
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
