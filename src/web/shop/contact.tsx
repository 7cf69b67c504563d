/**
 * The floating contact button and the 'Contact Us' bottom sheet (SPEC §2 shared elements): 'Call'
 * (tel:) and 'Chat with us', both from the server's public config (DECISIONS §1 Contact Us).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChatIcon, CloseIcon, HeadsetIcon, PhoneIcon } from './icons';
import { useCatalogue } from './use-shop';

export function ContactFab({ onOpen }: { onOpen: () => void }) {
  const intl = useIntl();
  return (
    <button type="button" className="shop-contact-fab" onClick={onOpen} aria-label={intl.formatMessage({ id: 'shop.contact.title', defaultMessage: 'Contact Us' })}>
      <HeadsetIcon />
    </button>
  );
}

export function ContactSheet({ onClose }: { onClose: () => void }) {
  const config = useSelector(useCatalogue(), (s) => s.context.config);
  const intl = useIntl();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="shop-overlay" onClick={onClose}>
      <div className="shop-sheet" role="dialog" aria-modal="true" aria-labelledby="shop-contact-title" onClick={(e) => e.stopPropagation()}>
        <div className="shop-sheet-head">
          <h2 id="shop-contact-title">
            <FormattedMessage id="shop.contact.title" defaultMessage="Contact Us" />
          </h2>
          <button type="button" ref={first} className="shop-icon-button" onClick={onClose} aria-label={intl.formatMessage({ id: 'shop.common.close', defaultMessage: 'Close' })}>
            <CloseIcon />
          </button>
        </div>
        {config ? (
          <div className="shop-sheet-actions">
            <a className="shop-button shop-button-primary" href={`tel:${config.contactPhone}`}>
              <PhoneIcon />
              <FormattedMessage id="shop.contact.call" defaultMessage="Call" />
            </a>
            <a className="shop-button shop-button-outline" href={config.chatUrl} target="_blank" rel="noopener noreferrer">
              <ChatIcon />
              <FormattedMessage id="shop.contact.chat" defaultMessage="Chat with us" />
            </a>
          </div>
        ) : (
          <p role="status" className="shop-muted">
            <FormattedMessage id="common.loading" defaultMessage="Loading..." />
          </p>
        )}
      </div>
    </div>
  );
}
