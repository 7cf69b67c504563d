import type { Plugin, Rolldown } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/**
 * The back office's screens (admin and analyst): online-only, opened on an office computer. What
 * only they import (the analyst's diagram library is over 2 MB) must never be precached on a
 * farmer's prepaid phone.
 */
const BACK_OFFICE = /[\\/]src[\\/]web[\\/](?:admin|analyst)[\\/]/;
const SCRIPT_OR_STYLE = /\.(?:js|css)$/;

/**
 * The scripts and stylesheets a farmer's phone can run: the entry and everything it imports, on
 * start or with a screen, but nothing past the import of a back-office screen. A chunk that a farmer
 * screen and a back-office screen share is reached through the farmer's screen and kept.
 */
export function farmerFiles(bundle: Rolldown.OutputBundle): Set<string> {
  const reached = new Set<string>();
  const visit = (fileName: string, dynamic: boolean) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || reached.has(fileName)) return;
    if (dynamic && BACK_OFFICE.test(chunk.facadeModuleId ?? '')) return;
    reached.add(fileName);
    // Its stylesheets, and the files it names by address (the login's proof-of-work worker).
    chunk.viteMetadata?.importedCss.forEach((css) => reached.add(css));
    chunk.viteMetadata?.importedAssets.forEach((file) => reached.add(file));
    chunk.imports.forEach((imported) => visit(imported, false));
    chunk.dynamicImports.forEach((imported) => visit(imported, true));
  };
  for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.isEntry) visit(output.fileName, false);
  return reached;
}

let bundled: Set<string> | undefined;
let farmer: Set<string> | undefined;

/** Reads the finished bundle's import graph for `onlyFarmerFiles` (the worker is written after it). */
export const farmerPrecache = (): Plugin => ({
  name: 'farmer-precache',
  apply: 'build',
  generateBundle(_options, bundle) {
    bundled = new Set(Object.keys(bundle).filter((fileName) => SCRIPT_OR_STYLE.test(fileName)));
    farmer = farmerFiles(bundle);
  },
});

/**
 * The service worker's precache keeps, of the bundle's scripts and stylesheets, only those a farmer
 * can run; files from public/ (the Background Sync script, icons) and index.html stay as globbed.
 */
export const onlyFarmerFiles: ManifestTransform = (entries) => {
  // Only a build that failed before writing its bundle gets here (its own error is the one to read).
  if (!bundled || !farmer) return { manifest: entries, warnings: ['farmer-precache: the bundle was never written'] };
  const keep = farmer;
  const inBundle = bundled;
  return { manifest: entries.filter((entry) => !inBundle.has(entry.url) || keep.has(entry.url)), warnings: [] };
};
