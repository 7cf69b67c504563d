import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Order, OrderProblem, Quotation } from '../../src/domain/types';
import { databases, useTestApp, type Session } from '../support/server/app';
import { jpegWithGps, multipart, uploadFields } from '../support/server/images';
import { adminSetQuotation } from '../support/server/quotation-writes';

// The test clock starts at 2026-01-15 11:30 in India: a preferred date runs from 2026-01-16 to 2026-02-14.
const TOMORROW = '2026-01-16';
const LAST_DAY = '2026-02-14';

describe.each(databases())('where and when to deliver, and problems with a delivery, on %s', (kind) => {
  const t = useTestApp(kind);

  async function priced(farmer: Session): Promise<Quotation> {
    const [sku] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data as { _id: string }[];
    const created = (await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku!._id, quantity: 3 }] } })).json().data;
    return adminSetQuotation(t, created, 'COMPLETED', 90_000);
  }
  const place = (farmer: Session, quotation: Quotation, payload?: object) =>
    t.as(farmer, { method: 'POST', url: `/api/orders/${quotation._id}`, ...(payload === undefined ? {} : { payload }) });
  const ordersRows = async () => (await sql<Record<string, unknown>>`select * from orders`.execute(t.db)).rows;

  /** A delivered order of a new farmer. */
  async function deliveredOrder(): Promise<{ farmer: Session; quotation: Quotation; order: Order }> {
    const farmer = await t.farmer();
    const quotation = await priced(farmer);
    const order: Order = (await place(farmer, quotation)).json().data;
    const res = await t.as(await t.admin(), { method: 'PATCH', url: `/api/orders/update/${order._id}`, payload: { status: 'DELIVERED', amountPaidPaisa: 0, deliveryOtp: order.deliveryOtp } });
    expect(res.statusCode, res.body).toBe(200);
    return { farmer, quotation, order };
  }
  const uploadPhoto = async (s: Session, kind = 'problem'): Promise<string> => {
    const res = await t.as(s, { method: 'POST', url: '/api/uploads', ...multipart(uploadFields(kind), { bytes: await jpegWithGps() }) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ url: string }>().url;
  };
  const report = (s: Session, orderId: string, payload: object) => t.as(s, { method: 'POST', url: `/api/orders/${orderId}/problem`, payload });
  const close = async (orderId: string, payload: object) => t.as(await t.admin(), { method: 'POST', url: `/api/orders/${orderId}/problem/close`, payload });
  const farmerView = async (s: Session, id: string): Promise<Quotation> => (await t.as(s, { method: 'GET', url: `/api/quotations/${id}` })).json().data;
  const history = async (orderId: string) => (await t.as(await t.admin(), { method: 'GET', url: `/api/orders/${orderId}/history` })).json().data as { by: { _id: string } | null; changes: Record<string, unknown> }[];

  it('takes the place and the preferred date the farmer gives, and the admin reads them back', async () => {
    const farmer = await t.farmer();
    const quotation = await priced(farmer);
    const deliveryAddress = { line: 'Behind the dairy, plot 12', village: 'Jasdan', taluka: 'Jasdan', district: 'Rajkot', pinCode: '360050', landmark: 'Hanuman temple' };
    const res = await place(farmer, quotation, { deliveryAddress, deliveryLocation: { lat: 22.0365, long: 71.2052 }, preferredDate: LAST_DAY });
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json().data;
    expect(order).toMatchObject({ deliveryAddress, deliveryLocation: { lat: 22.0365, long: 71.2052 }, preferredDate: LAST_DAY, problem: null });
    const admin = await t.admin();
    const listed: Order = (await t.as(admin, { method: 'GET', url: `/api/orders?q=${order.orderDisplayId}` })).json().data[0];
    expect(listed).toMatchObject({ deliveryAddress, deliveryLocation: { lat: 22.0365, long: 71.2052 }, preferredDate: LAST_DAY });
  });

  it("uses the profile's farm address and pin when the farmer gives no place (the spec's empty body)", async () => {
    const farmer = await t.farmer();
    await t.db.updateTable('users').set({ geoLat: 22.3, geoLong: 70.8, geoAccuracy: 20 }).where('id', '=', farmer.userId).execute();
    const quotation = await priced(farmer);
    const res = await place(farmer, quotation);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ deliveryAddress: { line: 'Village road, Rajkot' }, deliveryLocation: { lat: 22.3, long: 70.8 }, preferredDate: null });
    // A date alone keeps the profile's place.
    const other = await priced(farmer);
    const dated = await place(farmer, other, { preferredDate: TOMORROW });
    expect(dated.json().data).toMatchObject({ deliveryAddress: { line: 'Village road, Rajkot' }, preferredDate: TOMORROW });
  });

  it('refuses a bad PIN code, a date outside tomorrow to 30 days ahead and unknown fields with 400, placing no order', async () => {
    const farmer = await t.farmer();
    const quotation = await priced(farmer);
    const bad = [
      [{ deliveryAddress: { line: 'Farm', pinCode: '36005' } }, 'BAD_REQUEST'],
      [{ deliveryAddress: { line: 'Farm', pinCode: '036005' } }, 'BAD_REQUEST'],
      [{ deliveryAddress: { line: 'Farm', pinCode: '36005A' } }, 'BAD_REQUEST'],
      [{ deliveryAddress: { line: '   ' } }, 'BAD_REQUEST'],
      [{ deliveryAddress: { line: 'x'.repeat(501) } }, 'BAD_REQUEST'],
      [{ deliveryLocation: { lat: 95, long: 70 } }, 'BAD_REQUEST'],
      [{ preferredDate: '2026-01-15' }, 'DATE_OUT_OF_RANGE'],
      [{ preferredDate: '2026-02-15' }, 'DATE_OUT_OF_RANGE'],
      [{ preferredDate: '2026-02-30' }, 'BAD_REQUEST'],
      [{ deliveryAddress: { line: 'Farm', mobile: '9999999999' } }, 'BAD_REQUEST'],
    ] as const;
    for (const [payload, code] of bad) {
      const res = await place(farmer, quotation, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    expect((await ordersRows()).filter((r) => (r.quotation_id ?? r.quotationId) === quotation._id)).toEqual([]);
    expect((await farmerView(farmer, quotation._id)).status).toBe('COMPLETED');
  });

  it('lets the owner report one problem at a time after delivery, with a photo only owner and admins see; the admin closes it with a note', async () => {
    const { farmer, quotation, order } = await deliveredOrder();
    const photo = await uploadPhoto(farmer);
    const res = await report(farmer, order._id, { kind: 'short_weight', note: 'Two bags short', photo });
    expect(res.statusCode, res.body).toBe(201);
    const problem: OrderProblem = res.json().data;
    expect(problem).toMatchObject({ kind: 'short_weight', note: 'Two bags short', photo, status: 'open', adminNote: null, closedAt: null });
    // The farmer's tracker and the admin's sheet both see it.
    expect((await farmerView(farmer, quotation._id)).problem).toMatchObject({ status: 'open', kind: 'short_weight' });
    const admin = await t.admin();
    expect((await t.as(admin, { method: 'GET', url: `/api/orders?q=${order.orderDisplayId}` })).json().data[0].problem).toMatchObject({ status: 'open', photo });
    // One open problem per order.
    const again = await report(farmer, order._id, { kind: 'wet' });
    expect(again.statusCode).toBe(409);
    // The photo: the owner and admins, nobody else.
    expect((await t.as(farmer, { method: 'GET', url: photo })).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'GET', url: photo })).statusCode).toBe(200);
    expect((await t.as(await t.farmer(), { method: 'GET', url: photo })).statusCode).toBe(404);
    expect((await t.as(null, { method: 'GET', url: photo })).statusCode).toBe(404);

    const closed = await close(order._id, { note: 'Refunded the two bags' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.problem).toMatchObject({ status: 'closed', adminNote: 'Refunded the two bags' });
    expect(closed.body).not.toContain(order.deliveryOtp!);
    expect((await farmerView(farmer, quotation._id)).problem).toMatchObject({ status: 'closed', adminNote: 'Refunded the two bags' });
    expect((await close(order._id, { note: 'Again' })).statusCode).toBe(409);
    // Closed, the farmer may report another.
    expect((await report(farmer, order._id, { kind: 'other', note: 'Wet at the bottom' })).statusCode).toBe(201);

    const rows = await history(order._id);
    const problemRows = rows.filter((r) => 'problemStatus' in r.changes);
    expect(problemRows.map((r) => r.changes.problemStatus)).toEqual([
      { from: null, to: 'open' },
      { from: 'open', to: 'closed' },
      { from: null, to: 'open' },
    ]);
    expect(problemRows[0]!.by?._id).toBe(farmer.userId);
    expect(problemRows[1]!.by?._id).toBe(admin.userId);
    expect(problemRows[1]!.changes.problemAdminNote).toEqual({ from: null, to: 'Refunded the two bags' });
    // The farmer's own words stay in the problem, not in the history.
    expect(JSON.stringify(rows)).not.toContain('Two bags short');
  });

  it('refuses a problem before delivery, on another farmer\'s order, with another\'s or a non-problem photo, and "other" without a note', async () => {
    const farmer = await t.farmer();
    const quotation = await priced(farmer);
    const order: Order = (await place(farmer, quotation)).json().data;
    expect((await report(farmer, order._id, { kind: 'wet' })).statusCode).toBe(409);
    const { farmer: owner, order: delivered } = await deliveredOrder();
    expect((await report(farmer, delivered._id, { kind: 'wet' })).statusCode).toBe(404);
    expect((await report(owner, delivered._id, { kind: 'wet', photo: await uploadPhoto(farmer) })).statusCode).toBe(400);
    expect((await report(owner, delivered._id, { kind: 'wet', photo: await uploadPhoto(owner, 'profile') })).statusCode).toBe(400);
    expect((await report(owner, delivered._id, { kind: 'other' })).statusCode).toBe(400);
    expect((await report(owner, delivered._id, { kind: 'rotten' })).statusCode).toBe(400);
    expect((await report(owner, delivered._id, { kind: 'wet', note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await close(delivered._id, { note: 'Nothing open' })).statusCode).toBe(409);
    expect((await close('OD999999', { note: 'No such order' })).statusCode).toBe(404);
    expect((await sql`select * from order_problems where order_id in (${order._id}, ${delivered._id})`.execute(t.db)).rows).toEqual([]);
  });

  it('takes at most five problems over an order\'s life', async () => {
    const { farmer, order } = await deliveredOrder();
    for (let i = 0; i < 5; i++) {
      expect((await report(farmer, order._id, { kind: 'damaged' })).statusCode).toBe(201);
      expect((await close(order._id, { note: `Answered ${i}` })).statusCode).toBe(200);
    }
    expect((await report(farmer, order._id, { kind: 'damaged' })).statusCode).toBe(409);
  });

  it('moves the farmer\'s tag with each problem write, so the tracker\'s poll sees it', async () => {
    const { farmer, quotation, order } = await deliveredOrder();
    const first = await t.as(farmer, { method: 'GET', url: `/api/quotations/${quotation._id}` });
    const tag = first.headers.etag as string;
    expect((await t.as(farmer, { method: 'GET', url: `/api/quotations/${quotation._id}`, headers: { 'if-none-match': tag } })).statusCode).toBe(304);
    await report(farmer, order._id, { kind: 'wet' });
    const after = await t.as(farmer, { method: 'GET', url: `/api/quotations/${quotation._id}`, headers: { 'if-none-match': tag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.problem.status).toBe('open');
  });

  it("forgets the delivery place and the farmer's problem words when the account is closed", async () => {
    const { farmer, order } = await deliveredOrder();
    await report(farmer, order._id, { kind: 'wet', note: 'Soaked through', photo: await uploadPhoto(farmer) });
    expect((await t.as(farmer, { method: 'DELETE', url: '/api/users/profile' })).statusCode).toBe(200);
    const row = (await ordersRows()).find((r) => r.id === order._id)!;
    expect([row.delivery_address ?? row.deliveryAddress, row.delivery_lat ?? row.deliveryLat]).toEqual([null, null]);
    const problem = (await sql<Record<string, unknown>>`select * from order_problems where order_id = ${order._id}`.execute(t.db)).rows[0]!;
    expect([problem.note, problem.photo_id ?? problem.photoId, problem.kind]).toEqual([null, null, 'wet']);
  });
});
