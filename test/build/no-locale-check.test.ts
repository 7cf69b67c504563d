import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { withoutLocaleCheck } from '../../vite.config';

// The production bundle drops createIntl's locale-data check (vite.config.ts noLocaleCheck): on `/`
// it was the page's only Intl call, and a page's first Intl call sets up ICU (issue 9). The build
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
