import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { noLocaleCheck, withoutLocaleCheck } from '../../build/no-locale-check';
import { hook, pluginContext } from '../support/build/plugin-hooks';

// The production bundle drops createIntl's locale-data check (build/no-locale-check.ts): on `/`
// it was the page's only Intl call, and a page's first Intl call sets up ICU, a cost a slow phone pays before the first screen. The build
// fails when the check's text is not found; this test says so before a build, after an upgrade.
const intlSource = readFileSync(createRequire(import.meta.url).resolve('@formatjs/intl'), 'utf8');

describe('withoutLocaleCheck', () => {
  it("removes both of createIntl's supportedLocalesOf calls from the installed @formatjs/intl, and nothing else", async () => {
    const patched = withoutLocaleCheck(intlSource);
    expect(patched).not.toBeNull();
    expect(intlSource).toContain('supportedLocalesOf(locale)');
    expect(patched).not.toContain('supportedLocalesOf(locale)');
    // The rest of createIntl stays: the missing-locale fallback and the messages' check.
    expect(patched).toContain('resolvedConfig.locale = resolvedConfig.defaultLocale || "en";');
    expect(patched).toContain('verifyConfigMessages(resolvedConfig);');
    expect(intlSource.length - patched!.length).toBeLessThan(800);
    // Still a module that parses.
    await expect(transform(patched!, { loader: 'js', format: 'esm' })).resolves.toBeDefined();
  });

  it('answers null for a source without the check', () => {
    expect(withoutLocaleCheck('export function createIntl(config) { return config; }')).toBeNull();
  });
});

describe('noLocaleCheck', () => {
  const plugin = noLocaleCheck();
  const transform = (code: string, id: string) => hook(plugin, 'transform').call(pluginContext(), code, id);
  const intlIndex = '/work/node_modules/@formatjs/intl/index.js';

  it('applies to the production build only: tests keep the check', () => {
    expect(plugin.apply).toBe('build');
  });

  it("patches @formatjs/intl's index.js as the bundle reads it, on either kind of path", () => {
    expect(transform(intlSource, intlIndex)).toEqual({ code: withoutLocaleCheck(intlSource), map: null });
    expect(transform(intlSource, 'C:\\work\\node_modules\\@formatjs\\intl\\index.js')).toEqual({ code: withoutLocaleCheck(intlSource), map: null });
  });

  it('leaves every other module as it is, even one holding the same text', () => {
    expect(transform(intlSource, '/work/node_modules/react-intl/index.js')).toBeNull();
    expect(transform(intlSource, '/work/node_modules/@formatjs/intl/src/create-intl.js')).toBeNull();
  });

  it("fails the build when @formatjs/intl's index.js no longer holds the check", () => {
    expect(() => transform('export function createIntl(config) { return config; }', intlIndex)).toThrow("createIntl's locale-data check was not found");
  });
});
