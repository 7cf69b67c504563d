/**
 * SMS in the farmer's language, and notifications through the transactional outbox.
 * Templates per language with English fallback; request-otp with and without preferredLanguage;
 * one message per real move (priced → COMPLETED; order → ORDER_CONFIRMED, IN_TRANSIT, DELIVERED),
 * none for a refused write or a move to the same status; a slow or failing transport never holds up
 * the admin's request; failures are retried with a bounded backoff; two senders on one database send
 * each message once; SMS_NOTIFICATIONS=off sends none.
 */
import { CompiledQuery } from 'kysely';
import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import en from '../../locales/sms/en.json';
import gu from '../../locales/sms/gu.json';
import hi from '../../locales/sms/hi.json';
import type { Quotation } from '../../src/domain/types';
import { createOutboxSender, dueRows, MAX_ATTEMPTS, retryDelayMs } from '../../src/server/sms/outbox';
import { otpSms, renderSms, smsRupees } from '../../src/server/sms/templates';
import type { SmsTransport } from '../../src/server/sms/transport';
import { createTestApp, databases, nextMobile, testConfig, useTestApp, type Session, type TestApp } from '../support/server/app';

/** The host a production OTP SMS names in its Web OTP line (PUBLIC_HOST): a realistic length. */
const HOST = 'krishi.example.in';
/** The segments a gateway bills for the text (GSM-7 when every character is in it, else UCS-2). */
const segments = (text: string) => new SegmentedMessage(text, 'auto').segmentsCount;

describe('SMS templates', () => {
  it('renders the login code in Hindi and Gujarati, and in English for English, no language or an unknown one, ending with the Web OTP line', () => {
    expect(otpSms('hindi', '123456', HOST)).toBe('कृषि: आपका OTP 123456 है। किसी को न बताएँ।\n@krishi.example.in #123456');
    expect(otpSms('gujrati', '123456', HOST)).toBe('કૃષિ: તમારો OTP 123456 છે. કોઈને ન કહેશો.\n@krishi.example.in #123456');
    const english = 'Krishi: your OTP is 123456. Do not share it with anyone.\n@krishi.example.in #123456';
    expect(otpSms('english', '123456', HOST)).toBe(english);
    expect(otpSms(null, '123456', HOST)).toBe(english);
    expect(otpSms('marathi', '123456', HOST)).toBe(english);
    // Chrome's Web OTP reads the last line: "@" the origin's host, a space, "#" the code.
    expect(otpSms('hindi', '654321', HOST).split('\n').at(-1)).toMatch(/^@krishi\.example\.in #654321$/);
    expect(renderSms('orderDelivered', 'gujrati', { id: 'QT100001' })).toBe('કૃષિ: તમારા ઑર્ડર QT100001 નો માલ પહોંચી ગયો છે.');
  });

  it('writes rupees as Rs in English, so the message stays in the GSM alphabet, and as ₹ in Hindi and Gujarati', () => {
    expect(smsRupees(123_456_700, 'english')).toBe('Rs 12,34,567');
    expect(smsRupees(135_050, null)).toBe('Rs 1,350.50');
    expect(smsRupees(135_000, 'hindi')).toBe('₹1,350');
    expect(smsRupees(135_000, 'gujrati')).toBe('₹1,350');
  });

  it('has every template in every language, with the same placeholders, each one segment with realistic values', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [locale, templates] of Object.entries({ hi, gu })) {
      expect(Object.keys(templates).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(templates)) expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
    }
    for (const language of ['english', 'hindi', 'gujrati']) {
      const values = { id: 'QT100001', total: smsRupees(123_456_750, language) };
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        const text = key === 'otp' ? otpSms(language, '123456', HOST) : renderSms(key, language, values);
        expect(segments(text), `${language} ${key}: ${text}`).toBe(1);
      }
    }
    // English is GSM-7 (160 a segment); a ₹ would have made it Unicode (70 a segment).
    expect(new SegmentedMessage(renderSms('quotationPriced', 'english', { id: 'QT100001', total: smsRupees(123_456_750, 'english') }), 'auto').encodingName).toBe('GSM-7');
  });

  it('waits 5 s, then twice as long after each failure, at most 10 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(600_000);
  });
});

