/** Admin test data: users, SKUs, quotations and orders as the server answers them. */
import { vi } from 'vitest';
import type { Order, Quotation, Sku, User } from '../../../src/domain/types';

export const user = (overrides: Partial<User> & Pick<User, '_id'>): User => ({
  mobileNumber: '9876500000',
  name: 'Ramesh Patel',
  preferredLanguage: 'gujrati',
  profilePhoto: '/api/uploads/photo0001',
  aadhaar: '/api/uploads/aadhaar0001',
  gender: 'male',
  age: 42,
  farmAddress: 'Village Khambhaliya, Jamnagar',
  geocoordinate: { lat: 22.2, long: 69.65, accuracy: 12 },
  isLoggedIn: true,
  profileUpdated: true,
  isVerified: false,
  isAdmin: false,
  profileSubmittedAt: null,
  detailsChangedAt: null,
  removedAt: null,
  ...overrides,
});

export const USERS: User[] = [
  user({ _id: 'u1', name: 'Asha Verma', mobileNumber: '9876500001', isVerified: true }),
  user({ _id: 'u2', name: 'Bhavesh Shah', mobileNumber: '9876500002', isVerified: false }),
  user({ _id: 'u3', name: 'Chetan Rao', mobileNumber: '9876500003', isVerified: true, aadhaar: null, profilePhoto: null }),
  user({ _id: 'u4', name: 'Divya Nair', mobileNumber: '9876500004', isVerified: false, aadhaar: null }),
];

export const sku = (overrides: Partial<Sku> & Pick<Sku, '_id'>): Sku => ({
  skuDisplayId: 'SKU1001',
  name: 'Groundnut shell',
  description: 'Dry groundnut shells for fuel and mulch',
  categoryName: 'Shells',
  brandName: 'Krishi',
  image: '/api/uploads/skuimage01',
  availableQty: 500,
  minimumPrice: 250000,
  skuQuantityUnit: 'tonne',
  version: 1,
  ...overrides,
});

export const SKUS: Sku[] = [
  sku({ _id: 's1' }),
  sku({ _id: 's2', skuDisplayId: 'SKU1002', name: 'Paddy straw', description: 'Baled straw', categoryName: 'Straw' }),
  sku({ _id: 's3', skuDisplayId: 'SKU1003', name: 'Coconut husk', description: 'Coir husk', brandName: 'Kerala Coir' }),
];

const line = (id: string, name: string, goods: number, discount: number, shipping: number, quantity = 2) => ({
  skuIdentifier: { _id: id, name, image: `/api/uploads/${id}image01`, skuQuantityUnit: 'tonne', minimumPrice: 100_000 },
  quantity,
  goodsPricePaisa: goods,
  discountPaisa: discount,
  shippingPricePaisa: shipping,
});

export const quotation = (overrides: Partial<Quotation> & Pick<Quotation, '_id'>): Quotation => ({
  quotationDisplayId: 'QT100001',
  status: 'PENDING',
  image: '/api/uploads/s1image01',
  skusDetail: [line('s1', 'Groundnut shell', 0, 0, 0), line('s2', 'Paddy straw', 0, 0, 0, 5)],
  orderStatus: null,
  orderDisplayId: null,
  validUntil: null,
  deliveryOtp: null,
  amountPaidPaisa: 0,
  version: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** As GET /quotations/all answers: each row with its farmer's name. */
export const QUOTATIONS: Quotation[] = [
  quotation({ _id: 'q1', farmerName: 'Asha Verma' }),
  quotation({
    _id: 'q2',
    farmerName: 'Bhavesh Shah',
    quotationDisplayId: 'QT100002',
    status: 'COMPLETED',
    skusDetail: [line('s3', 'Coconut husk', 1_000_000, 50_000, 20_000)],
  }),
];

export const order = (overrides: Partial<Order> & Pick<Order, '_id'>): Order => ({
  orderDisplayId: 'OD100001',
  status: 'CONFIRMATION_PENDING',
  amountPaidPaisa: 0,
  // As the admin's answers are: no delivery code, which is the farmer's to give at the handover.
  expectedDeliveryDate: null,
  deliveredWith: null,
  deliveryCodeLocked: false,
  deliveryAddress: null,
  deliveryLocation: null,
  preferredDate: null,
  problem: null,
  userDetails: { name: 'Bhavesh Shah', mobileNumber: '9876500002' },
  quotationDetail: {
    _id: 'q2',
    quotationDisplayId: 'QT100002',
    skusDetail: [line('s3', 'Coconut husk', 1_000_000, 50_000, 20_000)],
  },
  version: 1,
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

export const ORDERS: Order[] = [order({ _id: 'o1' }), order({ _id: 'o2', orderDisplayId: 'OD100002', status: 'IN_TRANSIT' })];

/** The server's answer for a list: these rows, the cursor of the next page (null: the last) and the total found. */
export const page = <T>(rows: T[], nextCursor: string | null = null, total = rows.length) => ({ data: rows, nextCursor, total });

/** Runs `body` on Vitest's fake timers (the 500 ms search delay, advanced by hand), then the real ones again, even when it fails. */
export async function withFakeTimers<T>(body: () => Promise<T>): Promise<T> {
  vi.useFakeTimers();
  try {
    return await body();
  } finally {
    vi.useRealTimers();
  }
}

/** Runs `body` with the clock set to `now` (Date only: timers stay real), then the real clock again, even when it fails. */
export async function atSystemTime<T>(now: number, body: () => Promise<T>): Promise<T> {
  vi.setSystemTime(now);
  try {
    return await body();
  } finally {
    vi.useRealTimers();
  }
}

/** When a test's saves are asked (the `now` of `sheet.save`) where no rule on dates is under test: a morning in India, 1 November 2026. */
export const SAVE_AT = Date.UTC(2026, 10, 1, 4, 30);
