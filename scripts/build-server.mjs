#!/usr/bin/env node
/**
 * Builds the server to plain JavaScript (issue 9 item 5): one ES module, dist/server/server.mjs,
 * bundled by esbuild from src/server/server.ts with every package left to node_modules, and the seed
 * pictures copied beside it (seed.ts reads them relative to its module). dist/server sits as deep as
 * src/server, so the paths the server resolves from its own url (../../dist/web) hold in both.
 * `npm start` runs this when the bundle is older than its sources; `npm run build:server` by hand.
 */
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'server');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

await build({
  absWorkingDir: root,
  entryPoints: ['src/server/server.ts'],
  outfile: join(out, 'server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});

const seedDir = join(root, 'src', 'server', 'seed');
for (const file of readdirSync(seedDir).filter((f) => f.endsWith('.svg'))) cpSync(join(seedDir, file), join(out, file));
