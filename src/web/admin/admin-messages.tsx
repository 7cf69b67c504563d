/**
 * The admin section's texts, loaded with the admin screens (never by a farmer's phone) and laid over
 * the app's messages for the screen they wrap. The loading is the app's one locale loader (useMessages).
 */
import type { ComponentType } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Locale } from '../../domain/types';
import { catalogue, type Messages } from '../i18n/messages';
import { useMessages } from '../i18n/use-messages';
import { ScreenFallback } from '../shell/boot-splash';

const admin = catalogue({
  en: () => import('virtual:messages/en/admin'),
  hi: () => import('virtual:messages/hi/admin'),
  gu: () => import('virtual:messages/gu/admin'),
});

export function withAdminMessages(Screen: ComponentType): ComponentType {
  return function AdminScreen() {
    const intl = useIntl();
    const shown = useMessages(admin, intl.locale as Locale);
    if (!shown) return <ScreenFallback />;
    return (
      <IntlProvider locale={shown.locale} defaultLocale="en" messages={{ ...(intl.messages as Messages), ...shown.messages }}>
        <Screen />
      </IntlProvider>
    );
  };
}
