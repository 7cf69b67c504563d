/**
 * "Delete my account" (the farmer's right to leave): the button, and the question that says in the
 * farmer's language what closing does before anything is sent. The session chart holds the steps
 * (`deleteAccountStep`): asked, deleting, failed with Try again; once the server has closed the
 * account the session ends as at logout. Yes waits for the network, as every write does.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { deleteAccountStep } from '../../../machines/session.machine';
import { useSession } from '../shell/use-actors';

// The question is fetched when asked (the service worker keeps it for offline), not with every
// screen that offers the button: /profile is fetched ahead from /home, on a farmer's prepaid data.
const DeleteQuestion = lazy(() => import('./delete-question'));

export function DeleteAccount({ className }: { className: string }) {
  const session = useSession();
  const step = useSelector(session, deleteAccountStep);
  const canOpen = useSelector(session, (s) => s.can({ type: 'account.delete' }));
  return (
    <>
      <button type="button" className={className} disabled={!canOpen} onClick={() => session.send({ type: 'account.delete' })}>
        <FormattedMessage id="shop.profile.delete.button" />
      </button>
      {step === 'closed' ? null : (
        <Suspense fallback={null}>
          <DeleteQuestion />
        </Suspense>
      )}
    </>
  );
}
