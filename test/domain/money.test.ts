import { describe, expect, it } from 'vitest';
import { formatPaisa, paisaToRupeesInput, priceDetails, rupeesToPaisa } from '../../src/domain/money';

describe('money', () => {
  it('shows paisa as rupees with the Indian lakh grouping and two decimals', () => {
    expect(formatPaisa(12_345_600)).toBe('₹1,23,456.00');
    expect(formatPaisa(5)).toBe('₹0.05');
    expect(formatPaisa(0)).toBe('₹0.00');
  });

  it('adds up line totals: total = goods + shipping − discount', () => {
    const lines = [
      { goodsPricePaisa: 100_000, discountPaisa: 5_000, shippingPricePaisa: 2_000 },
      { goodsPricePaisa: 50_000, discountPaisa: 0, shippingPricePaisa: 3_000 },
    ];
    expect(priceDetails(lines)).toEqual({
      totalMrpPaisa: 150_000,
      discountPaisa: 5_000,
      shippingPaisa: 5_000,
      totalPaisa: 150_000,
    });
  });

  it('gives zero totals for no lines', () => {
    expect(priceDetails([])).toEqual({ totalMrpPaisa: 0, discountPaisa: 0, shippingPaisa: 0, totalPaisa: 0 });
  });

  it('reads rupees typed by an admin into exact paisa', () => {
    expect(rupeesToPaisa('1250.5')).toBe(125_050);
    expect(rupeesToPaisa('1,250.55')).toBe(125_055);
    expect(rupeesToPaisa('₹ 12')).toBe(1_200);
    expect(rupeesToPaisa('0.1')).toBe(10);
    // 0.29 * 100 is 28.999… in floating point; the parser must not lose a paisa.
    expect(rupeesToPaisa('0.29')).toBe(29);
  });

  it('refuses text that is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '.']) expect(rupeesToPaisa(bad)).toBeNull();
  });

  it('turns paisa back into the text an amount input shows', () => {
    expect(paisaToRupeesInput(125_050)).toBe('1250.50');
    expect(rupeesToPaisa(paisaToRupeesInput(987_654))).toBe(987_654);
  });
});
