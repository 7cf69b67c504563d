/**
 * The unobtrusive status line every screen shows (DECISIONS §1): "offline" while the phone has no
 * network, and for a few seconds after a launch that runs a new version, "Updated" (issue 9). Also
 * the reason a write button is disabled while offline.
 */
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { browserStorage } from './browser-storage';
import { appWasUpdated } from './service-worker';
import { useConnectionRef, useOffline, useShowsUpdated, useWritesBlocked } from './use-connection';

/** Asked once per page load: a new build on this launch (the service worker's new version took over). */
let updatedThisLaunch: boolean | undefined;

export function OfflineLine() {
  const connection = useConnectionRef();
  const offline = useOffline();
  const updated = useShowsUpdated();
  useEffect(() => {
    updatedThisLaunch ??= appWasUpdated(browserStorage);
    if (updatedThisLaunch && connection) connection.send({ type: 'app.updated' });
  }, [connection]);
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
