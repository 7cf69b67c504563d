/**
 * Login codes to new numbers (SMS pumping): the hour's budgets, service-wide and per client address,
 * counted in the database (also across two instances), the proof of work that passes them, and the
 * client address read from the socket unless TRUST_PROXY names the proxies.
 */
import { solveChallenge } from 'altcha-lib/v1';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/connect';
import type { ServerConfig } from '../../src/server/config';
import type { OtpChallenge } from '../../src/domain/api';
import {
  capturingSms,
  createTestApp,
  databases,
  freshDatabase,
  nextMobile,
  T0,
  testClock,
  testConfig,
  testSecrets,
  type TestApp,
} from '../support/server/app';

const MIN = 60_000;
const HOUR = 60 * MIN;

const budgets = (perHour: number, perIp: number): Partial<ServerConfig> => ({ otpNewNumbersPerHour: perHour, otpNewNumbersPerIpHour: perIp });

const requestOtp = (t: TestApp, mobileNumber: string, extra: Partial<InjectOptions> & { altcha?: string } = {}) => {
  const { altcha, ...rest } = extra;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/request-otp',
    payload: { mobileNumber, ...(altcha === undefined ? {} : { altcha }) },
    ...rest,
  });
};

const randomAddress = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 254) + 1).join('.');

/** A challenge from the server, solved as the phone's worker solves it, as the `altcha` field. */
async function solved(t: TestApp): Promise<{ altcha: string; challenge: OtpChallenge }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/challenge' });
  expect(res.statusCode).toBe(200);
  const challenge = res.json<{ data: OtpChallenge }>().data;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution!.number, salt: challenge.salt, signature: challenge.signature };
  return { altcha: Buffer.from(JSON.stringify(payload)).toString('base64'), challenge };
}

