/** The app's own messages, formatted as the app formats them, so journeys read what a person reads in each language. */
import { createIntl, createIntlCache } from '@formatjs/intl';
import { readFileSync } from 'node:fs';

export type Lang = 'en' | 'hi' | 'gu';
const cache = createIntlCache();
const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>;
const intls = Object.fromEntries(
  (['en', 'hi', 'gu'] as const).map((locale) => {
    const own = JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;
    return [locale, createIntl({ locale, messages: { ...en, ...own } }, cache)];
  }),
) as Record<Lang, ReturnType<typeof createIntl>>;

export function text(lang: Lang, id: string, values?: Record<string, string | number>): string {
  if (!(id in en)) throw new Error(`No message ${id}`);
  return intls[lang].formatMessage({ id }, values) as string;
}
