import { RATING_TEXT } from './profile-card-text.ts';
import { formatRating, formatReviewCount } from './profile-format.ts';

export interface RatingSummaryProps {
  /** The average rating, or `null` before any review. */
  average: number | null;
  count: number;
  /** The block whose `__rating` and `__stars` classes style it: a list's card or the profile card. */
  block: 'fm-card' | 'fm-profile-card';
}

/**
 * A profile's rating as "★ 4.8 (12 reviews)", the number named for assistive technology; "No
 * reviews yet" when there is none. Needs the `fm-visually-hidden` rule (theme/visually-hidden.css).
 *
 * @example
 * <RatingSummary block="fm-card" average={item.averageRating} count={item.reviewCount} />
 */
export function RatingSummary({ average, count, block }: RatingSummaryProps) {
  return (
    <p className={`${block}__rating`}>
      {average === null || count === 0 ? (
        RATING_TEXT.none
      ) : (
        <>
          <span className={`${block}__stars`}>
            <span aria-hidden="true">★ </span>
            <span className="fm-visually-hidden">{RATING_TEXT.average}: </span>
            {formatRating(average)}
          </span>{' '}
          ({formatReviewCount(count)})
        </>
      )}
    </p>
  );
}
