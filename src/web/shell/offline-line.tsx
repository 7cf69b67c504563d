/**
 * The unobtrusive status line every screen shows (DECISIONS §1): "offline" while the phone has no
 * network, and for a few seconds after a launch that runs a new version, "Updated" (the
 * connection chart decides both, from its input and the network events). Also
 * the reason a write button is disabled while offline.
 */
import { FormattedMessage } from 'react-intl';
import { useOffline, useShowsUpdated, useWritesBlocked } from './use-connection';

export function OfflineLine() {
  const offline = useOffline();
  const updated = useShowsUpdated();
  return (
    <div className="offline-line" role="status" aria-live="polite">
      {offline ? <FormattedMessage id="common.offline" /> : updated ? <FormattedMessage id="common.updated" /> : null}
    </div>
  );
}

/** Under a write button: why it is disabled while offline (nothing otherwise). */
export function OfflineWriteReason() {
  const blocked = useWritesBlocked();
  if (!blocked) return null;
  return (
    <p className="offline-reason shop-muted shop-small" role="note">
      <FormattedMessage id="common.offlineWrite" />
    </p>
  );
}
