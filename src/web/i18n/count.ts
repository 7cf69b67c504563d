/**
 * A count as India writes it, in the shown language: lakh and crore grouping (12,24,571), in English
 * too, so an admin and an analyst read the same figure the same way. Digits stay 0–9.
 */
export const formatCount = (count: number, locale: string): string =>
  new Intl.NumberFormat(`${locale.split('-')[0]}-IN`, { numberingSystem: 'latn' }).format(count);
