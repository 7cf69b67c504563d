/** The farmer's photo (fetched with the token: it is not public), or the first letter of the name on a coloured disc. */
import { useMachine } from '@xstate/react';
import { protectedImageMachine } from '../../../machines/protected-image.machine';
import { fetchProtectedImage } from '../api/protected-image';

const avatarImage = protectedImageMachine.provide({ actors: { fetchImage: fetchProtectedImage } });

type Props = { photo: string | null; name: string; size: number; alt?: string };

export function UserAvatar(props: Props) {
  // A new photo url is a new image: start its chart afresh.
  return <Avatar key={props.photo ?? ''} {...props} />;
}

function Avatar({ photo, name, size, alt = '' }: Props) {
  const [snapshot] = useMachine(avatarImage, { input: { url: photo } });
  if (snapshot.matches({ active: 'shown' }) && snapshot.context.src) {
    return <img className="shop-avatar" src={snapshot.context.src} alt={alt} width={size} height={size} />;
  }
  return (
    <span className="shop-avatar shop-avatar-letter" style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
