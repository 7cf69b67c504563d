import { spawn } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONSOLE_ADMIN, loadConfig } from '../../src/server/config';
import { loadSecrets } from '../../src/server/secrets';

function runServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: mkdtempSync(join(tmpdir(), 'krishi-cfg-')), PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('configuration', () => {
  it('has working defaults: port 3000, ./data, console SMS with one default admin number', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: null,
      sms: { transport: 'console' },
      adminMobileNumbers: [DEFAULT_CONSOLE_ADMIN],
      corsOrigins: [],
      otpTtlSeconds: 600,
      otpResendSeconds: 120,
      quotationValidityDays: 7,
      quotationHourlyLimit: 20,
      quotationDailyLimit: 100,
      quotationReplyHours: 24,
    });
  });

  it('makes no default admin when a real SMS gateway is configured', () => {
    const c = loadConfig({ SMS_TRANSPORT: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '+15005550006' });
    expect(c.adminMobileNumbers).toEqual([]);
    expect(c.sms).toMatchObject({ transport: 'twilio', twilio: { baseUrl: 'https://api.twilio.com' } });
  });

  it('in production takes keys only from the environment and makes no default admin', () => {
    const keys = { AADHAAR_KEY: 'ab'.repeat(32), OTP_HMAC_SECRET: 'x'.repeat(40) };
    const c = loadConfig({ NODE_ENV: 'production', ...keys });
    expect(c.production).toBe(true);
    expect(c.adminMobileNumbers).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', ...keys, ADMIN_MOBILE_NUMBERS: '9876543210' }).adminMobileNumbers).toEqual(['9876543210']);
  });

  it('trusts X-Forwarded-For from no one by default, and from a hop count when given one', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('reads every variable it documents', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/krishi',
      DATABASE_URL: 'postgres://u@h/db',
      ADMIN_MOBILE_NUMBERS: '9876543210, 8765432109',
      CONTACT_PHONE: '+919812345678',
      CONTACT_CHAT_URL: 'https://wa.me/919812345678',
      UPI_PAYEE_ID: 'krishi@upi',
      UPI_PAYEE_NAME: 'Krishi Traders',
      CORS_ORIGINS: 'https://a.example,http://localhost:5173',
      OTP_TTL_SECONDS: '30',
      OTP_RESEND_SECONDS: '5',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8',
      OTP_NEW_NUMBERS_PER_HOUR: '200',
      OTP_NEW_NUMBERS_PER_IP_HOUR: '3',
      AADHAAR_RETENTION_DAYS: '0',
      GRIEVANCE_CONTACT: 'Asha Patel, grievance@krishi.example',
      UPLOAD_HOURLY_LIMIT: '12',
      QUOTATION_VALIDITY_DAYS: '3',
      QUOTATION_HOURLY_LIMIT: '5',
      QUOTATION_DAILY_LIMIT: '40',
      QUOTATION_REPLY_HOURS: '6',
    });
    expect(c).toMatchObject({
      quotationReplyHours: 6,
      quotationValidityDays: 3,
      quotationHourlyLimit: 5,
      quotationDailyLimit: 40,
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/krishi',
      databaseUrl: 'postgres://u@h/db',
      adminMobileNumbers: ['9876543210', '8765432109'],
      contactPhone: '+919812345678',
      contactChatUrl: 'https://wa.me/919812345678',
      upiPayeeId: 'krishi@upi',
      upiPayeeName: 'Krishi Traders',
      corsOrigins: ['https://a.example', 'http://localhost:5173'],
      otpTtlSeconds: 30,
      otpResendSeconds: 5,
      trustProxy: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'],
      otpNewNumbersPerHour: 200,
      otpNewNumbersPerIpHour: 3,
      aadhaarRetentionDays: 0,
      grievanceContact: 'Asha Patel, grievance@krishi.example',
      uploadHourlyLimit: 12,
      production: false,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ ADMIN_MOBILE_NUMBERS: '12345' }, /ADMIN_MOBILE_NUMBERS/],
    [{ SMS_TRANSPORT: 'pigeon' }, /SMS_TRANSPORT/],
    [{ SMS_TRANSPORT: 'twilio' }, /TWILIO_ACCOUNT_SID/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ AADHAAR_KEY: 'short' }, /AADHAAR_KEY/],
    [{ CORS_ORIGINS: '*' }, /CORS_ORIGINS/],
    [{ QUOTATION_VALIDITY_DAYS: '0' }, /QUOTATION_VALIDITY_DAYS/],
    [{ QUOTATION_VALIDITY_DAYS: 'week' }, /QUOTATION_VALIDITY_DAYS/],
    [{ QUOTATION_HOURLY_LIMIT: '-3' }, /QUOTATION_HOURLY_LIMIT/],
    [{ QUOTATION_DAILY_LIMIT: '2.5' }, /QUOTATION_DAILY_LIMIT/],
    [{ QUOTATION_HOURLY_LIMIT: '30', QUOTATION_DAILY_LIMIT: '10' }, /QUOTATION_DAILY_LIMIT/],
    [{ QUOTATION_REPLY_HOURS: '0' }, /QUOTATION_REPLY_HOURS/],
    [{ QUOTATION_REPLY_HOURS: 'soon' }, /QUOTATION_REPLY_HOURS/],
    [{ QUOTATION_REPLY_HOURS: '12.5' }, /QUOTATION_REPLY_HOURS/],
    [{ QUOTATION_REPLY_HOURS: '721' }, /QUOTATION_REPLY_HOURS/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY=true/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'proxy.local' }, /TRUST_PROXY/],
    [{ OTP_NEW_NUMBERS_PER_HOUR: '0' }, /OTP_NEW_NUMBERS_PER_HOUR/],
    [{ OTP_NEW_NUMBERS_PER_IP_HOUR: '100001' }, /OTP_NEW_NUMBERS_PER_IP_HOUR/],
    [{ UPLOAD_HOURLY_LIMIT: '10001' }, /UPLOAD_HOURLY_LIMIT/],
    [{ AADHAAR_RETENTION_DAYS: '-1' }, /AADHAAR_RETENTION_DAYS/],
    [{ NODE_ENV: 'production' }, /AADHAAR_KEY and OTP_HMAC_SECRET/],
    [{ NODE_ENV: 'production', AADHAAR_KEY: 'a'.repeat(64) }, /AADHAAR_KEY and OTP_HMAC_SECRET/],
    [{ NODE_ENV: 'production', OTP_HMAC_SECRET: 's'.repeat(32) }, /AADHAAR_KEY and OTP_HMAC_SECRET/],
  ])('refuses %o with a ConfigError naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it('generates the secrets into DATA_DIR with mode 0600 once and reads them back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'krishi-secrets-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = loadSecrets(config);
    expect(first.aadhaarKey).toHaveLength(32);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadSecrets(config)).toEqual(first);
    const fromEnv = loadSecrets(loadConfig({ DATA_DIR: dir, AADHAAR_KEY: 'ab'.repeat(32), OTP_HMAC_SECRET: 'x'.repeat(40) }));
    expect(fromEnv.aadhaarKey.equals(Buffer.from('ab'.repeat(32), 'hex'))).toBe(true);
  });

  it('stops the real server on bad configuration with exit code 1 and one line on stderr, no stack', async () => {
    const results = await Promise.all([
      runServer({ PORT: 'not-a-port' }),
      runServer({ SMS_TRANSPORT: 'twilio' }),
      runServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
      runServer({ QUOTATION_DAILY_LIMIT: 'lots' }),
      runServer({ QUOTATION_REPLY_HOURS: 'a day' }),
      runServer({ NODE_ENV: 'production' }),
      runServer({ TRUST_PROXY: 'true' }),
    ]);
    for (const r of results) {
      expect(r.code).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^(Configuration error|Start-up failed): /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(results[0]!.stderr).toContain('PORT');
    expect(results[1]!.stderr).toContain('TWILIO');
    expect(results[3]!.stderr).toContain('QUOTATION_DAILY_LIMIT');
    expect(results[4]!.stderr).toContain('QUOTATION_REPLY_HOURS');
    expect(results[5]!.stderr).toContain('AADHAAR_KEY and OTP_HMAC_SECRET');
    expect(results[6]!.stderr).toContain('TRUST_PROXY');
  });
});
