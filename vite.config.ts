import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * `virtual:messages/<locale>/<app|admin>`: one locale's messages, split so that a farmer's phone never
 * downloads the admin section's texts: `app` is every key but `admin.*`, `admin` only those.
 * locales/<locale>.json stays the one catalogue per language.
 */
function messageSections(): Plugin {
  const prefix = 'virtual:messages/';
  return {
    name: 'message-sections',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [locale, section] = id.slice(prefix.length + 1).split('/');
      if (!['en', 'hi', 'gu'].includes(locale ?? '') || !['app', 'admin'].includes(section ?? '')) {
        throw new Error(`Unknown message section ${id.slice(1)}`);
      }
      const file = new URL(`./locales/${locale}.json`, import.meta.url);
      this.addWatchFile(file.pathname);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const picked = Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith('admin.') === (section === 'admin')));
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), messageSections()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2020',
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/domain/**/*.test.ts', 'test/machines/**/*.test.ts', 'test/server/**/*.test.ts', 'test/scripts/**/*.test.ts'],
          setupFiles: ['test/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/fail-on-console-error.ts', 'test/support/web-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
