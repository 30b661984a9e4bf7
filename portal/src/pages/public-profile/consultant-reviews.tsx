import type { ConsultantPublicProfile } from '@fm/sdk/contracts';
import { formatNumber } from '@fm/widgets/kit';

const REVIEWS_TEXT = {
  title: 'Reviews',
  none: 'No reviews yet.',
  average: (rating: string, count: number) =>
    `${rating} out of 5, from ${formatNumber(count)} review${count === 1 ? '' : 's'}`,
} as const;

/**
 * The consultant's rating on their public page: the average of the franchisors' reviews and
 * their count. (The API has no public list of a consultant's reviews, so none are quoted.)
 */
export function ConsultantReviews({ profile }: { profile: ConsultantPublicProfile }) {
  const rated = profile.averageRating !== null && profile.reviewCount > 0;
  const rating = rated ? (profile.averageRating ?? 0).toFixed(1) : null;
  const full = rated ? Math.round(profile.averageRating ?? 0) : 0;
  return (
    <section className="profile__section" aria-labelledby="profile-reviews">
      <h2 className="profile__section-title" id="profile-reviews">
        {REVIEWS_TEXT.title}
      </h2>
      {rating ? (
        <p className="profile-rating" data-testid="profile-rating">
          <span className="profile-rating__stars" aria-hidden="true">
            {'★'.repeat(full)}
            {'☆'.repeat(5 - full)}
          </span>{' '}
          {REVIEWS_TEXT.average(rating, profile.reviewCount)}
        </p>
      ) : (
        <p className="page__text">{REVIEWS_TEXT.none}</p>
      )}
    </section>
  );
}
