import { defineConfig } from 'vitest/config';

/** Browser journeys: one file at a time (2 cores), each file with its own production server. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/support/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
