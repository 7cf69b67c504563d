import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type TwilioConfig } from '../../src/server/config';
import { consoleTransport } from '../../src/server/sms/transport';
import { SmsSendError, twilioTransport } from '../../src/server/sms/twilio';
import { databases, nextMobile, useTestApp } from '../support/server/app';

interface Received {
  method: string;
  url: string;
  authorization: string;
  contentType: string;
  form: URLSearchParams;
}

/** A stand-in for api.twilio.com on 127.0.0.1 that records requests and answers with `status`. */
function standIn() {
  const received: Received[] = [];
  let status = 201;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        form: new URLSearchParams(body),
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status < 300 ? '{"sid":"SM123","status":"queued"}' : '{"code":21211,"message":"Invalid To"}');
    });
  });
  return {
    received,
    setStatus: (s: number) => (status = s),
    start: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const gateway = standIn();
let baseUrl = '';
beforeAll(async () => {
  baseUrl = await gateway.start();
});
afterAll(() => gateway.stop());

const twilio = (): TwilioConfig => ({
  accountSid: 'AC0123456789abcdef',
  authToken: 'secret-token',
  from: '+15005550006',
  messagingServiceSid: null,
  baseUrl,
});

describe('SMS transports', () => {
  it('console prints exactly one line with +91, the number and the text, a line break in it written as \\n', async () => {
    const lines: string[] = [];
    await consoleTransport((l) => lines.push(l)).send('+919876543210', 'Your code is  123456.\n@krishi.example.in #123456');
    expect(lines).toEqual(['[sms] to=+919876543210 text=Your code is 123456.\\n@krishi.example.in #123456\n']);
  });

  it('twilio posts to the Messages API with Basic auth and the form fields To, From and Body', async () => {
    gateway.setStatus(201);
    await twilioTransport(twilio()).send('+919876543210', 'code 654321');
    const last = gateway.received.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(last.authorization).toBe(`Basic ${Buffer.from('AC0123456789abcdef:secret-token').toString('base64')}`);
    expect(last.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(last.form)).toEqual({ To: '+919876543210', Body: 'code 654321', From: '+15005550006' });
  });

  it('twilio uses a Messaging Service when one is configured', async () => {
    await twilioTransport({ ...twilio(), from: null, messagingServiceSid: 'MG42' }).send('+919876543210', 'x');
    expect(gateway.received.at(-1)!.form.get('MessagingServiceSid')).toBe('MG42');
  });

  it('twilio throws SmsSendError when the gateway refuses', async () => {
    gateway.setStatus(400);
    await expect(twilioTransport(twilio()).send('+919876543210', 'x')).rejects.toThrow(SmsSendError);
    gateway.setStatus(201);
  });
});

describe.each(databases())('login through the Twilio transport on %s', (kind) => {
  const t = useTestApp(kind, {
    get sms() {
      return twilioTransport(twilio());
    },
    config: {
      ...loadConfig({ SMS_TRANSPORT: 'twilio', TWILIO_ACCOUNT_SID: 'AC0123456789abcdef', TWILIO_AUTH_TOKEN: 'secret-token', TWILIO_FROM: '+15005550006' }),
      // As every test app: no load shedding, whose event-loop delay here is the test runner's on a busy machine.
      overload: { eventLoopDelayMs: 0, heapUsedMb: 0 },
    },
  });

  it('sends the code through the gateway and accepts it', async () => {
    gateway.setStatus(201);
    const mobile = nextMobile();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: mobile } });
    expect(res.statusCode, res.body).toBe(200);
    const sent = gateway.received.at(-1)!;
    expect(sent.form.get('To')).toBe(`+91${mobile}`);
    const code = /\b(\d{6})\b/.exec(sent.form.get('Body') ?? '')![1];
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { mobileNumber: mobile, otp: code } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers 502 when the gateway fails, and the failed send does not block a retry', async () => {
    const mobile = nextMobile();
    gateway.setStatus(500);
    const failed = await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: mobile } });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('INTERNAL');
    gateway.setStatus(201);
    const retry = await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: mobile } });
    expect(retry.statusCode).toBe(200);
  });
});
