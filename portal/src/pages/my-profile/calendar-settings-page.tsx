import type { CalendarSettings } from '@fm/sdk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AvailabilityEditor } from '../../features/calendar-settings/availability-editor.tsx';
import { Connections } from '../../features/calendar-settings/calendar-connections.tsx';
import { FeedOnly, FeedSection } from '../../features/calendar-settings/calendar-feed.tsx';
import { CALENDAR_LOAD_LOOK } from '../../features/calendar-settings/calendar-section.tsx';
import { CALENDAR_TEXT } from '../../features/calendar-settings/calendar-text.ts';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';
import { QueryLoadStatus } from '../../shared/query-load-status.tsx';
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
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.calendar.settings,
    queryFn: () => api.bookings.getCalendarSettings(),
  });
  const setSettings = (data: CalendarSettings) =>
    queryClient.setQueryData(queryKeys.calendar.settings, data);
  const [params, setParams] = useSearchParams();
  const [returnMessage, setReturnMessage] = useState<string | null>(null);

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

  const settings = query.data;
  if (settings === undefined || query.isError) {
    return <QueryLoadStatus query={query} {...CALENDAR_LOAD_LOOK} />;
  }
  return (
    <div className="calendar-settings">
      {returnMessage ? (
        <p className="calendar-settings__alert" role="alert">
          {returnMessage}
        </p>
      ) : null}
      <AvailabilityEditor settings={settings} onSaved={setSettings} />
      <Connections settings={settings} onChanged={setSettings} />
      <FeedSection url={settings.icalFeedUrl} />
    </div>
  );
}
