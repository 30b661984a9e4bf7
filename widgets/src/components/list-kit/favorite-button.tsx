import { LIST_TEXT } from './list-text.ts';

export interface FavoriteButtonProps {
  /** Whose favourite state this is; names the button ("Add Dana Whitfield to favourites"). */
  name: string;
  isFavorite: boolean;
  /** A toggle is on its way: the button stays usable-looking but ignores clicks. */
  pending?: boolean | undefined;
  onToggle: () => void;
  size?: 'small' | 'large';
}

/**
 * The heart toggle. `aria-pressed` carries the state; the label says what a press does.
 *
 * @example
 * <FavoriteButton name="Dana Whitfield" isFavorite={false} onToggle={() => toggle(id)} />
 */
export function FavoriteButton({
  name,
  isFavorite,
  pending = false,
  onToggle,
  size = 'small',
}: FavoriteButtonProps) {
  return (
    <button
      type="button"
      className={`fm-favorite fm-favorite--${size}`}
      aria-pressed={isFavorite}
      aria-label={isFavorite ? LIST_TEXT.removeFavourite(name) : LIST_TEXT.addFavourite(name)}
      title={isFavorite ? LIST_TEXT.removeFavourite(name) : LIST_TEXT.addFavourite(name)}
      aria-busy={pending || undefined}
      data-pending={pending ? '' : undefined}
      onClick={(event) => {
        // Cards are clickable as a whole; the heart is its own action.
        event.stopPropagation();
        if (!pending) onToggle();
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 20.6 4.3 13a5 5 0 0 1 7.1-7.1l.6.6.6-.6A5 5 0 0 1 19.7 13Z" />
      </svg>
    </button>
  );
}
