/**
 * How long a cheap phone takes to solve the login's proof of work: the production build's own worker
 * (dist/web/assets/challenge-worker-*.js) in Chromium at 4× CPU throttling (CDP
 * Emulation.setCPUThrottlingRate) and 360 px, on fresh challenges from the real server. Prints each
 * solve and the mean, median and 90th percentile. After `npm run build`:
 *
 *   npx tsx bench/otp-solve.ts            (OTP_SOLVE_RUNS=30 by default)
 */
import { readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from '../test/support/e2e/server';

const RUNS = Number(process.env.OTP_SOLVE_RUNS ?? 30);
const RATE = Number(process.env.OTP_SOLVE_CPU_RATE ?? 4);

async function main() {
  const worker = readdirSync('dist/web/assets').find((f) => /^challenge-worker-.*\.js$/.test(f));
  if (!worker) throw new Error('No challenge worker in dist/web/assets: run `npm run build` first');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/api/health');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    const times: number[] = [];
    let maxnumber = 0;
    for (let i = 0; i < RUNS; i++) {
      const result = await page.evaluate(async (workerUrl) => {
        const { data } = (await (await fetch('/api/auth/challenge')).json()) as { data: { maxnumber: number } };
        const started = performance.now();
        const reply = await new Promise<{ number: number | null }>((resolve) => {
          const w = new Worker(workerUrl, { type: 'module' });
          w.onmessage = (message) => {
            w.terminate();
            resolve(message.data as { number: number | null });
          };
          w.postMessage(data);
        });
        return { ms: performance.now() - started, number: reply.number, maxnumber: data.maxnumber };
      }, `/assets/${worker}`);
      if (result.number === null) throw new Error('a challenge went unsolved');
      maxnumber = result.maxnumber;
      times.push(result.ms);
      process.stdout.write(`solve ${i + 1}: ${result.ms.toFixed(0)} ms (number ${result.number})\n`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    process.stdout.write(
      `\nmaxnumber ${maxnumber}, ${RUNS} solves at ${RATE}× CPU throttling: mean ${mean.toFixed(0)} ms, median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, ` +
        `max ${sorted.at(-1)!.toFixed(0)} ms (${((mean / (maxnumber / 2)) * 1000).toFixed(1)} µs per hash)\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
