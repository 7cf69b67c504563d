import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { LOCALES, localeFile, projectRoot, readLocale } from './locales.ts';

/**
 * `virtual:messages/<locale>/<app|admin>`: one locale's messages, split so that a farmer's phone never
 * downloads the admin section's texts: `app` is every key but `admin.*`, `admin` only those.
 * locales/<locale>.json stays the one catalogue per language.
 *
 * The messages come precompiled: each is the ICU message's AST (formatjs's own parser, run here at
 * build time), so the phone never parses a message and the bundle carries no parser (see
 * build/no-icu-parser.ts). A message that does not parse fails the build. The module is a JSON.parse
 * of one string, which V8 reads faster than the same object literal.
 */
export function messageSections({ root = projectRoot } = {}): Plugin {
  const prefix = 'virtual:messages/';
  return {
    name: 'message-sections',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [locale, section] = id.slice(prefix.length + 1).split('/');
      if (!LOCALES.some((known) => known === locale) || !['app', 'admin'].includes(section ?? '')) {
        throw new Error(`Unknown message section ${id.slice(1)}`);
      }
      this.addWatchFile(localeFile(root, locale!));
      const all = readLocale(root, locale!);
      const compiled = Object.fromEntries(
        Object.entries(all)
          .filter(([key]) => key.startsWith('admin.') === (section === 'admin'))
          .map(([key, message]) => {
            try {
              return [key, parse(message)];
            } catch (error) {
              throw new Error(`locales/${locale}.json: ${key} is no valid ICU message: ${(error as Error).message}`, { cause: error });
            }
          }),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
