/**
 * The tests Stryker runs against the mutants of one file (`npm run test:mutation`, scripts/mutation.ts):
 * MUTATION_TESTS lists the test files that import it; without it, every machine and domain test.
 */
import { defineConfig } from 'vitest/config';

const only = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    environment: 'node',
    include: only ?? ['test/domain/**/*.test.ts', 'test/machines/**/*.test.ts'],
    setupFiles: ['test/support/fail-on-console-error.ts'],
    testTimeout: 30_000,
  },
});
