/**
 * Loads the messages of one locale: its own chunk, with English merged underneath so a key missing in
 * hi or gu shows in English (DECISIONS §1). Only the chosen locale (and English) is ever downloaded,
 * each once. The admin section's texts are a separate chunk that only the admin screens load.
 */
import type { Locale } from '../../domain/types';

export type Messages = Record<string, string>;
type Loader = () => Promise<{ default: Messages }>;

const appLoaders: Record<Locale, Loader> = {
  en: () => import('virtual:messages/en/app'),
  hi: () => import('virtual:messages/hi/app'),
  gu: () => import('virtual:messages/gu/app'),
};

/** English underneath, the locale's own messages on top: a missing key shows in English. */
export const withEnglishFallback = (english: Messages, own: Messages): Messages => ({ ...english, ...own });

/** One catalogue (the app's, or the admin section's) per locale, loaded once. */
export function catalogue(loaders: Record<Locale, Loader>) {
  const loaded = new Map<Locale, Messages>();
  return {
    cached: (locale: Locale): Messages | undefined => loaded.get(locale),
    async load(locale: Locale): Promise<Messages> {
      const cached = loaded.get(locale);
      if (cached) return cached;
      const english = (await loaders.en()).default;
      const own = locale === 'en' ? {} : (await loaders[locale]()).default;
      const merged = withEnglishFallback(english, own);
      loaded.set(locale, merged);
      return merged;
    },
  };
}

const app = catalogue(appLoaders);
export const cachedMessages = app.cached;
export const loadMessages = app.load;
