/** The farmer's photo, or the first letter of the name on a coloured disc when there is none. */
export function UserAvatar({ photo, name, size }: { photo: string | null; name: string; size: number }) {
  if (photo) return <img className="shop-avatar" src={photo} alt="" width={size} height={size} />;
  return (
    <span className="shop-avatar shop-avatar-letter" style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
