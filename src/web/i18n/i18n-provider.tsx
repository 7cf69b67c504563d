/** react-intl for the chosen locale; switches as soon as the new catalogue has loaded. */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '../../domain/types';
import { cachedMessages, loadMessages, type Messages } from './messages';

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [shown, setShown] = useState<{ locale: Locale; messages: Messages } | null>(() => {
    const messages = cachedMessages(locale);
    return messages ? { locale, messages } : null;
  });

  useEffect(() => {
    let current = true;
    void loadMessages(locale).then((messages) => {
      if (current) setShown({ locale, messages });
    });
    return () => {
      current = false;
    };
  }, [locale]);

  useEffect(() => {
    if (shown) document.documentElement.lang = shown.locale;
  }, [shown]);

  // Before the first catalogue arrives there is nothing to translate with yet.
  if (!shown) return <p className="boot-loading" role="status">Loading...</p>;
  return (
    <IntlProvider locale={shown.locale} defaultLocale="en" messages={shown.messages}>
      {children}
    </IntlProvider>
  );
}
