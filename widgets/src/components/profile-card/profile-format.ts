import { EXPERIENCE_LEVELS, MINUTES_PER_RATE_UNIT } from '@fm/sdk/contracts';
import { formatDollars } from '../../kit/format/format.ts';

// The avatar's fallback lives with the avatar, so that a view showing avatars (the chat) does not
// load the profile's formats and the enumerations they read.
export { initials } from '../list-kit/avatar.tsx';

/**
 * A consultant's rate (dollars per 15 minutes) as the card shows it.
 *
 * @example
 * formatRate(50); // '$50 / 15 min'
 * formatRate(62.5); // '$62.50 / 15 min'
 */
export function formatRate(dollars: number): string {
  return `${formatDollars(dollars)} / ${MINUTES_PER_RATE_UNIT} min`;
}

/**
 * The label of an experience level, or null when unknown.
 *
 * @example
 * experienceLabel(5); // '5 years'
 */
export function experienceLabel(level: number | null): string | null {
  return EXPERIENCE_LEVELS.find((e) => e.value === level)?.label ?? null;
}

/** The tags shown, and the number left out behind "+N". */
export interface CappedTags<T> {
  shown: readonly T[];
  hidden: readonly T[];
}

/**
 * Keeps the first `limit` tags; the rest are summarised as "+N".
 *
 * @example
 * capTags(['USA', 'Canada', 'Asia'], 2); // { shown: ['USA', 'Canada'], hidden: ['Asia'] }
 */
export function capTags<T>(tags: readonly T[], limit: number): CappedTags<T> {
  const max = Math.max(0, limit);
  return { shown: tags.slice(0, max), hidden: tags.slice(max) };
}

/**
 * "City, State" with whatever parts are known, or null.
 *
 * @example
 * formatLocation('Austin', 'TX'); // 'Austin, TX'
 */
export function formatLocation(...parts: readonly (string | null | undefined)[]): string | null {
  const known = parts.map((p) => p?.trim()).filter((p): p is string => Boolean(p));
  return known.length > 0 ? known.join(', ') : null;
}

/**
 * The average rating with one decimal.
 *
 * @example
 * formatRating(4.666); // '4.7'
 */
export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/**
 * "1 review" / "12 reviews".
 *
 * @example
 * formatReviewCount(12); // '12 reviews'
 */
export function formatReviewCount(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}
