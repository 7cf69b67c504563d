import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/web/i18n/count';

describe('counts as the back office and the analyst read them', () => {
  it('groups in lakhs and crores in every language, English too, in the digits 0–9', () => {
    expect(['en', 'hi', 'gu', 'hi-IN'].map((locale) => formatCount(1_12_71_700, locale))).toEqual(['1,12,71,700', '1,12,71,700', '1,12,71,700', '1,12,71,700']);
    expect(formatCount(999, 'en')).toBe('999');
  });
});
