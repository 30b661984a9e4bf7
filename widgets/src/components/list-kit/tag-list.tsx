import { capTags } from '../profile-card/profile-format.ts';
import { LIST_TEXT } from './list-text.ts';
import { CardFact } from './result-card.tsx';

export interface TagListProps {
  /** Names the list for assistive technology ("Industries", "States"). */
  label: string;
  tags: readonly string[];
  /** How many tags show before "+N" (TAG_DISPLAY_LIMITS). */
  limit: number;
  /** `chip` for flags (an outlined look). */
  variant?: 'tag' | 'chip';
}

/**
 * Tags capped at `limit`, the rest summarised as "+N" (its title and label name them).
 *
 * @example
 * <TagList label="States" tags={franchise.statesRegisteredIn} limit={TAG_DISPLAY_LIMITS.states} />
 */
export function TagList({ label, tags, limit, variant = 'tag' }: TagListProps) {
  if (tags.length === 0) return null;
  const { shown, hidden } = capTags(tags, limit);
  return (
    <ul className={`fm-tags fm-tags--${variant}`} aria-label={label}>
      {shown.map((tag) => (
        <li key={tag} className="fm-tag">
          {tag}
        </li>
      ))}
      {hidden.length > 0 && (
        <li className="fm-tag fm-tag--more" title={hidden.join(', ')}>
          <span aria-hidden="true">+{hidden.length}</span>
          <span className="fm-visually-hidden">{LIST_TEXT.moreTags(hidden)}</span>
        </li>
      )}
    </ul>
  );
}

/**
 * A card's labelled line of tags ("Industries: Food, Retail +2"); nothing when there are none.
 *
 * @example
 * <TagFact label="Regions" tags={item.region} limit={TAG_DISPLAY_LIMITS.regions} />
 */
export function TagFact({ label, tags, limit }: Omit<TagListProps, 'variant'>) {
  if (tags.length === 0) return null;
  return (
    <CardFact label={label}>
      <TagList label={label} tags={tags} limit={limit} />
    </CardFact>
  );
}
