import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import gu from '../../locales/gu.json';
import hi from '../../locales/hi.json';
import { projectRoot } from '../../build/locales';
import { splashNames } from '../../build/splash-names';
import { hook, tempRoot } from '../support/build/plugin-hooks';

// index.html's inline splash reads these attributes before any script arrives (src/web/shell/first-paint.ts).
const indexHtml = readFileSync(join(projectRoot, 'index.html'), 'utf8');
const transform = (html: string, plugin = splashNames()) => hook(plugin, 'transformIndexHtml').call({}, html, {}) as string;

describe('splashNames', () => {
  it("fills index.html's splash with the product name in hindi and gujrati, and the retry's texts in each language", () => {
    const html = transform(indexHtml);
    expect(indexHtml).toContain('%SPLASH_NAMES%');
    expect(html).not.toContain('%SPLASH_NAMES%');
    expect(html).toContain(`data-hindi="${hi['onboarding.splash.title']}" data-lang-hindi="hi"`);
    expect(html).toContain(`data-gujrati="${gu['onboarding.splash.title']}" data-lang-gujrati="gu"`);
    for (const [locale, messages] of Object.entries({ en, hi, gu })) {
      expect(html).toContain(`data-failed-${locale}="${messages['common.splashFailed']}" data-retry-${locale}="${messages['common.tryAgain']}"`);
    }
  });

  it('inlines the logo as a data address', () => {
    const html = transform(indexHtml);
    const logo = readFileSync(join(projectRoot, 'public', 'onboarding', 'logo.svg'), 'utf8').trim();
    expect(indexHtml).toContain('src="%SPLASH_LOGO%"');
    expect(html).toContain(`src="data:image/svg+xml,${encodeURIComponent(logo)}"`);
    expect(html).not.toContain('%SPLASH_LOGO%');
  });

  describe('with catalogues of its own', () => {
    const rootWith = (title: string | undefined) => {
      const root = tempRoot();
      mkdirSync(join(root, 'locales'));
      cpSync(join(projectRoot, 'public'), join(root, 'public'), { recursive: true });
      for (const [locale, messages] of Object.entries({ en, hi, gu })) {
        writeFileSync(join(root, 'locales', `${locale}.json`), JSON.stringify({ ...messages, 'onboarding.splash.title': title }));
      }
      return root;
    };

    it('escapes quotes and ampersands, so a name never ends its attribute', () => {
      const html = transform('<h1 %SPLASH_NAMES%>', splashNames({ root: rootWith('Krishi "Seeds" & Straw') }));
      expect(html).toContain('data-hindi="Krishi &quot;Seeds&quot; &amp; Straw" data-lang-hindi="hi"');
    });

    it('fails the build when a catalogue has no name for the splash', () => {
      expect(() => transform('<h1 %SPLASH_NAMES%>', splashNames({ root: rootWith(undefined) }))).toThrow('locales/hi.json has no onboarding.splash.title');
    });
  });
});
