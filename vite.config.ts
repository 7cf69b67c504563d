import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
