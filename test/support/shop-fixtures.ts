import type { Quotation, QuotationLine, Sku } from '../../src/domain/types';

export function sku(overrides: Partial<Sku> = {}): Sku {
  return {
    _id: 'sku-1',
    skuDisplayId: 'SKU1001',
    name: 'Groundnut Shell',
    description: 'Dry shells for fuel and mulch',
    categoryName: 'Crop Residue',
    brandName: 'Kisan Agro',
    image: '/img/groundnut.jpg',
    availableQty: 100,
    minimumPrice: 500,
    skuQuantityUnit: 'kg',
    version: 1,
    ...overrides,
  };
}

export function line(overrides: Partial<QuotationLine> = {}): QuotationLine {
  return {
    skuIdentifier: { _id: 'sku-1', name: 'Groundnut Shell', image: '/img/groundnut.jpg', skuQuantityUnit: 'kg', minimumPrice: 1_500 },
    quantity: 10,
    goodsPricePaisa: 0,
    discountPaisa: 0,
    shippingPricePaisa: 0,
    ...overrides,
  };
}

export function quotation(overrides: Partial<Quotation> = {}): Quotation {
  return {
    _id: 'q-1',
    quotationDisplayId: 'QT100001',
    status: 'PENDING',
    image: '/img/groundnut.jpg',
    skusDetail: [line()],
    orderStatus: null,
    orderDisplayId: null,
    validUntil: null,
    deliveryOtp: null,
    amountPaidPaisa: 0,
    version: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
