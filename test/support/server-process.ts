/**
 * The real server as a child process (tsx) on SQLite in a data folder, for the crash tests
 * (durability, the SMS outbox): started, SIGKILLed, restarted on the same folder. Its output is kept
 * for reading SMS codes and for failure messages.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ServerProcess {
  child: ChildProcess | null = null;
  out = '';
  constructor(
    readonly dataDir: string,
    readonly port: number,
    /** Settings beside the port, host and data folder (the SMS transport, admins, caps). */
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, DATABASE_URL: '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (c: Buffer) => (this.out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (this.out += c.toString()));
    // A hang guard (60 s), not a speed check: under load a tsx start took over 20 s.
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      if (child.exitCode !== null) throw new Error(`server exited: ${this.out}`);
      if ((await fetch(`${this.url}/api/health`).catch(() => null))?.ok) return;
      await sleep(50);
    }
    throw new Error(`server did not start: ${this.out}`);
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