describe.each(databases())('login codes to new numbers on %s', (kind) => {
  const apps: TestApp[] = [];
  const appWith = async (config: Partial<ServerConfig>, extra: Parameters<typeof createTestApp>[1] = {}) => {
    const t = await createTestApp(kind, { seed: false, config: testConfig(config), ...extra });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('sends to new numbers while the service-wide budget has room, then asks for a challenge', async () => {
    const t = await appWith(budgets(3, 100));
    for (let i = 0; i < 3; i++) expect((await requestOtp(t, nextMobile(), { remoteAddress: randomAddress() })).statusCode).toBe(200);
    const refused = await requestOtp(t, nextMobile(), { remoteAddress: randomAddress() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'CHALLENGE_REQUIRED', message: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(t.sms.messages).toHaveLength(3);
    // The refusal wrote nothing for that number: it is still new.
    expect(await t.db.selectFrom('otpVerifications').select('mobileNumber').execute()).toHaveLength(3);
    // An hour later the budget has room again.
    t.clock.advance(HOUR);
    expect((await requestOtp(t, nextMobile(), { remoteAddress: randomAddress() })).statusCode).toBe(200);
  });

  it('budgets each client address (an IPv6 address by its /64) on its own', async () => {
    const t = await appWith(budgets(100, 2));
    expect((await requestOtp(t, nextMobile(), { remoteAddress: '203.0.113.5' })).statusCode).toBe(200);
    expect((await requestOtp(t, nextMobile(), { remoteAddress: '::ffff:203.0.113.5' })).statusCode).toBe(200);
    expect((await requestOtp(t, nextMobile(), { remoteAddress: '203.0.113.5' })).json().code).toBe('CHALLENGE_REQUIRED');
    expect((await requestOtp(t, nextMobile(), { remoteAddress: '203.0.113.6' })).statusCode).toBe(200);

    expect((await requestOtp(t, nextMobile(), { remoteAddress: '2001:db8:1:2::a' })).statusCode).toBe(200);
    expect((await requestOtp(t, nextMobile(), { remoteAddress: '2001:db8:1:2:ffff::b' })).statusCode).toBe(200);
    expect((await requestOtp(t, nextMobile(), { remoteAddress: '2001:db8:1:2:1:2:3:4' })).json().code).toBe('CHALLENGE_REQUIRED');
    expect((await requestOtp(t, nextMobile(), { remoteAddress: '2001:db8:1:3::a' })).statusCode).toBe(200);
    expect(t.sms.messages).toHaveLength(6);
  });

  it('never holds known numbers: registered users and numbers already sent a code', async () => {
    const t = await appWith(budgets(2, 2));
    const user = await t.unverified(nextMobile());
    const earlier = nextMobile();
    expect((await requestOtp(t, earlier)).statusCode).toBe(200);
    expect((await requestOtp(t, nextMobile())).json().code).toBe('CHALLENGE_REQUIRED');
    t.clock.advance(3 * MIN);
    expect((await requestOtp(t, user.mobile)).statusCode).toBe(200);
    expect((await requestOtp(t, earlier)).statusCode).toBe(200);
    // They keep their own spacing: a second ask at once waits, as RATE_LIMITED, not a challenge.
    const again = await requestOtp(t, earlier);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RATE_LIMITED');
  });

  it('counts one budget across two instances on one database', async () => {
    const { db, schema, drop } = await freshDatabase(kind);
    const url = process.env.TEST_DATABASE_URL;
    const second = kind === 'postgres' ? openDatabase({ kind: 'postgres', url: url!, searchPath: schema! }) : db;
    const clock = testClock();
    const sms = capturingSms();
    const build = (instanceDb: typeof db) =>
      buildApp({ db: instanceDb, config: testConfig(budgets(4, 100)), secrets: testSecrets(), sms, now: clock.now, ipLimit: { max: 100_000, timeWindowMs: MIN } });
    const [a, b] = await Promise.all([build(db), build(second)]);
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: nextMobile() }, remoteAddress: randomAddress() }),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(4);
      expect(answers.filter((r) => r.statusCode === 429 && r.json().code === 'CHALLENGE_REQUIRED')).toHaveLength(16);
      expect(sms.messages).toHaveLength(4);
    } finally {
      await a.close();
      await b.close();
      if (second !== db) await second.destroy();
      await drop();
    }
  });

  it('answers a challenge that expires in five minutes, signed, with the search space the phone solves', async () => {
    const t = await appWith(budgets(1, 1));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/challenge' });
    const { data } = res.json<{ data: OtpChallenge }>();
    expect(Object.keys(data).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(data.algorithm).toBe('SHA-256');
    expect(data.maxnumber).toBeGreaterThan(1000);
    expect(data.salt).toContain(`expires=${Math.floor((T0 + 5 * MIN) / 1000)}`);
    expect(data.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets a solved challenge past spent budgets once; used again, stale or forged it is refused like none', async () => {
    const t = await appWith(budgets(1, 1));
    expect((await requestOtp(t, nextMobile())).statusCode).toBe(200);
    expect((await requestOtp(t, nextMobile())).json().code).toBe('CHALLENGE_REQUIRED');

    const { altcha } = await solved(t);
    const passed = await requestOtp(t, nextMobile(), { altcha });
    expect(passed.statusCode).toBe(200);
    const usedAgain = await requestOtp(t, nextMobile(), { altcha });
    expect(usedAgain.statusCode).toBe(429);
    expect(usedAgain.json().code).toBe('CHALLENGE_REQUIRED');

    const stale = await solved(t);
    t.clock.advance(5 * MIN + 1000);
    expect((await requestOtp(t, nextMobile(), { altcha: stale.altcha })).json().code).toBe('CHALLENGE_REQUIRED');

    const fresh = await solved(t);
    const payload = JSON.parse(Buffer.from(fresh.altcha, 'base64').toString());
    const forged = (change: object) => Buffer.from(JSON.stringify({ ...payload, ...change })).toString('base64');
    // A signature of its own making, a wrong number, a later expiry spliced into the salt: each refused.
    expect((await requestOtp(t, nextMobile(), { altcha: forged({ signature: 'a'.repeat(64) }) })).json().code).toBe('CHALLENGE_REQUIRED');
    expect((await requestOtp(t, nextMobile(), { altcha: forged({ number: payload.number + 1 }) })).json().code).toBe('CHALLENGE_REQUIRED');
    const later = String(Math.floor((t.clock.now() + HOUR) / 1000));
    expect((await requestOtp(t, nextMobile(), { altcha: forged({ salt: payload.salt.replace(/expires=\d+/, `expires=${later}`) }) })).json().code).toBe(
      'CHALLENGE_REQUIRED',
    );
    // The real one still works: the refusals spent nothing.
    expect((await requestOtp(t, nextMobile(), { altcha: fresh.altcha })).statusCode).toBe(200);
    expect(t.sms.messages).toHaveLength(3);
  });

  it('spends a solution once even when two requests race with it', async () => {
    const t = await appWith(budgets(1, 1));
    expect((await requestOtp(t, nextMobile())).statusCode).toBe(200);
    const { altcha } = await solved(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestOtp(t, nextMobile(), { altcha })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await t.db.selectFrom('spentChallenges').selectAll().execute()).toHaveLength(1);
  });

  it('answers 400 to an altcha field that is not a solution at all', async () => {
    const t = await appWith(budgets(1, 1));
    for (const altcha of ['%%%not base64%%%', Buffer.from('not json').toString('base64'), Buffer.from('{"algorithm":"SHA-256"}').toString('base64'), Buffer.from('[1,2]').toString('base64'), 'x'.repeat(1025), '']) {
      const res = await requestOtp(t, nextMobile(), { altcha });
      expect(res.statusCode, altcha.slice(0, 20)).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    expect(t.sms.messages).toHaveLength(0);
  });

  it('gives the budgets back when the SMS cannot be sent', async () => {
    const sms = capturingSms();
    let failNext = true;
    const flaky = {
      ...sms,
      async send(to: string, text: string) {
        if (failNext) {
          failNext = false;
          throw new Error('gateway down');
        }
        await sms.send(to, text);
      },
    };
    const t = await appWith(budgets(1, 1), { sms: flaky });
    const failed = await requestOtp(t, nextMobile());
    expect(failed.statusCode).toBe(502);
    expect(await t.db.selectFrom('rateEvents').selectAll().execute()).toEqual([]);
    expect((await requestOtp(t, nextMobile())).statusCode).toBe(200);
    expect(sms.messages).toHaveLength(1);
  });

  it('counts the socket address when no proxy is trusted: made-up X-Forwarded-For headers change nothing', async () => {
    const t = await appWith(budgets(100_000, 5));
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => requestOtp(t, nextMobile(), { headers: { 'x-forwarded-for': randomAddress() } })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.json().code === 'CHALLENGE_REQUIRED')).toHaveLength(495);
    expect(t.sms.messages).toHaveLength(5);
    const buckets = await t.db.selectFrom('rateEvents').select('bucket').distinct().execute();
    expect(buckets.map((b) => b.bucket).sort()).toEqual(['otp-new', 'otp-new-ip:127.0.0.1']);
  });

  it('with TRUST_PROXY=1 counts the address the proxy appended, not what the client wrote before it', async () => {
    const t = await appWith({ ...budgets(100_000, 2), trustProxy: 1 });
    const viaProxy = (client: string, spoofed: string) =>
      requestOtp(t, nextMobile(), { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `${spoofed}, ${client}` } });
    expect((await viaProxy('198.51.100.7', randomAddress())).statusCode).toBe(200);
    expect((await viaProxy('198.51.100.7', randomAddress())).statusCode).toBe(200);
    expect((await viaProxy('198.51.100.7', randomAddress())).json().code).toBe('CHALLENGE_REQUIRED');
    expect((await viaProxy('198.51.100.8', '198.51.100.7')).statusCode).toBe(200);
    const buckets = await t.db.selectFrom('rateEvents').select('bucket').distinct().execute();
    expect(buckets.map((b) => b.bucket).sort()).toEqual(['otp-new', 'otp-new-ip:198.51.100.7', 'otp-new-ip:198.51.100.8']);
  });
});
