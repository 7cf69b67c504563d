/**
 * The real production server for a browser test file: the compiled server (dist/server/server.mjs,
 * built once by global-setup.ts) run by node with the flags of `npm start`, the built app, SQLite in
 * a fresh temporary DATA_DIR, a free port, the console SMS transport. Codes are read from its output.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFlags } from '../../../bench/start-flags';

/** Production refuses keys generated beside the database; these servers get theirs as a secret store would give them. */
const PRODUCTION_KEYS = { AADHAAR_KEY: randomBytes(32).toString('hex'), OTP_HMAC_SECRET: randomBytes(32).toString('hex') };

export const ADMIN_NUMBER = '9000000001';
export const SECOND_ADMIN_NUMBER = '9000000002';

export interface TestServer {
  url: string;
  /** The newest code texted to this 10-digit number after `since` (an output offset). */
  waitForCode(mobile: string, since?: number): Promise<string>;
  /** The output length now: pass it to waitForCode to wait for a code sent after this moment. */
  mark(): number;
  output(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the benches use it too). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [...startFlags('.'), join('dist', 'server', 'server.mjs')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...PRODUCTION_KEYS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMS_TRANSPORT: 'console',
      ADMIN_MOBILE_NUMBERS: `${ADMIN_NUMBER},${SECOND_ADMIN_NUMBER}`,
      // Setup logs numbers in through the API moments before the journey does in the browser.
      OTP_RESEND_SECONDS: '1',
      // Journeys log in many new numbers from 127.0.0.1; the proof-of-work journey sets these low itself.
      OTP_NEW_NUMBERS_PER_HOUR: '100000',
      OTP_NEW_NUMBERS_PER_IP_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await until('the server to answer /api/health', async () => {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      return res.ok ? true : undefined;
    } catch {
      return undefined;
    }
  }, 60_000); // a hang guard, not a speed check: on a loaded 2-core machine a start took over 20 s

  const codesFor = (mobile: string, since: number) =>
    // A run of exactly six digits on its own: notifications carry ids such as QT100001.
    [...out.slice(since).matchAll(new RegExp(`\\[sms\\] to=\\+91${mobile} text=.*?(?<![\\w,])(\\d{6})(?!\\d)`, 'g'))].map((m) => m[1]!);

  return {
    url,
    mark: () => out.length,
    output: () => out,
    waitForCode: (mobile, since = 0) => until(`an SMS code for ${mobile}`, () => codesFor(mobile, since).at(-1)),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await until('the server to stop', () => (child.exitCode !== null || child.signalCode !== null ? true : undefined), 10_000);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
