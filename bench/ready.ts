import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A bench's helper process (`node <args>`, with `env` added to this one's) that prints `READY <port>`
 * once it serves: the process, that port, and everything it has printed on stdout so far (bench/server.ts
 * prints its serving CPU time there at stop). Stderr goes to this process's.
 */
export async function spawnReady(args: string[], env: Record<string, string>, what: string): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
  return { child, port, output: () => out };
}