/** A transport the test holds: each send waits until released, or fails while `failing` is set. */
function heldTransport() {
  const sent: { to: string; text: string }[] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> | null = null;
  const state = {
    sent,
    failing: false,
    hold() {
      gate = new Promise<void>((r) => (release = r));
    },
    release() {
      gate = null;
      release();
    },
    transport: {
      async send(to: string, text: string) {
        if (gate) await gate;
        if (state.failing) throw new Error('gateway down');
        sent.push({ to, text });
      },
    } satisfies SmsTransport,
  };
  return state;
}

async function requestQuotation(t: TestApp, farmer: Session): Promise<Quotation> {
  const [sku] = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json().data;
  return (
    await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 4 }] } })
  ).json().data;
}

/** The admin's PATCH: goods ₹4,000 and shipping ₹500 on each line, a ₹100 discount. */
const price = (t: TestApp, admin: Session, q: Quotation, status: string, version = q.version) =>
  t.as(admin, {
    method: 'PATCH',
    url: `/api/quotations/${q._id}`,
    payload: {
      ...q,
      status,
      version,
      skusDetail: q.skusDetail.map((l) => ({
        ...l,
        skuIdentifier: l.skuIdentifier._id,
        goodsPricePaisa: 400_000,
        shippingPricePaisa: 50_000,
        discountPaisa: 10_000,
      })),
    },
  });

const outboxRows = (t: TestApp) => t.db.selectFrom('smsOutbox').selectAll().orderBy('createdAt').orderBy('id').execute();
/** One farmer's messages, in the order the writes queued them (the test clock moves with every write). */
const rowsFor = async (t: TestApp, farmer: Session) => (await outboxRows(t)).filter((r) => r.toNumber === `+91${farmer.mobile}`);

/** Sends whatever earlier tests left, so a test starts with nothing due. */
async function drain(sender: { runOnce(): Promise<number> }): Promise<void> {
  while ((await sender.runOnce()) > 0) await new Promise((r) => setImmediate(r));
}

