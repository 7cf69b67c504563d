/**
 * `npx tsx bench/profile.ts [sqlite|postgres|bare]`: runs the bench server with a CPU profile of its
 * serving phase (BENCH_PROFILE), drives measurement (c) (GET /api/quotations, tokens rotated; with
 * `bare`, measurement (a)) for BENCH_SECONDS, stops the server and prints the server's CPU time per
 * request (which other load on the machine barely moves), the functions with the most self time, then
 * the same grouped by package. The .cpuprofile file stays in a temporary folder (printed) for Chrome
 * DevTools.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawnReady } from './ready';

const SECONDS = Math.min(15, Number(process.env.BENCH_SECONDS ?? 10));
const target = process.argv[2] ?? 'sqlite';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'krishi-profile-'));
  const tokensFile = join(dir, 'tokens.json');
  const profileFile = join(dir, 'serving.cpuprofile');
  const { child, port, output } = await spawnReady(['--import', 'tsx', 'bench/server.ts'], { BENCH_TARGET: target, BENCH_TOKENS: tokensFile, BENCH_PROFILE: profileFile }, 'bench server');
  const url = `http://127.0.0.1:${port}`;
  let options: autocannon.Options = { url: `${url}/bare` };
  if (target !== 'bare') {
    const { tokens } = JSON.parse(readFileSync(tokensFile, 'utf8')) as { tokens: string[] };
    let next = 0;
    const path = '/api/quotations';
    const setupRequest = (req: autocannon.Request) => ({ ...req, headers: { authorization: `Bearer ${tokens[next++ % tokens.length]!}` } });
    options = { url, requests: [{ method: 'GET', path, setupRequest }] };
  }
  const result = await autocannon({ connections: 50, duration: SECONDS, ...options });
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  const [, user, system] = /SERVING_CPU_US (\d+) (\d+)/.exec(output())!.map(Number) as [number, number, number];
  const perRequest = (n: number) => (n / result.requests.total).toFixed(1);
  console.log(
    `${target === 'bare' ? '(a)' : '(c)'} ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `non-2xx ${result.non2xx}; server CPU per request ${perRequest(user + system)} µs (user ${perRequest(user)}, system ${perRequest(system)})`,
  );

  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as { nodes: ProfileNode[] };
  const total = profile.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    const { functionName, url, lineNumber } = n.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/');
    const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
    const pkg = url.includes('node_modules/') ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1') : url.startsWith('node:') ? 'node:*' : url ? 'app' : functionName;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m].sort((x, y) => y[1] - x[1]).slice(0, n).map(([k, v]) => `  ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`).join('\n');
  console.log(`\nself time by function (${profileFile}):\n${top(byFunction, 40)}`);
  console.log(`\nself time by package:\n${top(byPackage, 20)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
