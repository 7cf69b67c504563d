import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../test/support/e2e/server';

/** Production refuses keys generated beside the database; these servers get theirs as a secret store would give them. */
const PRODUCTION_KEYS = { AADHAAR_KEY: randomBytes(32).toString('hex'), OTP_HMAC_SECRET: randomBytes(32).toString('hex') };

/** The node flags of `npm start` (package.json), so a bench runs the server exactly as production does. */
export function startFlags(root: string): string[] {
  const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export interface Compiled {
  child: ChildProcess;
  port: number;
  url: string;
}

/**
 * The compiled production server (dist/server/server.mjs, built by scripts/build-server.mjs), run as
 * `npm start` runs it, on an existing database: SQLite in `dataDir`/krishi.sqlite, or PostgreSQL at
 * `databaseUrl` (then `dataDir` holds only its secrets and uploads). The benches measure this server.
 */
export async function startCompiled(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** More node flags after `npm start`'s own (e.g. --cpu-prof). */
  nodeFlags?: string[];
}): Promise<Compiled> {
  const port = await freePort();
  const child = spawn(process.execPath, [...startFlags('.'), ...(options.nodeFlags ?? []), 'dist/server/server.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...PRODUCTION_KEYS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      SMS_TRANSPORT: 'console',
      ADMIN_MOBILE_NUMBERS: '9000000001',
      // Benches log in many new numbers from one address; the new-number budgets would stop them.
      OTP_NEW_NUMBERS_PER_HOUR: '100000',
      OTP_NEW_NUMBERS_PER_IP_HOUR: '100000',
      // The scale seed's farmers were verified months ago: the sweep would spend the run erasing their cards.
      AADHAAR_RETENTION_DAYS: '3650',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A hang guard, not a speed target: migrating a 200,000-quotation database takes a while.
  const deadline = Date.now() + 120_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the compiled server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, url };
}

/** SIGTERM, then SIGKILL after 5 s. */
export async function stopCompiled(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A process's resident memory in MB (Linux /proc). */
export function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}
