/**
 * The one locale loader: the messages of a catalogue (the app's, or the admin section's)
 * in the chosen locale, for an IntlProvider. Used by I18nProvider and by withAdminMessages.
 * - A locale whose messages have loaded shows at once.
 * - On a change of language the current texts stay until the new ones have arrived.
 * - null only before the first catalogue has arrived: the caller shows its splash meanwhile, and
 *   (useMessagesLoad's `failed`) a retry when that first fetch failed.
 */
import { useEffect, useState } from 'react';
import type { Locale } from '../../domain/types';
import type { Catalogue, Messages } from './messages';

export interface ShownMessages {
  locale: Locale;
  messages: Messages;
}

export function useMessages(catalogue: Catalogue, locale: Locale): ShownMessages | null {
  return useMessagesLoad(catalogue, locale).shown;
}

/** useMessages, and whether the fetch of this locale's messages failed (offline, a dropped chunk). */
export function useMessagesLoad(catalogue: Catalogue, locale: Locale): { shown: ShownMessages | null; failed: boolean } {
  const [shown, setShown] = useState<ShownMessages | null>(() => {
    const messages = catalogue.cached(locale);
    return messages ? { locale, messages } : null;
  });
  const [failedLocale, setFailedLocale] = useState<Locale | null>(null);

  useEffect(() => {
    let current = true;
    catalogue.load(locale).then(
      (messages) => {
        if (current) setShown({ locale, messages });
      },
      // Offline before this catalogue was ever fetched: the current texts (or the splash) stay.
      () => {
        if (current) setFailedLocale(locale);
      },
    );
    return () => {
      current = false;
    };
  }, [catalogue, locale]);

  return { shown, failed: failedLocale === locale && shown?.locale !== locale };
}
