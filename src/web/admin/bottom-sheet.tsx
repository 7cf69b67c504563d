/**
 * The admin bottom sheet: a modal dialog rising from the bottom, titled, closed by its button, the
 * backdrop or Escape — only when the chart allows it (`onClose` is null while a save is in flight).
 */
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CloseIcon } from '../shop/icons';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function BottomSheet({
  titleId,
  title,
  onClose,
  children,
  footer,
}: {
  titleId: string;
  title: ReactNode;
  onClose: (() => void) | null;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // Where the focus was when the sheet opened (read while rendering, before the sheet takes it).
  const [returnTo] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    heading.current?.focus();
    return () => returnTo?.focus?.();
  }, [returnTo]);
  // Tab stays inside the modal sheet.
  const keepFocusInside = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('disabled'));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === heading.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  useEffect(() => {
    if (!onClose) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="shop-overlay admin-overlay" onClick={onClose ?? undefined}>
      <div
        ref={dialog}
        className="shop-sheet admin-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={keepFocusInside}
      >
        <div className="shop-sheet-head">
          <h2 id={titleId} ref={heading} tabIndex={-1}>
            {title}
          </h2>
          <button
            type="button"
            className="shop-icon-button"
            onClick={onClose ?? undefined}
            disabled={!onClose}
            aria-label={intl.formatMessage({ id: 'admin.common.close', defaultMessage: 'Close' })}
          >
            <CloseIcon />
          </button>
        </div>
        {/* Focusable, so a keyboard can scroll a long sheet while its fields are read-only. */}
        <div className="admin-sheet-body" tabIndex={0} role="group" aria-labelledby={titleId}>
          {children}
        </div>
        {footer ? <div className="admin-sheet-footer">{footer}</div> : null}
      </div>
    </div>
  );
}
