/**
 * A notification committed with the change survives a crash before it is sent. The real
 * server runs as a child process on SQLite with the Twilio transport pointed at a stand-in gateway.
 * The stand-in answers login codes at once but holds the notification, so the message is in flight
 * when the server is SIGKILLed. After a restart on the same data folder the message goes out, once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Quotation, Sku } from '../../src/domain/types';
import { call, ServerProcess } from '../support/server/process';

const ADMIN = '9000000001';
const FARMER = '9822233344';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A Twilio stand-in: records every message; answers at once, or holds notifications while `holding`. */
function standInGateway() {
  const received: { to: string; body: string; answered: boolean }[] = [];
  const held: ServerResponse[] = [];
  const state = { holding: true };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const message = { to: form.get('To') ?? '', body: form.get('Body') ?? '', answered: false };
      received.push(message);
      const isCode = /\b\d{6}\b/.test(message.body) && !/QT\d/.test(message.body);
      if (state.holding && !isCode) {
        held.push(res);
        return;
      }
      message.answered = true;
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
    });
  });
  return {
    received,
    state,
    listen: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port))),
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('SMS outbox across a crash (SQLite, real process)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'krishi-outbox-'));
  const gateway = standInGateway();
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill9();
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function login(mobile: string): Promise<string> {
    const since = gateway.received.length;
    expect((await call(`${server!.url}/api/auth/request-otp`, 'POST', null, { mobileNumber: mobile })).status).toBe(200);
    const code = await until('a login code', () =>
      gateway.received.slice(since).find((m) => m.to === `+91${mobile}`)?.body.match(/\b(\d{6})\b/)?.[1],
    );
    const verified = await call<{ token: string }>(`${server!.url}/api/auth/verify-otp`, 'POST', null, { mobileNumber: mobile, otp: code });
    expect(verified.status).toBe(200);
    return verified.body.token;
  }

  it('sends the priced message after a SIGKILL between commit and send, once', { timeout: 180_000 }, async () => {
    const gatewayPort = await gateway.listen();
    // A free port: let the OS pick one through a throwaway listener.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    server = new ServerProcess(dataDir, port, {
      SMS_TRANSPORT: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0000000000',
      TWILIO_AUTH_TOKEN: 'stand-in',
      TWILIO_FROM: '+15005550006',
      TWILIO_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
      ADMIN_MOBILE_NUMBERS: ADMIN,
      OTP_RESEND_SECONDS: '1',
    });
    await server.start();

    const farmer = await login(FARMER);
    // The profile and the verification are not what this test is about: set them in the database.
    const file = new Database(join(dataDir, 'krishi.sqlite'));
    file
      .prepare("update users set name = 'Kanu', gender = 'male', farm_address = 'Amreli', profile_updated = 1, is_verified = 1, preferred_language = 'gujrati' where mobile_number = ?")
      .run(FARMER);
    file.close();
    const [sku] = (await call<{ data: Sku[] }>(`${server.url}/api/skus`, 'GET', farmer)).body.data;
    const created = await call<{ data: Quotation }>(`${server.url}/api/quotations`, 'POST', farmer, {
      skusDetail: [{ skuIdentifier: sku!._id, quantity: 2 }],
    });
    expect(created.status).toBe(201);
    const q = created.body.data;

    const admin = await login(ADMIN);
    const priced = await call(`${server.url}/api/quotations/${q._id}`, 'PATCH', admin, {
      ...q,
      status: 'COMPLETED',
      skusDetail: q.skusDetail.map((l) => ({ ...l, skuIdentifier: l.skuIdentifier._id, goodsPricePaisa: 150_000, shippingPricePaisa: 20_000 })),
    });
    expect(priced.status).toBe(200);
    const expected = `કૃષિ: ભાવપત્ર ${q.quotationDisplayId} નો કુલ ભાવ ₹1,700. ઍપમાં ઑર્ડર કરો.`;

    // The sender has the message at the gateway, which holds it: the process dies right there.
    await until('the notification at the gateway', () => gateway.received.find((m) => m.body === expected));
    await server.kill9();
    const afterKill = new Database(join(dataDir, 'krishi.sqlite'), { readonly: true });
    const row = afterKill.prepare("select state, attempts from sms_outbox where kind = 'quotationPriced'").get();
    afterKill.close();
    expect(row).toEqual({ state: 'pending', attempts: 1 });

    gateway.state.holding = false;
    await server.start();
    await until('the notification answered', () => gateway.received.find((m) => m.body === expected && m.answered));
    await until('the row marked sent', () => {
      const db = new Database(join(dataDir, 'krishi.sqlite'), { readonly: true });
      const now = db.prepare("select state from sms_outbox where kind = 'quotationPriced'").get() as { state: string };
      db.close();
      return now.state === 'sent' ? true : undefined;
    });
    // Give the sender a few more passes: nothing is sent again.
    await sleep(2500);
    const deliveries = gateway.received.filter((m) => m.body === expected);
    expect(deliveries.map((m) => [m.to, m.answered])).toEqual([
      [`+91${FARMER}`, false],
      [`+91${FARMER}`, true],
    ]);
  });
});
