/**
 * A fresh app per test file (FD test/helper.ts): its own database — SQLite in a temp dir, or, for
 * the `postgres` variant, a fresh schema in TEST_DATABASE_URL dropped afterwards — a clock the test
 * moves, and an SMS transport that captures messages so tests log in through the real OTP flow.
 *
 *   describe.each(databases())('orders on %s', (kind) => {
 *     const t = useTestApp(kind);            // beforeAll/afterAll wired
 *     it('…', async () => { const farmer = await t.farmer(); … });
 *   });
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely, type Updateable } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../../../src/server/app';
import { loadConfig, type ServerConfig } from '../../../src/server/config';
import { migrateToLatest } from '../../../src/server/db/migrations';
import { openDatabase } from '../../../src/server/db/connect';
import type { Database, UsersTable } from '../../../src/server/db/schema';
import { markVerified } from '../../../src/server/repos/users';
import { seedDatabase } from '../../../src/server/seed/seed';
import type { SmsTransport } from '../../../src/server/sms/transport';

export type DbKind = 'sqlite' | 'postgres';
export const TEST_ADMIN = '9000000001';
export const T0 = Date.UTC(2026, 0, 15, 6, 0, 0);

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set, and also under CI, where its absence must fail. */
export function databases(): DbKind[] {
  return process.env.TEST_DATABASE_URL || process.env.CI ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface Clock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}
export function testClock(start = T0): Clock {
  let t = start;
  return { now: () => t, set: (ms) => (t = ms), advance: (ms) => (t += ms) };
}

export interface CapturedSms extends SmsTransport {
  messages: { to: string; text: string }[];
  /** The code in the last message to +91<mobile>. */
  lastCode(mobile: string): string;
}
export function capturingSms(): CapturedSms {
  const messages: { to: string; text: string }[] = [];
  return {
    messages,
    async send(to, text) {
      messages.push({ to, text });
    },
    lastCode(mobile) {
      const last = messages.filter((m) => m.to === `+91${mobile}`).at(-1);
      const code = last && /\b(\d{6})\b/.exec(last.text)?.[1];
      if (!code) throw new Error(`No code was sent to ${mobile}`);
      return code;
    },
  };
}

export interface TestDb {
  db: Kysely<Database>;
  /** PostgreSQL: the test's own schema (`migrateTo` and `migrateToLatest` take it); SQLite: none. */
  schema?: string;
  drop(): Promise<void>;
}

