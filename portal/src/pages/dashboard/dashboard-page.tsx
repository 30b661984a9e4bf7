import type { Session as Meeting } from '@fm/sdk/contracts';
import { Promotions } from '@fm/widgets';
import { formatDollars, LoadStatus } from '@fm/widgets/kit';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { completenessOf } from '../../features/profile/completeness.ts';
import { CompletenessWidget } from '../../features/profile/completeness-widget.tsx';
import { useMyProfile } from '../../features/profile/my-profile-store.tsx';
import { api } from '../../shared/api-client.ts';
import { failureOf } from '../../shared/error-message.ts';
import { homePathFor, PATHS, publicProfilePath } from '../../shared/paths.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { type Session, useSession } from '../../shared/session.ts';
import { useUnreadCount } from '../../shared/unread-count.ts';
import { TimeZoneLabel, useUserTimeZone } from '../../shared/user-time-zone.tsx';
import { otherParty } from '../bookings/meeting-format.ts';
import { leadWithNow, nowRefetchInterval } from '../bookings/now-meeting.ts';
import { NowMeetingFacts } from '../bookings/now-meeting-facts.tsx';
import { PageShell } from '../page-shell.tsx';
import { formatMeetingTime } from './dashboard-format.ts';

function Card({
  title,
  id,
  link,
  children,
}: {
  title: string;
  id: string;
  /** The page the card summarises, linked from its header. */
  link: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="dashboard-card" aria-labelledby={id} data-testid={id}>
      <header className="dashboard-card__header">
        <h2 className="dashboard-card__title" id={id}>
          {title}
        </h2>
        <Link to={link.to} className="dashboard-card__link">
          {link.label}
        </Link>
      </header>
      {children}
    </section>
  );
}

function CardStatus<T>({
  query,
  loadingText,
  children,
}: {
  query: UseQueryResult<T>;
  loadingText: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined && !query.isError) return <>{children(query.data)}</>;
  return (
    <CardLoadStatus
      pending={query.isPending}
      error={failureOf(query)}
      onRetry={query.refetch}
      loadingText={loadingText}
    />
  );
}

/** The loading line and the failure of a card, in the cards' own look. */
function CardLoadStatus(props: {
  pending: boolean;
  error: string | null;
  onRetry: () => unknown;
  loadingText: string;
}) {
  return (
    <LoadStatus
      {...props}
      loadingClassName="dashboard-card__status"
      errorClassName="dashboard-card__error"
    />
  );
}

/** Meetings the card lists. */
const NEXT_MEETINGS = 3;

/**
 * The "now" meetings (rule 20: every one whose room is open, first) and the next upcoming ones,
 * in one list; refreshed every few seconds while one is "now" (the other side's presence).
 */
async function nextMeetings() {
  const [open, upcoming] = await Promise.all([
    api.bookings.listSessions({ roomOpen: true, limit: NEXT_MEETINGS }),
    api.bookings.listSessions({ status: 'future', limit: NEXT_MEETINGS }),
  ]);
  return { sessions: leadWithNow(open.sessions, upcoming.sessions, NEXT_MEETINGS) };
}

function NextMeetingsCard({ role }: { role: 'franchisor' | 'consultant' }) {
  const query = useQuery({
    queryKey: queryKeys.meetings.upcoming,
    queryFn: nextMeetings,
    refetchInterval: (q) => nowRefetchInterval(q.state.data?.sessions),
  });
  const { zone } = useUserTimeZone();
  return (
    <Card
      title="Next meetings"
      id="dashboard-meetings"
      link={{ to: PATHS.bookings, label: 'My Meetings' }}
    >
      <TimeZoneLabel className="dashboard-card__zone" />
      <CardStatus query={query} loadingText="Loading your meetings…">
        {(list) =>
          list.sessions.length === 0 ? (
            <p className="dashboard-card__empty">
              No upcoming meetings.{' '}
              {role === 'franchisor' ? (
                <Link to={homePathFor(role)}>Find a consultant</Link>
              ) : (
                'Franchisors book you from your public profile.'
              )}
            </p>
          ) : (
            <ul className="dashboard-meetings">
              {list.sessions.map((meeting: Meeting) => (
                <li
                  key={meeting.id}
                  className={`dashboard-meetings__item${meeting.roomOpen ? ' dashboard-meetings__item--now' : ''}`}
                  data-testid="dashboard-meeting"
                >
                  <Link to={`${PATHS.bookings}/${encodeURIComponent(meeting.id)}`}>
                    {otherParty(meeting, role)}
                  </Link>
                  <span className="dashboard-meetings__time">
                    {formatMeetingTime(meeting.start, zone)} · {meeting.duration} min
                  </span>
                  {meeting.roomOpen ? <NowMeetingFacts session={meeting} viewer={role} /> : null}
                </li>
              ))}
            </ul>
          )
        }
      </CardStatus>
    </Card>
  );
}

