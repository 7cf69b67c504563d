import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: web → machines → domain; server → domain (and the pure lifecycle charts). */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((g) => ({ group: g.group, message: g.message })) }],
});
const noWeb = { group: ['**/web/**', '**/src/web', '../web'], message: 'Nothing imports the web app.' };
const noServer = { group: ['**/server/**', '**/src/server', '../server'], message: 'Nothing imports the server.' };
const noMachines = { group: ['**/machines/**', '../machines', '../../machines'], message: 'domain is pure: it imports no machine.' };
const noUi = {
  group: ['react', 'react-dom', 'react-dom/*', 'wouter', 'wouter/*', 'ofetch', '@xstate/react', 'react-intl', 'fastify', 'kysely'],
  message: 'machines and domain stay pure: side effects are injected with .provide().',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'coverage/**', 'docs/**', 'reports/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}', 'test/support/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['src/domain/**/*.ts'], rules: forbid(noWeb, noServer, noMachines, noUi) },
  { files: ['machines/**/*.ts'], rules: forbid(noWeb, noServer, noUi) },
  {
    // The wire schemas are TypeBox values: the phone takes their types only, so TypeBox never ships to it.
    files: ['machines/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/domain/schemas/*'], allowTypeImports: true, message: 'Import types only from the wire schemas (a value brings TypeBox to the phone); shared values live in src/domain/constants.ts.' }] },
      ],
    },
  },
  {
    // The build's plugins run in Node before the app exists: they read its files (locales/, public/), never its modules.
    files: ['build/**/*.ts'],
    rules: forbid({ group: ['**/src/**', '**/machines/**', '../src', '../machines'], message: "The build reads the app's files, not its modules." }),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: forbid(noWeb, {
      group: ['**/machines/**', '!**/machines/*-lifecycle.machine', '!**/machines/*-lifecycle.machine.ts'],
      message: 'The server imports only the pure lifecycle charts from machines/.',
    }),
  },
);
