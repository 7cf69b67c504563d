/**
 * The audit trail under an admin sheet's form: who changed which fields and when, oldest first;
 * `by` null is the clock (a quotation past its validity expires on its own). Each change is read through
 * `historyRows` (history-format.ts): translated labels, rupees, status labels, dates.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { When } from '../shell/when';
import type { AuditEntry } from '../../domain/types';
import { historyRows } from './history-format';

/** `level`: the heading's rank, 3 under a sheet's title (h2), 2 in a user's details under the screen's h1. */
export function HistoryList({ history, failed, level = 3 }: { history: AuditEntry[] | null; failed: boolean; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'admin.history.title', defaultMessage: 'History' });
  let body;
  if (failed) {
    body = (
      <p className="admin-muted">
        <FormattedMessage id="admin.history.failed" defaultMessage="Could not load the history." />
      </p>
    );
  } else if (history === null) {
    body = (
      <p className="admin-muted">
        <FormattedMessage id="admin.common.loading" defaultMessage="Loading..." />
      </p>
    );
  } else if (history.length === 0) {
    body = (
      <p className="admin-muted">
        <FormattedMessage id="admin.history.empty" defaultMessage="No changes yet." />
      </p>
    );
  } else {
    body = (
      <ol className="admin-history">
        {history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <p className="admin-muted">
              <When at={entry.at} />
              {' · '}
              {entry.by ? (
                (entry.by.name ?? entry.by.mobileNumber)
              ) : (
                <FormattedMessage id="admin.history.byClock" defaultMessage="Automatic" />
              )}
            </p>
            <ul>
              {historyRows(intl, entry).map((row) => (
                <li key={row.field}>
                  <strong>{row.label}</strong>: {row.from} → {row.to}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <section className="admin-history-section" aria-label={title}>
      <Heading>{title}</Heading>
      {body}
    </section>
  );
}
