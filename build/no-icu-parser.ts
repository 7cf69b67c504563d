import type { Plugin } from 'vite';

/**
 * The production bundle swaps formatjs's ICU parser for its `no-parser` entry, as formatjs documents
 * for precompiled messages: every message arrives as an AST (build/message-sections.ts), so the
 * parser (some 10 KB gzipped, and its start-up work) never reaches a phone. Tests keep the full parser.
 */
export function noIcuParser(): Plugin {
  return {
    name: 'no-icu-parser',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } }),
  };
}
