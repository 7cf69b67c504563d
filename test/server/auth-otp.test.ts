import { describe, expect, it } from 'vitest';
import { databases, dumpDatabase, nextMobile, useTestApp } from '../support/server/app';

const MIN = 60_000;

describe.each(databases())('OTP login on %s', (kind) => {
  const t = useTestApp(kind);
  const request = (mobileNumber: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber } });
  const verify = (mobileNumber: string, otp: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { mobileNumber, otp } });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends one six-digit code by SMS to +91 and the number (in the text and its Web OTP line), and answers 200', async () => {
    const mobile = nextMobile();
    const res = await request(mobile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { resendAfterSeconds: 120 } });
    const last = t.sms.messages.at(-1)!;
    expect(last.to).toBe(`+91${mobile}`);
    const [code, ...again] = last.text.match(/\d{6}/g) ?? [];
    expect(again).toEqual([code]);
    expect(last.text.split('\n').at(-1)).toBe(`@localhost #${code}`);
  });

  it('gives a known and an unknown number the same answer', async () => {
    const known = await t.farmer();
    t.clock.advance(3 * MIN);
    const a = await request(known.mobile);
    const b = await request(nextMobile());
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
  });

  it('refuses numbers that are not 10 digits starting 6-9', async () => {
    for (const mobileNumber of ['5123456789', '912345678', '91234567890', '+919123456789', 'abcdefghij']) {
      const res = await request(mobileNumber);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
  });

  it('accepts a code at 9:59 and answers a token and profileUpdated false for a new user', async () => {
    const mobile = nextMobile();
    await request(mobile);
    t.clock.advance(9 * MIN + 59_000);
    const res = await verify(mobile, t.sms.lastCode(mobile));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profileUpdated).toBe(false);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${body.token}` } });
    expect(profile.json().user).toMatchObject({ mobileNumber: mobile, isLoggedIn: true, isVerified: false, isAdmin: false });
  });

  it('refuses a code at 10:01 as expired', async () => {
    const mobile = nextMobile();
    await request(mobile);
    t.clock.advance(10 * MIN + 1000);
    const res = await verify(mobile, t.sms.lastCode(mobile));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_EXPIRED');
  });

  it('refuses a wrong code, and after five wrong tries refuses the right one', async () => {
    const mobile = nextMobile();
    await request(mobile);
    const code = t.sms.lastCode(mobile);
    for (let i = 0; i < 5; i++) {
      const res = await verify(mobile, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('OTP_INVALID');
    }
    const sixth = await verify(mobile, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('OTP_LOCKED');
  });

  it('accepts the right code after four wrong tries', async () => {
    const mobile = nextMobile();
    await request(mobile);
    const code = t.sms.lastCode(mobile);
    for (let i = 0; i < 4; i++) await verify(mobile, wrong(code));
    expect((await verify(mobile, code)).statusCode).toBe(200);
  });

  it('refuses a code used once already', async () => {
    const mobile = nextMobile();
    await request(mobile);
    const code = t.sms.lastCode(mobile);
    expect((await verify(mobile, code)).statusCode).toBe(200);
    const again = await verify(mobile, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OTP_INVALID');
  });

  it('refuses a code for a number that asked for none', async () => {
    const res = await verify(nextMobile(), '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_INVALID');
  });

  it('answers a resend at 119 s with 429 RATE_LIMITED and Retry-After, and allows it at 120 s', async () => {
    const mobile = nextMobile();
    await request(mobile);
    const first = t.sms.lastCode(mobile);
    t.clock.advance(119_000);
    const early = await request(mobile);
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('RATE_LIMITED');
    expect(early.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await request(mobile)).statusCode).toBe(200);
    const second = t.sms.lastCode(mobile);
    // Only the newest code works.
    if (second !== first) expect((await verify(mobile, first)).json().code).toBe('OTP_INVALID');
    expect((await verify(mobile, second)).statusCode).toBe(200);
  });

  it('sends one code when the same number asks twice at once', async () => {
    const mobile = nextMobile();
    const before = t.sms.messages.length;
    const results = await Promise.all([request(mobile), request(mobile)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(t.sms.messages.length - before).toBe(1);
  });

  it('sends at most 5 codes an hour per number', async () => {
    const mobile = nextMobile();
    const start = t.clock.now();
    for (let i = 0; i < 5; i++) {
      expect((await request(mobile)).statusCode).toBe(200);
      t.clock.advance(2 * MIN);
    }
    const sixth = await request(mobile);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    // The oldest send leaves the hour window at start + 60 min.
    expect(Number(sixth.headers['retry-after'])).toBe(Math.ceil((start + 60 * MIN - t.clock.now()) / 1000));
    t.clock.set(start + 60 * MIN + 1000);
    expect((await request(mobile)).statusCode).toBe(200);
  });

  it('sends at most 10 codes a day per number', async () => {
    const mobile = nextMobile();
    const start = t.clock.now();
    for (let i = 0; i < 10; i++) {
      expect((await request(mobile)).statusCode).toBe(200);
      t.clock.advance(13 * MIN);
    }
    const eleventh = await request(mobile);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3600 * 20);
    t.clock.set(start + 24 * 60 * MIN + 1000);
    expect((await request(mobile)).statusCode).toBe(200);
  });

  it('keeps no plaintext code anywhere in the database', async () => {
    const mobile = nextMobile();
    await request(mobile);
    const code = t.sms.lastCode(mobile);
    const dump = JSON.stringify(await dumpDatabase(t.db), (_k, v) =>
      v && typeof v === 'object' && v.type === 'Buffer' ? Buffer.from(v.data).toString('latin1') : v,
    );
    expect(dump).toContain(mobile);
    // The code as a value of its own (not by chance inside a hash, an id or a timestamp).
    expect(dump).not.toMatch(new RegExp(`(?<![0-9a-fA-F])${code}(?![0-9a-fA-F])`));
  });

  it('makes a number in ADMIN_MOBILE_NUMBERS a verified admin at first login, with a 12-hour session', async () => {
    const admin = await t.admin();
    const me = await t.as(admin, { method: 'GET', url: '/api/users/profile' });
    expect(me.json().user).toMatchObject({ isAdmin: true, isVerified: true });
    t.clock.advance(12 * 60 * MIN - 1000);
    expect((await t.as(admin, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await t.as(admin, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
  });

  it('keeps a farmer session for 30 days', async () => {
    const farmer = await t.farmer();
    t.clock.advance(30 * 24 * 60 * MIN - 1000);
    expect((await t.as(farmer, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(200);
    t.clock.advance(2000);
    const expired = await t.as(farmer, { method: 'GET', url: '/api/users/profile' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHORIZED');
  });

  it('ends a session at once on logout, and stores only token hashes', async () => {
    const farmer = await t.farmer();
    const sessions = await t.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(sessions)).not.toContain(farmer.token);
    const out = await t.as(farmer, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect((await t.as(farmer, { method: 'GET', url: '/api/users/profile' })).statusCode).toBe(401);
    expect((await t.as(farmer, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });

  it('refuses a forged token with 401', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(res.statusCode).toBe(401);
  });
});
