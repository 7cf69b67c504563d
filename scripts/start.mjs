#!/usr/bin/env node
/**
 * `npm start`: builds the web app when dist/web is missing or older than its sources, then runs the
 * server (migrates, seeds, listens) with tsx. Plain Node, no dependencies beyond the installed tools.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'web', 'index.html');
const sources = ['src/web', 'machines', 'src/domain', 'locales', 'public', 'index.html', 'vite.config.ts'];
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

function needsBuild() {
  if (!existsSync(join(root, 'index.html'))) return false; // no web app yet: serve the API alone
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newest(join(root, s)) > builtAt);
}

if (needsBuild()) {
  console.log('Building the web app (vite build)…');
  const result = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('The web app failed to build; see the messages above.\n');
    process.exit(result.status ?? 1);
  }
} else if (!existsSync(built)) {
  console.log('No web app to build yet (index.html is missing): serving the API only.');
}

const server = spawn(bin('tsx'), [join(root, 'src/server/server.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
