#!/usr/bin/env node
/**
 * `npm start`: builds the web app (vite) and the server (esbuild, scripts/build-server.mjs) when
 * either is missing or older than its sources, then runs the compiled server in this very process:
 * one plain Node process, no tsx at run time. The server itself migrates, seeds, listens and closes
 * gracefully on SIGTERM/SIGINT. `npm run dev:server` keeps watching the TypeScript with tsx.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Whether `built` is missing or older than any of `sources` (paths from the project root). */
const stale = (built, sources) => !existsSync(built) || sources.some((s) => newest(join(root, s)) > statSync(built).mtimeMs);

function run(what, command, args) {
  console.log(`Building ${what}…`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`Building ${what} failed; see the messages above.\n`);
    process.exit(result.status ?? 1);
  }
}

const webBuilt = join(root, 'dist', 'web', 'index.html');
const webSources = ['src/web', 'machines', 'src/domain', 'locales', 'public', 'index.html', 'vite.config.ts', 'build', 'package-lock.json'];
if (!existsSync(join(root, 'index.html'))) {
  console.log('No web app to build yet (index.html is missing): serving the API only.');
} else if (stale(webBuilt, webSources)) {
  run('the web app (vite build)', bin('vite'), ['build', '--logLevel', 'warn']);
}

const serverBuilt = join(root, 'dist', 'server', 'server.mjs');
const serverSources = ['src/server', 'src/domain', 'machines', 'scripts/build-server.mjs', 'package-lock.json'];
if (stale(serverBuilt, serverSources)) run('the server (esbuild)', process.execPath, [join(root, 'scripts', 'build-server.mjs')]);

await import(pathToFileURL(serverBuilt).href);
