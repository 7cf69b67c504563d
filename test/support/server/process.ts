/**
 * The real server as a child process (tsx) on SQLite in a data folder, for the crash tests
 * (durability, the SMS outbox), started, SIGKILLed, restarted on the same folder, and for the
 * start-up test (its own environment only, a port of its choosing, SIGTERM). Its output is kept for
 * reading SMS codes and for failure messages.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A hang guard, not a speed check: under load a tsx start took over 20 s. */
const START_GUARD_MS = 60_000;

export class ServerProcess {
  child: ChildProcess | null = null;
  out = '';
  private shownUrl: string | null = null;
  constructor(
    readonly dataDir: string,
    /** 0: the server chooses a free port, and `url` is the one its "running at" line shows. */
    readonly port: number,
    /** Settings beside the port, host and data folder (the SMS transport, admins, caps). */
    private readonly env: Record<string, string>,
    /** false: the server sees only these settings and PATH, so it runs on its defaults. */
    private readonly inheritEnv = true,
  ) {}

  get url(): string {
    return this.shownUrl ?? `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until it answers /api/health. */
  async start(): Promise<void> {
    // No load shedding unless a test sets it: the event loop it watches shares the machine with the
    // test runner, and a busy machine's delay would answer these servers' requests 503.
    const own = { PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, OVERLOAD_EVENT_LOOP_DELAY_MS: '0' };
    const env = this.inheritEnv ? { ...process.env, ...own, DATABASE_URL: '', ...this.env } : { PATH: process.env.PATH ?? '', ...own, ...this.env };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const from = this.out.length;
    this.shownUrl = null;
    child.stdout?.on('data', (c: Buffer) => (this.out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (this.out += c.toString()));
    if (this.port === 0) this.shownUrl = (await this.waitForOutput(/running at (http:\/\/127\.0\.0\.1:\d+)/, from))[1]!;
    const end = Date.now() + START_GUARD_MS;
    while (Date.now() < end) {
      if (child.exitCode !== null) throw new Error(`server exited: ${this.out}`);
      if ((await fetch(`${this.url}/api/health`).catch(() => null))?.ok) return;
      await sleep(50);
    }
    throw new Error(`server did not start: ${this.out}`);
  }

  /** The first match of `pattern` in the output after offset `from`, once it appears (the same hang guard as a start). */
  async waitForOutput(pattern: RegExp, from = 0): Promise<RegExpExecArray> {
    const end = Date.now() + START_GUARD_MS;
    while (Date.now() < end) {
      const found = pattern.exec(this.out.slice(from));
      if (found) return found;
      if (this.child?.exitCode !== null) throw new Error(`server exited before printing ${pattern}: ${this.out}`);
      await sleep(50);
    }
    throw new Error(`timed out waiting for ${pattern}: ${this.out}`);
  }

  /** SIGTERM, as a service manager stops it; resolves with the exit code. */
  async stop(): Promise<number | null> {
    const child = this.child!;
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    return exited;
  }

  async kill9(): Promise<void> {
    const child = this.child!;
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

/** One JSON call to the process, with a bearer token when given. */
export async function call<T>(url: string, method: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}
