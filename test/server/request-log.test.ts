/**
 * Logs an operator can search: at LOG_LEVEL=info one line per request with the route pattern (not
 * the url), status, duration and request id, the id also sent back as `x-request-id`; a proxy's id is
 * kept, a malformed one replaced. No mobile number, code or token reaches the log.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/server/app';

function collect(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('request log lines on sqlite', () => {
  it('writes one line per request by route pattern, and answers with its request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const t = await createTestApp('sqlite', { logger: { level: 'info', stream } });
    try {
      const farmer = await t.farmer('9876543210');
      const sku = (await t.as(farmer, { method: 'GET', url: '/api/skus' })).json<{ data: { _id: string }[] }>().data[0]!;
      const made = await t.as(farmer, { method: 'POST', url: '/api/quotations', payload: { skusDetail: [{ skuIdentifier: sku._id, quantity: 1 }] } });
      const id = made.json<{ data: { quotationDisplayId: string } }>().data.quotationDisplayId;
      const from = lines.length;

      const read = await t.as(farmer, { method: 'GET', url: `/api/quotations/${id}`, headers: { 'x-request-id': 'lb-7f3a.1' } });
      expect(read.statusCode).toBe(200);
      expect(read.headers['x-request-id']).toBe('lb-7f3a.1');
      const odd = await t.as(farmer, { method: 'GET', url: '/api/quotations?limit=5', headers: { 'x-request-id': 'two words\n' } });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

      const requests = lines.slice(from).filter((l) => l.msg === 'request');
      expect(requests).toHaveLength(2);
      expect(requests[0]).toMatchObject({ level: 30, reqId: 'lb-7f3a.1', method: 'GET', route: '/api/quotations/:id', status: 200, ms: expect.any(Number) });
      expect(requests[1]).toMatchObject({ reqId: odd.headers['x-request-id'], route: '/api/quotations', status: 200 });

      // The whole log, the login included.
      const all = JSON.stringify(lines);
      expect(all).not.toContain(id);
      expect(all).not.toContain('9876543210');
      expect(all).not.toContain(farmer.token);
      expect(all).not.toContain('limit=5');
      // Bounded: a code's six digits may well occur inside a timestamp.
      expect(all).not.toMatch(new RegExp(`\\b${t.sms.lastCode('9876543210')}\\b`));
    } finally {
      await t.close();
    }
  });

  it('keeps numbers out of an admin search, a failed send and a logged header', async () => {
    const { lines, stream } = collect();
    let failing = false;
    const sms = {
      async send(to: string) {
        // A gateway's refusal quotes the number it refused, as Twilio's does.
        if (failing) throw new Error(`The 'To' number ${to} is not a valid phone number`);
      },
    };
    const t = await createTestApp('sqlite', { logger: { level: 'info', stream } });
    const failingApp = await createTestApp('sqlite', { logger: { level: 'info', stream }, sms });
    try {
      const farmer = await t.farmer('9812345678');
      const admin = await t.admin();
      const search = await t.as(admin, { method: 'GET', url: '/api/users/all?q=9812345678' });
      expect(search.statusCode).toBe(200);
      failing = true;
      const refused = await failingApp.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: '9712345678' } });
      expect(refused.statusCode).toBe(502);
      t.app.log.info({ headers: { authorization: `Bearer ${farmer.token}` } }, 'headers seen');

      const failed = lines.find((l) => l.msg === 'sms send failed') as { err: { message: string } } | undefined;
      expect(failed?.err.message).toBe("The 'To' number [mobile] is not a valid phone number");
      expect(lines.find((l) => l.msg === 'headers seen')).toMatchObject({ headers: { authorization: '[redacted]' } });
      const all = JSON.stringify(lines);
      expect(all).not.toContain('9812345678');
      expect(all).not.toContain('9712345678');
      expect(all).not.toContain(farmer.token);
      expect(all).not.toContain('q=');
    } finally {
      await t.close();
      await failingApp.close();
    }
  });
});
