import { TIME_ZONES, type TimeZone } from '@fm/sdk/contracts';
import {
  browserTimeZone,
  chosenTimeZone,
  setViewerTimeZone,
  TIME_ZONE_TEXT,
  TimeZoneSwitch,
  zoneChoices,
} from '@fm/widgets/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { useOwnProfileQuery } from './own-profile.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.ts';

/**
 * Rule 20, one time zone per person: the signed-in user's zone, the one every page, widget and
 * list of the portal shows times in, and the one their e-mails use. A consultant's is their
 * calendar settings' zone (their weekly hours follow it: one source); a franchisor's is the one
 * on their profile, else the one they booked their meetings in, else the browser's.
 */

export { TIME_ZONE_TEXT };

export interface UserTimeZone {
  /** The IANA zone every time shows in. */
  zone: string;
  /** Saves a new zone on the profile: a consultant's calendar settings, a franchisor's profile. */
  setZone: (zone: string) => Promise<void>;
  /** The zones offered by the switch. */
  choices: readonly string[];
}

/**
 * The zone the signed-in user chose or booked in (rule 20), null when the browser's is theirs (a
 * guest's always is), and whether they are a consultant.
 */
function useChosenTimeZone(): { chosen: string | null; consultant: boolean } {
  const session = useSession();
  const consultant = session?.role === 'consultant';
  const profile = useOwnProfileQuery();
  const settings = useQuery({
    queryKey: queryKeys.calendar.settings,
    queryFn: () => api.bookings.getCalendarSettings(),
    enabled: consultant,
    staleTime: 5 * 60_000,
  });
  // A franchisor's meetings carry the zone they booked them in: their zone until they choose one.
  const booked = useQuery({
    queryKey: queryKeys.meetings.bookedZone,
    queryFn: async () =>
      (await api.bookings.listSessions({ limit: 1 })).sessions[0]?.timeZone ?? null,
    enabled: session?.role === 'franchisor' && profile.isSuccess && !profile.data.timeZone,
    staleTime: 5 * 60_000,
  });
  const chosen = chosenTimeZone({
    profile: consultant
      ? settings.data?.timeZone
      : profile.data?.id === session?.user.id
        ? profile.data?.timeZone
        : null,
    booked: booked.data,
  });
  return { chosen, consultant };
}

/**
 * The signed-in user's zone (rule 20) and how to switch it.
 *
 * @example
 * const { zone } = useUserTimeZone();
 * formatDateTime(meeting.start, zone, { zoneName: true });
 */
export function useUserTimeZone(): UserTimeZone {
  const queryClient = useQueryClient();
  const { chosen, consultant } = useChosenTimeZone();
  const zone = chosen ?? browserTimeZone();
  const setZone = async (next: string) => {
    if (consultant) {
      const saved = await api.bookings.updateCalendarSettings({ timeZone: next as TimeZone });
      queryClient.setQueryData(queryKeys.calendar.settings, saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.ownProfile });
    } else {
      const saved = await api.users.setTimeZone({ timeZone: next as TimeZone });
      queryClient.setQueryData(queryKeys.ownProfile, saved);
    }
  };
  return { zone, setZone, choices: consultant ? TIME_ZONES : zoneChoices(zone) };
}

/**
 * Keeps the formatters of the widgets kit on the user's zone (chats, notifications, every time
 * shown without a zone). Called by the app's frame, before its pages render. Without a chosen
 * zone the kit reads the browser's when it first shows a time: reading it loads the platform's
 * date data, which a guest's public page never needs (rule 22: its hydration stays short).
 */
export function useViewerTimeZone(): void {
  setViewerTimeZone(useChosenTimeZone().chosen);
}

/**
 * "Times in America/New York · change": the zone a page's times are in, and the switch to another
 * (rule 20), saved on the profile, which changes it everywhere.
 *
 * @example
 * <TimeZoneLabel />
 */
export function TimeZoneLabel({ className }: { className?: string }) {
  const { zone, setZone, choices } = useUserTimeZone();
  const session = useSession();
  return (
    <TimeZoneSwitch
      zone={zone}
      choices={choices}
      save={setZone}
      errorText={errorMessage}
      hint={session?.role === 'consultant' ? TIME_ZONE_TEXT.consultantHint : undefined}
      className={className}
    />
  );
}
