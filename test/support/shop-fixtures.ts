/** Catalogue, cart and quotation records as the API sends them, for every layer's tests. */
import type { AppConfig, PageResponse } from '../../src/domain/api';
import type { CartItem, Quotation, QuotationLine, Sku } from '../../src/domain/types';

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


export const shell = sku({ image: '/img/groundnut-shell.jpg' });
export const straw = sku({
  _id: 'sku-2',
  skuDisplayId: 'SKU1002',
  name: 'Paddy Straw',
  categoryName: 'Straw',
  brandName: 'Delta Farms',
  description: 'Bales of rice straw for fodder',
  image: '/img/paddy-straw.jpg',
  skuQuantityUnit: 'bale',
});
export const shellInCart: CartItem = { _id: 'sku-1', name: 'Groundnut Shell', image: '/img/groundnut-shell.jpg', skuQuantityUnit: 'kg', quantity: 2 };
export const strawInCart: CartItem = { _id: 'sku-2', name: 'Paddy Straw', image: '/img/paddy-straw.jpg', skuQuantityUnit: 'bale', quantity: 1 };

export const config: AppConfig = { contactPhone: '+919812345678', chatUrl: 'https://wa.me/919812345678', upiPayeeId: null, upiPayeeName: null, quotationReplyHours: 24, grievanceContact: 'Grievance officer, +91 98123 45678', aadhaarRetentionDays: 30 };

const strawRef = { _id: 'sku-2', name: 'Paddy Straw', image: '/img/paddy-straw.jpg', skuQuantityUnit: 'bale', minimumPrice: 4_000 };
export const pricedLines = [
  line({ quantity: 10, goodsPricePaisa: 20_000_000, discountPaisa: 2_000_000, shippingPricePaisa: 500_000 }),
  line({ skuIdentifier: strawRef, quantity: 4, goodsPricePaisa: 10_000_000, discountPaisa: 0, shippingPricePaisa: 500_000 }),
];
export const pendingQ = quotation({ skusDetail: [line({ quantity: 10 }), line({ skuIdentifier: strawRef, quantity: 4 })] });
export const receivedQ = quotation({ _id: 'q-2', quotationDisplayId: 'QT100002', status: 'COMPLETED', skusDetail: pricedLines });
export const orderedQ = quotation({
  _id: 'q-3',
  quotationDisplayId: 'QT100003',
  status: 'ORDERED',
  orderStatus: 'ORDER_CONFIRMED',
  deliveryOtp: '4821',
  amountPaidPaisa: 10_000_000,
  skusDetail: pricedLines,
});
export const deletedQ = quotation({ _id: 'q-4', quotationDisplayId: 'QT100004', status: 'DELETED' });
export const expiredQ = quotation({ _id: 'q-5', quotationDisplayId: 'QT100005', status: 'EXPIRED' });

/** GET /quotations as one page holding every quotation given. */
export const onePage = (data: Quotation[]): PageResponse<Quotation> => ({ data, nextCursor: null, total: data.length });
