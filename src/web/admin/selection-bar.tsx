/**
 * The rows ticked on an admin list: how many, the list's own bulk action (Verify selected; Move to a
 * status), or clear the ticks; after a bulk change, how many went through and how many could not (the
 * chart keeps the outcome per id). Shared by the users and orders screens.
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { bulkTally, type SelectionContext } from '../../../machines/admin-selection';

export function SelectionBar({
  selection,
  failed,
  onClear,
  children,
}: {
  selection: SelectionContext;
  /** The last bulk request failed whole (nothing is known to have changed). */
  failed: boolean;
  onClear: () => void;
  /** The action on the ticked rows. */
  children: ReactNode;
}) {
  const count = selection.selected.length;
  const tally = bulkTally(selection);
  return (
    <>
      {count > 0 ? (
        <div className="admin-action-bar" role="group">
          <strong>
            <FormattedMessage id="admin.bulk.selected" defaultMessage="{count} selected" values={{ count }} />
          </strong>
          {children}
          <button type="button" className="shop-button shop-button-outline shop-button-small" onClick={onClear}>
            <FormattedMessage id="admin.bulk.clear" defaultMessage="Clear selection" />
          </button>
        </div>
      ) : null}
      {failed ? (
        <p aria-live="polite" className="admin-error-text">
          <FormattedMessage id="admin.bulk.failed" defaultMessage="The change could not be sent. Try again." />
        </p>
      ) : null}
      {tally ? (
        <p aria-live="polite" className="admin-muted">
          <FormattedMessage id="admin.bulk.result" defaultMessage="{done} done, {refused} could not be changed" values={tally} />{' '}
          {count === 0 ? (
            <button type="button" className="shop-button shop-button-outline shop-button-small" onClick={onClear}>
              <FormattedMessage id="admin.common.close" defaultMessage="Close" />
            </button>
          ) : null}
        </p>
      ) : null}
    </>
  );
}

/** A row's tick: shown while the chart takes it, and on a ticked row for as long as it stays ticked. */
export function RowTick({ ticked, offered, onToggle, label }: { ticked: boolean; offered: boolean; onToggle: () => void; label: string }) {
  return offered || ticked ? (
    <label className="admin-select">
      <input type="checkbox" checked={ticked} onChange={onToggle} aria-label={label} />
    </label>
  ) : null;
}
