/**
 * react-intl in the farmer's language: the texts the app's `locale` chart shows
 * (machines/locale.machine.ts), which follows the session's language and switches once the new texts
 * have arrived.
 */
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { shownTexts, textsFailed, type LocaleActorRef } from '../../../machines/locale.machine';
import { AppActorContext } from '../app-context';
import { BootSplash } from '../shell/boot-splash';
import type { Messages } from './messages';

export function useLocaleRef(): LocaleActorRef | undefined {
  return AppActorContext.useSelector((s) => s.children.locale as LocaleActorRef | undefined);
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocaleRef();
  if (!locale) return <BootSplash />;
  return <WithTexts locale={locale}>{children}</WithTexts>;
}

function WithTexts({ locale, children }: { locale: LocaleActorRef; children: ReactNode }) {
  const shown = useSelector(locale, shownTexts);
  const failed = useSelector(locale, textsFailed);

  useEffect(() => {
    if (shown) document.documentElement.lang = shown.locale;
  }, [shown]);

  // Before the first texts arrive there is nothing to translate with: index.html's splash stays,
  // with a retry in the saved language if the texts could not download.
  if (!shown) return <BootSplash failed={failed} />;
  return (
    // The chart holds the texts without reading them; they are the loader's precompiled messages.
    <IntlProvider locale={shown.locale} defaultLocale="en" messages={shown.texts as Messages}>
      {children}
    </IntlProvider>
  );
}
