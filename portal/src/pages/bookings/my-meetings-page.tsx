import * as Tabs from '@radix-ui/react-tabs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { PATHS } from '../../shared/paths.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';
import { useSession } from '../../shared/session.ts';
import { TimeZoneLabel, useUserTimeZone } from '../../shared/user-time-zone.tsx';
import { PageShell } from '../page-shell.tsx';
import { LateRescheduleOffers } from './late-reschedule-offers.tsx';
import { MEETING_TABS, meetingTab, pageParam } from './meeting-format.ts';
import { MEETINGS_LOAD_LOOK, MeetingList, MeetingPager } from './meeting-list.tsx';
import { MEETINGS_TEXT } from './meetings-text.ts';
import { nowRefetchInterval } from './now-meeting.ts';
import { SubscriptionPrompts } from './subscription-prompt.tsx';

/** Meetings per page of My Meetings. */
export const MEETINGS_PAGE_SIZE = 10;

/**
 * `/bookings`, My Meetings for both roles (user-area §2): tabs by status (All, Upcoming, Pending,
 * Completed, Declined) kept in the address, a page of meetings — a meeting whose room is open first
 * in each tab it belongs to (rule 20, ordered by the API) — with the other party, the time in the
 * user's zone (switchable), duration, amount and status, and paging, kept up to date by the user's
 * realtime room. A franchisor without an active subscription sees the Start Booking Calls banner.
 */
export function MyMeetingsPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab = meetingTab(params.get('status'));
  const page = pageParam(params.get('page'));
  // The other side's bookings, declines and cancellations show without a reload: the realtime
  // feed invalidates `queryKeys.meetings.all` (RealtimeProvider).
  const query = useQuery({
    queryKey: queryKeys.meetings.list(tab.key, page),
    queryFn: () =>
      api.bookings.listSessions({
        ...(tab.status ? { status: tab.status } : {}),
        page,
        limit: MEETINGS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    // Rule 20: while a meeting is "now", the other side's presence and its leaving "now" show.
    refetchInterval: (q) => nowRefetchInterval(q.state.data?.sessions),
  });
  const { zone } = useUserTimeZone();

  const go = (next: { status?: string; page?: number }) => {
    const search = new URLSearchParams();
    const status = next.status ?? tab.key;
    if (status !== 'all') search.set('status', status);
    const target = next.page ?? 1;
    if (target > 1) search.set('page', String(target));
    setParams(search);
  };

  const data = query.isError ? null : (query.data ?? null);
  const loading = query.isFetching;
  const role = session?.role ?? 'franchisor';

  return (
    <PageShell title={MEETINGS_TEXT.myMeetings} className="page--meetings">
      <SubscriptionPrompts />
      <TimeZoneLabel className="meetings__zone" />
      {role === 'franchisor' ? <LateRescheduleOffers zone={zone} /> : null}
      <Tabs.Root value={tab.key} onValueChange={(value) => go({ status: value })}>
        <Tabs.List className="meetings-tabs" aria-label={MEETINGS_TEXT.tabsLabel}>
          {MEETING_TABS.map((item) => (
            <Tabs.Trigger key={item.key} value={item.key} className="meetings-tabs__tab">
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={tab.key} className="meetings-panel" aria-busy={loading}>
          <QueryLoadStatus query={query} {...MEETINGS_LOAD_LOOK} />
          {data && data.sessions.length === 0 && !loading ? (
            <div className="meetings__notice">
              <p>{MEETINGS_TEXT.empty}</p>
              {role === 'franchisor' ? (
                <Link to={PATHS.findConsultants} className="button button--secondary">
                  {MEETINGS_TEXT.findConsultants}
                </Link>
              ) : null}
            </div>
          ) : null}
          {data && data.sessions.length > 0 ? (
            <div data-stale={loading ? '' : undefined}>
              <MeetingList sessions={data.sessions} viewer={role} zone={zone} />
              <MeetingPager
                page={data.page}
                total={data.total}
                limit={data.limit}
                onPage={(next) => go({ page: next })}
              />
            </div>
          ) : null}
        </Tabs.Content>
      </Tabs.Root>
    </PageShell>
  );
}
