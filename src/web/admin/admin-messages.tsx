/**
 * The admin section's texts, loaded with the admin screens (never by a farmer's phone) and laid over
 * the app's messages for the screen they wrap.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Locale } from '../../domain/types';
import { catalogue, type Messages } from '../i18n/messages';

const admin = catalogue({
  en: () => import('virtual:messages/en/admin'),
  hi: () => import('virtual:messages/hi/admin'),
  gu: () => import('virtual:messages/gu/admin'),
});

export function withAdminMessages(Screen: ComponentType): ComponentType {
  return function AdminScreen() {
    const intl = useIntl();
    const locale = intl.locale as Locale;
    const [shown, setShown] = useState<{ locale: Locale; messages: Messages } | null>(() => {
      const messages = admin.cached(locale);
      return messages ? { locale, messages } : null;
    });
    useEffect(() => {
      let current = true;
      void admin.load(locale).then((messages) => {
        if (current) setShown({ locale, messages });
      });
      return () => {
        current = false;
      };
    }, [locale]);
    if (!shown) return <p role="status">{intl.formatMessage({ id: 'common.loading' })}</p>;
    return (
      <IntlProvider locale={shown.locale} defaultLocale="en" messages={{ ...(intl.messages as Messages), ...shown.messages }}>
        <Screen />
      </IntlProvider>
    );
  };
}
