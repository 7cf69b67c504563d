/**
 * Durability (DECISIONS §2: an acknowledged write survives `kill -9`): the real server runs as a
 * child process on SQLite; writes stream in from several clients; the process is SIGKILLed at a
 * random moment, several times, and restarted on the same data folder. Every write that got a 2xx
 * is still there, and the database passes SQLite's integrity check after each kill.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AADHAAR_NOTICE_VERSION } from '../../src/domain/constants';
import type { Quotation, Sku } from '../../src/domain/types';
import { freePort } from '../support/e2e/server';
import { call, ServerProcess } from '../support/server/process';

const ADMIN = '9000000001';
const FARMER = '9811122233';
const KILLS = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The last login code the console transport printed for this number. */
async function code(server: ServerProcess, mobile: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const codes = [...server.out.matchAll(new RegExp(`\\[sms\\] to=\\+91${mobile} text=.*?(\\d{6})`, 'g'))];
    if (codes.length > 0) return codes.at(-1)![1]!;
    await sleep(25);
  }
  throw new Error(`no code for ${mobile}`);
}

/** What this test's server runs with. */
const SERVER_ENV = {
  SMS_TRANSPORT: 'console',
  ADMIN_MOBILE_NUMBERS: ADMIN,
  OTP_RESEND_SECONDS: '1',
  // Four writers stream creations as fast as they can: lift the farmer's fair-use caps.
  QUOTATION_HOURLY_LIMIT: '10000',
  QUOTATION_DAILY_LIMIT: '100000',
};

async function login(server: ServerProcess, mobile: string): Promise<string> {
  const sent = await call(`${server.url}/api/auth/request-otp`, 'POST', null, { mobileNumber: mobile });
  expect(sent.status).toBe(200);
  const verified = await call<{ token: string }>(`${server.url}/api/auth/verify-otp`, 'POST', null, {
    mobileNumber: mobile,
    otp: await code(server, mobile),
  });
  expect(verified.status).toBe(200);
  return verified.body.token;
}

describe('durability on SQLite under kill -9', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'krishi-durable-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`keeps every acknowledged write through ${KILLS} SIGKILLs, and the database stays intact`, { timeout: 180_000 }, async () => {
    const server = new ServerProcess(dataDir, await freePort(), SERVER_ENV);
    await server.start();
    const admin = await login(server, ADMIN);
    const farmer = await login(server, FARMER);
    const users = await call<{ data: { _id: string; mobileNumber: string }[] }>(`${server.url}/api/users/all`, 'GET', admin);
    const farmerId = users.body.data.find((u) => u.mobileNumber === FARMER)!._id;
    // The farmer sends a profile (with an Aadhaar image) before the admin can verify them.
    const form = new FormData();
    form.append('kind', 'aadhaar');
    form.append('consent', AADHAAR_NOTICE_VERSION);
    const card = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3a6ea5' } }).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(card)], { type: 'image/png' }), 'card.png');
    const upload = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${farmer}` }, body: form });
    const aadhaar = ((await upload.json()) as { url: string }).url;
    const profile = await call(`${server.url}/api/users/profile`, 'PUT', farmer, {
      name: 'Durable Farmer',
      mobileNumber: FARMER,
      gender: 'male',
      aadhaar,
      farmAddress: 'Kill street, Nine',
    });
    expect(profile.status).toBe(200);
    expect((await call(`${server.url}/api/users/verify/${farmerId}`, 'PATCH', admin)).status).toBe(200);
    const skus = (await call<{ data: Sku[] }>(`${server.url}/api/skus`, 'GET', farmer)).body.data;

    const acknowledged = new Set<string>();
    let attempted = 0;
    for (let round = 0; round < KILLS; round++) {
      let stop = false;
      // Four clients stream quotation writes until the process dies under them.
      const writers = Array.from({ length: 4 }, async (_, w) => {
        for (let n = 0; !stop; n++) {
          attempted++;
          try {
            const res = await call<{ data: Quotation }>(`${server.url}/api/quotations`, 'POST', farmer, {
              skusDetail: [{ skuIdentifier: skus[(w + n) % skus.length]!._id, quantity: n + 1 }],
            });
            if (res.status === 201) acknowledged.add(res.body.data._id);
          } catch {
            return; // the connection died with the process: that write was never acknowledged
          }
        }
      });
      await sleep(150 + Math.floor(Math.random() * 600));
      await server.kill9();
      stop = true;
      await Promise.all(writers);

      const file = new Database(join(dataDir, 'krishi.sqlite'));
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      file.close();

      await server.start();
      const ids = new Set<string>();
      for (let cursor: string | null = ''; cursor !== null; ) {
        const stored: { status: number; body: { data: Quotation[]; nextCursor: string | null } } = await call(
          `${server.url}/api/quotations?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
          'GET',
          farmer,
        );
        expect(stored.status).toBe(200);
        for (const q of stored.body.data) ids.add(q._id);
        cursor = stored.body.nextCursor;
      }
      const lost = [...acknowledged].filter((id) => !ids.has(id));
      expect(lost, `round ${round + 1}: acknowledged writes lost`).toEqual([]);
    }
    await server.kill9();
    console.log(`durability: ${KILLS} kills, ${attempted} writes attempted, ${acknowledged.size} acknowledged, 0 lost`);
    expect(acknowledged.size).toBeGreaterThan(KILLS * 4);
  });
});
