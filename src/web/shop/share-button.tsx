/**
 * Share: the summary (machines/share-summary.ts) through the phone's share sheet (the Web Share API),
 * or, on a phone without one, as a WhatsApp link the farmer follows. A share the farmer dismisses is
 * no failure.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { shareText, whatsappLink, type ShareWords } from '../../../machines/share-summary';
import type { Quotation } from '../../domain/types';

/** The words of the summary in the screen's language, and the app's address. */
export function useShareWords(): ShareWords {
  const intl = useIntl();
  return {
    locale: intl.locale,
    messages: intl.messages,
    formatMessage: (descriptor, values) => intl.formatMessage(descriptor, values),
    appUrl: `${window.location.origin}/`,
  };
}

const canShareNatively = (): boolean => typeof navigator.share === 'function';

export function ShareButton({ quotation, className }: { quotation: Quotation; className?: string }) {
  const words = useShareWords();
  const intl = useIntl();
  const text = shareText({ context: { quotation } }, words);
  if (text === null) return null;
  const label = <FormattedMessage id="shop.share.button" defaultMessage="Share" />;
  const classes = `shop-button shop-button-outline shop-button-small ${className ?? ''}`;
  if (!canShareNatively()) {
    return (
      <a className={classes} href={whatsappLink(text)} target="_blank" rel="noopener noreferrer" aria-label={intl.formatMessage({ id: 'shop.share.whatsapp', defaultMessage: 'Share on WhatsApp' })}>
        {label}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      onClick={() => {
        // Dismissing the share sheet rejects with AbortError: nothing to tell the farmer.
        navigator.share({ text }).catch(() => undefined);
      }}
    >
      {label}
    </button>
  );
}
