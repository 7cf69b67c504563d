/** The unobtrusive line every screen shows while the phone is offline (DECISIONS §1). */
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { connectionMachine } from '../../../machines/connection.machine';
import { AppActorContext } from '../app-context';

export function OfflineLine() {
  const connection = AppActorContext.useSelector((s) => s.children.connection as ActorRefFrom<typeof connectionMachine> | undefined);
  const offline = useSelector(connection, (s) => s?.matches('offline') ?? false);
  return (
    <div className="offline-line" role="status" aria-live="polite">
      {offline ? <FormattedMessage id="common.offline" /> : null}
    </div>
  );
}
