/**
 * The texts of a catalogue loaded with the screens that need it (the admin section's), in the
 * language shown: a read of the catalogue, which keeps each language once it has arrived. Asked for
 * when first needed; null until they arrive (the caller shows its splash), and also while offline
 * before they were ever fetched. The app's own texts are the `locale` chart's (machines/locale.machine.ts).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Locale } from '../../domain/types';
import type { Catalogue, Messages } from './messages';

export interface ShownMessages {
  locale: Locale;
  messages: Messages;
}

export function useMessages(catalogue: Catalogue, locale: Locale): ShownMessages | null {
  const messages = useSyncExternalStore(catalogue.subscribe, () => catalogue.cached(locale));
  // A failed download (offline) is asked for again by the next screen that needs these texts.
  useEffect(() => void catalogue.load(locale).catch(() => undefined), [catalogue, locale]);
  return messages ? { locale, messages } : null;
}