describe.each(databases())('SMS on %s', (kind) => {
  const t = useTestApp(kind);

  it('sends the login code of an unknown number in the language the app asks for, and English without one', async () => {
    const gujarati = nextMobile();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: gujarati, preferredLanguage: 'gujrati' } });
    expect(res.statusCode).toBe(200);
    expect(t.sms.messages.at(-1)).toMatchObject({ to: `+91${gujarati}`, text: expect.stringMatching(/^કૃષિ: તમારો OTP (\d{6}) છે\. કોઈને ન કહેશો\.\n@localhost #\1$/) });

    const plain = nextMobile();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: plain } })).statusCode).toBe(200);
    expect(t.sms.messages.at(-1)!.text).toMatch(/^Krishi: your OTP is (\d{6})\. Do not share it with anyone\.\n@localhost #\1$/);
  });

  it('names the Web OTP line after PUBLIC_HOST when it is set, not the host the request came through', async () => {
    const behindProxy = await createTestApp(kind, { config: testConfig({ publicHost: 'krishi.example.in' }) });
    try {
      const mobile = nextMobile();
      const res = await behindProxy.app.inject({ method: 'POST', url: '/api/auth/request-otp', headers: { host: '10.0.0.7:3000' }, payload: { mobileNumber: mobile } });
      expect(res.statusCode, res.body).toBe(200);
      expect(behindProxy.sms.messages.at(-1)!.text).toMatch(/\n@krishi\.example\.in #\d{6}$/);
    } finally {
      await behindProxy.close();
    }
  });

  it("uses a known user's stored language over the one the app sends, and refuses an unknown language (400)", async () => {
    const farmer = await t.farmer();
    await t.db.updateTable('users').set({ preferredLanguage: 'hindi' }).where('id', '=', farmer.userId).execute();
    t.clock.advance(600_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: farmer.mobile, preferredLanguage: 'gujrati' } });
    expect(res.statusCode).toBe(200);
    expect(t.sms.messages.at(-1)!.text).toMatch(/^कृषि: आपका OTP \d{6} है।/);

    const before = t.sms.messages.length;
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: nextMobile(), preferredLanguage: 'marathi' } });
    expect(bad.statusCode).toBe(400);
    expect(t.sms.messages.length).toBe(before);
  });

  it('queues one priced message in the farmer\'s language with the display id and total, and none for a refused or repeated write', async () => {
    const farmer = await t.farmer();
    await t.db.updateTable('users').set({ preferredLanguage: 'gujrati' }).where('id', '=', farmer.userId).execute();
    const admin = await t.admin();
    const q = await requestQuotation(t, farmer);

    // Refused: a stale version.
    expect((await price(t, admin, q, 'COMPLETED', q.version + 5)).statusCode).toBe(409);
    expect(await rowsFor(t, farmer)).toEqual([]);

    const priced = await price(t, admin, q, 'COMPLETED');
    expect(priced.statusCode).toBe(200);
    const rows = await rowsFor(t, farmer);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'quotationPriced',
      toNumber: `+91${farmer.mobile}`,
      state: 'pending',
      text: `કૃષિ: ભાવપત્ર ${q.quotationDisplayId} નો કુલ ભાવ ₹4,400. ઍપમાં ઑર્ડર કરો.`,
    });

    // COMPLETED again (the admin fixes a price): the farmer already knows; nothing new.
    const again = await price(t, admin, priced.json().data, 'COMPLETED');
    expect(again.statusCode).toBe(200);
    expect(await rowsFor(t, farmer)).toHaveLength(1);
  });

  it('queues one message per real order move to confirmed, in transit and delivered, none for the rest', async () => {
    const farmer = await t.farmer();
    await t.db.updateTable('users').set({ preferredLanguage: 'hindi' }).where('id', '=', farmer.userId).execute();
    const admin = await t.admin();
    const q = await requestQuotation(t, farmer);
    const priced: Quotation = (await price(t, admin, q, 'COMPLETED')).json().data;
    const order = (await t.as(farmer, { method: 'POST', url: `/api/orders/${priced._id}` })).json().data;
    const before = (await rowsFor(t, farmer)).length;
    let version = order.version;
    const move = async (status: string, v = version) => {
      t.clock.advance(1000);
      const res = await t.as(admin, { method: 'PATCH', url: `/api/orders/update/${order._id}`, payload: { status, amountPaidPaisa: 0, version: v } });
      if (res.statusCode === 200) version = res.json().data.version;
      return res.statusCode;
    };
    expect(await move('ORDER_CONFIRMED')).toBe(200);
    expect(await move('ORDER_CONFIRMED')).toBe(200); // the same status again
    expect(await move('MATERIAL_LOADED')).toBe(200); // not one the farmer is told about
    expect(await move('IN_TRANSIT', version + 3)).toBe(409); // refused
    expect(await move('IN_TRANSIT')).toBe(200);
    expect(await move('DELIVERED')).toBe(200);
    const texts = (await rowsFor(t, farmer)).slice(before).map((r) => r.text);
    expect(texts).toEqual([
      `कृषि: आपका ऑर्डर ${q.quotationDisplayId} पक्का हो गया है।`,
      `कृषि: आपके ऑर्डर ${q.quotationDisplayId} का माल रास्ते में है।`,
      `कृषि: आपके ऑर्डर ${q.quotationDisplayId} का माल पहुँच गया है।`,
    ]);
  });

  it('answers the admin while a send hangs at the gateway, sends after, and marks the row sent', async () => {
    const gateway = heldTransport();
    const sender = createOutboxSender({ db: t.db, sms: gateway.transport, enabled: true, now: t.clock.now });
    await drain(sender);
    gateway.sent.length = 0;
    const farmer = await t.farmer();
    const admin = await t.admin();
    const first = await requestQuotation(t, farmer);
    const second = await requestQuotation(t, farmer);
    expect((await price(t, admin, first, 'COMPLETED')).statusCode).toBe(200);
    gateway.hold();
    const sending = sender.runOnce(); // claims the first message and hangs in the gateway
    await expect.poll(async () => (await rowsFor(t, farmer))[0]?.leaseOwner).not.toBeNull();
    // The admin prices the second quotation and has the answer while the first send still hangs.
    expect((await price(t, admin, second, 'COMPLETED')).statusCode).toBe(200);
    expect((await rowsFor(t, farmer)).map((r) => r.state)).toEqual(['pending', 'pending']);
    expect(gateway.sent).toEqual([]);
    gateway.release();
    expect(await sending).toBe(1);
    await drain(sender);
    const rows = await rowsFor(t, farmer);
    expect(rows.map((r) => [r.state, r.attempts, r.leaseUntil])).toEqual([
      ['sent', 1, null],
      ['sent', 1, null],
    ]);
    const byText = (a: { text: string }, b: { text: string }) => a.text.localeCompare(b.text);
    expect([...gateway.sent].sort(byText)).toEqual(rows.map((r) => ({ to: `+91${farmer.mobile}`, text: r.text })).sort(byText));
  });

  it('retries a failed send after 5 s, 10 s, … and gives up after the last attempt; the admin request still succeeds', async () => {
    const gateway = heldTransport();
    const sender = createOutboxSender({ db: t.db, sms: gateway.transport, enabled: true, now: t.clock.now });
    await drain(sender);
    gateway.sent.length = 0;
    const farmer = await t.farmer();
    const q = await requestQuotation(t, farmer);
    gateway.failing = true;
    expect((await price(t, await t.admin(), q, 'COMPLETED')).statusCode).toBe(200);
    const id = (await outboxRows(t)).at(-1)!.id;
    const row = () => t.db.selectFrom('smsOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    expect(await sender.runOnce()).toBe(1);
    expect(await row()).toMatchObject({ state: 'pending', attempts: 1, lastError: 'gateway down', nextAttemptAt: t.clock.now() + 5_000 });
    expect(await sender.runOnce()).toBe(0); // not due yet
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      t.clock.advance(retryDelayMs(attempt - 1));
      expect(await sender.runOnce()).toBe(1);
    }
    expect(await row()).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    t.clock.advance(3_600_000);
    expect(await sender.runOnce()).toBe(0);
    expect(gateway.sent).toEqual([]);
  });

  it('claims the longest-due rows first, reading them off the due index rather than scanning the table', async () => {
    await drain(createOutboxSender({ db: t.db, sms: heldTransport().transport, enabled: true, now: t.clock.now }));
    const at = t.clock.now();
    const row = (id: string, createdAt: number, nextAttemptAt: number, state = 'pending') => ({
      id, kind: 'test', toNumber: '+919000000000', text: id, state, attempts: 0, nextAttemptAt, leaseUntil: null, leaseOwner: null, lastError: null, createdAt, sentAt: null,
    });
    // An old message waiting for its retry, a newer one due since earlier, one not due, one sent.
    await t.db.insertInto('smsOutbox').values([
      row('a-retry', at - 50_000, at - 1_000),
      row('b-due', at - 10_000, at - 10_000),
      row('c-later', at - 60_000, at + 60_000),
      row('d-sent', at - 90_000, at - 90_000, 'sent'),
    ]).execute();
    expect((await dueRows(t.db, at, 10).execute()).map((r) => r.id)).toEqual(['b-due', 'a-retry']);
    if (kind === 'sqlite') {
      const query = dueRows(t.db, at, 10).compile();
      const plan = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      const steps = plan.rows.map((r) => r.detail).join(' | ');
      expect(steps).toContain('USING INDEX sms_outbox_due_idx');
      expect(steps).not.toMatch(/SCAN sms_outbox|TEMP B-TREE FOR ORDER BY/);
    }
    await t.db.deleteFrom('smsOutbox').where('kind', '=', 'test').execute();
  });

  it('sends each message once with two senders (two app instances) working the same database', async () => {
    const gateway = heldTransport();
    const first = createOutboxSender({ db: t.db, sms: gateway.transport, enabled: true, now: t.clock.now, batch: 3 });
    const second = createOutboxSender({ db: t.db, sms: gateway.transport, enabled: true, now: t.clock.now, batch: 3 });
    await drain(first);
    gateway.sent.length = 0;
    const farmer = await t.farmer();
    const admin = await t.admin();
    for (let i = 0; i < 12; i++) expect((await price(t, admin, await requestQuotation(t, farmer), 'COMPLETED')).statusCode).toBe(200);
    const pending = await rowsFor(t, farmer);
    expect(pending).toHaveLength(12);
    // Both drain concurrently until nothing is due.
    await Promise.all([drain(first), drain(second), drain(first), drain(second)]);
    expect(gateway.sent.map((m) => m.text).sort()).toEqual(pending.map((r) => r.text).sort());
    expect((await outboxRows(t)).filter((r) => r.state !== 'sent' && r.state !== 'failed')).toEqual([]);
  });

  it('SMS_NOTIFICATIONS=off: due messages are skipped, never sent', async () => {
    const gateway = heldTransport();
    const on = createOutboxSender({ db: t.db, sms: gateway.transport, enabled: true, now: t.clock.now });
    await drain(on);
    gateway.sent.length = 0;
    const farmer = await t.farmer();
    expect((await price(t, await t.admin(), await requestQuotation(t, farmer), 'COMPLETED')).statusCode).toBe(200);
    const off = createOutboxSender({ db: t.db, sms: gateway.transport, enabled: false, now: t.clock.now });
    expect(await off.runOnce()).toBe(1);
    expect((await outboxRows(t)).at(-1)).toMatchObject({ state: 'skipped' });
    expect(gateway.sent).toEqual([]);
  });
});
