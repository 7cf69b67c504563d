/**
 * Rows written straight into the tables with the times a back-office test needs (a quotation waiting
 * since an exact millisecond, an order due on a given India date), with the maintained list counts
 * moved as the app's writers move them.
 */
import type { Kysely } from 'kysely';
import { newId } from '../../../src/server/db/ids';
import type { Database } from '../../../src/server/db/schema';
import { added, shiftCounts } from '../../../src/server/repos/list-counts';

let seq = 0;
const next = () => ++seq;

export async function anySku(db: Kysely<Database>): Promise<string> {
  return (await db.selectFrom('skus').select('id').orderBy('displayId').executeTakeFirstOrThrow()).id;
}

export async function insertUser(
  db: Kysely<Database>,
  values: { name?: string; submittedAt?: number | null; verified?: boolean; removedAt?: number; createdAt?: number; mobile?: string },
): Promise<string> {
  const id = newId();
  const n = next();
  const createdAt = values.createdAt ?? values.submittedAt ?? 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id,
        mobileNumber: values.mobile ?? `6${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`,
        name: values.name ?? `Seeded farmer ${n}`,
        profileUpdated: values.submittedAt === null ? 0 : 1,
        profileSubmittedAt: values.submittedAt ?? null,
        isVerified: values.verified ? 1 : 0,
        verifiedAt: values.verified ? createdAt : null,
        isAdmin: 0,
        removedAt: values.removedAt ?? null,
        aadhaar: '/api/uploads/aadhaar-card-never-exported',
        profilePhoto: '/api/uploads/photo-never-exported',
        createdAt,
        updatedAt: createdAt,
      })
      .execute();
    if (values.removedAt === undefined) await shiftCounts(trx, added('users', values.verified ? 'VERIFIED' : 'UNVERIFIED'));
  });
  return id;
}

export interface SeedLine {
  goods: number;
  discount?: number;
  shipping?: number;
  name?: string;
}

export async function insertQuotation(
  db: Kysely<Database>,
  values: {
    userId: string;
    status: string;
    createdAt: number;
    pricedAt?: number | null;
    declineReason?: string;
    lines?: SeedLine[];
    displayId?: string;
  },
): Promise<{ id: string; displayId: string }> {
  const id = newId();
  const displayId = values.displayId ?? `QT${String(500000 + next())}`;
  const skuId = await anySku(db);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('quotations')
      .values({
        id,
        displayId,
        userId: values.userId,
        status: values.status,
        version: 1,
        createdAt: values.createdAt,
        updatedAt: values.createdAt,
        pricedAt: values.pricedAt ?? null,
        declineReason: values.declineReason ?? null,
      })
      .execute();
    const lines = values.lines ?? [{ goods: 10_000 }];
    await trx
      .insertInto('quotationLines')
      .values(
        lines.map((l, position) => ({
          id: newId(),
          quotationId: id,
          position,
          skuId,
          skuName: l.name ?? 'Groundnut shell',
          skuImage: '/sku.svg',
          skuUnit: 'kg',
          skuMinimumPrice: 100,
          quantity: 10,
          goodsPricePaisa: l.goods,
          discountPaisa: l.discount ?? 0,
          shippingPricePaisa: l.shipping ?? 0,
        })),
      )
      .execute();
    await shiftCounts(trx, added('quotations', values.status));
  });
  return { id, displayId };
}

export async function insertOrder(
  db: Kysely<Database>,
  values: { userId: string; status: string; createdAt: number; expectedDeliveryDate?: string | null; lines?: SeedLine[]; pricedAt?: number },
): Promise<{ id: string; displayId: string; quotationId: string }> {
  const quotation = await insertQuotation(db, {
    userId: values.userId,
    status: 'ORDERED',
    createdAt: values.createdAt - 1000,
    pricedAt: values.pricedAt ?? values.createdAt - 500,
    ...(values.lines ? { lines: values.lines } : {}),
  });
  const id = newId();
  const displayId = `OD${String(500000 + next())}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('orders')
      .values({
        id,
        displayId,
        quotationId: quotation.id,
        userId: values.userId,
        status: values.status,
        amountPaidPaisa: 0,
        deliveryOtp: '1234',
        expectedDeliveryDate: values.expectedDeliveryDate ?? null,
        version: 1,
        createdAt: values.createdAt,
        updatedAt: values.createdAt,
      })
      .execute();
    await shiftCounts(trx, added('orders', values.status));
  });
  return { id, displayId, quotationId: quotation.id };
}
