/** Writes that several server tests make to a farmer's quotations through the API. */
import { expect } from 'vitest';
import type { Quotation } from '../../../src/domain/types';
import type { TestApp } from './app';

/** The admin sets a quotation's status and every line's goods price (PATCH /api/quotations/:id). */
export async function adminSetQuotation(t: TestApp, q: Quotation, status: string, goodsPricePaisa: number): Promise<Quotation> {
  const res = await t.as(await t.admin(), {
    method: 'PATCH',
    url: `/api/quotations/${q._id}`,
    payload: { ...q, status, skusDetail: q.skusDetail.map((l) => ({ ...l, skuIdentifier: l.skuIdentifier._id, goodsPricePaisa })) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
