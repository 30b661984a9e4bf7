import { useState } from 'react';

/**
 * Up to two initials for an avatar without a photo.
 *
 * @example
 * initials('Ada', 'Lovelace'); // 'AL'
 */
export function initials(...names: readonly (string | null | undefined)[]): string {
  return names
    .map((n) => n?.trim().charAt(0) ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

export interface ListAvatarProps {
  src: string | null;
  /** The accessible name (the person or the company). */
  alt: string;
  /** Shown when there is no picture or it fails to load (initials). */
  fallback: string;
  /** Logos are contained in a rounded square; photos fill a circle. */
  shape?: 'photo' | 'logo';
}

/**
 * A card's photo or logo, falling back to initials instead of a broken-image icon.
 *
 * @example
 * <ListAvatar src={item.profilePhoto} alt="Dana Whitfield" fallback="DW" />
 */
export function ListAvatar({ src, alt, fallback, shape = 'photo' }: ListAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const className = `fm-avatar fm-avatar--${shape}`;
  if (src && src !== failedSrc) {
    return (
      <img
        className={className}
        src={src}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span className={className} aria-hidden="true" title={alt}>
      {fallback}
    </span>
  );
}
