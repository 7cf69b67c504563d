import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { farmerFiles, farmerPrecache, onlyFarmerFiles } from '../../build/farmer-precache';
import { hook } from '../support/build/plugin-hooks';

// The service worker precaches what a farmer's phone can run, never the back office's screens or
// the libraries only they import (the analyst's diagrams are megabytes of prepaid data).
type Chunk = Pick<Rolldown.OutputChunk, 'type' | 'fileName' | 'isEntry' | 'facadeModuleId' | 'imports' | 'dynamicImports'> & { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } };
const chunk = (fileName: string, facade: string | null, imports: string[] = [], dynamicImports: string[] = [], css: string[] = [], assets: string[] = []): Chunk => ({
  type: 'chunk',
  fileName,
  isEntry: fileName.startsWith('assets/index-'),
  facadeModuleId: facade && `/work/main/${facade}`,
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set(assets) },
});
const asset = (fileName: string) => ({ type: 'asset' as const, fileName });

const bundle = Object.fromEntries(
  [
    chunk('assets/index-A.js', 'src/web/main.tsx', ['assets/charts-core-B.js'], ['assets/home-C.js', 'assets/analyst-screen-D.js', 'assets/admin/users-E.js', 'assets/challenge-solver-L.js']),
    // The login's proof-of-work worker, named by address from the screen that starts it.
    chunk('assets/challenge-solver-L.js', 'src/web/onboarding/challenge-solver.ts', [], [], [], ['assets/challenge-worker-M.js']),
    asset('assets/challenge-worker-M.js'),
    chunk('assets/charts-core-B.js', null),
    chunk('assets/home-C.js', 'src/web/shop/home.tsx', ['assets/format-F.js'], ['assets/sku-details-G.js'], ['assets/home-C.css']),
    chunk('assets/sku-details-G.js', 'src/web/shop/sku-details.tsx'),
    // Shared by a farmer screen and the analyst's view: reached through the farmer's screen.
    chunk('assets/format-F.js', null),
    chunk('assets/analyst-screen-D.js', 'src/web/analyst/analyst-screen.tsx', ['assets/format-F.js'], ['assets/mermaid.core-H.js'], ['assets/analyst-D.css']),
    chunk('assets/mermaid.core-H.js', null, ['assets/chunk-7PKI-I.js'], ['assets/katex-J.js']),
    chunk('assets/chunk-7PKI-I.js', null),
    chunk('assets/katex-J.js', null),
    chunk('assets/admin/users-E.js', 'src/web/admin/users.tsx', ['assets/admin/charts-admin-K.js']),
    chunk('assets/admin/charts-admin-K.js', null),
    asset('assets/home-C.css'),
    asset('assets/analyst-D.css'),
    asset('icon-192.png'),
  ].map((output) => [output.fileName, output]),
) as unknown as Rolldown.OutputBundle;

const entries = (...urls: string[]) => urls.map((url) => ({ url, revision: null, size: 1 }));

describe("the farmer's precache", () => {
  it('reaches the entry, its chunks and every farmer screen with its styles, and stops at the back office', () => {
    expect([...farmerFiles(bundle)].sort()).toEqual(['assets/challenge-solver-L.js', 'assets/challenge-worker-M.js', 'assets/charts-core-B.js', 'assets/format-F.js', 'assets/home-C.css', 'assets/home-C.js', 'assets/index-A.js', 'assets/sku-details-G.js']);
  });

  it("drops the back office's scripts and styles from the worker's list, keeping public files and the page", async () => {
    hook(farmerPrecache(), 'generateBundle').call({}, {}, bundle, false);
    const globbed = entries('index.html', 'outbox-sync.js', 'icon-192.png', 'assets/index-A.js', 'assets/home-C.js', 'assets/home-C.css', 'assets/format-F.js', 'assets/challenge-worker-M.js', 'assets/analyst-screen-D.js', 'assets/analyst-D.css', 'assets/mermaid.core-H.js', 'assets/chunk-7PKI-I.js', 'assets/katex-J.js');
    const { manifest } = await onlyFarmerFiles(globbed);
    expect(manifest.map((entry) => entry.url)).toEqual(['index.html', 'outbox-sync.js', 'icon-192.png', 'assets/index-A.js', 'assets/home-C.js', 'assets/home-C.css', 'assets/format-F.js', 'assets/challenge-worker-M.js']);
  });
});
