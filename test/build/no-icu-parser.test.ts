import { createRequire } from 'node:module';
import type { Alias } from 'vite';
import { describe, expect, it } from 'vitest';
import { noIcuParser } from '../../build/no-icu-parser';
import { hook } from '../support/build/plugin-hooks';

// The production bundle carries formatjs's `no-parser` entry: the messages arrive precompiled
// (build/message-sections.ts), so the phone never downloads the ICU parser.
describe('noIcuParser', () => {
  const plugin = noIcuParser();
  const aliases = (hook(plugin, 'config').call({}) as { resolve: { alias: Alias[] } }).resolve.alias;

  it('applies to the production build only: tests and the dev server keep the full parser', () => {
    expect(plugin.apply).toBe('build');
  });

  it("sends the parser's package to its no-parser entry, which is installed and has no parser", async () => {
    expect(aliases).toHaveLength(1);
    const [alias] = aliases as [Alias];
    expect((alias.find as RegExp).test('@formatjs/icu-messageformat-parser')).toBe(true);
    const entry = createRequire(import.meta.url).resolve(alias.replacement);
    const noParser = (await import(entry)) as Record<string, unknown>;
    expect(noParser.TYPE).toBeDefined();
    expect(() => (noParser.parse as (message: string) => unknown)('{count}')).toThrow();
  });

  it('leaves the deeper entries alone, the no-parser entry itself among them', () => {
    const find = aliases[0]!.find as RegExp;
    expect(find.test('@formatjs/icu-messageformat-parser/no-parser.js')).toBe(false);
    expect(find.test('@formatjs/icu-messageformat-parser/lib/types')).toBe(false);
    expect(find.test('@formatjs/icu-skeleton-parser')).toBe(false);
  });
});
