/**
 * Configuration from the environment (docs/server.md lists every variable). `loadConfig` throws a
 * `ConfigError` with one readable line; server.ts prints it and exits 1.
 */
import { isIP } from 'node:net';
import { isValidMobile } from '../domain/constants';

export class ConfigError extends Error {}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string | null;
  messagingServiceSid: string | null;
  baseUrl: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  adminMobileNumbers: string[];
  /** ANALYST_MOBILE_NUMBERS: users who read the analyst's view (/analyst) and nothing personal. */
  analystMobileNumbers: string[];
  sms: { transport: 'console' } | { transport: 'twilio'; twilio: TwilioConfig };
  /** SMS_NOTIFICATIONS=off: no notification SMS (priced quotation, order moves); login codes still go. */
  smsNotifications: boolean;
  contactPhone: string;
  contactChatUrl: string;
  upiPayeeId: string | null;
  /**
   * The app's host name as phones reach it (PUBLIC_HOST), for the login SMS's Web OTP line
   * (`@host #code`), which lets Chrome on Android fill the code in; null uses the request's host.
   */
  publicHost: string | null;
  upiPayeeName: string | null;
  corsOrigins: string[];
  otpHmacSecret: string | null;
  aadhaarKey: string | null;
  otpTtlSeconds: number;
  otpResendSeconds: number;
  /**
   * Which proxies in front may name the client in X-Forwarded-For: false (none; the header is
   * ignored), a hop count, or their addresses and CIDRs. Fastify's `trustProxy` takes each form.
   */
  trustProxy: false | number | string[];
  /** Login codes to numbers never sent to before, per hour: service-wide and per client address (IPv6 by /64). */
  otpNewNumbersPerHour: number;
  otpNewNumbersPerIpHour: number;
  /** Days an Aadhaar image is kept after the account is verified (0: erased on verification). */
  aadhaarRetentionDays: number;
  /** Who hears a farmer's grievance about their data (DPDP Act 2023), shown in the Aadhaar notice. */
  grievanceContact: string;
  /** Images one user may upload per hour. */
  uploadHourlyLimit: number;
  /** NODE_ENV=production: keys only from the environment, no default admin. */
  production: boolean;
  logLevel: string;
  /** A COMPLETED quotation's validity from its pricing, in days. */
  quotationValidityDays: number;
  /** How many quotations one farmer may request per hour and per day. */
  quotationHourlyLimit: number;
  quotationDailyLimit: number;
  /** How soon the farmer is told a pending quotation is usually answered, in hours (GET /api/config). */
  quotationReplyHours: number;
  /** The server's own SQLite backups: a folder, how often (0 = never) and how many to keep. */
  backup: { dir: string | null; everyHours: number; keep: number };
  /** A second listener on 127.0.0.1 for Prometheus (`GET /metrics`); null = none. */
  metricsPort: number | null;
  /** After SIGTERM, how long /api/ready answers 503 while requests are still served, so a load balancer stops sending first. */
  drainSeconds: number;
  /** New requests get 503 OVERLOADED past these bounds (0 = that bound is off). */
  overload: { eventLoopDelayMs: number; heapUsedMb: number };
}

/** The admin number `npm start` offers while codes go to the console and none is configured. */
export const DEFAULT_CONSOLE_ADMIN = '9000000001';

type Env = Record<string, string | undefined>;

