import { AVATAR_SIZE_PX } from '@fm/sdk/contracts';

/** A profile photo, or the initials when there is none. */
export function ProfileAvatar({ photo, name }: { photo: string | null; name: string }) {
  if (photo) {
    return (
      <img
        className="profile__avatar"
        src={photo}
        alt={name}
        width={AVATAR_SIZE_PX}
        height={AVATAR_SIZE_PX}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="profile__avatar profile__avatar--initials" role="img" aria-label={name}>
      {initials}
    </span>
  );
}
