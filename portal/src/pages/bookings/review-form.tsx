import { isApiError } from '@fm/sdk';
import { type ReviewInput, ReviewInputSchema, type Session } from '@fm/sdk/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import * as v from 'valibot';
import { api } from '../../shared/api-client.ts';
import { MEETINGS_TEXT } from './meetings-text.ts';

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * The franchisor's review of a completed meeting: a 1–5 star rating (a radio group) and an
 * optional comment, checked with the contract's ReviewInputSchema; a refusal shows
 * 'Error reviewing booking: …' (user-area §8).
 */
export function ReviewForm({
  meetingId,
  onReviewed,
}: {
  meetingId: string;
  onReviewed: (session: Session) => void;
}) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: ReviewInput = { rating: rating ?? 0, ...(comment.trim() ? { comment } : {}) };
    const parsed = v.safeParse(ReviewInputSchema, input);
    if (!parsed.success) {
      const flat = v.flatten<typeof ReviewInputSchema>(parsed.issues).nested ?? {};
      setErrors({
        ...(flat.rating?.[0] ? { rating: flat.rating[0] } : {}),
        ...(flat.comment?.[0] ? { comment: flat.comment[0] } : {}),
      });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const session = await api.bookings.reviewSession(meetingId, parsed.output);
      toast.success(MEETINGS_TEXT.reviewSent);
      onReviewed(session);
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      toast.error(message);
      if (isApiError(error) && error.errors) setErrors({ ...error.errors });
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="review-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 className="meeting-card__title" id={`${id}-title`}>
        {MEETINGS_TEXT.reviewTitle}
      </h2>
      <fieldset
        className="review-form__stars"
        aria-describedby={errors.rating ? `${id}-rating-error` : undefined}
        aria-invalid={errors.rating ? true : undefined}
      >
        <legend className="field__label">{MEETINGS_TEXT.rating}</legend>
        <div className="review-form__star-row">
          {RATINGS.map((n) => (
            <label
              key={n}
              className="review-form__star"
              data-on={rating !== null && n <= rating ? '' : undefined}
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="review-form__star-input"
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{MEETINGS_TEXT.ratingOption(n)}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p className="field__error" id={`${id}-rating-error`} role="alert">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <div className="field" data-invalid={errors.comment ? '' : undefined}>
        <label className="field__label" htmlFor={`${id}-comment`}>
          {MEETINGS_TEXT.comment}{' '}
          <span className="field__optional">{MEETINGS_TEXT.commentOptional}</span>
        </label>
        <textarea
          id={`${id}-comment`}
          className="field__input field__input--area"
          value={comment}
          maxLength={2000}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? `${id}-comment-error` : undefined}
          onChange={(event) => setComment(event.target.value)}
        />
        {errors.comment ? (
          <p className="field__error" id={`${id}-comment-error`} role="alert">
            {errors.comment}
          </p>
        ) : null}
      </div>
      <div>
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          aria-busy={pending}
        >
          {MEETINGS_TEXT.submitReview}
        </button>
      </div>
    </form>
  );
}