const text = (env: Env, name: string): string | null => {
  const value = env[name]?.trim();
  return value ? value : null;
};

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function list(env: Env, name: string): string[] | null {
  const raw = text(env, name);
  return raw === null
    ? null
    : raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

function twilio(env: Env): TwilioConfig {
  const accountSid = text(env, 'TWILIO_ACCOUNT_SID');
  const authToken = text(env, 'TWILIO_AUTH_TOKEN');
  const from = text(env, 'TWILIO_FROM');
  const messagingServiceSid = text(env, 'TWILIO_MESSAGING_SERVICE_SID');
  if (!accountSid || !authToken) {
    throw new ConfigError('SMS_TRANSPORT=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
  }
  if (!from && !messagingServiceSid) {
    throw new ConfigError('SMS_TRANSPORT=twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');
  }
  const baseUrl = text(env, 'TWILIO_BASE_URL') ?? 'https://api.twilio.com';
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new ConfigError(`TWILIO_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  return { accountSid, authToken, from, messagingServiceSid, baseUrl: baseUrl.replace(/\/+$/, '') };
}

/**
 * TRUST_PROXY: a hop count (`1` behind one load balancer) or the proxies' addresses and CIDRs.
 * `true` would believe any X-Forwarded-For a client makes up, so it is refused.
 */
function proxies(env: Env): ServerConfig['trustProxy'] {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') {
    throw new ConfigError('TRUST_PROXY=true would trust any X-Forwarded-For; give the hop count (1) or the proxies\' addresses');
  }
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 1, 10);
  const entries = list(env, 'TRUST_PROXY')!;
  const bad = entries.find((entry) => {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return true;
    return prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
  if (bad !== undefined) throw new ConfigError(`TRUST_PROXY must be a hop count or addresses and CIDRs, got "${bad}"`);
  return entries;
}

function publicHost(env: Env): string | null {
  const value = text(env, 'PUBLIC_HOST');
  if (value === null) return null;
  // A bare host name: the Web OTP line names the origin's host, never a scheme, port or path.
  if (value.length > 253 || !/^(?=.*[a-z])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(value)) {
    throw new ConfigError(`PUBLIC_HOST must be a host name such as krishi.example.in, got "${value}"`);
  }
  return value;
}

function grievance(env: Env): string {
  const value = text(env, 'GRIEVANCE_CONTACT') ?? text(env, 'CONTACT_PHONE') ?? '+919000000000';
  if (value.length > 200) throw new ConfigError('GRIEVANCE_CONTACT must be at most 200 characters');
  return value;
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const transport = text(env, 'SMS_TRANSPORT') ?? 'console';
  if (transport !== 'console' && transport !== 'twilio') {
    throw new ConfigError(`SMS_TRANSPORT must be "console" or "twilio", got "${transport}"`);
  }
  const sms: ServerConfig['sms'] = transport === 'twilio' ? { transport, twilio: twilio(env) } : { transport };

  const production = text(env, 'NODE_ENV') === 'production';
  const admins = list(env, 'ADMIN_MOBILE_NUMBERS') ?? (transport === 'console' && !production ? [DEFAULT_CONSOLE_ADMIN] : []);
  const badAdmin = admins.find((n) => !isValidMobile(n));
  if (badAdmin !== undefined) {
    throw new ConfigError(`ADMIN_MOBILE_NUMBERS must be 10-digit numbers starting 6-9, got "${badAdmin}"`);
  }

  const analysts = list(env, 'ANALYST_MOBILE_NUMBERS') ?? [];
  const badAnalyst = analysts.find((n) => !isValidMobile(n));
  if (badAnalyst !== undefined) {
    throw new ConfigError(`ANALYST_MOBILE_NUMBERS must be 10-digit numbers starting 6-9, got "${badAnalyst}"`);
  }

  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const aadhaarKey = text(env, 'AADHAAR_KEY');
  if (aadhaarKey !== null && !/^[0-9a-fA-F]{64}$/.test(aadhaarKey)) {
    throw new ConfigError('AADHAAR_KEY must be 64 hex characters (32 bytes)');
  }
  const otpHmacSecret = text(env, 'OTP_HMAC_SECRET');
  if (otpHmacSecret !== null && otpHmacSecret.length < 32) {
    throw new ConfigError('OTP_HMAC_SECRET must be at least 32 characters');
  }
  // A key generated beside the database would travel in every copy of it: in production both come
  // from the environment (a secret store), never from DATA_DIR.
  if (production && (aadhaarKey === null || otpHmacSecret === null)) {
    throw new ConfigError('NODE_ENV=production needs AADHAAR_KEY and OTP_HMAC_SECRET from the environment');
  }

  const corsOrigins = list(env, 'CORS_ORIGINS') ?? [];
  const badOrigin = corsOrigins.find((o) => !/^https?:\/\/[^/\s]+$/.test(o));
  if (badOrigin !== undefined) throw new ConfigError(`CORS_ORIGINS entries must look like https://host[:port], got "${badOrigin}"`);

  const notifications = text(env, 'SMS_NOTIFICATIONS') ?? 'on';
  if (notifications !== 'on' && notifications !== 'off') {
    throw new ConfigError(`SMS_NOTIFICATIONS must be on or off, got "${notifications}"`);
  }

  const trustProxy = proxies(env);

  const quotationHourlyLimit = integer(env, 'QUOTATION_HOURLY_LIMIT', 20, 1, 10_000);
  const quotationDailyLimit = integer(env, 'QUOTATION_DAILY_LIMIT', 100, 1, 100_000);
  if (quotationDailyLimit < quotationHourlyLimit) {
    throw new ConfigError(`QUOTATION_DAILY_LIMIT (${quotationDailyLimit}) must be at least QUOTATION_HOURLY_LIMIT (${quotationHourlyLimit})`);
  }

  const backupDir = text(env, 'BACKUP_DIR');
  const backupEveryHours = integer(env, 'BACKUP_EVERY_HOURS', 0, 0, 24 * 365);
  if (backupEveryHours > 0 && backupDir === null) throw new ConfigError('BACKUP_EVERY_HOURS needs BACKUP_DIR, the folder to write the backups to');
  if (backupEveryHours > 0 && databaseUrl !== null) {
    throw new ConfigError('BACKUP_EVERY_HOURS backs up the SQLite file; on PostgreSQL schedule `npm run backup` (pg_dump) instead');
  }
  const metricsPort = text(env, 'METRICS_PORT') === null ? null : integer(env, 'METRICS_PORT', 0, 0, 65535);

  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: text(env, 'DATA_DIR') ?? './data',
    databaseUrl,
    adminMobileNumbers: admins,
    analystMobileNumbers: analysts,
    sms,
    smsNotifications: notifications === 'on',
    contactPhone: text(env, 'CONTACT_PHONE') ?? '+919000000000',
    contactChatUrl: text(env, 'CONTACT_CHAT_URL') ?? 'https://wa.me/919000000000',
    upiPayeeId: text(env, 'UPI_PAYEE_ID'),
    publicHost: publicHost(env),
    upiPayeeName: text(env, 'UPI_PAYEE_NAME'),
    corsOrigins,
    otpHmacSecret,
    aadhaarKey,
    otpTtlSeconds: integer(env, 'OTP_TTL_SECONDS', 600, 1, 86400),
    otpResendSeconds: integer(env, 'OTP_RESEND_SECONDS', 120, 0, 86400),
    trustProxy,
    otpNewNumbersPerHour: integer(env, 'OTP_NEW_NUMBERS_PER_HOUR', 50, 1, 100_000),
    otpNewNumbersPerIpHour: integer(env, 'OTP_NEW_NUMBERS_PER_IP_HOUR', 5, 1, 100_000),
    aadhaarRetentionDays: integer(env, 'AADHAAR_RETENTION_DAYS', 30, 0, 3650),
    grievanceContact: grievance(env),
    uploadHourlyLimit: integer(env, 'UPLOAD_HOURLY_LIMIT', 30, 1, 10_000),
    production,
    logLevel: text(env, 'LOG_LEVEL') ?? 'warn',
    quotationValidityDays: integer(env, 'QUOTATION_VALIDITY_DAYS', 7, 1, 365),
    quotationHourlyLimit,
    quotationDailyLimit,
    quotationReplyHours: integer(env, 'QUOTATION_REPLY_HOURS', 24, 1, 720),
    backup: { dir: backupDir, everyHours: backupEveryHours, keep: integer(env, 'BACKUP_KEEP', 7, 1, 1000) },
    metricsPort,
    drainSeconds: integer(env, 'SHUTDOWN_DRAIN_SECONDS', 0, 0, 600),
    overload: {
      eventLoopDelayMs: integer(env, 'OVERLOAD_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
      heapUsedMb: integer(env, 'OVERLOAD_HEAP_USED_MB', 1024, 0, 65_536),
    },
  };
}
