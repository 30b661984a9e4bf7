import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';
import { useSession } from '../../shared/session.ts';
import { TimeZoneLabel } from '../../shared/user-time-zone.tsx';
import { pageParam } from '../bookings/meeting-format.ts';
import { MEETINGS_LOAD_LOOK, MeetingList, MeetingPager } from '../bookings/meeting-list.tsx';
import { MEETINGS_TEXT } from '../bookings/meetings-text.ts';
import { PageShell } from '../page-shell.tsx';

/** Past meetings per page. */
export const SESSIONS_PAGE_SIZE = 10;

/**
 * `/sessions`: the signed-in user's past (completed) meetings with their reviews, newest first,
 * in pages.
 */
export function SessionsPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const query = useQuery({
    queryKey: queryKeys.meetings.sessions(page),
    queryFn: () =>
      api.bookings.listSessions({ status: 'completed', page, limit: SESSIONS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const data = query.isError ? null : (query.data ?? null);

  return (
    <PageShell
      title={MEETINGS_TEXT.sessions}
      lead={MEETINGS_TEXT.sessionsLead}
      className="page--meetings"
    >
      <TimeZoneLabel className="meetings__zone" />
      <div className="meetings-panel" aria-busy={query.isFetching}>
        <QueryLoadStatus query={query} {...MEETINGS_LOAD_LOOK} />
        {data && data.sessions.length === 0 && !query.isFetching ? (
          <p className="meetings__notice">{MEETINGS_TEXT.emptySessions}</p>
        ) : null}
        {data && data.sessions.length > 0 ? (
          <>
            <MeetingList
              sessions={data.sessions}
              viewer={session?.role ?? 'franchisor'}
              withReviews
            />
            <MeetingPager
              page={data.page}
              total={data.total}
              limit={data.limit}
              onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            />
          </>
        ) : null}
      </div>
    </PageShell>
  );
}
