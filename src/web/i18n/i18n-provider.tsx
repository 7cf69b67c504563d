/** react-intl for the chosen locale; switches as soon as the new catalogue has loaded (useMessages). */
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '../../domain/types';
import { BootSplash } from '../shell/boot-splash';
import { appMessages } from './messages';
import { useMessagesLoad } from './use-messages';

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { shown, failed } = useMessagesLoad(appMessages, locale);

  useEffect(() => {
    if (shown) document.documentElement.lang = shown.locale;
  }, [shown]);

  // Before the first catalogue arrives there is nothing to translate with: index.html's splash stays,
  // with a retry in the saved language if the texts could not download.
  if (!shown) return <BootSplash failed={failed} />;
  return (
    <IntlProvider locale={shown.locale} defaultLocale="en" messages={shown.messages}>
      {children}
    </IntlProvider>
  );
}
