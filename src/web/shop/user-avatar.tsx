/**
 * The farmer's photo (fetched with the token: it is not public), or the first letter of the name on a
 * coloured disc. The photo is the app's `avatar` chart, which follows the session's user.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { protectedImageMachine } from '../../../machines/protected-image.machine';
import { AppActorContext } from '../app-context';

type Props = { name: string; size: number; alt?: string };
type AvatarRef = ActorRefFrom<typeof protectedImageMachine>;

export function UserAvatar({ name, size, alt = '' }: Props) {
  const avatar = AppActorContext.useSelector((s) => (s.children as Record<string, unknown>).avatar as AvatarRef | undefined);
  return avatar ? <Avatar avatar={avatar} name={name} size={size} alt={alt} /> : <Initial name={name} size={size} />;
}

function Avatar({ avatar, name, size, alt }: Props & { avatar: AvatarRef }) {
  const src = useSelector(avatar, (s) => (s.matches({ active: 'shown' }) ? s.context.src : null));
  if (src) return <img className="shop-avatar" src={src} alt={alt} width={size} height={size} />;
  return <Initial name={name} size={size} />;
}

function Initial({ name, size }: { name: string; size: number }) {
  return (
    <span className="shop-avatar shop-avatar-letter" style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
