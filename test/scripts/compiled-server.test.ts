/**
 * The compiled server (scripts/build-server.mjs) within its memory budget: the seed
 * pictures come rendered at build, so a fresh start seeds the catalogue without loading sharp
 * (libvips, some 30 MB resident), and it loads sharp only for the first upload.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFlags } from '../../bench/start-flags';
import { renderSvg } from '../../src/server/seed/seed';

const root = process.cwd();
const out = join(root, 'dist', 'server');

describe('the compiled server', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'pipe' });
  }, 120_000);

  it('carries every seed picture rendered as the sources render it', async () => {
    const svgs = readdirSync(join(root, 'src/server/seed')).filter((f) => f.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(0);
    for (const svg of svgs) {
      const built = readFileSync(join(out, svg.replace(/\.svg$/, '.webp')));
      expect(built.equals(await renderSvg(readFileSync(join(root, 'src/server/seed', svg)))), svg).toBe(true);
    }
  });

  describe('started as `npm start` runs it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compiled-server-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const url = `http://127.0.0.1:${port}`;
    let child: ReturnType<typeof spawn>;
    let output = '';
    const mapped = (library: RegExp) => library.test(readFileSync(`/proc/${child.pid}/maps`, 'utf8'));

    beforeAll(async () => {
      child = spawn(process.execPath, [...startFlags(root), join(out, 'server.mjs')], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production', AADHAAR_KEY: randomBytes(32).toString('hex'), OTP_HMAC_SECRET: randomBytes(32).toString('hex'), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SMS_TRANSPORT: 'console', ADMIN_MOBILE_NUMBERS: '9000000001' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      const deadline = Date.now() + 60_000;
      while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }, 90_000);

    afterAll(() => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('seeds the catalogue with the pictures rendered at build, without loading sharp', async () => {
      expect(output).toContain('Seeded the sample catalogue');
      const database = new Database(join(dataDir, 'krishi.sqlite'), { readonly: true });
      const stored = database.prepare("select data from images where kind = 'sku'").all() as { data: Buffer }[];
      database.close();
      const built = readdirSync(out).filter((f) => f.endsWith('.webp')).map((f) => readFileSync(join(out, f)));
      expect(stored.length).toBe(built.length);
      for (const picture of stored) expect(built.some((b) => b.equals(picture.data))).toBe(true);
      expect(mapped(/libvips/)).toBe(false);
    });

    it('stays within its memory budget at rest', () => {
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024;
      expect(rss).toBeLessThan(150);
    });
  });
});
