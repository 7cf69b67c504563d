/**
 * The admin bottom sheet: a modal dialog rising from the bottom, titled, closed by its button, the
 * backdrop or Escape — only when the chart allows it (`onClose` is null while a save is in flight).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CloseIcon } from '../shop/icons';

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
  useEffect(() => {
    heading.current?.focus();
  }, []);
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
        className="shop-sheet admin-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
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
        <div className="admin-sheet-body">{children}</div>
        {footer ? <div className="admin-sheet-footer">{footer}</div> : null}
      </div>
    </div>
  );
}
