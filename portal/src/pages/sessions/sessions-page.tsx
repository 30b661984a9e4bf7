import type { SessionList } from '@fm/sdk/contracts';
import { useSearchParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { useSession } from '../../shared/session.ts';
import { browserTimeZone, pageParam } from '../bookings/meeting-format.ts';
import { MeetingList, MeetingPager } from '../bookings/meeting-list.tsx';
import { MEETINGS_TEXT } from '../bookings/meetings-text.ts';
import { useLoad } from '../bookings/use-load.ts';
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
  const [state, reload] = useLoad<SessionList>(String(page), () =>
    api.bookings.listSessions({ status: 'completed', page, limit: SESSIONS_PAGE_SIZE }),
  );
  const data =
    state.status === 'ready' ? state.data : state.status === 'loading' ? state.previous : null;

  return (
    <PageShell
      title={MEETINGS_TEXT.sessions}
      lead={MEETINGS_TEXT.sessionsLead}
      className="page--meetings"
    >
      <p className="meetings__zone">{MEETINGS_TEXT.timesIn(browserTimeZone())}</p>
      <div className="meetings-panel" aria-busy={state.status === 'loading'}>
        {state.status === 'error' ? (
          <div className="meetings__notice" role="alert">
            <p>{state.message}</p>
            <button type="button" className="button button--ghost" onClick={reload}>
              {MEETINGS_TEXT.retry}
            </button>
          </div>
        ) : null}
        {state.status === 'loading' && !data ? (
          <p className="meetings__notice" role="status">
            {MEETINGS_TEXT.loading}
          </p>
        ) : null}
        {data && data.sessions.length === 0 && state.status !== 'loading' ? (
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
