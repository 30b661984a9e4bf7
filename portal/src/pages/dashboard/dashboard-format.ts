import { formatDateTime } from '@fm/widgets/kit';

/**
 * A meeting's start as the spec writes dates ("1 Jan, 2025, 3:00 pm", user-area §9), in the
 * user's zone (rule 20, `useUserTimeZone`), followed by the zone's short name.
 *
 * @example
 * ```ts
 * formatMeetingTime('2025-01-01T20:00:00Z', 'America/New_York'); // '1 Jan, 2025, 3:00 pm EST'
 * ```
 */
export function formatMeetingTime(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone, { zoneName: true });
}
