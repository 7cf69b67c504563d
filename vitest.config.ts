import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * `npm test`: the app's own Vite config (React, the message sections, the build's defines), so the
 * view tests import what the app imports, with two projects: node and jsdom. Browser journeys
 * (`*.e2e.test.ts`) have their own config, vitest.e2e.config.ts, and never run here.
 */
const exclude = [...configDefaults.exclude, '**/*.e2e.test.ts'];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: ['test/{domain,machines,server,scripts,build}/**/*.test.{ts,tsx}'],
            exclude,
            setupFiles: ['test/support/fail-on-console-error.ts'],
            testTimeout: 30_000,
            // A server test file's app (migrations, seed, sharp) can take more than the default 10 s to
            // build while the other project's workers share the machine's two cores.
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['test/web/**/*.test.{ts,tsx}'],
            exclude,
            setupFiles: ['test/support/fail-on-console-error.ts', 'test/support/web-setup.ts'],
            testTimeout: 30_000,
          },
        },
      ],
    },
  }),
);
