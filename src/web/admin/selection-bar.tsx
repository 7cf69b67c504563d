/**
 * The users ticked for verification: how many, Verify them all, or clear the ticks; after a bulk
 * verification, how many went through and how many could not be (the chart keeps the outcome per id).
 */
import { FormattedMessage } from 'react-intl';
import { bulkTally } from '../../../machines/admin-users.machine';
import type { ChartView } from './admin-screen';

export function SelectionBar({ snapshot, send }: ChartView<'adminUsers'>) {
  const count = snapshot.context.selected.length;
  const tally = bulkTally(snapshot.context);
  return (
    <>
      {count > 0 ? (
        <div className="admin-action-bar" role="group">
          <strong>
            <FormattedMessage id="admin.bulk.selected" defaultMessage="{count} selected" values={{ count }} />
          </strong>
          <button
            type="button"
            className="shop-button shop-button-primary shop-button-small"
            onClick={() => send({ type: 'selection.verify' })}
            disabled={!snapshot.can({ type: 'selection.verify' })}
          >
            {snapshot.matches({ list: 'verifyingSelected' }) ? (
              <FormattedMessage id="admin.bulk.working" defaultMessage="Working..." />
            ) : (
              <FormattedMessage id="admin.bulk.verify" defaultMessage="Verify selected" />
            )}
          </button>
          <button type="button" className="shop-button shop-button-outline shop-button-small" onClick={() => send({ type: 'selection.clear' })}>
            <FormattedMessage id="admin.bulk.clear" defaultMessage="Clear selection" />
          </button>
        </div>
      ) : null}
      {snapshot.matches({ list: 'verifySelectedFailed' }) ? (
        <p aria-live="polite" className="admin-error-text">
          <FormattedMessage id="admin.bulk.failed" defaultMessage="The change could not be sent. Try again." />
        </p>
      ) : null}
      {tally ? (
        <p aria-live="polite" className="admin-muted">
          <FormattedMessage id="admin.bulk.result" defaultMessage="{done} done, {refused} could not be changed" values={tally} />{' '}
          {count === 0 ? (
            <button type="button" className="shop-button shop-button-outline shop-button-small" onClick={() => send({ type: 'selection.clear' })}>
              <FormattedMessage id="admin.common.close" defaultMessage="Close" />
            </button>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
