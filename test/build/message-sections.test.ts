import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import hi from '../../locales/hi.json';
import { localeFile, projectRoot } from '../../build/locales';
import { messageSections } from '../../build/message-sections';
import { hook, pluginContext, tempRoot } from '../support/build/plugin-hooks';

// The app imports its texts as `virtual:messages/<locale>/<app|admin>` (src/web/i18n/messages.ts):
// precompiled ASTs, the admin texts apart from the farmer's.
const plugin = messageSections();
const resolve = (id: string) => hook(plugin, 'resolveId').call(pluginContext(), id);

function load(id: string, watched: string[] = [], from = plugin): Record<string, unknown> | null {
  const code = hook(from, 'load').call(pluginContext(watched), id);
  if (code === null) return null;
  expect(code).toBeTypeOf('string');
  // The module is `export default JSON.parse("…")`: read the string back as the bundle would.
  const literal = /^export default JSON\.parse\((".*")\);$/s.exec(code as string);
  expect(literal).not.toBeNull();
  return JSON.parse(JSON.parse(literal![1]!) as string) as Record<string, unknown>;
}

describe('message sections', () => {
  it('claims the virtual ids and nothing else', () => {
    expect(resolve('virtual:messages/hi/app')).toBe('\0virtual:messages/hi/app');
    expect(resolve('react-intl')).toBeNull();
    expect(load('/work/src/web/app.tsx')).toBeNull();
  });

  it("serves a language's farmer texts as precompiled ICU messages, without the admin section, and watches its catalogue", () => {
    const watched: string[] = [];
    const app = load(resolve('virtual:messages/hi/app') as string, watched)!;
    const farmerKeys = Object.keys(hi).filter((key) => !key.startsWith('admin.'));
    expect(Object.keys(app).sort()).toEqual(farmerKeys.sort());
    expect(app['shop.nav.home']).toEqual(parse(hi['shop.nav.home']));
    expect(watched).toEqual([localeFile(projectRoot, 'hi')]);
  });

  it('serves the admin section alone', () => {
    const admin = load('\0virtual:messages/en/admin')!;
    const adminKeys = Object.keys(en).filter((key) => key.startsWith('admin.'));
    expect(adminKeys.length).toBeGreaterThan(0);
    expect(Object.keys(admin).sort()).toEqual(adminKeys.sort());
    expect(admin[adminKeys[0]!]).toEqual(parse(en[adminKeys[0] as keyof typeof en]));
  });

  it('refuses a language or a section the app does not have', () => {
    expect(() => load('\0virtual:messages/mr/app')).toThrow('Unknown message section virtual:messages/mr/app');
    expect(() => load('\0virtual:messages/hi/analyst')).toThrow('Unknown message section');
  });

  it('fails the build on a message that is no valid ICU message, naming the catalogue and the key', () => {
    const root = tempRoot();
    mkdirSync(join(root, 'locales'));
    writeFileSync(join(root, 'locales', 'gu.json'), JSON.stringify({ 'shop.ok': 'ઠીક', 'shop.count': '{count, plural, one {# થેલી}' }));
    expect(() => load('\0virtual:messages/gu/app', [], messageSections({ root }))).toThrow(/locales\/gu\.json: shop\.count is no valid ICU message/);
  });
});
