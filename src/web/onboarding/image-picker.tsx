/**
 * Choose a jpg/png, upload it, see 'Image uploaded' (SPEC §5), with a thin bar filling while the
 * step waits to move on by itself. The registration machine holds the file and the state; this
 * view shows them and sends `image.choose` / `image.upload`.
 */
import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isMovingOn, STEP_PAUSE_MS, type ImageKind, type RegistrationActorRef } from '../../../machines/registration.machine';
import { ACCEPTED_IMAGE_TYPES } from '../../domain/registration';
import { useObjectUrl } from './use-object-url';

export function ImagePicker({ registration, kind }: { registration: RegistrationActorRef; kind: ImageKind }) {
  const intl = useIntl();
  const slot = useSelector(registration, (s) => s.context.images[kind]);
  const busy = useSelector(registration, (s) => s.matches({ filling: { [kind]: 'preparing' } }) || s.matches({ filling: { [kind]: 'uploading' } }));
  const uploaded = useSelector(registration, (s) => s.matches({ filling: { [kind]: 'uploaded' } }));
  const movingOn = useSelector(registration, (s) => isMovingOn(s, kind));
  const canUpload = useSelector(registration, (s) => s.can({ type: 'image.upload', kind }));
  const preview = useObjectUrl(slot.file);
  const inputId = `image-${kind}`;
  return (
    <div className="field">
      <div className={`image-drop ${kind === 'profile' ? 'image-drop--round' : ''}`}>
        {preview ? (
          <img src={preview} alt={intl.formatMessage({ id: `onboarding.image.${kind}.previewAlt` })} />
        ) : (
          <img
            src={kind === 'profile' ? '/onboarding/logo.svg' : '/onboarding/id-card.svg'}
            alt=""
            style={{ width: kind === 'profile' ? 96 : 132, height: 96, opacity: 0.6 }}
          />
        )}
        {slot.fileName ? <p className="file-name">{slot.fileName}</p> : null}
        <div className="btn btn--outline file-button">
          <label htmlFor={inputId}>
            <FormattedMessage id={slot.file ? 'onboarding.image.chooseAnother' : `onboarding.image.${kind}.choose`} />
          </label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) registration.send({ type: 'image.choose', kind, file, fileName: file.name });
              event.target.value = '';
            }}
          />
        </div>
      </div>
      {slot.error === 'UNSUPPORTED_TYPE' ? (
        <p className="error-line" role="alert">
          <FormattedMessage id="onboarding.image.unsupported" />
        </p>
      ) : null}
      {uploaded ? (
        <p className="ok-line" role="status">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <FormattedMessage id="onboarding.image.uploaded" />
          {movingOn ? <span className="moving-on" aria-hidden="true" style={{ '--pause-ms': `${STEP_PAUSE_MS}ms` } as CSSProperties} /> : null}
        </p>
      ) : (
        <button
          type="button"
          className="btn"
          disabled={!canUpload}
          onClick={() => registration.send({ type: 'image.upload', kind })}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          <FormattedMessage id={busy ? 'onboarding.image.uploading' : 'onboarding.image.upload'} />
        </button>
      )}
    </div>
  );
}
