/**
 * Loads the messages of one locale: its own JSON chunk, with the English catalogue merged underneath
 * so a key missing in hi or gu shows in English (DECISIONS §1). Only the chosen locale (and English)
 * is ever downloaded; each is loaded once.
 */
import type { Locale } from '../../domain/types';

export type Messages = Record<string, string>;

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('../../../locales/en.json'),
  hi: () => import('../../../locales/hi.json'),
  gu: () => import('../../../locales/gu.json'),
};

const loaded = new Map<Locale, Messages>();

export const cachedMessages = (locale: Locale): Messages | undefined => loaded.get(locale);

/** English underneath, the locale's own messages on top: a missing key shows in English. */
export const withEnglishFallback = (english: Messages, own: Messages): Messages => ({ ...english, ...own });

export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const english = (await loaders.en()).default;
  const own = locale === 'en' ? {} : (await loaders[locale]()).default;
  const merged = withEnglishFallback(english, own);
  loaded.set(locale, merged);
  return merged;
}
