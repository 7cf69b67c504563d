/** A farmer's quotation in a chosen status, made through the real API (the admin prices it, the farmer orders it). */
import type { Quotation, Sku } from '../../../src/domain/types';
import { call } from './api';
import type { TestServer } from './server';

export type SetUpStatus = 'PENDING' | 'COMPLETED' | 'ORDERED';

export async function quotation(server: TestServer, token: string, admin: string, skus: Sku[], status: SetUpStatus): Promise<Quotation> {
  const created = await call<{ data: Quotation }>(server, 'POST', '/quotations', token, {
    skusDetail: [
      { skuIdentifier: skus[3]!._id, quantity: 4 },
      { skuIdentifier: skus[0]!._id, quantity: 120 },
      { skuIdentifier: skus[6]!._id, quantity: 300 },
      { skuIdentifier: skus[7]!._id, quantity: 80 },
    ],
  });
  const q = created.body.data;
  if (status === 'PENDING') return q;
  await call(server, 'PATCH', `/quotations/${q._id}`, admin, {
    ...q,
    status: 'COMPLETED',
    skusDetail: q.skusDetail.map((l, i) => ({ skuIdentifier: l.skuIdentifier._id, quantity: l.quantity, goodsPricePaisa: 150_000 + i * 25_000, discountPaisa: 5_000, shippingPricePaisa: 12_000 })),
  });
  if (status === 'ORDERED') await call(server, 'POST', `/orders/${q._id}`, token);
  return (await call<{ data: Quotation }>(server, 'GET', `/quotations/${q._id}`, token)).body.data;
}

/** One quotation in each status a farmer sees priced or waiting. */
export async function quotationsInEachStatus(server: TestServer, token: string, admin: string): Promise<Record<SetUpStatus, Quotation>> {
  const skus = (await call<{ data: Sku[] }>(server, 'GET', '/skus', token)).body.data;
  return {
    PENDING: await quotation(server, token, admin, skus, 'PENDING'),
    COMPLETED: await quotation(server, token, admin, skus, 'COMPLETED'),
    ORDERED: await quotation(server, token, admin, skus, 'ORDERED'),
  };
}
