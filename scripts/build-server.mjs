#!/usr/bin/env node
/**
 * Builds the server to plain JavaScript, so it starts fast and runs without a TypeScript loader: one ES module, dist/server/server.mjs,
 * bundled by esbuild from src/server/server.ts with every package left to node_modules, and the seed
 * pictures beside it, as SVG and rendered to WebP (seed.ts reads them relative to its module). dist/server sits as deep as
 * src/server, so the paths the server resolves from its own url (../../dist/web) hold in both.
 * `npm start` runs this when the bundle is older than its sources; `npm run build:server` by hand.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

// The seed pictures, rendered now to the WebP the server stores (src/server/seed/seed.ts reads them
// beside its module), so the server never loads sharp just to seed; the SVGs stay as the sources.
const seedDir = join(root, 'src', 'server', 'seed');
// seed.ts's own renderSvg does it, bundled for a moment beside the server.
const renderer = join(out, 'render-seed.mjs');
await build({
  absWorkingDir: root,
  stdin: { contents: "export { renderSvg, prerenderedName } from './src/server/seed/seed.ts';", resolveDir: root, loader: 'ts' },
  outfile: renderer,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const { renderSvg, prerenderedName } = await import(pathToFileURL(renderer).href);
for (const file of readdirSync(seedDir).filter((f) => f.endsWith('.svg'))) {
  cpSync(join(seedDir, file), join(out, file));
  writeFileSync(join(out, prerenderedName(file)), await renderSvg(readFileSync(join(seedDir, file))));
}
rmSync(renderer);
