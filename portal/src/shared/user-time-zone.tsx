import { TIME_ZONES, type TimeZone, timeZoneLabel } from '@fm/sdk/contracts';
import { setViewerTimeZone } from '@fm/widgets/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { api } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.ts';
import { browserTimeZone, chooseTimeZone, zoneChoices } from './time-zone.ts';

/**
 * Rule 20, one time zone per person: the signed-in user's zone, the one every page, widget and
 * list of the portal shows times in. A consultant's is their profile's (the calendar settings'
 * zone, which their weekly hours follow); a franchisor's profile has no zone of its own, so theirs
 * is the one they chose on this device, else the one they booked their meetings in, else the
 * browser's.
 */

export const TIME_ZONE_TEXT = {
  timesIn: (zone: string) => `Times in ${timeZoneLabel(zone)}`,
  change: 'change',
  choose: 'Time zone',
  consultantHint: 'Your weekly hours follow this zone.',
  saved: (zone: string) => `Times are now shown in ${timeZoneLabel(zone)}.`,
} as const;

const STORAGE_PREFIX = 'fm.time-zone.';
const listeners = new Set<() => void>();

function storedZone(userId: string | null): string | null {
  if (!userId) return null;
  try {
    return localStorage.getItem(STORAGE_PREFIX + userId);
  } catch {
    return null;
  }
}

function subscribeStored(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export interface UserTimeZone {
  /** The IANA zone every time shows in. */
  zone: string;
  /** Switches the zone: a consultant's profile zone, a franchisor's choice on this device. */
  setZone: (zone: string) => Promise<void>;
  /** The zones offered by the switch. */
  choices: readonly string[];
}

/**
 * The signed-in user's zone (rule 20) and how to switch it.
 *
 * @example
 * const { zone } = useUserTimeZone();
 * formatDateTime(meeting.start, zone, { zoneName: true });
 */
export function useUserTimeZone(): UserTimeZone {
  const session = useSession();
  const queryClient = useQueryClient();
  const consultant = session?.role === 'consultant';
  const userId = session?.user.id ?? null;
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
    enabled: session?.role === 'franchisor',
    staleTime: 5 * 60_000,
  });
  const chosen = useSyncExternalStore(subscribeStored, () => storedZone(userId));
  const zone = chooseTimeZone({
    profile: consultant ? settings.data?.timeZone : null,
    chosen,
    booked: booked.data,
    browser: browserTimeZone(),
  });
  const setZone = async (next: string) => {
    if (consultant) {
      const saved = await api.bookings.updateCalendarSettings({ timeZone: next as TimeZone });
      queryClient.setQueryData(queryKeys.calendar.settings, saved);
    } else if (userId) {
      localStorage.setItem(STORAGE_PREFIX + userId, next);
      for (const listener of listeners) listener();
    }
  };
  // A consultant's zone is one of the 13 their hours may be kept in.
  return { zone, setZone, choices: consultant ? TIME_ZONES : zoneChoices(zone) };
}

/**
 * Keeps the formatters of the widgets kit on the user's zone (chats, notifications, every time
 * shown without a zone). Called by the app's frame, before its pages render.
 */
export function useViewerTimeZone(): string {
  const { zone } = useUserTimeZone();
  setViewerTimeZone(zone);
  return zone;
}

/**
 * "Times in America/New York · change": the zone a page's times are in, and the switch to another
 * (rule 20), which changes it everywhere.
 *
 * @example
 * <TimeZoneLabel />
 */
export function TimeZoneLabel({ className }: { className?: string }) {
  const { zone, setZone, choices } = useUserTimeZone();
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const selectId = useId();
  const change = async (next: string) => {
    setSaving(true);
    try {
      await setZone(next);
      setEditing(false);
      toast.success(TIME_ZONE_TEXT.saved(next));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className={`time-zone-label ${className ?? ''}`.trim()} data-testid="time-zone-label">
      {editing ? (
        <>
          <label htmlFor={selectId}>{TIME_ZONE_TEXT.choose}</label>{' '}
          <select
            id={selectId}
            className="time-zone-label__select"
            value={zone}
            disabled={saving}
            onChange={(e) => void change(e.target.value)}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {timeZoneLabel(choice)}
              </option>
            ))}
          </select>
          {session?.role === 'consultant' ? (
            <span className="time-zone-label__hint"> {TIME_ZONE_TEXT.consultantHint}</span>
          ) : null}
        </>
      ) : (
        <>
          <span>{TIME_ZONE_TEXT.timesIn(zone)}</span> ·{' '}
          <button
            type="button"
            className="time-zone-label__change"
            onClick={() => setEditing(true)}
          >
            {TIME_ZONE_TEXT.change}
          </button>
        </>
      )}
    </div>
  );
}
