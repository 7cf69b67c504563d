/**
 * The tests Stryker runs against the mutants of one file (`npm run test:mutation`, scripts/mutation.ts):
 * MUTATION_TESTS lists the test files that import it; without it, every machine and domain test.
 *
 * Stryker's Vitest runner runs the files one after another and stops at the first failure (bail), so
 * the order decides what a killed mutant costs: the file that failed last runs first (it likely kills
 * the next mutant of the same chart too), then the quickest files (Vitest's own order runs the longest
 * first, which suits parallel workers, not one). Most of a chart's mutants are static and run every
 * file, so this is most of the run's time.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { relative } from 'node:path';

const only = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

class FailedThenQuickest extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const rank = (spec: TestSpecification) => {
      const result = cache.getFileTestResults(key(spec));
      if (result) return { failed: result.failed ? 0 : 1, cost: result.duration };
      // Not run yet: smaller files first.
      return { failed: 1, cost: Number.MAX_SAFE_INTEGER / 2 + (cache.getFileStats(key(spec))?.size ?? 0) };
    };
    return [...files].sort((a, b) => {
      const ra = rank(a);
      const rb = rank(b);
      return ra.failed - rb.failed || ra.cost - rb.cost;
    });
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    include: only ?? ['test/domain/**/*.test.ts', 'test/machines/**/*.test.ts'],
    setupFiles: ['test/support/fail-on-console-error.ts'],
    // Generous: the run shares the machine with builds and benches (nice 19), and a timed-out dry run stops it.
    testTimeout: 120_000,
    sequence: { sequencer: FailedThenQuickest },
  },
});
