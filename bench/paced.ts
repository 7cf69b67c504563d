/**
 * An open-loop sender (STYLE.md, "Open-loop benchmarks"): the i-th request is due at start + i / rate
 * seconds and is sent then, whether or not earlier ones have been answered, over keep-alive
 * connections opened as needed (a slow answer never holds the next request back, as it would in a
 * closed loop of N connections, which measures N ÷ throughput, the queue). Each latency runs from the
 * moment the request was due, so a late timer on this side counts against the figure too (no
 * coordinated omission), and the sender reports how late it sent: a sender that cannot keep the rate
 * says so instead of quietly measuring a lower one.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

/** One request of a paced run. */
export interface Ask {
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called with the answer's status and tag once it has been read to its end. */
  answered?: (status: number, etag: string | undefined) => void;
}

export interface Paced {
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status (e.g. 200, 304). */
  statuses: Map<number, number>;
  /** Errors, broken-off answers, time-outs and statuses `ok` refused. */
  bad: number;
  /**
   * How late the sender sent (ms past due): its p99 and the worst. Lateness is counted in the
   * latencies (they run from the due time), so a late sender makes a row look worse, never better.
   */
  lateP99: number;
  lateMax: number;
  /** True when the sender could not keep the rate (its last request went out more than BEHIND late): then the row measures a lower rate than it says. */
  behind: boolean;
  /** The most requests in flight at once: what a closed loop of that many connections would have needed. */
  inFlightMax: number;
  /** The server's CPU time per request (ms), when its process id was given. */
  cpuPerRequest?: number;
  /** Bytes of body per answer, on average, as received (compressed when the server compressed). */
  bodyBytes: number;
}

/** A sender is behind when its last request goes out later than 5% of the row's length and 100 ms. */
const BEHIND = { share: 0.05, ms: 100 };
/** An answer not complete after this long counts as bad (the figure would be meaningless anyway). */
const TIMEOUT_MS = 15_000;

/** The CPU time a process has used, in ms (/proc/<pid>/stat utime + stime, at 100 ticks a second). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The q-quantile of sorted values, rounded to whole ms as autocannon reports them. */
export const quantile = (sorted: number[], q: number): number => Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN);

/**
 * `count` requests to `base`, at `rate` a second; `ask(i)` makes the i-th when it is due (so it may
 * depend on earlier answers, as a farmer's held tag does). `ok` says which statuses are good answers.
 */
export async function paced(
  base: string,
  rate: number,
  count: number,
  ask: (i: number) => Ask,
  ok: (status: number) => boolean,
  serverPid?: number,
): Promise<Paced> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096 });
  const latencies: number[] = [];
  const late: number[] = [];
  const statuses = new Map<number, number>();
  let bad = 0;
  let inFlight = 0;
  let inFlightMax = 0;
  let bodyBytes = 0;
  const send = (a: Ask, due: number) =>
    new Promise<void>((resolve) => {
      late.push(performance.now() - due);
      inFlight++;
      inFlightMax = Math.max(inFlightMax, inFlight);
      let settled = false;
      const settle = (good: boolean) => {
        if (settled) return;
        settled = true;
        inFlight--;
        if (!good) bad++;
        resolve();
      };
      const req = http.request(base + a.path, { method: a.method ?? 'GET', agent, headers: a.headers, timeout: TIMEOUT_MS }, (res) => {
        const status = res.statusCode ?? 0;
        res.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
        res.on('end', () => {
          latencies.push(performance.now() - due);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const etag = res.headers.etag;
          a.answered?.(status, typeof etag === 'string' ? etag : undefined);
          settle(ok(status));
        });
        // 'close' without 'end': the answer broke off.
        res.on('close', () => settle(false));
      });
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => settle(false));
      req.end(a.body);
    });
  const cpuBefore = serverPid === undefined ? 0 : cpuMs(serverPid);
  const start = performance.now() + 20;
  const asked: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < count && start + (sent * 1000) / rate <= now) {
        asked.push(send(ask(sent), start + (sent * 1000) / rate));
        sent++;
      }
      if (sent < count) setTimeout(tick, Math.max(0, Math.min(1, start + (sent * 1000) / rate - now)));
      else done();
    };
    tick();
  });
  await Promise.all(asked);
  const cpuPerRequest = serverPid === undefined ? undefined : (cpuMs(serverPid) - cpuBefore) / count;
  agent.destroy();
  const lastLate = late.at(-1) ?? 0;
  latencies.sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  return {
    rate,
    sent,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: Math.round(latencies.at(-1) ?? NaN),
    statuses,
    bad,
    lateP99: quantile(late, 0.99),
    lateMax: Math.round(late.at(-1) ?? NaN),
    behind: lastLate > Math.max(BEHIND.ms, (BEHIND.share * count * 1000) / rate),
    inFlightMax,
    ...(cpuPerRequest === undefined ? {} : { cpuPerRequest }),
    bodyBytes: Math.round(bodyBytes / Math.max(1, latencies.length)),
  };
}
