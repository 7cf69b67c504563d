import { describe, expect, it } from 'vitest';
import type { Quotation } from '../../src/domain/types';
import { readCount } from '../../src/server/repos/list-counts';
import { databases, dumpDatabase, useTestApp, type Session } from '../support/server/app';
import { adminSetQuotation } from '../support/server/quotation-writes';

const DAY_MS = 86_400_000;

describe.each(databases())('bargaining on a priced quotation on %s', (kind) => {
  const t = useTestApp(kind);

  async function create(s: Session): Promise<Quotation> {
    const [sku] = (await t.as(s, { method: 'GET', url: '/api/skus' })).json().data as { _id: string }[];
    const res = await t.as(s, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!._id, quantity: 10 }] } });
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }
  /** A farmer's quotation the admin priced at ₹1,000 (goods; no discount or shipping). */
  async function pricedFor(s: Session, goodsPricePaisa = 100_000): Promise<Quotation> {
    return adminSetQuotation(t, await create(s), 'COMPLETED', goodsPricePaisa);
  }
  const decline = (s: Session, id: string, payload: object) => t.as(s, { method: 'POST', url: `/api/quotations/${id}/decline`, payload });
  const counter = (s: Session, id: string, payload: object) => t.as(s, { method: 'POST', url: `/api/quotations/${id}/counter`, payload });
  const read = async (s: Session, id: string): Promise<Quotation> => (await t.as(s, { method: 'GET', url: `/api/quotations/${id}` })).json().data;
  const history = async (id: string) => (await t.as(await t.admin(), { method: 'GET', url: `/api/quotations/${id}/history` })).json().data as { by: { _id: string } | null; changes: Record<string, { from: unknown; to: unknown }> }[];
  const farmerVersion = async (s: Session) =>
    Number((await t.db.selectFrom('users').select('quotationsVersion').where('id', '=', s.userId).executeTakeFirstOrThrow()).quotationsVersion);

  it('numbers the first pricing revision 1', async () => {
    const farmer = await t.farmer();
    const q = await create(farmer);
    expect(q.revision).toBe(0);
    const priced = await adminSetQuotation(t, q, 'COMPLETED', 100_000);
    expect(priced).toMatchObject({ status: 'COMPLETED', revision: 1, counterOffer: null, previousTotalPaisa: null });
    // A correction that answers no counter keeps the number the farmer saw.
    expect(await adminSetQuotation(t, priced, 'COMPLETED', 90_000)).toMatchObject({ revision: 1, previousTotalPaisa: null });
  });

  it('declines with a reason: DECLINED, closed, audited by the farmer, counted and the farmer\'s version raised', async () => {
    const farmer = await t.farmer();
    const q = await pricedFor(farmer);
    const version = await farmerVersion(farmer);
    const [completed, declined] = [await readCount(t.db, 'quotations', 'COMPLETED'), await readCount(t.db, 'quotations', 'DECLINED')];
    const res = await decline(farmer, q.quotationDisplayId, { reason: 'price_too_high' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: q._id, status: 'DECLINED', decline: { reason: 'price_too_high', note: null }, version: q.version + 1 });
    expect(await farmerVersion(farmer)).toBe(version + 1);
    expect(await readCount(t.db, 'quotations', 'COMPLETED')).toBe(completed - 1);
    expect(await readCount(t.db, 'quotations', 'DECLINED')).toBe(declined + 1);
    const last = (await history(q._id)).at(-1)!;
    expect(last.by?._id).toBe(farmer.userId);
    expect(last.changes).toEqual({
      status: { from: 'COMPLETED', to: 'DECLINED' },
      declineReason: { from: null, to: 'price_too_high' },
      declineNote: { from: null, to: null },
    });
    // Closed like DELETED: no order, no second decline, no counter.
    expect((await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).statusCode).toBe(409);
    expect((await decline(farmer, q._id, { reason: 'not_needed' })).statusCode).toBe(409);
    expect((await counter(farmer, q._id, {})).statusCode).toBe(409);
    // The admin may price it again, as an expired one; its total shows again, its reason no more.
    const repriced = await adminSetQuotation(t, await read(farmer, q._id), 'COMPLETED', 80_000);
    expect(repriced).toMatchObject({ status: 'COMPLETED', decline: null, revision: 1 });
  });

  it('needs a note for "other", bounds the note and refuses an unknown reason, changing nothing', async () => {
    const farmer = await t.farmer();
    const q = await pricedFor(farmer);
    const before = await dumpDatabase(t.db);
    for (const payload of [
      { reason: 'other' },
      { reason: 'other', note: '   ' },
      { reason: 'cheaper' },
      { reason: 'not_needed', note: 'x'.repeat(501) },
      { reason: 'not_needed', extra: 1 },
      {},
    ]) {
      const res = await decline(farmer, q._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    for (const payload of [{ totalPaisa: 0 }, { totalPaisa: 1.5 }, { totalPaisa: -5 }, { note: 'y'.repeat(501) }, { note: '' }, { totalPaisa: 100_000 }]) {
      const res = await counter(farmer, q._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await dumpDatabase(t.db)).toEqual(before);
    const ok = await decline(farmer, q._id, { reason: 'other', note: '  Bought from my neighbour  ' });
    expect(ok.json().data.decline).toEqual({ reason: 'other', note: 'Bought from my neighbour' });
  });

  it('asks for a better price: PENDING with the counter-offer, shown to the admin and filtered by countered=true', async () => {
    const farmer = await t.farmer();
    const q = await pricedFor(farmer, 100_000);
    const other = await pricedFor(farmer, 50_000);
    const version = await farmerVersion(farmer);
    const res = await counter(farmer, q._id, { totalPaisa: 90_000, note: 'Rate is ₹900 in our mandi' });
    expect(res.statusCode).toBe(200);
    const at = new Date(t.clock.now()).toISOString();
    expect(res.json().data).toMatchObject({
      status: 'PENDING',
      revision: 1,
      previousTotalPaisa: 100_000,
      counterOffer: { totalPaisa: 90_000, note: 'Rate is ₹900 in our mandi', at },
    });
    expect(await farmerVersion(farmer)).toBe(version + 1);
    const admin = await t.admin();
    const countered = (await t.as(admin, { method: 'GET', url: '/api/quotations/all?countered=true&limit=200' })).json();
    expect(countered.data.map((r: Quotation) => r._id)).toContain(q._id);
    expect(countered.data.map((r: Quotation) => r._id)).not.toContain(other._id);
    expect(countered.data.every((r: Quotation) => r.counterOffer !== null)).toBe(true);
    expect(countered.total).toBe(countered.data.length);
    const all = (await t.as(admin, { method: 'GET', url: '/api/quotations/all?limit=200' })).json().data as Quotation[];
    expect(all.find((r) => r._id === q._id)?.counterOffer).toEqual({ totalPaisa: 90_000, note: 'Rate is ₹900 in our mandi', at });
    expect((await history(q._id)).at(-1)!.changes).toEqual({
      status: { from: 'COMPLETED', to: 'PENDING' },
      countered: { from: false, to: true },
      counterOffer: { from: null, to: { totalPaisa: 90_000, note: 'Rate is ₹900 in our mandi', at } },
    });
    // No second counter while one waits (the quotation is PENDING); a counter with neither total nor note is allowed.
    expect((await counter(farmer, q._id, { totalPaisa: 80_000 })).statusCode).toBe(409);
    expect((await counter(farmer, other._id, {})).json().data.counterOffer).toMatchObject({ totalPaisa: null, note: null });
  });

  it('numbers the pricing that answers a counter as the next revision, with the last total kept', async () => {
    const farmer = await t.farmer();
    const q = await pricedFor(farmer, 100_000);
    await counter(farmer, q._id, { totalPaisa: 90_000 });
    t.clock.advance(60_000);
    const second = await adminSetQuotation(t, await read(farmer, q._id), 'COMPLETED', 95_000);
    expect(second).toMatchObject({ status: 'COMPLETED', revision: 2, previousTotalPaisa: 100_000, counterOffer: null });
    expect(await read(farmer, q._id)).toMatchObject({ revision: 2, previousTotalPaisa: 100_000 });
    expect((await history(q._id)).at(-1)!.changes).toMatchObject({ status: { from: 'PENDING', to: 'COMPLETED' }, revision: { from: 1, to: 2 }, countered: { from: true, to: false } });
    // Out of the countered list once answered.
    const countered = (await t.as(await t.admin(), { method: 'GET', url: '/api/quotations/all?countered=true&limit=200' })).json().data as Quotation[];
    expect(countered.map((r) => r._id)).not.toContain(q._id);
    // A third round: revision 3, the struck-through total now revision 2's.
    await counter(farmer, q._id, { note: 'Still high' });
    const third = await adminSetQuotation(t, await read(farmer, q._id), 'COMPLETED', 92_000);
    expect(third).toMatchObject({ revision: 3, previousTotalPaisa: 95_000 });
    // And the farmer orders from it.
    expect((await t.as(farmer, { method: 'POST', url: `/api/orders/${q._id}` })).statusCode).toBe(201);
  });

  it('refuses another farmer\'s quotation with 404 and every status but COMPLETED with 409, changing nothing', async () => {
    const owner = await t.farmer();
    const stranger = await t.farmer();
    const q = await pricedFor(owner);
    const before = await dumpDatabase(t.db);
    expect((await decline(stranger, q._id, { reason: 'not_needed' })).statusCode).toBe(404);
    expect((await counter(stranger, q.quotationDisplayId, {})).statusCode).toBe(404);
    expect((await decline(stranger, 'QT999999', { reason: 'not_needed' })).statusCode).toBe(404);
    // The admin is no owner either: the farmer's moves are the farmer's.
    expect((await decline(await t.admin(), q._id, { reason: 'not_needed' })).statusCode).toBe(404);
    expect(await dumpDatabase(t.db)).toEqual(before);

    const pending = await create(owner);
    for (const id of [pending._id]) {
      expect((await decline(owner, id, { reason: 'not_needed' })).json()).toMatchObject({ code: 'CONFLICT' });
      expect((await counter(owner, id, {})).statusCode).toBe(409);
    }
    for (const status of ['ORDERED', 'DELETED', 'EXPIRED', 'DECLINED']) {
      const moved = await adminSetQuotation(t, await pricedFor(owner), status, 100_000);
      const still = await dumpDatabase(t.db);
      expect((await decline(owner, moved._id, { reason: 'not_needed' })).statusCode, status).toBe(409);
      expect((await counter(owner, moved._id, { totalPaisa: 1 })).statusCode, status).toBe(409);
      expect(await dumpDatabase(t.db)).toEqual(still);
    }
  });

  it('refuses a quotation past its validity with 409, expiring it first', async () => {
    const farmer = await t.farmer();
    const q = await pricedFor(farmer);
    t.clock.advance(7 * DAY_MS);
    expect((await decline(farmer, q._id, { reason: 'not_needed' })).statusCode).toBe(409);
    expect((await counter(farmer, q._id, {})).statusCode).toBe(409);
    expect((await read(farmer, q._id)).status).toBe('EXPIRED');
    // One minute before the end it is still valid.
    const fresh = await pricedFor(farmer);
    t.clock.advance(7 * DAY_MS - 60_000);
    expect((await counter(farmer, fresh._id, {})).statusCode).toBe(200);
  });
});
