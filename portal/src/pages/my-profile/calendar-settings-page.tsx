import { isApiError } from '@fm/sdk';
import { type CalendarSettings, GENERIC_MESSAGES } from '@fm/sdk/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AvailabilityEditor } from '../../features/calendar-settings/availability-editor.tsx';
import { Connections } from '../../features/calendar-settings/calendar-connections.tsx';
import { FeedOnly, FeedSection } from '../../features/calendar-settings/calendar-feed.tsx';
import type { Load } from '../../features/calendar-settings/calendar-load.ts';
import { CALENDAR_TEXT } from '../../features/calendar-settings/calendar-text.ts';
import { api } from '../../shared/api-client.ts';
import { useSession } from '../../shared/session.ts';
import { PageShell } from '../page-shell.tsx';
import { BACK_TO_PROFILE } from './my-profile-sections.ts';

/**
 * `/my-profile/calendar`. A consultant edits their availability (time zone, weekly hours with
 * several ranges a day, meeting lengths, minimum notice, buffer, dates off), connects Google or
 * Office 365, and copies their private iCalendar feed. A franchisor has no availability: they get
 * their private feed of meetings.
 */
export function CalendarSettingsPage() {
  const session = useSession();
  return (
    <PageShell title={CALENDAR_TEXT.pageTitle} backTo={BACK_TO_PROFILE} className="page--calendar">
      {session?.role === 'consultant' ? <ConsultantCalendar /> : null}
      {session?.role === 'franchisor' ? <FeedOnly /> : null}
    </PageShell>
  );
}

function ConsultantCalendar() {
  const [state, setState] = useState<Load<CalendarSettings>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [params, setParams] = useSearchParams();
  const [returnMessage, setReturnMessage] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    api.bookings.getCalendarSettings().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) =>
        current &&
        setState({
          status: 'error',
          message: isApiError(error) ? error.message : GENERIC_MESSAGES.somethingWentWrong,
        }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // Back from the provider: /my-profile/calendar?connected=google or ?error=…&calendar=google.
  useEffect(() => {
    const connected = params.get('connected');
    const failed = params.get('error');
    if (!connected && !failed) return;
    if (connected === 'google' || connected === 'office365') {
      toast.success(CALENDAR_TEXT.connectedToast(CALENDAR_TEXT.providerNames[connected]));
    }
    if (failed) {
      setReturnMessage(CALENDAR_TEXT.connectFailed[failed] ?? CALENDAR_TEXT.connectFailedDefault);
    }
    setParams({}, { replace: true });
  }, [params, setParams]);

  if (state.status === 'loading') {
    return (
      <p className="page__status" role="status">
        {CALENDAR_TEXT.loading}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="meetings__notice" role="alert">
        <p>{state.message}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setAttempt((n) => n + 1)}
        >
          {CALENDAR_TEXT.retry}
        </button>
      </div>
    );
  }
  return (
    <div className="calendar-settings">
      {returnMessage ? (
        <p className="calendar-settings__alert" role="alert">
          {returnMessage}
        </p>
      ) : null}
      <AvailabilityEditor
        settings={state.data}
        onSaved={(data) => setState({ status: 'ready', data })}
      />
      <Connections
        settings={state.data}
        onChanged={(data) => setState({ status: 'ready', data })}
      />
      <FeedSection url={state.data.icalFeedUrl} />
    </div>
  );
}
