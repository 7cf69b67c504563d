import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootPreloads } from './build/boot-preloads.ts';
import { chunkFileNames, codeSplitting } from './build/chunk-groups.ts';
import { farmerPrecache } from './build/farmer-precache.ts';
import { messageSections } from './build/message-sections.ts';
import { noIcuParser } from './build/no-icu-parser.ts';
import { noLocaleCheck } from './build/no-locale-check.ts';
import { precompress } from './build/precompress.ts';
import { pwa } from './build/pwa.ts';
import { splashNames } from './build/splash-names.ts';

/**
 * The web app's build and dev server. Each plugin lives in build/ with what it is for; the tests'
 * projects are in vitest.config.ts, which starts from this file. Imports name their .ts file, as
 * Node's own loader (Vite's coming default for config files) needs them to.
 */
export default defineConfig({
  define: { __APP_BUILD__: JSON.stringify(new Date().toISOString()) },
  plugins: [react(), messageSections(), noIcuParser(), noLocaleCheck(), splashNames(), bootPreloads(), farmerPrecache(), pwa(), precompress()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2020',
    rollupOptions: {
      output: { codeSplitting, chunkFileNames },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
