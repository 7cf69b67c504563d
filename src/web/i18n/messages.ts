/**
 * Loads the messages of one locale: its own chunk, with English merged underneath so a key missing in
 * hi or gu shows in English (DECISIONS §1). Only the chosen locale (and English) is ever downloaded,
 * each once. The admin section's texts are a separate chunk that only the admin screens load.
 * Every message is precompiled to its ICU AST at build time (build/message-sections.ts).
 */
import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '../../domain/types';

export type Messages = Record<string, MessageFormatElement[]>;
type Loader = () => Promise<{ default: Messages }>;

const appLoaders: Record<Locale, Loader> = {
  en: () => import('virtual:messages/en/app'),
  hi: () => import('virtual:messages/hi/app'),
  gu: () => import('virtual:messages/gu/app'),
};

/** English underneath, the locale's own messages on top: a missing key shows in English. */
export const withEnglishFallback = <T>(english: Record<string, T>, own: Record<string, T>): Record<string, T> => ({ ...english, ...own });

export interface Catalogue {
  /** The locale's messages when they have loaded, else undefined. */
  cached(locale: Locale): Messages | undefined;
  /** Loads the locale's messages once, however many callers ask at the same time. */
  load(locale: Locale): Promise<Messages>;
  /** Calls `listener` each time a locale's messages arrive; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** One catalogue (the app's, or the admin section's) per locale, loaded once. */
export function catalogue(loaders: Record<Locale, Loader>): Catalogue {
  const loaded = new Map<Locale, Messages>();
  const pending = new Map<Locale, Promise<Messages>>();
  const listeners = new Set<() => void>();
  const fetchMerged = async (locale: Locale): Promise<Messages> => {
    const [english, own] = await Promise.all([loaders.en(), locale === 'en' ? { default: {} } : loaders[locale]()]);
    // English itself needs no copy of itself underneath.
    const merged = locale === 'en' ? english.default : withEnglishFallback(english.default, own.default);
    loaded.set(locale, merged);
    listeners.forEach((listener) => listener());
    return merged;
  };
  return {
    cached: (locale) => loaded.get(locale),
    load(locale) {
      let promise = pending.get(locale);
      if (!promise) {
        promise = fetchMerged(locale);
        pending.set(locale, promise);
        // A failed fetch (offline) is tried again by the next caller, not remembered.
        promise.catch(() => pending.delete(locale));
      }
      return promise;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's own texts, which the `locale` chart loads (machines/locale.machine.ts) and keeps once arrived. */
const appMessages = catalogue(appLoaders);
export const loadMessages = appMessages.load;
