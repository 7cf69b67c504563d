/**
 * SMS pumping, measured: how many login SMS one client gets out of the real server (the compiled
 * dist/server/server.mjs with the console SMS transport, as the benches run it, default budgets) by
 *
 *   1. 500 parallel POST /api/auth/request-otp to 500 distinct new numbers, and
 *   2. 500 more with a random X-Forwarded-For each, to a server behind TRUST_PROXY (1 by default;
 *      OTP_BURST_TRUST_PROXY=true for a checkout from before TRUST_PROXY took a hop count).
 *
 * Each run starts a fresh server on a fresh data folder and counts the `[sms]` lines it prints. The
 * script imports nothing from the app, so the same file runs against an older checkout too:
 *
 *   npm run build && npm run bench:otp
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REQUESTS = Number(process.env.OTP_BURST_REQUESTS ?? 500);

interface Run {
  child: ChildProcess;
  url: string;
  smsSent: () => number;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'otp-burst-'));
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['dist/server/server.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMS_TRANSPORT: 'console',
      ADMIN_MOBILE_NUMBERS: '9000000001',
      OTP_HMAC_SECRET: randomBytes(32).toString('hex'),
      AADHAAR_KEY: randomBytes(32).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    smsSent: () => (out.match(/^\[sms\] to=/gm) ?? []).length,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const randomAddress = () => Array.from({ length: 4 }, () => 1 + Math.floor(Math.random() * 254)).join('.');

/** 500 distinct numbers no one has used: 6 and nine random digits. */
function newNumbers(count: number): string[] {
  const numbers = new Set<string>();
  while (numbers.size < count) numbers.add(`6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
  return [...numbers];
}

async function burst(name: string, env: Record<string, string>, spoof: boolean): Promise<void> {
  const server = await startServer(env);
  try {
    const started = performance.now();
    const answers = await Promise.all(
      newNumbers(REQUESTS).map((mobileNumber) =>
        fetch(`${server.url}/api/auth/request-otp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(spoof ? { 'x-forwarded-for': randomAddress() } : {}) },
          body: JSON.stringify({ mobileNumber }),
        }).then(
          async (res) => `${res.status} ${((await res.json().catch(() => ({}))) as { code?: string }).code ?? ''}`.trim(),
          () => 'network error',
        ),
      ),
    );
    const ms = performance.now() - started;
    // The console transport writes as it sends; give the last lines a moment to arrive.
    await new Promise((r) => setTimeout(r, 300));
    const statuses = new Map<string, number>();
    for (const a of answers) statuses.set(a, (statuses.get(a) ?? 0) + 1);
    const summary = [...statuses].sort((a, b) => b[1] - a[1]).map(([s, n]) => `${n}× ${s}`).join(', ');
    process.stdout.write(`${name}: ${server.smsSent()} SMS sent of ${REQUESTS} requests in ${(ms / 1000).toFixed(1)} s (${summary})\n`);
  } finally {
    await server.stop();
  }
}

async function main() {
  const trust = process.env.OTP_BURST_TRUST_PROXY ?? '1';
  await burst(`${REQUESTS} new numbers from one client`, {}, false);
  await burst(`${REQUESTS} new numbers, random X-Forwarded-For, TRUST_PROXY=${trust}`, { TRUST_PROXY: trust }, true);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