/** A migrated, empty database of the given kind. */
export async function freshDatabase(kind: DbKind): Promise<TestDb> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'krishi-test-'));
    const db = openDatabase({ kind: 'sqlite', file: join(dir, 'test.sqlite') });
    await migrateToLatest(db);
    return { db, drop: async () => (await db.destroy(), rmSync(dir, { recursive: true, force: true })) };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL variant cannot run (and must not be skipped in CI)');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openDatabase({ kind: 'postgres', url, searchPath: schema });
  await migrateToLatest(db, schema);
  return {
    db,
    schema,
    async drop() {
      await db.destroy();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/**
 * The app as a test builds it. Load shedding is off unless a test turns it on: the event loop it would
 * watch is the test runner's, which a test's own bulk writes (a thousand quotations in a loop) block
 * for longer than any request would.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ ADMIN_MOBILE_NUMBERS: TEST_ADMIN, DATA_DIR: tmpdir() }),
    overload: { eventLoopDelayMs: 0, heapUsedMb: 0 },
    // Tests log in hundreds of new numbers from one address; the budgets' own tests set them low.
    otpNewNumbersPerHour: 100_000,
    otpNewNumbersPerIpHour: 100_000,
    ...overrides,
  };
}

export const testSecrets = () => ({ otpHmacSecret: randomBytes(32), aadhaarKey: randomBytes(32) });

export interface Session {
  token: string;
  mobile: string;
  userId: string;
  auth: { authorization: string };
}

export interface TestApp {
  kind: DbKind;
  app: FastifyInstance;
  db: Kysely<Database>;
  clock: Clock;
  sms: CapturedSms;
  options: AppOptions;
  /** app.inject with a session's bearer token. */
  as(session: Session | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Logs a number in through request-otp → SMS → verify-otp (moves the clock past the resend spacing). */
  login(mobile: string): Promise<Session>;
  /** A logged-in farmer whose profile is complete and whom an admin has verified. */
  farmer(mobile?: string, name?: string): Promise<Session>;
  /** A logged-in user with no profile and no verification. */
  unverified(mobile?: string): Promise<Session>;
  /** A logged-in user whose profile is complete, waiting for an admin to verify them. */
  pending(mobile?: string): Promise<Session>;
  /** The admin of ADMIN_MOBILE_NUMBERS, logged in once and reused while the session lives. */
  admin(): Promise<Session>;
  close(): Promise<void>;
}

let numberSeq = 0;
/** A distinct valid mobile number per call within this process. */
export const nextMobile = () => `7${String(process.pid % 1000).padStart(3, '0')}${String(++numberSeq).padStart(6, '0')}`;

export async function createTestApp(
  kind: DbKind,
  extra: Partial<AppOptions> & { seed?: boolean } = {},
): Promise<TestApp> {
  const { db, drop } = await freshDatabase(kind);
  const clock = testClock();
  const sms = capturingSms();
  if (extra.seed !== false) await seedDatabase(db, clock.now());
  const options: AppOptions = {
    db,
    config: testConfig(),
    secrets: testSecrets(),
    sms,
    now: clock.now,
    ipLimit: { max: 100_000, timeWindowMs: 60_000 },
    ...extra,
  };
  const app = await buildApp(options);
  await app.ready();

  let adminSession: Session | null = null;
  const t: TestApp = {
    kind,
    app,
    db,
    clock,
    sms,
    options,
    as: (session, opts) => app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(session?.auth ?? {}) } }),
    async login(mobile) {
      clock.advance(options.config.otpResendSeconds * 1000 + 1000);
      let sent = await app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: mobile } });
      if (sent.statusCode === 429) {
        // The same number logged in often (an hourly or daily cap): move the clock past the wait.
        clock.advance(Number(sent.headers['retry-after']) * 1000 + 1000);
        sent = await app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { mobileNumber: mobile } });
      }
      if (sent.statusCode !== 200) throw new Error(`request-otp ${sent.statusCode}: ${sent.body}`);
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { mobileNumber: mobile, otp: sms.lastCode(mobile) },
      });
      if (verified.statusCode !== 200) throw new Error(`verify-otp ${verified.statusCode}: ${verified.body}`);
      const token = verified.json<{ token: string }>().token;
      const user = await db.selectFrom('users').select('id').where('mobileNumber', '=', mobile).executeTakeFirstOrThrow();
      return { token, mobile, userId: user.id, auth: { authorization: `Bearer ${token}` } };
    },
    async farmer(mobile = nextMobile(), name = `Farmer ${mobile.slice(-4)}`) {
      const session = await t.login(mobile);
      await writeUserByHand(db, session.userId, { name, gender: 'male', farmAddress: 'Village road, Rajkot', preferredLanguage: 'english', profileUpdated: 1, isVerified: 1 });
      return session;
    },
    unverified: (mobile = nextMobile()) => t.login(mobile),
    async pending(mobile = nextMobile()) {
      const session = await t.login(mobile);
      await writeUserByHand(db, session.userId, { name: `Farmer ${mobile.slice(-4)}`, gender: 'female', farmAddress: 'Canal road, Anand', profileUpdated: 1 });
      return session;
    },
    async admin() {
      // One admin session per app, renewed only when it has expired (the OTP caps apply to tests too).
      if (adminSession) {
        const alive = await t.as(adminSession, { method: 'GET', url: '/api/users/profile' });
        if (alive.statusCode === 200) return adminSession;
      }
      adminSession = await t.login(options.config.adminMobileNumbers[0] ?? TEST_ADMIN);
      return adminSession;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
  return t;
}

/**
 * A user's profile written straight into the table (a shortcut past the sign-up screens), a
 * verification moving the users' counts as the app's does.
 */
async function writeUserByHand(db: Kysely<Database>, userId: string, values: Updateable<UsersTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (values.isVerified === 1) {
      // The row's own time is kept: a shortcut, not a write the clock saw.
      const { updatedAt } = await trx.selectFrom('users').select('updatedAt').where('id', '=', userId).executeTakeFirstOrThrow();
      await markVerified(trx, userId, Number(values.updatedAt ?? updatedAt));
    }
    await trx.updateTable('users').set(values).where('id', '=', userId).execute();
  });
}

/** Wires createTestApp into beforeAll/afterAll; the returned object's fields are filled before the tests run. */
export function useTestApp(kind: DbKind, extra: Partial<AppOptions> & { seed?: boolean } = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(kind, extra));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

/** Every row of every table, as JSON text, for "nothing changed" and "no plaintext" checks. */
export async function dumpDatabase(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const tables = ['users', 'sessions', 'otp_verifications', 'otp_sends', 'counters', 'skus', 'quotations', 'quotation_lines', 'orders', 'images'];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db);
    out[table] = rows;
  }
  return out;
}
