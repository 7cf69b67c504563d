/** Builds the web app and the server once for the whole browser run, as `npm start` runs them. */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

export default function setup(): void {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Debian Chromium is missing: apt-get install -y chromium');
  }
  rmSync('test-results/screens', { recursive: true, force: true });
  rmSync('test-results/axe.jsonl', { force: true });
  // A production build, as `npm start` serves it (vitest itself runs with NODE_ENV=test).
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}
