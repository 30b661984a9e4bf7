import type { Role, Session } from '@fm/sdk/contracts';
import { formatDollars } from '@fm/widgets/kit';
import { Link } from 'react-router';
import { JoinMeetingLink, roomOpenNow } from './meeting-attendance.tsx';
import {
  formatDuration,
  formatMeetingDateTime,
  otherParty,
  STATUS_LABELS,
  stars,
} from './meeting-format.ts';
import { MEETINGS_TEXT } from './meetings-text.ts';
import { NowMeetingFacts } from './now-meeting-facts.tsx';

/** How a list of meetings looks while it loads or after it failed (My Meetings, Sessions). */
export const MEETINGS_LOAD_LOOK = {
  loadingText: MEETINGS_TEXT.loading,
  retryText: MEETINGS_TEXT.retry,
  loadingClassName: 'meetings__notice',
  errorClassName: 'meetings__notice',
};

/** A meeting's status as a badge. */
export function MeetingStatusBadge({ status }: { status: Session['status'] }) {
  return (
    <span className={`meeting-status meeting-status--${status}`}>{STATUS_LABELS[status]}</span>
  );
}

/** A meeting's review: stars (read out as "4 of 5 stars") and the comment. */
export function ReviewView({ review }: { review: Session['review'][number] }) {
  return (
    <figure className="meeting-review">
      <p className="meeting-review__stars">
        <span aria-hidden="true">{stars(review.rating)}</span>
        <span className="visually-hidden">{`${review.rating} of 5 stars`}</span>
      </p>
      {review.comment ? (
        <blockquote className="meeting-review__comment">{review.comment}</blockquote>
      ) : null}
    </figure>
  );
}

/**
 * Meetings as rows: the other party, the time in the viewer's zone ('1 Jan, 2025, 3:00 pm'),
 * duration, amount and status; each row links to the meeting.
 */
export function MeetingList({
  sessions,
  viewer,
  zone,
  withReviews = false,
}: {
  sessions: readonly Session[];
  viewer: Role;
  /** The user's zone (rule 20, `useUserTimeZone`); the kit's viewer zone when not given. */
  zone?: string;
  withReviews?: boolean;
}) {
  return (
    <ul className="meeting-list">
      {sessions.map((session) => {
        const name = otherParty(session, viewer);
        const when = formatMeetingDateTime(session.start, zone);
        return (
          <li
            key={session.id}
            className={`meeting-row${session.roomOpen ? ' meeting-row--now' : ''}`}
            data-testid="meeting-row"
          >
            <Link to={`/bookings/${encodeURIComponent(session.id)}`} className="meeting-row__link">
              <span className="meeting-row__main">
                <span className="meeting-row__name">{name}</span>
                <time className="meeting-row__time" dateTime={session.start}>
                  {when}
                </time>
              </span>
              <span className="meeting-row__facts">
                <span>{formatDuration(session.duration)}</span>
                <span>{formatDollars(session.amount)}</span>
                <MeetingStatusBadge status={session.status} />
              </span>
            </Link>
            {session.roomOpen ? (
              <NowMeetingFacts session={session} viewer={viewer} />
            ) : roomOpenNow(session, Date.now()) ? (
              <JoinMeetingLink
                id={session.id}
                className="button button--primary meeting-row__join"
              />
            ) : null}
            {withReviews ? (
              <div className="meeting-row__review">
                {session.review[0] ? (
                  <ReviewView review={session.review[0]} />
                ) : (
                  <p className="meeting-row__no-review">{MEETINGS_TEXT.noReview}</p>
                )}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Previous / Next with "Page x of y". */
export function MeetingPager({
  page,
  total,
  limit,
  onPage,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav className="meeting-pager" aria-label={MEETINGS_TEXT.pagination}>
      <button
        type="button"
        className="button button--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {MEETINGS_TEXT.previous}
      </button>
      <span className="meeting-pager__status" aria-live="polite">
        {MEETINGS_TEXT.pageOf(page, pages)}
      </span>
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {MEETINGS_TEXT.next}
      </button>
    </nav>
  );
}
