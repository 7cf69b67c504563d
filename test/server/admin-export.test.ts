import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/db/ids';
import { added, shiftCounts } from '../../src/server/repos/list-counts';
import { databases, useTestApp, type Session } from '../support/server/app';
import { anySku, insertOrder, insertQuotation, insertUser } from '../support/server/back-office';
import { parseCsv } from '../support/csv';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Thursday 15 January 2026, 17:30 in India. */
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
/** More than two export pages of 200. */
const MANY = 450;

describe.each(databases())('the admin lists as CSV on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: Session;
  let hindiFarmer: string;

  const get = async (url: string, session?: Session) => {
    t.clock.set(NOW);
    admin = await t.admin();
    t.clock.set(NOW);
    return t.as(session ?? admin, { method: 'GET', url });
  };
  const csv = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z]+-2026-01-15\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    return { text: res.body, rows: parseCsv(res.body.slice(1)) };
  };

  beforeAll(async () => {
    t.clock.set(NOW);
    admin = await t.admin();
    const db = t.db;
    hindiFarmer = await insertUser(db, { submittedAt: NOW - 30 * HOUR, name: 'रमेश पटेल', mobile: '9123400001' });
    await insertUser(db, { submittedAt: NOW - 2 * HOUR, name: 'Kanu, "Bhai"', mobile: '9123400002' });
    await insertUser(db, { submittedAt: NOW - 60 * DAY, verified: true, name: 'ગીતા', mobile: '9123400003' });
    await insertUser(db, { submittedAt: NOW - 60 * DAY, verified: true, name: '=HYPERLINK("x")', mobile: '9123400004' });

    // Many pending quotations of one line each, written in one statement per table.
    const skuId = await anySku(db);
    const quotations = Array.from({ length: MANY }, (_, i) => ({
      id: newId(),
      displayId: `QT${700000 + i}`,
      userId: hindiFarmer,
      status: 'PENDING',
      version: 1,
      createdAt: NOW - (i + 1) * 60_000,
      updatedAt: NOW,
    }));
    for (let i = 0; i < MANY; i += 150) await db.insertInto('quotations').values(quotations.slice(i, i + 150)).execute();
    const lines = quotations.map((q) => ({
      id: newId(),
      quotationId: q.id,
      position: 0,
      skuId,
      skuName: 'मूंगफली का छिलका',
      skuImage: '/sku.svg',
      skuUnit: 'kg',
      skuMinimumPrice: 100,
      quantity: 10,
      goodsPricePaisa: 0,
      discountPaisa: 0,
      shippingPricePaisa: 0,
    }));
    for (let i = 0; i < MANY; i += 150) await db.insertInto('quotationLines').values(lines.slice(i, i + 150)).execute();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < MANY; i++) await shiftCounts(trx, added('quotations', 'PENDING'));
    });
    // A priced one with two lines: ₹1,234.50 + ₹50 shipping − ₹10.05 discount, and ₹100.
    await insertQuotation(db, {
      userId: hindiFarmer,
      status: 'COMPLETED',
      createdAt: NOW - 2 * DAY,
      pricedAt: NOW - DAY,
      displayId: 'QT800001',
      lines: [
        { goods: 123_450, shipping: 5_000, discount: 1_005, name: 'Groundnut shell' },
        { goods: 10_000, name: 'Paddy, straw' },
      ],
    });
    await insertOrder(db, { userId: hindiFarmer, status: 'IN_TRANSIT', createdAt: NOW - 3 * DAY, expectedDeliveryDate: '2026-01-14', lines: [{ goods: 50_000 }] });
    await insertOrder(db, { userId: hindiFarmer, status: 'DELIVERED', createdAt: NOW - 4 * DAY, expectedDeliveryDate: '2026-01-14', lines: [{ goods: 70_000 }] });
  });

  it('exports users with a header, Hindi and Gujarati names intact, no Aadhaar or photo, search and status honoured', async () => {
    const { text, rows } = await csv('/api/users/all.csv');
    expect(rows[0]).toEqual(['Name', 'Mobile', 'Language', 'Gender', 'Age', 'Farm address', 'Latitude', 'Longitude', 'Verified', 'Profile sent at']);
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toContain('रमेश पटेल');
    expect(names).toContain('ગીતા');
    expect(names).toContain('Kanu, "Bhai"');
    // A name a spreadsheet would run as a formula is text.
    expect(names).toContain(`'=HYPERLINK("x")`);
    expect(text).not.toMatch(/aadhaar|photo|uploads/i);
    const ramesh = rows.find((r) => r[0] === 'रमेश पटेल')!;
    expect(ramesh[1]).toBe('9123400001');
    expect(ramesh[9]).toBe('2026-01-14T11:30:00.000+05:30');
    expect((await csv('/api/users/all.csv?status=VERIFIED')).rows.slice(1).every((r) => r[8] === 'yes')).toBe(true);
    expect((await csv('/api/users/all.csv?q=9123400002')).rows.slice(1).map((r) => r[0])).toEqual(['Kanu, "Bhai"']);
    expect((await csv('/api/users/all.csv?age=gt24h')).rows.slice(1).map((r) => r[0])).toEqual(['रमेश पटेल']);
  });

  it('exports every quotation of a three-page list once, one row per line, in rupees and India time', async () => {
    const { rows } = await csv('/api/quotations/all.csv');
    expect(rows[0]![0]).toBe('Quotation');
    const body = rows.slice(1);
    // The 450 pending, the priced one's two lines, and the two orders' quotations.
    expect(body).toHaveLength(MANY + 2 + 2);
    const pending = body.filter((r) => r[1] === 'PENDING').map((r) => r[0]);
    expect(new Set(pending).size).toBe(MANY);
    expect(pending).toHaveLength(MANY);
    expect(body.find((r) => r[0] === 'QT700000')).toEqual(expect.arrayContaining(['रमेश पटेल', 'मूंगफली का छिलका']));
    const priced = body.filter((r) => r[0] === 'QT800001');
    expect(priced.map((r) => [r[7], r[8], r[11], r[12], r[13], r[14], r[15]])).toEqual([
      ['1', 'Groundnut shell', '1234.50', '10.05', '50.00', '1274.45', '1374.45'],
      ['2', 'Paddy, straw', '100.00', '0.00', '0.00', '100.00', '1374.45'],
    ]);
    expect(priced[0]![2]).toBe('2026-01-13T17:30:00.000+05:30');
    expect(priced[0]![3]).toBe('2026-01-14T17:30:00.000+05:30');
    // Valid for the configured days from its pricing, in India time.
    const validUntil = NOW - DAY + t.options.config.quotationValidityDays * DAY;
    expect(priced[0]![4]).toBe(`${new Date(validUntil + 5.5 * HOUR).toISOString().slice(0, -1)}+05:30`);
    // Newest first, as the list pages them.
    expect(pending.slice(0, 3)).toEqual(['QT700000', 'QT700001', 'QT700002']);
    // Status and search as the list takes them.
    expect((await csv('/api/quotations/all.csv?status=COMPLETED')).rows.slice(1).map((r) => r[0])).toEqual(['QT800001', 'QT800001']);
    expect((await csv('/api/quotations/all.csv?q=QT70044')).rows.slice(1).map((r) => r[0]).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `QT70044${i}`),
    );
  });

  it('exports orders with their totals and filters', async () => {
    const { rows } = await csv('/api/orders.csv');
    expect(rows.slice(1).map((r) => [r[1], r[4], r[6], r[9]])).toEqual([
      ['IN_TRANSIT', 'रमेश पटेल', '2026-01-14', '500.00'],
      ['DELIVERED', 'रमेश पटेल', '2026-01-14', '700.00'],
    ]);
    expect((await csv('/api/orders.csv?late=true')).rows.slice(1).map((r) => r[1])).toEqual(['IN_TRANSIT']);
  });

  it('answers only admins, and refuses a bad filter', async () => {
    const farmer = await t.farmer();
    for (const url of ['/api/users/all.csv', '/api/quotations/all.csv', '/api/orders.csv']) {
      expect((await get(url, farmer)).statusCode).toBe(403);
    }
    expect((await get('/api/quotations/all.csv?expiring=1d&age=lt4h')).statusCode).toBe(400);
    expect((await get('/api/orders.csv?cursor=abc')).statusCode).toBe(400);
  });
});