/** The current calendar month's bucket of the yearly graph: money charged this month. */
async function thisMonth() {
  const [graph, totals] = await Promise.all([
    api.payments.getGraph('year'),
    api.payments.getTotals(),
  ]);
  return { month: graph.points.at(-1)?.amount ?? 0, totals };
}

function MoneyCard({ role }: { role: 'franchisor' | 'consultant' }) {
  const query = useQuery({ queryKey: queryKeys.payments.thisMonth, queryFn: thisMonth });
  const isFranchisor = role === 'franchisor';
  return (
    <Card
      title={isFranchisor ? 'Spend this month' : 'Earnings this month'}
      id="dashboard-money"
      link={{ to: PATHS.payments, label: 'Payments' }}
    >
      <CardStatus query={query} loadingText="Loading your payments…">
        {({ month, totals }) => (
          <>
            <p className="dashboard-card__figure" data-testid="dashboard-month-amount">
              {formatDollars(month)}
            </p>
            <p className="dashboard-card__text">
              {isFranchisor
                ? 'Charged for meetings this month.'
                : 'Your share of meetings charged this month.'}
            </p>
            <dl className="dashboard-card__facts">
              <div>
                <dt>Upcoming</dt>
                <dd>{formatDollars(totals.FUTURE)}</dd>
              </div>
              <div>
                <dt>Awaiting charge</dt>
                <dd>{formatDollars(totals.PENDING)}</dd>
              </div>
            </dl>
          </>
        )}
      </CardStatus>
    </Card>
  );
}

/** The same live count as the header's Messages badge (polled by the layout). */
function UnreadMessagesCard() {
  const unread = useUnreadCount();
  return (
    <Card
      title="Unread messages"
      id="dashboard-messages"
      link={{ to: PATHS.chats, label: 'Messages' }}
    >
      <p className="dashboard-card__figure" data-testid="dashboard-unread-count">
        {unread}
      </p>
      <p className="dashboard-card__text">
        {unread === 0
          ? 'You are all caught up.'
          : unread === 1
            ? 'One message is waiting for your reply.'
            : `${unread} messages are waiting for your reply.`}
      </p>
    </Card>
  );
}

function CompletenessCard({ session }: { session: Session }) {
  const { state, retry } = useMyProfile();
  const preview = publicProfilePath(session.role, session.user.id);
  return (
    <Card
      title="Profile completeness"
      id="dashboard-profile"
      link={{ to: PATHS.myProfile, label: 'Edit Profile' }}
    >
      {state.status !== 'ready' ? (
        <CardLoadStatus
          pending={state.status === 'loading'}
          error={state.status === 'error' ? state.message : null}
          onRetry={retry}
          loadingText="Loading your profile…"
        />
      ) : completenessOf(state.profile.role, state.profile.profileCompleteness).isComplete ? (
        <p className="dashboard-card__text">
          Your profile is complete.{' '}
          {preview ? (
            <a href={preview} target="_blank" rel="noopener noreferrer">
              Preview it
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </p>
      ) : (
        <CompletenessWidget profile={state.profile} showTitle={false} />
      )}
    </Card>
  );
}

/**
 * `/dashboard`: the promotions running for the user (a carousel, absent when there are none), then
 * the signed-in user's next meetings (a meeting whose room is open first, rule 20), spend (franchisor) or earnings (consultant)
 * this month, unread messages and profile completeness at a glance.
 */
export function DashboardPage() {
  const session = useSession();
  if (!session) return null;
  const role = session.role;
  if (role === 'admin') {
    return <PageShell title="Dashboard" lead="The admin dashboard is in the control panel." />;
  }
  return (
    <PageShell title="Dashboard" lead={`Welcome back, ${session.user.firstName}.`}>
      <div className="dashboard-promotions" data-testid="dashboard-promotions">
        <Promotions client={api} headingLevel={2} />
      </div>
      <div className="dashboard">
        <NextMeetingsCard role={role} />
        <MoneyCard role={role} />
        <UnreadMessagesCard />
        <CompletenessCard session={session} />
      </div>
    </PageShell>
  );
}
