import type { ConsultantPublicProfile } from '@fm/sdk/contracts';
import { BookingModal } from '@fm/widgets';
import { type MouseEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { PATHS } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { SUBSCRIPTION_PATH, useActivateLink } from '../bookings/subscription-prompt.tsx';

export const BOOK_A_MEETING = 'Book a Meeting';

/**
 * "Book a Meeting" on a consultant's public profile: a signed-in franchisor opens the booking
 * modal (the widget's React component); a guest is sent to sign in; consultants and admins see
 * nothing (they do not book).
 */
export function BookMeeting({ profile }: { profile: ConsultantPublicProfile }) {
  const session = useSession();
  const navigate = useNavigate();
  const activate = useActivateLink();
  const [open, setOpen] = useState(false);

  if (!session) {
    return (
      <Link
        to={PATHS.signIn}
        state={{ from: `/consultants/${profile.id}` }}
        className="button button--primary button--large"
      >
        {BOOK_A_MEETING}
      </Link>
    );
  }
  if (session.role !== 'franchisor') return null;

  const toMeetings = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(false);
    void navigate(PATHS.bookings);
  };

  return (
    <>
      <button
        type="button"
        className="button button--primary button--large"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {BOOK_A_MEETING}
      </button>
      <BookingModal
        consultantId={profile.id}
        open={open}
        onClose={() => setOpen(false)}
        client={api}
        consultant={{ name: `${profile.firstName} ${profile.lastName}`.trim(), rate: profile.rate }}
        signInUrl={PATHS.signIn}
        subscriptionUrl={SUBSCRIPTION_PATH}
        onActivate={(event) => {
          setOpen(false);
          activate(event);
        }}
        meetingsUrl={PATHS.bookings}
        onMeetingsLink={toMeetings}
      />
    </>
  );
}
