/** The confirm dialog (SPEC §2): 'Are you sure you want to cancel', the display id, Yes / No. */
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';

export function ConfirmDialog({ displayId, busy, onYes, onNo }: { displayId: string; busy: boolean; onYes: () => void; onNo: () => void }) {
  const no = useRef<HTMLButtonElement>(null);
  useEffect(() => no.current?.focus(), []);
  return (
    <div className="shop-overlay shop-overlay-center">
      <div className="shop-dialog" role="alertdialog" aria-modal="true" aria-labelledby="shop-confirm-title" aria-describedby="shop-confirm-id">
        <h2 id="shop-confirm-title">
          <FormattedMessage id="shop.confirm.question" defaultMessage="Are you sure you want to cancel" />
        </h2>
        <p id="shop-confirm-id" className="shop-dialog-id">
          {displayId}
        </p>
        <div className="shop-dialog-actions">
          <button type="button" ref={no} className="shop-button shop-button-outline" onClick={onNo} disabled={busy}>
            <FormattedMessage id="shop.confirm.no" defaultMessage="No" />
          </button>
          <button type="button" className="shop-button shop-button-danger" onClick={onYes} disabled={busy}>
            <FormattedMessage id="shop.confirm.yes" defaultMessage="Yes" />
          </button>
        </div>
      </div>
    </div>
  );
}
