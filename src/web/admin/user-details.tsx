/**
 * One user's details (SPEC §2 /admin/users): photo, mobile number, gender, age, farm address, language,
 * geolocation and the Aadhaar image (both images from protected urls, shown from local copies), and Verify.
 * When a verified farmer changed the name or Aadhaar, a line says when, so the admin checks them again.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, EventFrom, SnapshotFrom } from 'xstate';
import { FormattedMessage, useIntl } from 'react-intl';
import { adminUsersMachine, isBeingVerified, protectedImageState, verifyOffer } from '../../../machines/admin-users.machine';
import type { protectedImageMachine } from '../../../machines/protected-image.machine';
import type { User } from '../../domain/types';
import { When } from '../shell/when';
import { HistoryList } from './history-list';

type Snapshot = SnapshotFrom<typeof adminUsersMachine>;
type Send = (event: EventFrom<typeof adminUsersMachine>) => void;
type ImageRef = ActorRefFrom<typeof protectedImageMachine>;

/** The image's own chart (the users chart's `photo` or `aadhaar` child) says what shows. */
function ProtectedImage({ image, kind, alt }: { image: ImageRef | undefined; kind: 'photo' | 'aadhaar'; alt: string }) {
  const state = useSelector(image, protectedImageState);
  const src = useSelector(image, (s) => s?.context.src ?? null);
  if (state === 'shown' && src) {
    return <img className={kind === 'photo' ? 'admin-user-image admin-user-photo' : 'admin-user-image'} src={src} alt={alt} />;
  }
  if (state === 'loading')
    return (
      <span role="status" className="admin-muted">
        <FormattedMessage id="admin.users.imageLoading" defaultMessage="Loading image..." />
      </span>
    );
  if (state === 'unavailable')
    return (
      <span className="admin-error-text">
        <FormattedMessage id="admin.users.imageFailed" defaultMessage="The image could not be loaded." />
      </span>
    );
  return (
    <span className="admin-muted">
      <FormattedMessage id="admin.users.notGiven" defaultMessage="Not given" />
    </span>
  );
}

export function UserDetails({ id, user, snapshot, send }: { id: string; user: User; snapshot: Snapshot; send: Send }) {
  const intl = useIntl();
  const notGiven = intl.formatMessage({ id: 'admin.users.notGiven', defaultMessage: 'Not given' });
  const name = user.name ?? user.mobileNumber;
  const geo = user.geocoordinate;
  const offer = verifyOffer(user);
  return (
    <div id={id} className="admin-user-details">
      {user.detailsChangedAt ? (
        <p className="admin-details-changed" role="note">
          <FormattedMessage
            id="admin.users.detailsChangedAt"
            defaultMessage="Changed the name or Aadhaar on {when}, after being verified. Check the details again."
            values={{ when: <When at={user.detailsChangedAt} /> }}
          />
        </p>
      ) : null}
      <dl className="admin-details">
        <dt>
          <FormattedMessage id="admin.users.photo" defaultMessage="Photo" />
        </dt>
        <dd>
          <ProtectedImage
            image={snapshot.children.photo}
            kind="photo"
            alt={intl.formatMessage({ id: 'admin.users.photoAlt', defaultMessage: 'Photo of {name}' }, { name })}
          />
        </dd>
        <dt>
          <FormattedMessage id="admin.users.mobile" defaultMessage="Mobile number" />
        </dt>
        <dd>{user.mobileNumber}</dd>
        <dt>
          <FormattedMessage id="admin.users.gender" defaultMessage="Gender" />
        </dt>
        <dd>
          {user.gender
            ? intl.formatMessage({ id: `admin.users.gender.${user.gender}`, defaultMessage: user.gender })
            : notGiven}
        </dd>
        <dt>
          <FormattedMessage id="admin.users.age" defaultMessage="Age" />
        </dt>
        <dd>{user.age ?? notGiven}</dd>
        <dt>
          <FormattedMessage id="admin.users.farmAddress" defaultMessage="Farm address" />
        </dt>
        <dd>{user.farmAddress ?? notGiven}</dd>
        <dt>
          <FormattedMessage id="admin.users.language" defaultMessage="Language" />
        </dt>
        <dd>
          {user.preferredLanguage
            ? intl.formatMessage({ id: `admin.users.language.${user.preferredLanguage}`, defaultMessage: user.preferredLanguage })
            : notGiven}
        </dd>
        <dt>
          <FormattedMessage id="admin.users.geolocation" defaultMessage="Geolocation" />
        </dt>
        <dd>
          {geo ? (
            <a href={`https://www.google.com/maps?q=${geo.lat},${geo.long}`} target="_blank" rel="noopener noreferrer">
              <FormattedMessage
                id="admin.users.geo"
                defaultMessage="{lat}, {long} (±{accuracy} m)"
                values={{ lat: geo.lat.toFixed(5), long: geo.long.toFixed(5), accuracy: Math.round(geo.accuracy) }}
              />
            </a>
          ) : (
            notGiven
          )}
        </dd>
        <dt>
          <FormattedMessage id="admin.users.aadhaar" defaultMessage="Aadhaar card" />
        </dt>
        <dd>
          <ProtectedImage
            image={snapshot.children.aadhaar}
            kind="aadhaar"
            alt={intl.formatMessage({ id: 'admin.users.aadhaarAlt', defaultMessage: 'Aadhaar card of {name}' }, { name })}
          />
        </dd>
      </dl>
      {offer === 'awaitingProfile' ? (
        <p className="admin-muted">
          <FormattedMessage id="admin.users.awaitingProfile" defaultMessage="The farmer has not finished the profile yet; it can be verified after that." />
        </p>
      ) : null}
      {offer === 'verify' ? (
        <button
          type="button"
          className="shop-button shop-button-primary shop-button-block"
          disabled={!snapshot.can({ type: 'user.verify', id: user._id })}
          onClick={() => send({ type: 'user.verify', id: user._id })}
        >
          {isBeingVerified(snapshot, user._id) ? (
            <FormattedMessage id="admin.users.verifying" defaultMessage="Verifying..." />
          ) : (
            <FormattedMessage id="admin.users.verify" defaultMessage="Verify" />
          )}
        </button>
      ) : null}
      <HistoryList history={snapshot.context.history} failed={snapshot.context.historyFailed} level={2} />
    </div>
  );
}
