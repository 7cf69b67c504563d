/**
 * The question "Delete my account" asks, in the farmer's language, before anything is sent: what
 * closing does, then Yes (waiting for the network, as every write does) or keep the account; a
 * failure offers Try again. The steps live in the session chart (`deleteAccountStep`).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { deleteAccountStep } from '../../../machines/session.machine';
import { OfflineWriteReason } from '../shell/offline-line';
import { useSession } from '../shell/use-actors';
import { useWritesBlocked } from '../shell/use-connection';
import './delete-account.css';

const FACTS = ['photo', 'details', 'books', 'again'] as const;

export default function DeleteQuestion() {
  const session = useSession();
  const step = useSelector(session, deleteAccountStep);
  const canConfirm = useSelector(session, (s) => s.can({ type: 'account.deleteConfirm' }));
  const canKeep = useSelector(session, (s) => s.can({ type: 'account.keep' }));
  const offline = useWritesBlocked();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="shop-overlay shop-overlay-center">
      <div className="shop-dialog delete-account" role="alertdialog" aria-modal="true" aria-labelledby="delete-account-title" aria-describedby="delete-account-facts">
        <h2 id="delete-account-title">
          <FormattedMessage id="shop.profile.delete.title" />
        </h2>
        <ul id="delete-account-facts" className="delete-account-facts">
          {FACTS.map((fact) => (
            <li key={fact}>
              <FormattedMessage id={`shop.profile.delete.${fact}`} />
            </li>
          ))}
        </ul>
        {step === 'failed' ? (
          <p className="delete-account-failed" role="alert">
            <FormattedMessage id="shop.profile.delete.failed" />
          </p>
        ) : null}
        {step === 'deleting' ? (
          <p className="shop-muted" role="status">
            <FormattedMessage id="shop.profile.delete.deleting" />
          </p>
        ) : null}
        <OfflineWriteReason />
        <div className="delete-account-actions">
          <button
            type="button"
            className="shop-button shop-button-danger"
            disabled={!canConfirm || offline}
            onClick={() => session.send({ type: 'account.deleteConfirm' })}
          >
            <FormattedMessage id={step === 'failed' ? 'shop.profile.delete.retry' : 'shop.profile.delete.confirm'} />
          </button>
          <button type="button" ref={keep} className="shop-button shop-button-outline" disabled={!canKeep} onClick={() => session.send({ type: 'account.keep' })}>
            <FormattedMessage id="shop.profile.delete.keep" />
          </button>
        </div>
      </div>
    </div>
  );
}
